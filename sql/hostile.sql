--
-- hostile: thousands of generated malformed inputs pushed through every
-- input function and conversion of the extension: strings, byte strings,
-- timestamps, UUIDs, representation names and Extended JSON documents.
-- Each input must either round-trip exactly or fail with the documented
-- SQLSTATE and message; the backend must never crash.  What is right is
-- decided by reference oracles written here in SQL from README.md, RFC 9562
-- and the MongoDB specs, never by calling the code under test.  The output
-- is counts only, from a fixed random seed.
--
-- To add an input function or conversion: one INSERT INTO hostile_case
-- below (and its line in expected/hostile.out).  To add a kind of input:
-- fill hostile_input with a new kind and use it in the case.
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS objectid;
RESET client_min_messages;
SELECT setseed(0.6);

-- the inputs: kind 'text' (t), 'bytea' (b), 'timestamptz' (ts), 'uuid'
-- (u), 'repname' (t: representation names) or 'json' (j, and facts: what
-- the reference parser hostile_extjson_facts read from it)
CREATE TABLE hostile_input (
	n		serial,
	kind	text NOT NULL,
	gen		text NOT NULL,
	t		text,
	b		bytea,
	ts		timestamptz,
	u		uuid,
	j		jsonb,
	facts	jsonb
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

-- The reference reader of Extended JSON (the Extended JSON spec: a type
-- wrapper has exactly its keys; Extended JSON spec; doc/design.md: strict
-- base64, subtype of one or two hex digits, $uuid exactly 8-4-4-4-12).
-- "uuid": the BSON binary the document holds ({"subtype", "data" (hex),
-- "b64" (canonical base64 of data)}), or null if it is malformed; "oid":
-- the 24 lowercase hex digits of a {"$oid"}, or null.
CREATE FUNCTION hostile_extjson_facts(j jsonb) RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
	keys		text[];
	inner_keys	text[];
	b64			text;
	st			text;
	data		bytea;
	bin			jsonb;
	oid			text;
BEGIN
	IF jsonb_typeof(j) = 'object' THEN
		keys := ARRAY(SELECT jk FROM jsonb_object_keys(j) jk ORDER BY jk COLLATE "C");
		IF keys = '{$oid}' AND jsonb_typeof(j -> '$oid') = 'string'
			AND j ->> '$oid' ~ '^[0-9A-Fa-f]{24}$' THEN
			oid := lower(j ->> '$oid');
		END IF;
		IF keys = '{$uuid}' AND jsonb_typeof(j -> '$uuid') = 'string'
			AND j ->> '$uuid' ~ '^[0-9A-Fa-f]{8}(-[0-9A-Fa-f]{4}){3}-[0-9A-Fa-f]{12}$' THEN
			data := decode(replace(j ->> '$uuid', '-', ''), 'hex');
			st := '04';
		ELSIF keys = '{$binary}' AND jsonb_typeof(j -> '$binary') = 'object' THEN
			inner_keys := ARRAY(SELECT jk FROM jsonb_object_keys(j -> '$binary') jk
								 ORDER BY jk COLLATE "C");
			IF inner_keys = '{base64,subType}'
				AND jsonb_typeof(j -> '$binary' -> 'base64') = 'string'
				AND jsonb_typeof(j -> '$binary' -> 'subType') = 'string' THEN
				b64 := j -> '$binary' ->> 'base64';
				st := j -> '$binary' ->> 'subType';
			END IF;
		ELSIF keys = '{$binary,$type}' AND jsonb_typeof(j -> '$binary') = 'string'
			AND jsonb_typeof(j -> '$type') = 'string' THEN
			b64 := j ->> '$binary';
			st := j ->> '$type';
		END IF;
		-- base64: whole groups, padding only at the end, and the one
		-- encoding of its bytes (so the unused bits are zero)
		IF b64 ~ '^([A-Za-z0-9+/]{4})*([A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$'
			AND st ~ '^[0-9A-Fa-f]{1,2}$' THEN
			data := decode(b64, 'base64');
			IF hostile_b64_of(data) <> b64 THEN
				data := NULL;
			END IF;
		END IF;
		IF data IS NOT NULL THEN
			bin := jsonb_build_object('subtype', ('x' || lpad(st, 2, '0'))::bit(8)::int,
									  'data', encode(data, 'hex'),
									  'b64', hostile_b64_of(data));
		END IF;
	END IF;
	RETURN jsonb_build_object('uuid', bin, 'oid', oid);
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
UPDATE hostile_input SET facts = hostile_extjson_facts(j) WHERE kind = 'json';

SELECT kind, count(*) AS inputs
  FROM hostile_input GROUP BY kind ORDER BY kind;

-- what the reference reader found in the documents: malformed ones,
-- ObjectIds, BSON binaries by subtype and length
SELECT CASE
		   WHEN jsonb_typeof(facts -> 'oid') = 'string' THEN '$oid'
		   WHEN jsonb_typeof(facts -> 'uuid') <> 'object' THEN 'malformed'
		   WHEN (facts -> 'uuid' ->> 'subtype')::int NOT IN (3, 4) THEN
			   'binary, other subtype'
		   ELSE format('binary, subtype %s, %s',
					   lpad(facts -> 'uuid' ->> 'subtype', 2, '0'),
					   CASE WHEN length(facts -> 'uuid' ->> 'data') = 32
							THEN '16 bytes' ELSE 'other length' END)
	   END AS document, count(*)
  FROM hostile_input WHERE kind = 'json'
 GROUP BY 1 ORDER BY 1;

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

-- The reference oracles for the UUID functions.  Each is one plain
-- expression, so the planner inlines it into the query that evaluates a
-- case's oracle over all inputs.  Bits are numbered from the most
-- significant, as in RFC 9562: a uuid as bit(128).
CREATE FUNCTION hostile_bits(u uuid) RETURNS bit(128)
LANGUAGE sql IMMUTABLE
RETURN ('x' || replace(u::text, '-', ''))::bit(128);

-- lowercase hex digits of a 96- or 128-bit string
CREATE FUNCTION hostile_hex(b varbit) RETURNS text
LANGUAGE sql IMMUTABLE
RETURN lpad(to_hex(substring(b FROM 1 FOR 32)::bit(32)::int), 8, '0') ||
	   lpad(to_hex(substring(b FROM 33 FOR 32)::bit(32)::int), 8, '0') ||
	   lpad(to_hex(substring(b FROM 65 FOR 32)::bit(32)::int), 8, '0') ||
	   CASE WHEN length(b) > 96
			THEN lpad(to_hex(substring(b FROM 97 FOR 32)::bit(32)::int), 8, '0')
			ELSE '' END;

-- bits from .. for of a uuid, as bit strings and as a number
CREATE FUNCTION hostile_sub(u uuid, from_bit int, for_bits int) RETURNS varbit
LANGUAGE sql IMMUTABLE
RETURN substring(hostile_bits(u) FROM from_bit + 1 FOR for_bits);

CREATE FUNCTION hostile_int(b varbit) RETURNS bigint
LANGUAGE sql IMMUTABLE
RETURN lpad(b::text, 64, '0')::bit(64)::bigint;

-- version of an RFC 9562 variant UUID, NULL for other variants
CREATE FUNCTION hostile_version(u uuid) RETURNS int
LANGUAGE sql IMMUTABLE
RETURN CASE WHEN hostile_sub(u, 64, 2) = B'10'
			THEN hostile_int(hostile_sub(u, 48, 4))::int END;

-- the 60-bit timestamp of RFC 9562 section 5.1 (v1: time_high, time_mid,
-- time_low) and 5.6 (v6, and v8 of Appendix B.1: high 48 bits, then 12)
CREATE FUNCTION hostile_time_v1(u uuid) RETURNS varbit
LANGUAGE sql IMMUTABLE
RETURN hostile_sub(u, 52, 12) || hostile_sub(u, 32, 16) || hostile_sub(u, 0, 32);

CREATE FUNCTION hostile_time_v6(u uuid) RETURNS varbit
LANGUAGE sql IMMUTABLE
RETURN hostile_sub(u, 0, 48) || hostile_sub(u, 52, 12);

-- a count of microseconds since 1970 as timestamptz
CREATE FUNCTION hostile_unix_us(us bigint) RETURNS timestamptz
LANGUAGE sql IMMUTABLE
RETURN to_timestamp(floor(us / 1000000.0)::float8)
	   + (us - floor(us / 1000000.0)::bigint * 1000000) * interval '1 microsecond';

-- what a reader gives (RFC 9562, README.md "UUID generators"): 'any' is
-- uuid_extract_timestamp as core 18's (v1: 60-bit count of 100 ns since
-- 1582-10-15, truncated to microseconds; v7: 48-bit Unix milliseconds;
-- NULL for v6), 'v6' uuidv6_extract_timestamp (the same count in v6's
-- layout), 'v8' uuidv8_extract_timestamp (60-bit
-- count of 10 ns since 1970 in custom_a + custom_b), 'version'
-- uuid_extract_version; NULL for other versions and variants
CREATE FUNCTION hostile_read(u uuid, which text) RETURNS text
LANGUAGE sql IMMUTABLE
RETURN CASE
	WHEN which = 'version' THEN hostile_version(u)::text
	WHEN hostile_version(u) = 1 AND which = 'any' THEN
		hostile_unix_us(hostile_int(hostile_time_v1(u)) / 10
						- 12219292800000000)::text
	WHEN hostile_version(u) = 6 AND which = 'v6' THEN
		hostile_unix_us(hostile_int(hostile_time_v6(u)) / 10
						- 12219292800000000)::text
	WHEN hostile_version(u) = 7 AND which = 'any' THEN
		hostile_unix_us(hostile_int(hostile_sub(u, 0, 48)) * 1000)::text
	WHEN hostile_version(u) = 8 AND which = 'v8' THEN
		hostile_unix_us(hostile_int(hostile_time_v6(u)) / 100)::text
END;

-- uuid_to_objectid (README.md "ObjectId <-> UUID"): a v8, RFC variant UUID
-- whose last 26 bits are zero holds the ObjectId bits 0-47, 52-63, 66-101;
-- the result must also map back to the same UUID
CREATE FUNCTION hostile_expect_objectid(u uuid) RETURNS text[]
LANGUAGE sql IMMUTABLE
RETURN CASE
	WHEN hostile_version(u) = 8 AND hostile_sub(u, 102, 26) = 0::bit(26) THEN
		ARRAY['ok', hostile_hex(hostile_sub(u, 0, 48) || hostile_sub(u, 52, 12) ||
								hostile_sub(u, 66, 36)) || ' ' || u::text]
	ELSE ARRAY['22023', format('UUID "%s" does not hold an objectid', u)]
END;

-- uuid_v1_to_v6 (from = 1) and uuid_v6_to_v1 (from = 6): the 60-bit
-- timestamp moved from one layout to the other, the rest kept, and the
-- inverse gives the input back; other versions and variants are refused
CREATE FUNCTION hostile_expect_v1v6(u uuid, from_version int) RETURNS text[]
LANGUAGE sql IMMUTABLE
RETURN CASE
	WHEN hostile_version(u) IS NULL THEN
		ARRAY['22023', 'UUID is not of the RFC 9562 variant']
	WHEN hostile_version(u) <> from_version THEN
		ARRAY['22023', format('UUID is version %s, not version %s',
							  hostile_version(u), from_version)]
	WHEN from_version = 1 THEN
		ARRAY['ok', hostile_hex(substring(hostile_time_v1(u) FROM 1 FOR 48) ||
								B'0110' ||
								substring(hostile_time_v1(u) FROM 49 FOR 12) ||
								hostile_sub(u, 64, 64))::uuid::text
					|| ' ' || u::text]
	ELSE
		ARRAY['ok', hostile_hex(substring(hostile_time_v6(u) FROM 29 FOR 32) ||
								substring(hostile_time_v6(u) FROM 13 FOR 16) ||
								B'0001' ||
								substring(hostile_time_v6(u) FROM 1 FOR 12) ||
								hostile_sub(u, 64, 64))::uuid::text
					|| ' ' || u::text]
END;

-- uuidv8(bytea): the 16 bytes with version 8 and the RFC variant, the
-- other 122 bits unchanged
CREATE FUNCTION hostile_expect_uuidv8(b bytea) RETURNS text[]
LANGUAGE sql IMMUTABLE
RETURN CASE
	WHEN length(b) <> 16 THEN
		ARRAY['22P03', 'invalid input length for UUID version 8']
	ELSE
		ARRAY['ok', hostile_hex(hostile_sub(encode(b, 'hex')::uuid, 0, 48) ||
								B'1000' ||
								hostile_sub(encode(b, 'hex')::uuid, 52, 12) ||
								B'10' ||
								hostile_sub(encode(b, 'hex')::uuid, 66, 62))::uuid::text]
END;

-- The representations (MongoDB UUID spec, README.md): the one a name
-- stands for, ASCII case ignored and nothing else; NULL if none
CREATE FUNCTION hostile_rep(name text) RETURNS text
LANGUAGE sql IMMUTABLE
RETURN CASE translate(name, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
					  'abcdefghijklmnopqrstuvwxyz')
	WHEN 'standard' THEN 'standard'
	WHEN 'javalegacy' THEN 'javaLegacy'
	WHEN 'csharplegacy' THEN 'csharpLegacy'
	WHEN 'pythonlegacy' THEN 'pythonLegacy'
	WHEN 'unspecified' THEN 'unspecified'
	WHEN 'java_legacy' THEN 'javaLegacy'
	WHEN 'c_sharp_legacy' THEN 'csharpLegacy'
	WHEN 'csharp_legacy' THEN 'csharpLegacy'
	WHEN 'python_legacy' THEN 'pythonLegacy'
END;

-- a string as a LIKE pattern matching exactly it
CREATE FUNCTION hostile_like(s text) RETURNS text
LANGUAGE sql IMMUTABLE
RETURN replace(replace(replace(s, '\', '\\'), '%', '\%'), '_', '\_');

-- outcome under a representation given by name: unknown names are refused
-- before anything else
CREATE FUNCTION hostile_named(name text, outcome text[]) RETURNS text[]
LANGUAGE sql IMMUTABLE
RETURN CASE WHEN hostile_rep(name) IS NULL
			THEN ARRAY['22023', 'unrecognized UUID representation: "'
								|| hostile_like(name) || '"']
			ELSE outcome END;

CREATE FUNCTION hostile_unspecified() RETURNS text[]
LANGUAGE sql IMMUTABLE
RETURN ARRAY['22023', 'cannot convert a UUID with UUID representation "unspecified"'];

-- 16 bytes in a representation's byte order (each is its own inverse):
-- javaLegacy reverses bytes 0-7 and 8-15, csharpLegacy 0-3, 4-5 and 6-7
CREATE FUNCTION hostile_permute(b bytea, rep text) RETURNS bytea
LANGUAGE sql IMMUTABLE
RETURN CASE rep
	WHEN 'javaLegacy' THEN
		substr(b, 8, 1) || substr(b, 7, 1) || substr(b, 6, 1) || substr(b, 5, 1) ||
		substr(b, 4, 1) || substr(b, 3, 1) || substr(b, 2, 1) || substr(b, 1, 1) ||
		substr(b, 16, 1) || substr(b, 15, 1) || substr(b, 14, 1) || substr(b, 13, 1) ||
		substr(b, 12, 1) || substr(b, 11, 1) || substr(b, 10, 1) || substr(b, 9, 1)
	WHEN 'csharpLegacy' THEN
		substr(b, 4, 1) || substr(b, 3, 1) || substr(b, 2, 1) || substr(b, 1, 1) ||
		substr(b, 6, 1) || substr(b, 5, 1) || substr(b, 8, 1) || substr(b, 7, 1) ||
		substr(b, 9, 8)
	ELSE b
END;

-- Extended JSON v2 of a BSON binary, subtype as two lowercase hex digits
CREATE FUNCTION hostile_bson(b64 text, subtype int) RETURNS jsonb
LANGUAGE sql IMMUTABLE
RETURN jsonb_build_object('$binary',
						  jsonb_build_object('base64', b64,
											 'subType', lpad(to_hex(subtype), 2, '0')));

-- uuid_to_bytea and uuid_to_extjson, and both back: the bytes in the
-- representation's order, subtype 04 for standard and 03 for the legacy
-- ones; unspecified converts nothing
CREATE FUNCTION hostile_expect_to(u uuid, rep text) RETURNS text[]
LANGUAGE sql IMMUTABLE
RETURN CASE
	WHEN rep = 'unspecified' THEN hostile_unspecified()
	ELSE ARRAY['ok',
		encode(hostile_permute(decode(replace(u::text, '-', ''), 'hex'), rep), 'hex')
		|| ' ' || u::text || ' ' ||
		hostile_bson(hostile_b64_of(hostile_permute(decode(replace(u::text, '-', ''), 'hex'), rep)),
					 CASE rep WHEN 'standard' THEN 4 ELSE 3 END)::text
		|| ' ' || u::text]
END;

-- uuid_from_bytea, and uuid_to_bytea back: exactly 16 bytes (the length is
-- checked first), in the representation's order
CREATE FUNCTION hostile_expect_from_bytea(b bytea, rep text) RETURNS text[]
LANGUAGE sql IMMUTABLE
RETURN CASE
	WHEN length(b) <> 16 THEN ARRAY['22P03', 'invalid input length for type uuid']
	WHEN rep = 'unspecified' THEN hostile_unspecified()
	ELSE ARRAY['ok', encode(hostile_permute(b, rep), 'hex')::uuid::text
					 || ' ' || encode(b, 'hex')]
END;

-- uuid_from_extjson, and uuid_to_extjson back (doc/design.md's error order
-- and decoding rules, the spec's decoding table), checked in this order:
-- malformed document 22P02; subtype other than 03 and 04 22023; not 16
-- bytes 22P03; unspecified 22023; subtype 04 with a legacy representation
-- or 03 with standard 22023.  f is the document's facts.
CREATE FUNCTION hostile_expect_from_extjson(f jsonb, rep text) RETURNS text[]
LANGUAGE sql IMMUTABLE
RETURN CASE
	WHEN jsonb_typeof(f -> 'uuid') <> 'object' THEN
		ARRAY['22P02', 'invalid Extended JSON for type uuid']
	WHEN (f -> 'uuid' ->> 'subtype')::int NOT IN (3, 4) THEN
		ARRAY['22023', format('BSON binary subtype %s is not a UUID subtype',
							  lpad(to_hex((f -> 'uuid' ->> 'subtype')::int), 2, '0'))]
	WHEN length(f -> 'uuid' ->> 'data') <> 32 THEN
		ARRAY['22P03', 'invalid input length for type uuid']
	WHEN rep = 'unspecified' THEN hostile_unspecified()
	WHEN (f -> 'uuid' ->> 'subtype')::int <> CASE rep WHEN 'standard' THEN 4 ELSE 3 END THEN
		ARRAY['22023', format('cannot decode a BSON binary of subtype %s as a UUID with UUID representation "%s"',
							  lpad(to_hex((f -> 'uuid' ->> 'subtype')::int), 2, '0'), rep)]
	ELSE
		ARRAY['ok', encode(hostile_permute(decode(f -> 'uuid' ->> 'data', 'hex'), rep),
						   'hex')::uuid::text
					|| ' ' || hostile_bson(f -> 'uuid' ->> 'b64',
										   (f -> 'uuid' ->> 'subtype')::int)::text]
END;

-- objectid_from_extjson, and objectid_to_extjson back
CREATE FUNCTION hostile_expect_oid_extjson(f jsonb) RETURNS text[]
LANGUAGE sql IMMUTABLE
RETURN CASE
	WHEN jsonb_typeof(f -> 'oid') = 'string' THEN
		ARRAY['ok', (f ->> 'oid') || ' ' || jsonb_build_object('$oid', f ->> 'oid')::text]
	ELSE ARRAY['22P02', 'invalid Extended JSON for type objectid']
END;

-- the oracles reproduce the test vectors (RFC 9562 Appendix A and
-- B.1, the MongoDB representations, README.md's ObjectId mapping)
SELECT hostile_read('c232ab00-9414-11ec-b3c8-9f6bdeced846', 'any') AS v1,
	   hostile_read('1ec9414c-232a-6b00-b3c8-9f6bdeced846', 'v6') AS v6,
	   hostile_read('017f22e2-79b0-7cc3-98c4-dc0c0c07398f', 'any') AS v7,
	   hostile_read('2489e9ad-2ee2-8e00-8ec9-32d5f69181c0', 'v8') AS v8;
SELECT (hostile_expect_v1v6('c232ab00-9414-11ec-b3c8-9f6bdeced846', 1))[2] AS v1_to_v6,
	   (hostile_expect_v1v6('1ec9414c-232a-6b00-b3c8-9f6bdeced846', 6))[2] AS v6_to_v1;
SELECT (hostile_expect_objectid('507f1f77-bcf8-86cd-9e65-0e4044000000'))[2] AS objectid,
	   hostile_expect_objectid('507f1f77-bcf8-86cd-9e65-0e4044000001') AS refused;
SELECT rep, (hostile_expect_to('00112233-4455-6677-8899-aabbccddeeff', rep))[2] AS expected
  FROM unnest(ARRAY['standard', 'javaLegacy', 'csharpLegacy', 'pythonLegacy',
					'unspecified']) rep;
SELECT (hostile_expect_uuidv8('\x00112233445566778899aabbccddeeff'))[2] AS uuidv8;
SELECT hostile_extjson_facts(j) AS facts
  FROM unnest(ARRAY['{"$binary": {"base64": "d2ZVRDMiEQD/7t3Mu6qZiA==", "subType": "03"}}',
					'{"$binary": "d2ZVRDMiEQD/7t3Mu6qZiA==", "$type": "3"}',
					'{"$uuid": "00112233-4455-6677-8899-AABBCCDDEEFF"}',
					'{"$binary": {"base64": "d2ZVRDMiEQD/7t3Mu6qZiB==", "subType": "03"}}',
					'{"$oid": "507F1f77bcf86cd799439011"}']::jsonb[]) j;

-- SET objectid.uuid_representation, shown back (the spec's string value);
-- restored when the function returns
CREATE FUNCTION hostile_set_rep(name text) RETURNS text
LANGUAGE plpgsql SET objectid.uuid_representation = 'standard' AS $$
BEGIN
	PERFORM set_config('objectid.uuid_representation', name, true);
	RETURN current_setting('objectid.uuid_representation');
END
$$;

-- The cases.  In expr, reference and valid, $1 is the text input, $2 the
-- bytea, $3 the timestamptz, $4 the uuid, $5 the jsonb, $6 its facts.
-- expr is the call under test, as text.  Either valid is a reference
-- oracle: true when the input must be accepted, and then expr must equal
-- reference, otherwise the call must fail with errcode and a message LIKE
-- errmsg; or oracle, an expression over the columns of hostile_input (t,
-- b, ts, u, j, facts; evaluated for all inputs in one query, which keeps
-- SQL oracles fast), gives for each input {ok, what expr must equal} or
-- {SQLSTATE, message LIKE pattern}.  soft_type: on 16+,
-- pg_input_is_valid($1, soft_type) must agree with valid.  setting:
-- objectid.uuid_representation while the case runs (default standard).
CREATE TABLE hostile_case (
	label		text PRIMARY KEY,
	kind		text NOT NULL,
	expr		text NOT NULL,
	reference	text,
	valid		text,
	errcode		text,
	errmsg		text,
	max_inputs	int,
	soft_type	text,
	oracle		text,
	setting		text,
	CHECK ((oracle IS NULL) = (reference IS NOT NULL AND valid IS NOT NULL AND
							   errcode IS NOT NULL AND errmsg IS NOT NULL))
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

-- the conversions under test, each followed by its inverse; %1$s is the
-- input, %2$s the representation (an SQL expression each)
CREATE TABLE hostile_call (name text PRIMARY KEY, expr text NOT NULL);
INSERT INTO hostile_call VALUES
('to', 'encode(uuid_to_bytea(%1$s, %2$s), ''hex'') || '' '' || uuid_from_bytea(uuid_to_bytea(%1$s, %2$s), %2$s)::text || '' '' || uuid_to_extjson(%1$s, %2$s)::text || '' '' || uuid_from_extjson(uuid_to_extjson(%1$s, %2$s), %2$s)::text'),
('from_bytea', 'uuid_from_bytea(%1$s, %2$s)::text || '' '' || encode(uuid_to_bytea(uuid_from_bytea(%1$s, %2$s), %2$s), ''hex'')'),
('from_extjson', 'uuid_from_extjson(%1$s, %2$s)::text || '' '' || uuid_to_extjson(uuid_from_extjson(%1$s, %2$s), %2$s)::text');

CREATE FUNCTION hostile_call(name text, arg text, rep text) RETURNS text
LANGUAGE sql STABLE
RETURN (SELECT format(expr, arg, rep) FROM hostile_call c WHERE c.name = hostile_call.name);

-- every representation, named in the call, or through the setting for
-- the one-argument forms; %1$s in expr and oracle is the representation
INSERT INTO hostile_case (label, kind, expr, oracle, setting)
SELECT format(c.label, rep), c.kind, format(c.expr, quote_literal(rep)),
	   format(c.oracle, quote_literal(rep)), CASE WHEN c.by_setting THEN rep END
  FROM (VALUES
	('uuid_from_bytea(bytea, %s)', 'bytea',
	 hostile_call('from_bytea', '$2', '%1$s'),
	 'hostile_expect_from_bytea(b, %1$s)', false),
	('uuid_from_bytea(bytea) [%s]', 'bytea',
	 'uuid_from_bytea($2)::text || '' '' || encode(uuid_to_bytea(uuid_from_bytea($2)), ''hex'')',
	 'hostile_expect_from_bytea(b, %1$s)', true),
	('uuid_to_bytea, uuid_to_extjson(uuid, %s)', 'uuid',
	 hostile_call('to', '$4', '%1$s'),
	 'hostile_expect_to(u, %1$s)', false),
	('uuid_from_extjson(jsonb, %s)', 'json',
	 hostile_call('from_extjson', '$5', '%1$s'),
	 'hostile_expect_from_extjson(facts, %1$s)', false),
	('uuid_from_extjson(jsonb) [%s]', 'json',
	 'uuid_from_extjson($5)::text || '' '' || uuid_to_extjson(uuid_from_extjson($5))::text',
	 'hostile_expect_from_extjson(facts, %1$s)', true)
	) c(label, kind, expr, oracle, by_setting),
	unnest(ARRAY['standard', 'javaLegacy', 'csharpLegacy', 'pythonLegacy',
				 'unspecified']) rep;

-- the readers are called schema-qualified: on PostgreSQL 18+ core's
-- uuid_extract_timestamp and uuid_extract_version come first otherwise
INSERT INTO hostile_case (label, kind, expr, oracle)
SELECT label, kind, replace(expr, '@ext@', quote_ident(nspname)), oracle
  FROM (VALUES
	('uuidv8(bytea)', 'bytea', 'uuidv8($2)::text', 'hostile_expect_uuidv8(b)'),
	('uuid_to_objectid', 'uuid',
	 'uuid_to_objectid($4)::text || '' '' || objectid_to_uuid(uuid_to_objectid($4))::text',
	 'hostile_expect_objectid(u)'),
	('uuid_v1_to_v6', 'uuid',
	 'uuid_v1_to_v6($4)::text || '' '' || uuid_v6_to_v1(uuid_v1_to_v6($4))::text',
	 'hostile_expect_v1v6(u, 1)'),
	('uuid_v6_to_v1', 'uuid',
	 'uuid_v6_to_v1($4)::text || '' '' || uuid_v1_to_v6(uuid_v6_to_v1($4))::text',
	 'hostile_expect_v1v6(u, 6)'),
	('uuid_extract_timestamp', 'uuid', '@ext@.uuid_extract_timestamp($4)',
	 'ARRAY[''ok'', hostile_read(u, ''any'')]'),
	('uuid_extract_version', 'uuid', '@ext@.uuid_extract_version($4)',
	 'ARRAY[''ok'', hostile_read(u, ''version'')]'),
	('uuidv6_extract_timestamp', 'uuid', 'uuidv6_extract_timestamp($4)',
	 'ARRAY[''ok'', hostile_read(u, ''v6'')]'),
	('uuidv8_extract_timestamp', 'uuid', 'uuidv8_extract_timestamp($4)',
	 'ARRAY[''ok'', hostile_read(u, ''v8'')]'),
	('objectid_from_extjson', 'json',
	 'objectid_from_extjson($5)::text || '' '' || objectid_to_extjson(objectid_from_extjson($5))::text',
	 'hostile_expect_oid_extjson(facts)'),
	-- representation names: unknown ones are refused first
	('uuid_to_bytea, uuid_to_extjson(uuid, name)', 'repname',
	 hostile_call('to', '''00112233-4455-6677-8899-aabbccddeeff''::uuid', '$1'),
	 'hostile_named(t, hostile_expect_to(''00112233-4455-6677-8899-aabbccddeeff'', hostile_rep(t)))'),
	('uuid_from_bytea(bytea, name)', 'repname',
	 hostile_call('from_bytea', '''\x7766554433221100ffeeddccbbaa9988''::bytea', '$1'),
	 'hostile_named(t, hostile_expect_from_bytea(''\x7766554433221100ffeeddccbbaa9988'', hostile_rep(t)))'),
	('uuid_from_extjson(jsonb, name)', 'repname',
	 hostile_call('from_extjson', '''{"$binary": {"base64": "d2ZVRDMiEQD/7t3Mu6qZiA==", "subType": "03"}}''::jsonb', '$1'),
	 'hostile_named(t, hostile_expect_from_extjson(hostile_extjson_facts(''{"$binary": {"base64": "d2ZVRDMiEQD/7t3Mu6qZiA==", "subType": "03"}}''), hostile_rep(t)))'),
	('uuid_from_bytea(short bytea, name)', 'repname',
	 'uuid_from_bytea(''\x0011'', $1)',
	 'hostile_named(t, ARRAY[''22P03'', ''invalid input length for type uuid''])'),
	('uuid_from_extjson(malformed jsonb, name)', 'repname',
	 'uuid_from_extjson(''[]'', $1)',
	 'hostile_named(t, ARRAY[''22P02'', ''invalid Extended JSON for type uuid''])'),
	('SET objectid.uuid_representation', 'repname', 'hostile_set_rep($1)',
	 'CASE WHEN hostile_rep(t) IS NULL THEN ARRAY[''22023'', ''invalid value for parameter "objectid.uuid_representation": "'' || hostile_like(t) || ''"''] ELSE ARRAY[''ok'', hostile_rep(t)] END')
	) c(label, kind, expr, oracle),
	pg_extension e JOIN pg_namespace s ON s.oid = e.extnamespace
 WHERE e.extname = 'objectid';

-- Run one case over its inputs.  A wrong answer is counted and shown as a
-- NOTICE (the first three per case), so it shows in the diff.
CREATE FUNCTION hostile_run(c hostile_case,
							OUT tried int, OUT accepted int, OUT rejected int,
							OUT wrong int)
LANGUAGE plpgsql AS $$
DECLARE
	r			record;
	ok			bool;
	soft		bool;
	want		text;
	rule		text[];
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
	-- until the end of the transaction (the statement running the cases)
	PERFORM set_config('objectid.uuid_representation',
					   coalesce(c.setting, 'standard'), true);
	FOR r IN EXECUTE format('SELECT *, (%s)::text[] AS outcome
							   FROM hostile_input WHERE kind = $1
							  ORDER BY n LIMIT $2',
							 coalesce(c.oracle, 'NULL'))
		USING c.kind, c.max_inputs
	LOOP
		tried := tried + 1;
		problem := NULL;
		IF c.oracle IS NOT NULL THEN
			rule := r.outcome;
			ok := rule[1] = 'ok';
			want := CASE WHEN ok THEN rule[2] END;
			IF ok IS NULL OR rule[2] IS NULL AND NOT ok THEN
				problem := format('the oracle says %s', rule);
			END IF;
		ELSE
			EXECUTE format('SELECT (%s), (%s)::text', c.valid, c.reference)
				INTO ok, want USING r.t, r.b, r.ts, r.u, r.j, r.facts;
			rule := ARRAY[c.errcode, c.errmsg];
		END IF;
		IF has_soft THEN
			EXECUTE 'SELECT pg_input_is_valid($1, $2)' INTO soft
				USING r.t, c.soft_type;
			IF soft IS DISTINCT FROM ok THEN
				problem := format('pg_input_is_valid says %s', soft);
			END IF;
		END IF;
		BEGIN
			EXECUTE format('SELECT (%s)::text', c.expr) INTO got
				USING r.t, r.b, r.ts, r.u, r.j, r.facts;
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
			ELSIF st <> rule[1] OR msg NOT LIKE rule[2] THEN
				problem := format('wrong error: %s %s (not %s %s)', st, msg,
								  rule[1], rule[2]);
			END IF;
		END;
		IF problem IS NOT NULL THEN
			wrong := wrong + 1;
			IF wrong <= 3 THEN
				RAISE NOTICE '%: input % (% #%): %', c.label,
					left(coalesce(quote_literal(r.t), quote_literal(r.b),
								  quote_literal(r.ts), quote_literal(r.u),
								  quote_literal(r.j)), 80),
					r.gen, r.n, left(problem, 300);
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

DROP FUNCTION hostile_run(hostile_case), hostile_recv(bytea),
	hostile_call(text, text, text), hostile_set_rep(text),
	hostile_expect_oid_extjson(jsonb), hostile_expect_from_extjson(jsonb, text),
	hostile_expect_from_bytea(bytea, text), hostile_expect_to(uuid, text),
	hostile_bson(text, int), hostile_permute(bytea, text),
	hostile_unspecified(), hostile_named(text, text[]), hostile_like(text),
	hostile_rep(text), hostile_expect_uuidv8(bytea),
	hostile_expect_v1v6(uuid, int), hostile_expect_objectid(uuid),
	hostile_read(uuid, text), hostile_unix_us(bigint),
	hostile_time_v6(uuid), hostile_time_v1(uuid), hostile_version(uuid),
	hostile_int(varbit), hostile_sub(uuid, int, int), hostile_hex(varbit),
	hostile_bits(uuid),
	hostile_extjson_facts(jsonb), hostile_doc(int), hostile_mutate(jsonb),
	hostile_junk(int), hostile_misspell(text), hostile_key(),
	hostile_hex24(), hostile_uuid_text(), hostile_subtype(), hostile_b64(),
	hostile_b64_of(bytea), hostile_spelling(), hostile_randcase(text),
	hostile_uuid(int, bool, int), hostile_bytes(int), hostile_chars(int, int),
	hostile_chr(int), hostile_string(text, int), hostile_pick(text);
DROP TABLE hostile_case, hostile_call, hostile_input, hostile_recv_in,
	hostile_recv_out;
