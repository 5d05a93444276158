--
-- hostile: thousands of generated malformed inputs pushed through every
-- objectid input function.  Each input must either round-trip exactly or
-- fail with the documented SQLSTATE (and message); the backend must never
-- crash.  The output is counts only, from a fixed random seed.
--
-- To add an input function or conversion: one INSERT INTO hostile_case
-- below (and its line in expected/hostile.out).  To add a kind of input:
-- fill hostile_input with a new kind and use it in the case.
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS objectid;
RESET client_min_messages;
SELECT setseed(0.6);

-- the inputs: kind 'text' (t), 'bytea' (b) or 'timestamptz' (ts)
CREATE TABLE hostile_input (
	n		serial,
	kind	text NOT NULL,
	gen		text NOT NULL,
	t		text,
	b		bytea,
	ts		timestamptz
);

-- one random character of the given alphabet
CREATE FUNCTION hostile_pick(alphabet text) RETURNS text
LANGUAGE sql VOLATILE
RETURN substr(alphabet, 1 + floor(random() * length(alphabet))::int, 1);

-- n random characters of the given alphabet
CREATE FUNCTION hostile_string(alphabet text, n int) RETURNS text
LANGUAGE sql VOLATILE
RETURN coalesce((SELECT string_agg(hostile_pick(alphabet), '')
				   FROM generate_series(1, n)), '');

-- any character (codepoint 1 up; outside UTF8 databases, bytes 1-255)
CREATE FUNCTION hostile_chr(cp int) RETURNS text
LANGUAGE sql STABLE
RETURN CASE WHEN current_setting('server_encoding') = 'UTF8'
			THEN chr(CASE WHEN cp BETWEEN 55296 AND 57343 THEN cp - 2048
						  ELSE cp END)
			ELSE chr(1 + cp % 255) END;

-- n random characters, codepoints 1 to maxcp
CREATE FUNCTION hostile_chars(maxcp int, n int) RETURNS text
LANGUAGE sql VOLATILE
RETURN coalesce((SELECT string_agg(hostile_chr(1 + floor(random() * maxcp)::int), '')
				   FROM generate_series(1, n)), '');

-- n random bytes
CREATE FUNCTION hostile_bytes(n int) RETURNS bytea
LANGUAGE sql VOLATILE
RETURN decode(hostile_string('0123456789abcdef', 2 * n), 'hex');

-- text: hex digits of either case, lengths around 24 and anywhere to 40
INSERT INTO hostile_input (kind, gen, t)
SELECT 'text', 'hexish', hostile_string('0123456789abcdefABCDEF', len)
  FROM (SELECT CASE WHEN random() < 0.5 THEN 22 + floor(random() * 5)::int
					ELSE floor(random() * 41)::int END AS len
		  FROM generate_series(1, 2000)) l;

-- text: 24 hex digits of either case (valid)
INSERT INTO hostile_input (kind, gen, t)
SELECT 'text', 'valid', hostile_string('0123456789abcdefABCDEF', 24)
  FROM generate_series(1, 1000);

-- text: near misses, one digit replaced by a look-alike or separator
INSERT INTO hostile_input (kind, gen, t)
SELECT 'text', 'near-miss', overlay(v PLACING c FROM pos FOR 1)
  FROM (SELECT hostile_string('0123456789abcdef', 24) AS v,
			   1 + floor(random() * 24)::int AS pos,
			   (ARRAY[' ', E'\t', E'\n', E'\r', 'g', 'G', 'x', 'X', 'o', 'O',
					  'l', '-', '+', '{', '}', '"', '\', '''', '.', ':',
					  hostile_chr(233), hostile_chr(160), hostile_chr(65296),
					  hostile_chr(65345), hostile_chr(1635), hostile_chr(8203),
					  hostile_chr(8364), hostile_chr(127)])
				   [1 + floor(random() * 28)::int] AS c
		  FROM generate_series(1, 1000)) s;

-- text: valid digits with whitespace, prefixes, wrappers or separators
INSERT INTO hostile_input (kind, gen, t)
SELECT 'text', 'decorated',
	   CASE floor(random() * 4)::int
		   WHEN 0 THEN d || v
		   WHEN 1 THEN v || d
		   WHEN 2 THEN d || v || d
		   ELSE overlay(v PLACING d FROM 1 + floor(random() * 24)::int FOR 0)
	   END
  FROM (SELECT hostile_string('0123456789abcdefABCDEF', 24) AS v,
			   (ARRAY[' ', E'\t', E'\n', E'\r', E'\f', E'\v', '0x', '0X', '{', '}',
					  '-', 'ObjectId("', '")', '"', hostile_chr(160),
					  hostile_chr(65279), hostile_chr(8203)])
				   [1 + floor(random() * 17)::int] AS d
		  FROM generate_series(1, 1000)) s;

-- text: random characters 1-255, and random unicode, random lengths
INSERT INTO hostile_input (kind, gen, t)
SELECT 'text', 'latin1', hostile_chars(255, floor(random() * 41)::int)
  FROM generate_series(1, 500);
INSERT INTO hostile_input (kind, gen, t)
SELECT 'text', 'unicode', hostile_chars(1114111, floor(random() * 31)::int)
  FROM generate_series(1, 500);

-- text: the empty string and very long ones
INSERT INTO hostile_input (kind, gen, t)
VALUES ('text', 'long', ''),
	   ('text', 'long', repeat('0', 23)),
	   ('text', 'long', repeat('0', 25)),
	   ('text', 'long', repeat('a', 48)),
	   ('text', 'long', repeat('F', 1000)),
	   ('text', 'long', repeat('0123456789abcdef', 6250)),
	   ('text', 'long', repeat(' ', 24)),
	   ('text', 'long', repeat(hostile_chr(233), 12));

-- bytea: random bytes, lengths around 12 and anywhere to 30
INSERT INTO hostile_input (kind, gen, b)
SELECT 'bytea', 'random', hostile_bytes(len)
  FROM (SELECT CASE WHEN random() < 0.5 THEN 11 + floor(random() * 3)::int
					ELSE floor(random() * 31)::int END AS len
		  FROM generate_series(1, 2000)) l;

-- bytea: empty and long
INSERT INTO hostile_input (kind, gen, b)
VALUES ('bytea', 'long', ''::bytea),
	   ('bytea', 'long', '\x00'::bytea),
	   ('bytea', 'long', decode(repeat('00', 12), 'hex')),
	   ('bytea', 'long', decode(repeat('ff', 12), 'hex')),
	   ('bytea', 'long', decode(repeat('ab', 1000), 'hex')),
	   ('bytea', 'long', decode(repeat('5a', 100000), 'hex'));

-- timestamptz: anywhere from 1653 to 2286, the edges, and the infinities
INSERT INTO hostile_input (kind, gen, ts)
SELECT 'timestamptz', 'random',
	   to_timestamp(floor((random() - 0.5) * 20000000000) + random())
  FROM generate_series(1, 1000);
INSERT INTO hostile_input (kind, gen, ts)
VALUES ('timestamptz', 'edge', '1970-01-01 00:00:00+00'),
	   ('timestamptz', 'edge', '1969-12-31 23:59:59.999999+00'),
	   ('timestamptz', 'edge', '2106-02-07 06:28:15.999999+00'),
	   ('timestamptz', 'edge', '2106-02-07 06:28:16+00'),
	   ('timestamptz', 'edge', '4713-01-01 00:00:00+00 BC'),
	   ('timestamptz', 'edge', '294276-12-31 23:59:59.999999+00'),
	   ('timestamptz', 'edge', 'infinity'),
	   ('timestamptz', 'edge', '-infinity');

SELECT kind, count(*) AS inputs
  FROM hostile_input GROUP BY kind ORDER BY kind;

-- binary receive: a one-column binary COPY file holding the bytes, read
-- into an objectid column, so objectid_recv sees exactly those bytes
CREATE TABLE hostile_recv_in (b bytea);
CREATE TABLE hostile_recv_out (id objectid);
CREATE FUNCTION hostile_recv(b bytea) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
	f		text := current_setting('data_directory') || '/hostile_recv.bin';
	r		text;
BEGIN
	DELETE FROM hostile_recv_in;
	DELETE FROM hostile_recv_out;
	INSERT INTO hostile_recv_in VALUES (b);
	EXECUTE format('COPY hostile_recv_in TO %L (FORMAT binary)', f);
	EXECUTE format('COPY hostile_recv_out FROM %L (FORMAT binary)', f);
	SELECT id::text INTO STRICT r FROM hostile_recv_out;
	RETURN r;
END
$$;

-- The cases.  In expr, reference and valid, $1 is the text input, $2 the
-- bytea, $3 the timestamptz.  expr is the call under test, as text; valid
-- is a reference oracle: true when the input must be accepted, and then
-- expr must equal reference.  Otherwise the call must fail with errcode
-- and a message LIKE errmsg.  soft_type: on 16+, pg_input_is_valid($1,
-- soft_type) must agree with valid.
CREATE TABLE hostile_case (
	label		text PRIMARY KEY,
	kind		text NOT NULL,
	expr		text NOT NULL,
	reference	text NOT NULL,
	valid		text NOT NULL,
	errcode		text NOT NULL,
	errmsg		text NOT NULL,
	max_inputs	int,
	soft_type	text
);

INSERT INTO hostile_case VALUES
('text::objectid', 'text', '$1::objectid::text', 'lower($1)',
 '$1 ~ ''^[0-9A-Fa-f]{24}$''', '22P02',
 'invalid input syntax for type objectid: "%"', NULL, 'objectid'),
('objectid_in(cstring)', 'text', 'objectid_in($1::cstring)::text', 'lower($1)',
 '$1 ~ ''^[0-9A-Fa-f]{24}$''', '22P02',
 'invalid input syntax for type objectid: "%"', NULL, NULL),
('bytea::objectid', 'bytea', 'encode($2::objectid::bytea, ''hex'')',
 'encode($2, ''hex'')', 'length($2) = 12', '22P03',
 'invalid input length for type objectid', NULL, NULL),
('objectid(bytea) to text', 'bytea', 'objectid($2)::text',
 'encode($2, ''hex'')', 'length($2) = 12', '22P03',
 'invalid input length for type objectid', NULL, NULL),
('objectid_recv (binary COPY)', 'bytea', 'hostile_recv($2)',
 'encode($2, ''hex'')', 'length($2) = 12', '22P03',
 'invalid input length for type objectid', 300, NULL),
('objectid_from_timestamp', 'timestamptz',
 'objectid_timestamp(objectid_from_timestamp($3))::text || '' '' || encode(substr(bytea(objectid_from_timestamp($3)), 5), ''hex'')',
 'date_trunc(''second'', $3)::text || '' 0000000000000000''',
 '$3 >= ''1970-01-01 00:00:00+00'' AND $3 < ''2106-02-07 06:28:16+00''',
 '22008', 'timestamp out of range for type objectid', NULL, NULL),
('objectid(timestamptz)', 'timestamptz',
 'objectid_timestamp(objectid($3))::text',
 'date_trunc(''second'', $3)::text',
 '$3 >= ''1970-01-01 00:00:00+00'' AND $3 < ''2106-02-07 06:28:16+00''',
 '22008', 'timestamp out of range for type objectid', NULL, NULL);

-- Run one case over its inputs.  A wrong answer is counted and shown as a
-- NOTICE (the first three per case), so it shows in the diff.
CREATE FUNCTION hostile_run(c hostile_case,
							OUT tried int, OUT accepted int, OUT rejected int,
							OUT wrong int)
LANGUAGE plpgsql AS $$
DECLARE
	r			hostile_input;
	ok			bool;
	soft		bool;
	want		text;
	got			text;
	st			text;
	msg			text;
	problem		text;
	has_soft	bool := current_setting('server_version_num')::int >= 160000
		AND c.soft_type IS NOT NULL;
BEGIN
	tried := 0;
	accepted := 0;
	rejected := 0;
	wrong := 0;
	FOR r IN SELECT * FROM hostile_input WHERE kind = c.kind
			  ORDER BY n LIMIT c.max_inputs
	LOOP
		tried := tried + 1;
		problem := NULL;
		EXECUTE format('SELECT (%s), (%s)::text', c.valid, c.reference)
			INTO ok, want USING r.t, r.b, r.ts;
		IF has_soft THEN
			EXECUTE 'SELECT pg_input_is_valid($1, $2)' INTO soft
				USING r.t, c.soft_type;
			IF soft IS DISTINCT FROM ok THEN
				problem := format('pg_input_is_valid says %s', soft);
			END IF;
		END IF;
		BEGIN
			EXECUTE format('SELECT (%s)::text', c.expr) INTO got
				USING r.t, r.b, r.ts;
			accepted := accepted + 1;
			IF NOT ok THEN
				problem := format('accepted as %s', got);
			ELSIF got IS DISTINCT FROM want THEN
				problem := format('gave %s, not %s', got, want);
			END IF;
		EXCEPTION WHEN OTHERS THEN
			GET STACKED DIAGNOSTICS st = RETURNED_SQLSTATE, msg = MESSAGE_TEXT;
			rejected := rejected + 1;
			IF ok THEN
				problem := format('rejected: %s %s', st, msg);
			ELSIF st <> c.errcode OR msg NOT LIKE c.errmsg THEN
				problem := format('wrong error: %s %s', st, msg);
			END IF;
		END;
		IF problem IS NOT NULL THEN
			wrong := wrong + 1;
			IF wrong <= 3 THEN
				RAISE NOTICE '%: input % (% #%): %', c.label,
					left(coalesce(quote_literal(r.t), quote_literal(r.b),
								  quote_literal(r.ts)), 80),
					r.gen, r.n, left(problem, 200);
			END IF;
		END IF;
	END LOOP;
END
$$;

-- every case: accepted + rejected = tried, wrong = 0
SELECT c.label, r.tried, r.accepted, r.rejected, r.wrong
  FROM hostile_case c, LATERAL hostile_run(c) r
 ORDER BY c.label;

-- the backend is still here, and still answers
SELECT '507F1F77bcf86cd799439011'::objectid;

DROP FUNCTION hostile_run(hostile_case);
DROP FUNCTION hostile_recv(bytea);
DROP FUNCTION hostile_bytes(int);
DROP FUNCTION hostile_chars(int, int);
DROP FUNCTION hostile_chr(int);
DROP FUNCTION hostile_string(text, int);
DROP FUNCTION hostile_pick(text);
DROP TABLE hostile_case, hostile_input, hostile_recv_in, hostile_recv_out;
