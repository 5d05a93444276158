--
-- hostile_diff: thousands of generated malformed inputs (strings, byte
-- strings, timestamps, UUIDs, representation names, Extended JSON
-- documents; a fixed seed) pushed through every input function and
-- conversion of both editions in one database, the C extension (schema c)
-- and the portable edition (schema p), and their answers compared: the same
-- result text, or the same error (SQLSTATE, message, detail and hint).  The
-- rules are written twice, in C (src/pure/) and in PL/pgSQL
-- (portable/objectid.sql), and here each checks the other.  A misreading
-- of a spec that both share passes here: the spec vectors, sql/vectors.sql,
-- which both editions run against expected/vectors.out, catch that.  The C
-- functions receive every input (objectid_recv the first 300 byte strings):
-- the backend must never crash.
--
-- Where the editions are documented to differ (portable/README.md,
-- "Differences from the C extension", cited below by the item's title), a
-- case calls the functions that do not differ (the C cast against the
-- portable edition's function), or a rule names the difference: a
-- condition on the input and on both answers under which they may differ,
-- never a whole class of answers.  The portable edition runs first, before
-- anything loads the C extension's library, so that
-- objectid.uuid_representation is its plain setting ("a plain custom
-- setting"), not the C extension's.
--
-- t/009_portable.pl runs it in the database where both are installed, as a
-- superuser: objectid_recv is reached through a binary COPY file on the
-- server.  The output is counts only.
--
-- To add a function: one row of hostile_case (and its line in
-- expected/hostile_diff.out).  To add a kind of input: fill hostile_input
-- with a new kind and use it in a case.
--
CREATE SCHEMA hostile;
SET search_path = hostile, pg_catalog;

-- the C extension's library is not loaded in this session: its settings
-- are not there yet
SELECT count(*) AS c_settings FROM pg_settings WHERE name LIKE 'objectid.%';

SELECT setseed(0.6);

-- the inputs: kind 'text' (t), 'bytea' (b), 'timestamptz' (ts), 'uuid'
-- (u), 'repname' (t: representation names) or 'json' (j)
CREATE TABLE hostile_input (
	n		serial,
	kind	text NOT NULL,
	gen		text NOT NULL,
	t		text,
	b		bytea,
	ts		timestamptz,
	u		uuid,
	j		jsonb
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

-- text: instants as a user writes them in objectid('...'), which is the
-- text's cast: refused by both editions with the same hint (year-month-day
-- first), or by the portable one with its own (casts are functions)
INSERT INTO hostile_input (kind, gen, t)
SELECT 'text', 'instant',
	   to_char(ts AT TIME ZONE 'UTC',
			   (ARRAY['YYYY-MM-DD HH24:MI:SS"+00"', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"',
					  'YYYY-MM-DD', 'YYYY-FMMM-FMDD', 'Dy Mon DD HH24:MI:SS YYYY'])
				   [1 + (n / 5) % 5])
  FROM hostile_input
 WHERE kind = 'timestamptz' AND gen = 'random' AND n % 5 = 0;

-- bytea: lengths around 16 (UUIDs), mostly exactly 16
INSERT INTO hostile_input (kind, gen, b)
SELECT 'bytea', 'uuid-ish', hostile_bytes(len)
  FROM (SELECT CASE WHEN random() < 0.6 THEN 16
					ELSE 14 + floor(random() * 5)::int END AS len
		  FROM generate_series(1, 1500)) l;

-- uuid: 16 random bytes; with version (and the RFC 9562 variant) set when
-- version is given; with the last 26 bits cleared when zero26 (the form of
-- objectid_to_uuid's results); then flips random bits flipped, each one
-- half the time a version, variant or trailing bit
CREATE FUNCTION hostile_uuid(version int, zero26 bool, flips int)
RETURNS uuid
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
	b		bytea := hostile_bytes(16);
	p		int;
BEGIN
	IF version IS NOT NULL THEN
		b := set_byte(b, 6, (get_byte(b, 6) & 15) | (version << 4));
		b := set_byte(b, 8, (get_byte(b, 8) & 63) | 128);
	END IF;
	IF zero26 THEN
		b := set_byte(b, 12, get_byte(b, 12) & 252);
		b := set_byte(set_byte(set_byte(b, 13, 0), 14, 0), 15, 0);
	END IF;
	FOR i IN 1 .. flips LOOP
		-- p: bit position counted from the most significant bit
		p := CASE WHEN random() < 0.5 THEN floor(random() * 128)::int
				  ELSE (ARRAY[48, 49, 50, 51, 64, 65, 102 + floor(random() * 26)::int])
					   [1 + floor(random() * 7)::int] END;
		-- set_bit counts from the least significant bit of each byte
		b := set_bit(b, p / 8 * 8 + 7 - p % 8, 1 - get_bit(b, p / 8 * 8 + 7 - p % 8));
	END LOOP;
	RETURN encode(b, 'hex')::uuid;
END
$$;

INSERT INTO hostile_input (kind, gen, u)
SELECT 'uuid', 'random', hostile_uuid(NULL, false, 0)
  FROM generate_series(1, 800);
INSERT INTO hostile_input (kind, gen, u)
SELECT 'uuid', 'objectid-form',
	   hostile_uuid(8, true, CASE WHEN random() < 0.4 THEN 0
								  ELSE 1 + floor(random() * 2)::int END)
  FROM generate_series(1, 1000);
INSERT INTO hostile_input (kind, gen, u)
SELECT 'uuid', 'v' || v, hostile_uuid(v, false, CASE WHEN random() < 0.6 THEN 0 ELSE 1 END)
  FROM generate_series(1, 600), unnest(ARRAY[1, 6]) v;
INSERT INTO hostile_input (kind, gen, u)
SELECT 'uuid', 'v' || v, hostile_uuid(v, false, 0)
  FROM generate_series(1, 200), unnest(ARRAY[7, 8]) v;
INSERT INTO hostile_input (kind, gen, u)
SELECT 'uuid', 'edge', u::uuid
  FROM unnest(ARRAY['00000000-0000-0000-0000-000000000000',
					'ffffffff-ffff-ffff-ffff-ffffffffffff',
					'00000000-0000-1000-8000-000000000000',
					'ffffffff-ffff-1fff-bfff-ffffffffffff',
					'00000000-0000-6000-8000-000000000000',
					'ffffffff-ffff-6fff-bfff-ffffffffffff',
					'00000000-0000-7000-8000-000000000000',
					'ffffffff-ffff-7fff-bfff-ffffffffffff',
					'00000000-0000-8000-8000-000000000000',
					'ffffffff-ffff-8fff-bfff-fc0000000000',
					'ffffffff-ffff-8fff-bfff-ffffffffffff',
					'ffffffff-ffff-8fff-ffff-fc0000000000',
					'c232ab00-9414-11ec-b3c8-9f6bdeced846',
					'1ec9414c-232a-6b00-b3c8-9f6bdeced846',
					'017f22e2-79b0-7cc3-98c4-dc0c0c07398f',
					'2489e9ad-2ee2-8e00-8ec9-32d5f69181c0',
					'507f1f77-bcf8-86cd-9e65-0e4044000000',
					'507f1f77-bcf8-86cd-9e65-0e4044000001']) u;

-- repname: the accepted spellings (README.md, "UUID representations"), in
-- random ASCII case, near misses of them, and random strings
CREATE FUNCTION hostile_randcase(s text) RETURNS text
LANGUAGE sql VOLATILE
RETURN (SELECT string_agg(CASE WHEN random() < 0.5
							   THEN translate(c, 'abcdefghijklmnopqrstuvwxyz',
											  'ABCDEFGHIJKLMNOPQRSTUVWXYZ')
							   ELSE translate(c, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
											  'abcdefghijklmnopqrstuvwxyz')
						  END, '' ORDER BY i)
		  FROM regexp_split_to_table(s, '') WITH ORDINALITY x(c, i));

CREATE FUNCTION hostile_spelling() RETURNS text
LANGUAGE sql VOLATILE
RETURN (ARRAY['standard', 'javaLegacy', 'csharpLegacy', 'pythonLegacy',
			  'unspecified', 'JAVA_LEGACY', 'C_SHARP_LEGACY', 'CSHARP_LEGACY',
			  'PYTHON_LEGACY'])[1 + floor(random() * 9)::int];

INSERT INTO hostile_input (kind, gen, t)
SELECT 'repname', 'spelling', hostile_randcase(hostile_spelling())
  FROM generate_series(1, 400);

-- one character replaced, inserted or deleted, or the name decorated
INSERT INTO hostile_input (kind, gen, t)
SELECT 'repname', 'near-miss',
	   CASE floor(random() * 4)::int
		   WHEN 0 THEN overlay(s PLACING c FROM pos FOR 1)
		   WHEN 1 THEN overlay(s PLACING c FROM pos FOR 0)
		   WHEN 2 THEN overlay(s PLACING '' FROM pos FOR 1)
		   ELSE CASE WHEN random() < 0.5 THEN c || s ELSE s || c END
	   END
  FROM (SELECT s, 1 + floor(random() * length(s))::int AS pos,
			   (ARRAY[' ', E'\t', E'\n', '_', '-', '.', '"', '''', '%', '\',
					  'a', 'Z', '0', '1', '#',
					  hostile_chr(305),		-- dotless i
					  hostile_chr(304),		-- capital I with dot
					  hostile_chr(383),		-- long s
					  hostile_chr(8490),	-- Kelvin sign
					  hostile_chr(65363),	-- fullwidth s
					  hostile_chr(160), hostile_chr(8203), hostile_chr(65279),
					  hostile_chr(233)])
				   [1 + floor(random() * 24)::int] AS c
		  FROM (SELECT hostile_randcase(hostile_spelling()) AS s
				  FROM generate_series(1, 800)) s0) s1;

INSERT INTO hostile_input (kind, gen, t)
SELECT 'repname', 'latin1', hostile_chars(255, floor(random() * 16)::int)
  FROM generate_series(1, 150);
INSERT INTO hostile_input (kind, gen, t)
SELECT 'repname', 'unicode', hostile_chars(1114111, floor(random() * 16)::int)
  FROM generate_series(1, 150);
INSERT INTO hostile_input (kind, gen, t)
SELECT 'repname', 'fixed', t
  FROM unnest(ARRAY['', 'charpLegacy', 'C#Legacy', 'java legacy', 'legacy',
					'uuid', 'STANDARD', 'Standard', 'standard ', ' standard',
					'standard' || chr(10), 'java', 'Java_Legacy', 'javalegacy',
					'CSHARPLEGACY', 'c_sharp_legacy', 'CSharp_Legacy',
					'python', 'PYTHON-LEGACY', 'UNSPECIFIED', 'default', 'null',
					'0', '1', '4', '3', '%', '_', 'standard%', 'java_legac_',
					repeat('standard', 1000)]) t;

-- json: Extended JSON documents of every form a UUID or an ObjectId comes
-- in, built from hostile pieces, many of them then mutated, and junk

-- canonical base64 of bytes (encode() breaks lines after 76 characters)
CREATE FUNCTION hostile_b64_of(b bytea) RETURNS text
LANGUAGE sql IMMUTABLE
RETURN translate(encode(b, 'base64'), E'\n', '');

-- base64: mostly canonical, of 16 bytes or 0-24; else padding missing or
-- extra, a foreign character, the unused bits of the last character
-- changed, a random string, whitespace, or the URL-safe alphabet
CREATE FUNCTION hostile_b64() RETURNS text
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
	alphabet	text := 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
	s			text := hostile_b64_of(hostile_bytes(
		CASE WHEN random() < 0.7 THEN 16 ELSE floor(random() * 25)::int END));
	pos			int := 1 + floor(random() * greatest(length(s), 1))::int;
BEGIN
	CASE floor(random() * 12)::int
		WHEN 6 THEN
			RETURN CASE WHEN s LIKE '%=' THEN rtrim(s, '=') ELSE left(s, -1) END;
		WHEN 7 THEN
			RETURN s || (ARRAY['=', '==', 'A', 'AA=='])[1 + floor(random() * 4)::int];
		WHEN 8 THEN
			RETURN overlay(s PLACING
				(ARRAY['-', '_', ' ', E'\n', E'\r', '=', '.', '*', '"', '\',
					   hostile_chr(233), hostile_chr(65313), hostile_chr(8203)])
				[1 + floor(random() * 13)::int] FROM pos FOR 1);
		WHEN 9 THEN
			-- the last data character: its unused bits are random now
			pos := length(rtrim(s, '='));
			IF pos = 0 THEN
				RETURN 'A===';
			END IF;
			RETURN overlay(s PLACING hostile_pick(alphabet) FROM pos FOR 1);
		WHEN 10 THEN
			RETURN hostile_string(alphabet || '==',
				CASE WHEN random() < 0.5 THEN 4 * floor(random() * 8)::int
					 ELSE floor(random() * 33)::int END);
		WHEN 11 THEN
			RETURN CASE WHEN random() < 0.5
						THEN overlay(s PLACING hostile_pick(E' \n\t\r') FROM pos FOR 0)
						ELSE translate(s, '+/', '-_') END;
		ELSE
			RETURN s;
	END CASE;
END
$$;

-- a subtype value: mostly "04" or "03", else other spellings, other
-- subtypes, malformed strings and other JSON types
CREATE FUNCTION hostile_subtype() RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
	r		int := floor(random() * 20)::int;
BEGIN
	RETURN CASE
		WHEN r < 5 THEN '"04"'
		WHEN r < 9 THEN '"03"'
		WHEN r = 9 THEN '"4"'
		WHEN r = 10 THEN '"3"'
		WHEN r = 11 THEN to_jsonb(hostile_string('0123456789abcdefABCDEF', 2))
		WHEN r = 12 THEN to_jsonb(hostile_string('0123456789abcdefABCDEF', 1))
		WHEN r = 13 THEN to_jsonb((ARRAY['004', '', ' 4', '04 ', '0x4', '+4',
										 '-4', '0' || hostile_chr(65300),
										 hostile_chr(1636), E'4\n', '00',
										 '4.0'])[1 + floor(random() * 12)::int])
		WHEN r = 14 THEN to_jsonb(to_hex(128 + floor(random() * 128)::int))
		WHEN r = 15 THEN to_jsonb(3 + floor(random() * 2)::int)
		WHEN r = 16 THEN 'null'
		WHEN r = 17 THEN 'true'
		WHEN r = 18 THEN '["04"]'
		ELSE '{"$numberInt": "4"}' END;
END
$$;

-- the string of a {"$uuid": ...}: mostly 8-4-4-4-12 hex digits of either
-- case, else without dashes, wrapped, one character replaced, cut or
-- extended, or random characters
CREATE FUNCTION hostile_uuid_text() RETURNS text
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
	v		text := hostile_string('0123456789abcdefABCDEF', 32);
	s		text := substr(v, 1, 8) || '-' || substr(v, 9, 4) || '-' ||
		substr(v, 13, 4) || '-' || substr(v, 17, 4) || '-' || substr(v, 21);
BEGIN
	CASE floor(random() * 12)::int
		WHEN 6 THEN
			RETURN v;
		WHEN 7 THEN
			RETURN '{' || s || '}';
		WHEN 8 THEN
			RETURN 'urn:uuid:' || s;
		WHEN 9 THEN
			RETURN overlay(s PLACING
				(ARRAY[' ', '-', 'g', 'G', 'x', '{', '"', '\', hostile_chr(65296),
					   hostile_chr(1635), hostile_chr(8203), '0'])
				[1 + floor(random() * 12)::int]
				FROM 1 + floor(random() * 36)::int FOR 1);
		WHEN 10 THEN
			RETURN CASE floor(random() * 4)::int
				WHEN 0 THEN left(s, 35)
				WHEN 1 THEN s || hostile_pick('0a-')
				WHEN 2 THEN ' ' || s
				ELSE substr(v, 1, 8) || '-' || substr(v, 9, 4) || substr(v, 13, 4)
					 || '-' || substr(v, 17, 4) || '-' || '-' || substr(v, 21) END;
		WHEN 11 THEN
			RETURN hostile_chars(255, 36);
		ELSE
			RETURN s;
	END CASE;
END
$$;

-- the string of a {"$oid": ...}: mostly 24 hex digits of either case
CREATE FUNCTION hostile_hex24() RETURNS text
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
	v		text := hostile_string('0123456789abcdefABCDEF', 24);
BEGIN
	CASE floor(random() * 10)::int
		WHEN 5 THEN
			RETURN hostile_string('0123456789abcdefABCDEF', floor(random() * 31)::int);
		WHEN 6 THEN
			RETURN overlay(v PLACING
				(ARRAY[' ', 'g', 'x', '-', '"', hostile_chr(65296), hostile_chr(233)])
				[1 + floor(random() * 7)::int]
				FROM 1 + floor(random() * 24)::int FOR 1);
		WHEN 7 THEN
			RETURN (ARRAY['0x' || v, 'ObjectId("' || v || '")', ' ' || v,
						  v || ' '])[1 + floor(random() * 4)::int];
		WHEN 8 THEN
			RETURN hostile_b64();
		ELSE
			RETURN v;
	END CASE;
END
$$;

-- a key: the ones Extended JSON uses, misspellings of them, and others
CREATE FUNCTION hostile_key() RETURNS text
LANGUAGE sql VOLATILE
RETURN (ARRAY['$binary', '$type', '$uuid', '$oid', 'base64', 'subType',
			  '$Binary', '$BINARY', 'binary', '$binary ', ' $binary', '$type ',
			  '$Type', 'type', 'subtype', 'SubType', 'sub_type', '$subType',
			  'base_64', 'Base64', '$base64', '$UUID', 'uuid', '$oid ', '$OID',
			  'oid', '$date', '$numberLong', '', 'x',
			  hostile_chars(1114111, 1 + floor(random() * 5)::int)])
	   [1 + floor(random() * 31)::int];

-- a key misspelled (it may come out unchanged)
CREATE FUNCTION hostile_misspell(k text) RETURNS text
LANGUAGE sql VOLATILE
RETURN CASE floor(random() * 6)::int
		   WHEN 0 THEN hostile_randcase(k)
		   WHEN 1 THEN ltrim(k, '$')
		   WHEN 2 THEN k || ' '
		   WHEN 3 THEN '$' || k
		   WHEN 4 THEN overlay(k PLACING hostile_pick('abcdetyABT_$')
							   FROM 1 + floor(random() * greatest(length(k), 1))::int FOR 1)
		   ELSE left(k, -1) END;

-- any JSON value; depth bounds the nesting
CREATE FUNCTION hostile_junk(depth int) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
	r		int := floor(random() * CASE WHEN depth >= 2 THEN 6 ELSE 9 END)::int;
	a		jsonb;
BEGIN
	CASE r
		WHEN 0 THEN
			RETURN to_jsonb(floor(random() * 2000)::int - 1000);
		WHEN 1 THEN
			RETURN 'null';
		WHEN 2 THEN
			RETURN to_jsonb(random() < 0.5);
		WHEN 3 THEN
			RETURN to_jsonb(hostile_chars(1114111, floor(random() * 12)::int));
		WHEN 4 THEN
			RETURN to_jsonb(hostile_b64());
		WHEN 5 THEN
			RETURN to_jsonb(random() * 1e6);
		WHEN 6 THEN
			a := '[]';
			FOR i IN 1 .. floor(random() * 4)::int LOOP
				a := a || jsonb_build_array(hostile_junk(depth + 1));
			END LOOP;
			RETURN a;
		WHEN 7 THEN
			a := '{}';
			FOR i IN 1 .. floor(random() * 4)::int LOOP
				a := a || jsonb_build_object(hostile_key(), hostile_junk(depth + 1));
			END LOOP;
			RETURN a;
		ELSE
			RETURN hostile_doc(depth + 1);
	END CASE;
END
$$;

-- a document changed once: a key added, dropped, misspelled, its value
-- replaced by junk, the whole wrapped, or another form's key added
CREATE FUNCTION hostile_mutate(d jsonb) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
	r		int := floor(random() * 7)::int;
	path	text[] := '{}';
	obj		jsonb := d;
	keys	text[];
	k		text;
BEGIN
	IF jsonb_typeof(d) <> 'object' THEN
		RETURN jsonb_build_object(hostile_key(), d);
	END IF;
	-- work on the inner {"base64": ..., "subType": ...} half of the time
	IF jsonb_typeof(d -> '$binary') = 'object' AND random() < 0.5 THEN
		path := '{$binary}';
		obj := d -> '$binary';
	END IF;
	keys := ARRAY(SELECT jk FROM jsonb_object_keys(obj) jk ORDER BY jk COLLATE "C");
	k := keys[1 + floor(random() * cardinality(keys))::int];
	IF k IS NULL THEN
		r := 0;
	END IF;
	CASE r
		WHEN 0 THEN
			obj := obj || jsonb_build_object(hostile_key(), hostile_junk(1));
		WHEN 1 THEN
			obj := obj - k;
		WHEN 2 THEN
			obj := (obj - k) || jsonb_build_object(hostile_misspell(k), obj -> k);
		WHEN 3 THEN
			obj := jsonb_set(obj, ARRAY[k], hostile_junk(1));
		WHEN 4 THEN
			RETURN CASE WHEN random() < 0.5 THEN jsonb_build_array(d)
						ELSE jsonb_build_object(hostile_key(), d) END;
		WHEN 5 THEN
			obj := obj || (ARRAY[jsonb_build_object('$uuid', hostile_uuid_text()),
								 jsonb_build_object('$type', hostile_subtype()),
								 jsonb_build_object('$binary', hostile_b64()),
								 jsonb_build_object('$oid', hostile_hex24()),
								 jsonb_build_object('base64', hostile_b64()),
								 jsonb_build_object('subType', hostile_subtype())])
						   [1 + floor(random() * 6)::int];
		ELSE
			obj := '{}';
	END CASE;
	IF path = '{}' THEN
		RETURN obj;
	END IF;
	RETURN jsonb_set(d, path, obj);
END
$$;

-- a document: canonical $binary, legacy $binary/$type, $uuid, $oid, or
-- junk; at the top level, mutated 40% of the time
CREATE FUNCTION hostile_doc(depth int) RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
	f		int := floor(random() * 20)::int;
	d		jsonb;
BEGIN
	d := CASE
		WHEN f < 7 THEN jsonb_build_object('$binary',
			jsonb_build_object('base64', hostile_b64(), 'subType', hostile_subtype()))
		WHEN f < 11 THEN jsonb_build_object('$binary', hostile_b64(),
											'$type', hostile_subtype())
		WHEN f < 15 THEN jsonb_build_object('$uuid', hostile_uuid_text())
		WHEN f < 18 THEN jsonb_build_object('$oid', hostile_hex24())
		ELSE hostile_junk(depth + 1) END;
	IF depth = 0 AND random() < 0.4 THEN
		d := hostile_mutate(d);
	END IF;
	RETURN d;
END
$$;

INSERT INTO hostile_input (kind, gen, j)
SELECT 'json', 'generated', hostile_doc(0)
  FROM generate_series(1, 3000);
INSERT INTO hostile_input (kind, gen, j)
SELECT 'json', 'fixed', j::jsonb
  FROM unnest(ARRAY['{}', '[]', 'null', '0', '""', '"$binary"', '[{"$oid": "507f1f77bcf86cd799439011"}]',
					'{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w==", "subType": "04"}}',
					'{"$binary": {"base64": "d2ZVRDMiEQD/7t3Mu6qZiA==", "subType": "03"}}',
					'{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w==", "subType": "4"}}',
					'{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w=", "subType": "04"}}',
					'{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/x==", "subType": "04"}}',
					'{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w==", "subType": "05"}}',
					'{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u", "subType": "04"}}',
					'{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w==", "subType": 4}}',
					'{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w==", "subType": "04"}, "$type": "04"}',
					'{"$binary": "ABEiM0RVZneImaq7zN3u/w==", "$type": "04"}',
					'{"$binary": "ABEiM0RVZneImaq7zN3u/w==", "$type": "3"}',
					'{"$binary": "ABEiM0RVZneImaq7zN3u/w=="}',
					'{"$type": "04"}',
					'{"$uuid": "00112233-4455-6677-8899-aabbccddeeff"}',
					'{"$uuid": "00112233-4455-6677-8899-AABBCCDDEEFF"}',
					'{"$uuid": "00112233445566778899aabbccddeeff"}',
					'{"$uuid": "00112233-4455-6677-8899-aabbccddeeff", "$type": "04"}',
					'{"$oid": "507f1f77bcf86cd799439011"}',
					'{"$oid": "507F1F77BCF86CD799439011"}',
					'{"$oid": "507f1f77bcf86cd79943901"}',
					'{"$oid": "507f1f77bcf86cd799439011", "x": 1}',
					'{"$oid": 507}', '{"$oid": null}', '{"$oid": {}}',
					jsonb_build_object('$binary', jsonb_build_object(
						'base64', hostile_b64_of(decode(repeat('5a', 3000), 'hex')),
						'subType', '04'))::text,
					jsonb_build_object('$binary', hostile_b64_of(decode(repeat('00', 17), 'hex')),
									   '$type', '03')::text,
					jsonb_build_object('$uuid', repeat('0', 100000))::text,
					jsonb_build_object('$oid', repeat('a', 100000))::text,
					repeat('[', 1000) || repeat(']', 1000),
					'{"$binary": ' || repeat('{"base64": ', 500) || '""'
						|| repeat('}', 500) || '}']) j;

SELECT kind, count(*) AS inputs
  FROM hostile_input GROUP BY kind ORDER BY kind;

-- objectid_recv: a one-column binary COPY file holding the bytes, read
-- into an objectid column, so that objectid_recv sees exactly those bytes
-- (the table is made when the C extension's turn comes)
CREATE FUNCTION hostile_recv(b bytea) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
	f		text := current_setting('data_directory') || '/hostile_recv.bin';
	r		text;
BEGIN
	DELETE FROM hostile_recv_out;
	EXECUTE format('COPY (SELECT %L::bytea) TO %L (FORMAT binary)', b, f);
	EXECUTE format('COPY hostile_recv_out FROM %L (FORMAT binary)', f);
	SELECT id::text INTO STRICT r FROM hostile_recv_out;
	RETURN r;
END
$$;

-- the C type's input with soft errors: the error that pg_input_error_info
-- reports, raised (15, which has no soft errors, casts)
CREATE FUNCTION hostile_soft(t text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
	e		record;
BEGIN
	IF current_setting('server_version_num')::int >= 160000 THEN
		SELECT * INTO e FROM pg_input_error_info(t, 'c.objectid');
		IF e.sql_error_code IS NOT NULL THEN
			RAISE EXCEPTION USING ERRCODE = e.sql_error_code, MESSAGE = e.message,
				DETAIL = coalesce(e.detail, ''), HINT = coalesce(e.hint, '');
		END IF;
	END IF;
	RETURN t::c.objectid::text;
END
$$;

-- objectid.uuid_representation set to name, then the one-argument
-- conversions of edition (c or p) on one UUID, each followed by its
-- inverse.  The C extension refuses an unknown name in SET, the portable
-- edition where a conversion reads it, with the same error ("a plain
-- custom setting").  The
-- C extension shows the setting back by one of the five names, standing for
-- the same representation: else its answer says so (and differs)
CREATE FUNCTION hostile_with_rep(name text, edition text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
	u		uuid := '00112233-4455-6677-8899-aabbccddeeff';
	shown	text;
	got		text;
BEGIN
	PERFORM set_config('objectid.uuid_representation', name, true);
	IF edition = 'p' THEN
		RETURN encode(p.uuid_to_bytea(u), 'hex') || ' '
			|| p.uuid_from_bytea(p.uuid_to_bytea(u))::text || ' '
			|| p.uuid_to_extjson(u)::text || ' '
			|| p.uuid_from_extjson(p.uuid_to_extjson(u))::text;
	END IF;
	got := encode(c.uuid_to_bytea(u), 'hex') || ' '
		|| c.uuid_from_bytea(c.uuid_to_bytea(u))::text || ' '
		|| c.uuid_to_extjson(u)::text || ' '
		|| c.uuid_from_extjson(c.uuid_to_extjson(u))::text;
	shown := current_setting('objectid.uuid_representation');
	IF shown IN ('standard', 'javaLegacy', 'csharpLegacy', 'pythonLegacy')
		AND c.uuid_to_extjson(u, shown) = c.uuid_to_extjson(u) THEN
		RETURN got;
	END IF;
	RETURN got || ' shown as ' || shown;
END
$$;

-- The cases.  expr is the call of the C extension, and of the portable
-- edition where p_expr is null, on r, a row of hostile_input (r.t, r.b,
-- r.ts, r.u, r.j), its edition's schema written @s@; p_expr is the
-- portable edition's call where it differs.  setting: the value of
-- objectid.uuid_representation during the case (default standard).  rule:
-- a difference the README documents, a condition on the input's columns
-- (t, b, ts, u, j) and the two answers (oc, op) under which they may
-- differ.  An answer is 'ok: ' and the result's text, 'null', or the error
-- as 'SQLSTATE message | detail | hint'.
CREATE TABLE hostile_case (
	label		text PRIMARY KEY,
	kind		text NOT NULL,
	expr		text NOT NULL,
	p_expr		text,
	setting		text,
	max_inputs	int,
	rule		text
);

INSERT INTO hostile_case (label, kind, expr, p_expr, max_inputs, rule) VALUES
-- "objectid literals are lowercase": one with an uppercase digit is
-- refused with the C type's error and a hint; "casts are functions": the
-- text of a bytea or an instant is refused with the C type's error and a
-- hint naming the function to use
('text::objectid', 'text', 'r.t::@s@.objectid::text', NULL, NULL,
 $$oc LIKE 'ok: %' AND t ~ '[A-F]' AND op = format('22P02 invalid input syntax for type objectid: "%s" |  | The portable edition''s objectid is lowercase; objectid_in() accepts either case.', t)
   OR oc LIKE '22P02 %' AND op IN (oc || 'The portable edition''s objectid has no cast from bytea: objectid(bytes) takes 12 bytes.',
		oc || 'The portable edition''s objectid has no cast from timestamptz: objectid_from_timestamp(ts) gives the smallest objectid of its second.')$$),
-- "objectid_in(text) and objectid_out(objectid)": text, not cstring
('objectid_in', 'text', 'c.objectid_in(r.t::cstring)::text',
 'p.objectid_in(r.t)::text', NULL, NULL),
-- "pg_input_is_valid(x, 'objectid') raises": the portable edition has no
-- soft errors; the C type's soft error (16+) is its objectid_in's error
('objectid soft input', 'text', 'hostile_soft(r.t)',
 'p.objectid_in(r.t)::text', NULL, NULL),
('uuid_timestamp_from_text', 'text', '@s@.uuid_timestamp_from_text(r.t)', NULL, NULL, NULL),
-- "casts are functions"
('bytea::objectid', 'bytea', 'encode(r.b::c.objectid::bytea, ''hex'')',
 'encode(p.bytea(p.objectid(r.b)), ''hex'')', NULL, NULL),
('objectid(bytea), bytea(objectid)', 'bytea',
 '@s@.objectid(r.b)::text || '' '' || encode(@s@.bytea(@s@.objectid(r.b)), ''hex'')', NULL, NULL, NULL),
-- "no binary I/O of 12 bytes"
('objectid_recv (binary COPY)', 'bytea', 'hostile_recv(r.b)',
 'p.objectid(r.b)::text', 300, NULL),
('uuidv8(bytea)', 'bytea', '@s@.uuidv8(r.b)', NULL, NULL, NULL),
('uuid_representations', 'bytea', '@s@.uuid_representations(r.b)', NULL, NULL, NULL),
('objectid_from_timestamp', 'timestamptz',
 '@s@.objectid_timestamp(@s@.objectid_from_timestamp(r.ts))::text || '' '' || encode(@s@.bytea(@s@.objectid_from_timestamp(r.ts)), ''hex'')',
 NULL, NULL, NULL),
-- "casts are functions"
('timestamptz::objectid', 'timestamptz', 'r.ts::c.objectid::text',
 'p.objectid_from_timestamp(r.ts)::text', NULL, NULL),
('objectid(timestamptz)', 'timestamptz',
 '@s@.objectid_timestamp(@s@.objectid(r.ts))', NULL, NULL, NULL),
('uuidv7_from_timestamp', 'timestamptz', '@s@.uuidv7_from_timestamp(r.ts)', NULL, NULL, NULL),
('uuid_to_objectid, objectid_to_uuid', 'uuid',
 '@s@.uuid_to_objectid(r.u)::text || '' '' || @s@.objectid_to_uuid(@s@.uuid_to_objectid(r.u))::text',
 NULL, NULL, NULL),
('uuid_v1_to_v6', 'uuid',
 '@s@.uuid_v1_to_v6(r.u)::text || '' '' || @s@.uuid_v6_to_v1(@s@.uuid_v1_to_v6(r.u))::text',
 NULL, NULL, NULL),
('uuid_v6_to_v1', 'uuid',
 '@s@.uuid_v6_to_v1(r.u)::text || '' '' || @s@.uuid_v1_to_v6(@s@.uuid_v6_to_v1(r.u))::text',
 NULL, NULL, NULL),
('uuid_extract_timestamp', 'uuid', '@s@.uuid_extract_timestamp(r.u)', NULL, NULL, NULL),
('uuid_extract_version', 'uuid', '@s@.uuid_extract_version(r.u)', NULL, NULL, NULL),
('uuidv6_extract_timestamp', 'uuid', '@s@.uuidv6_extract_timestamp(r.u)', NULL, NULL, NULL),
('uuidv8_extract_timestamp', 'uuid', '@s@.uuidv8_extract_timestamp(r.u)', NULL, NULL, NULL),
('uuid_timestamp, uuid_timestamp_from_text', 'uuid',
 'format(''%s %s'', @s@.uuid_timestamp(r.u), @s@.uuid_timestamp_from_text(r.u::text))',
 NULL, NULL, NULL),
('objectid_from_extjson, objectid_to_extjson', 'json',
 '@s@.objectid_from_extjson(r.j)::text || '' '' || @s@.objectid_to_extjson(@s@.objectid_from_extjson(r.j))::text',
 NULL, NULL, NULL);

-- the representations' conversions, each followed by its inverse; %1$s is
-- the input, %2$s the representation (SQL expressions)
CREATE TABLE hostile_call (name text PRIMARY KEY, expr text NOT NULL);
INSERT INTO hostile_call VALUES
('to', 'encode(@s@.uuid_to_bytea(%1$s, %2$s), ''hex'') || '' '' || @s@.uuid_from_bytea(@s@.uuid_to_bytea(%1$s, %2$s), %2$s)::text || '' '' || @s@.uuid_to_extjson(%1$s, %2$s)::text || '' '' || @s@.uuid_from_extjson(@s@.uuid_to_extjson(%1$s, %2$s), %2$s)::text'),
('from_bytea', '@s@.uuid_from_bytea(%1$s, %2$s)::text || '' '' || encode(@s@.uuid_to_bytea(@s@.uuid_from_bytea(%1$s, %2$s), %2$s), ''hex'')'),
('from_extjson', '@s@.uuid_from_extjson(%1$s, %2$s)::text || '' '' || @s@.uuid_to_extjson(@s@.uuid_from_extjson(%1$s, %2$s), %2$s)::text');

CREATE FUNCTION hostile_call(name text, arg text, rep text) RETURNS text
LANGUAGE sql STABLE
RETURN (SELECT format(expr, arg, rep) FROM hostile_call c WHERE c.name = hostile_call.name);

-- every representation, named in the call, or through the setting for the
-- one-argument forms
INSERT INTO hostile_case (label, kind, expr, setting)
SELECT format(c.label, rep), c.kind, format(c.expr, quote_literal(rep)),
	   CASE WHEN c.by_setting THEN rep END
  FROM (VALUES
	('uuid_from_bytea(bytea, %s)', 'bytea', hostile_call('from_bytea', 'r.b', '%1$s'), false),
	('uuid_from_bytea(bytea) [%s]', 'bytea',
	 '@s@.uuid_from_bytea(r.b)::text || '' '' || encode(@s@.uuid_to_bytea(@s@.uuid_from_bytea(r.b)), ''hex'')',
	 true),
	('uuid_to_bytea, uuid_to_extjson(uuid, %s)', 'uuid', hostile_call('to', 'r.u', '%1$s'), false),
	('uuid_from_extjson(jsonb, %s)', 'json', hostile_call('from_extjson', 'r.j', '%1$s'), false),
	('uuid_from_extjson(jsonb) [%s]', 'json',
	 '@s@.uuid_from_extjson(r.j)::text || '' '' || @s@.uuid_to_extjson(@s@.uuid_from_extjson(r.j))::text',
	 true)
	) c(label, kind, expr, by_setting),
	unnest(ARRAY['standard', 'javaLegacy', 'csharpLegacy', 'pythonLegacy',
				 'unspecified']) rep;

-- representation names: unknown ones are refused first
INSERT INTO hostile_case (label, kind, expr, rule) VALUES
('uuid_to_bytea, uuid_to_extjson(uuid, name)', 'repname',
 hostile_call('to', '''00112233-4455-6677-8899-aabbccddeeff''::uuid', 'r.t'), NULL),
('uuid_from_bytea(bytea, name)', 'repname',
 hostile_call('from_bytea', '''\x7766554433221100ffeeddccbbaa9988''::bytea', 'r.t'), NULL),
('uuid_from_extjson(jsonb, name)', 'repname',
 hostile_call('from_extjson', '''{"$binary": {"base64": "d2ZVRDMiEQD/7t3Mu6qZiA==", "subType": "03"}}''::jsonb', 'r.t'), NULL),
('uuid_from_bytea(short bytea, name)', 'repname', '@s@.uuid_from_bytea(''\x0011'', r.t)', NULL),
('uuid_from_extjson(malformed jsonb, name)', 'repname', '@s@.uuid_from_extjson(''[]'', r.t)', NULL),
-- "a plain custom setting": an empty setting is the default in the
-- portable edition (a RESET leaves it empty); the C extension refuses it
('SET objectid.uuid_representation', 'repname', 'hostile_with_rep(r.t, ''@s@'')',
 $$t = '' AND oc = '22023 invalid value for parameter "objectid.uuid_representation": "" |  | Available values: standard, javaLegacy, csharpLegacy, pythonLegacy, unspecified.'
   AND op = 'ok: ' || hostile_with_rep('standard', 'p')$$);

-- Each case runs in a function of its own, made here, whose calls are
-- planned once: "hostile_run <label>"(edition) gives the answers of the
-- edition (c or p), one per input of the case's kind in order
CREATE FUNCTION hostile_make_run(c hostile_case) RETURNS text
LANGUAGE plpgsql AS $make$
BEGIN
	EXECUTE format($f$
CREATE FUNCTION %I(edition text) RETURNS text[]
LANGUAGE plpgsql AS $run$
DECLARE
	r			hostile_input;
	got			text;
	answers		text[] := '{}';
	st			text;
	msg			text;
	det			text;
	hin			text;
BEGIN
	-- until the end of the statement's transaction
	PERFORM set_config('objectid.uuid_representation', %L, true);
	FOR r IN SELECT * FROM hostile_input WHERE kind = %L ORDER BY n LIMIT %s LOOP
		BEGIN
			IF edition = 'c' THEN
				got := (%s)::text;
			ELSE
				got := (%s)::text;
			END IF;
			got := coalesce('ok: ' || got, 'null');
		EXCEPTION WHEN OTHERS THEN
			GET STACKED DIAGNOSTICS st = RETURNED_SQLSTATE, msg = MESSAGE_TEXT,
				det = PG_EXCEPTION_DETAIL, hin = PG_EXCEPTION_HINT;
			got := st || ' ' || msg || ' | ' || det || ' | ' || hin;
		END;
		answers := answers || got;
	END LOOP;
	RETURN answers;
END
$run$$f$,
		'hostile_run ' || c.label, coalesce(c.setting, 'standard'), c.kind,
		coalesce(c.max_inputs::text, 'ALL'), replace(c.expr, '@s@', 'c'),
		coalesce(c.p_expr, replace(c.expr, '@s@', 'p')));
	RETURN c.label;
END
$make$;
SELECT count(hostile_make_run(c)) AS cases FROM hostile_case c;

CREATE FUNCTION hostile_run(label text, edition text) RETURNS text[]
LANGUAGE plpgsql AS $$
DECLARE
	answers		text[];
BEGIN
	EXECUTE format('SELECT %I($1)', 'hostile_run ' || label) INTO answers USING edition;
	RETURN answers;
END
$$;

-- the portable edition first, then the C extension (its library loaded
-- only now)
CREATE TABLE hostile_answer (label text PRIMARY KEY, p text[], c text[]);
INSERT INTO hostile_answer (label, p) SELECT label, hostile_run(label, 'p') FROM hostile_case;
SELECT count(*) AS c_settings FROM pg_settings WHERE name LIKE 'objectid.%';
CREATE TEMP TABLE hostile_recv_out (id c.objectid);
UPDATE hostile_answer SET c = hostile_run(label, 'c');
SELECT count(*) AS c_settings FROM pg_settings WHERE name LIKE 'objectid.%';

-- Compare one case's answers: accepted and rejected count the C
-- extension's; differ the inputs on which the answers differ, but for the
-- case's rule.  The first three are shown as NOTICEs, so that a failure
-- says where.
CREATE FUNCTION hostile_compare(c hostile_case,
								OUT tried int, OUT accepted int, OUT rejected int,
								OUT differ int)
LANGUAGE plpgsql AS $$
DECLARE
	d			record;
BEGIN
	tried := 0;
	accepted := 0;
	rejected := 0;
	differ := 0;
	FOR d IN EXECUTE format($q$
		SELECT i.*, a.oc, a.op, coalesce((%s), false) AS documented
		  FROM (SELECT *, row_number() OVER (ORDER BY n) AS k
				  FROM hostile_input WHERE kind = $1) i
		  JOIN (SELECT oc, op, k
				  FROM hostile_answer h, unnest(h.c, h.p) WITH ORDINALITY x(oc, op, k)
				 WHERE h.label = $2) a ON a.k = i.k
		 ORDER BY i.n$q$, coalesce(c.rule, 'false'))
		USING c.kind, c.label
	LOOP
		tried := tried + 1;
		IF d.oc LIKE 'ok: %' OR d.oc = 'null' THEN
			accepted := accepted + 1;
		ELSE
			rejected := rejected + 1;
		END IF;
		IF d.oc IS DISTINCT FROM d.op AND NOT d.documented THEN
			differ := differ + 1;
			IF differ <= 3 THEN
				RAISE NOTICE '%: input % (% #%): C %, portable %', c.label,
					left(coalesce(quote_literal(d.t), quote_literal(d.b),
								  quote_literal(d.ts), quote_literal(d.u),
								  quote_literal(d.j)), 80),
					d.gen, d.n, left(d.oc, 200), left(d.op, 200);
			END IF;
		END IF;
	END LOOP;
END
$$;

-- every case: accepted + rejected = tried (both ran every input), differ = 0
SELECT c.label, r.tried, r.accepted, r.rejected, r.differ
  FROM hostile_case c, LATERAL hostile_compare(c) r
 ORDER BY c.label COLLATE "C";

-- the backend is still here, and still answers
SELECT '507F1F77bcf86cd799439011'::c.objectid;

SET client_min_messages = warning;
DROP SCHEMA hostile CASCADE;
RESET client_min_messages;
RESET search_path;
