--
-- MongoDB UUID representations: uuid_to_bytea, uuid_from_bytea, the spec's
-- test plan through uuid_to_extjson / uuid_from_extjson, and the setting
-- objectid.uuid_representation.  Every case uses the spec's UUID
-- 00112233-4455-6677-8899-aabbccddeeff.
--

-- Before the library is loaded in a session the setting is a placeholder
-- that takes any value; the value is checked when the library loads, and a
-- bad one is then dropped with a WARNING (the default stays).
SET objectid.uuid_representation = 'bogus';
SELECT uuid_to_bytea('00112233-4455-6677-8899-aabbccddeeff', 'standard');
SHOW objectid.uuid_representation;	-- standard
-- once loaded, a bad value is an error at SET, and the prefix is reserved
SET objectid.uuid_representation = 'bogus';	-- error
SET objectid.uuid_representation = 'charpLegacy';	-- error (the spec's typo)
SET objectid.uuid_representation = '';	-- error
SET objectid.no_such_setting = 1;	-- error
SHOW objectid.uuid_representation;	-- standard

-- every accepted spelling, in any case, shows as the spec's string value
CREATE TEMP TABLE spellings (name text);
INSERT INTO spellings VALUES
	('standard'), ('STANDARD'), ('Standard'),
	('javaLegacy'), ('JAVALEGACY'), ('JAVA_LEGACY'), ('java_legacy'),
	('csharpLegacy'), ('CSharpLegacy'), ('C_SHARP_LEGACY'), ('CSHARP_LEGACY'),
	('c_sharp_legacy'),
	('pythonLegacy'), ('PYTHONLEGACY'), ('PYTHON_LEGACY'),
	('unspecified'), ('UNSPECIFIED');
SELECT name, set_config('objectid.uuid_representation', name, false) AS set,
	current_setting('objectid.uuid_representation') AS shows
FROM spellings;
RESET objectid.uuid_representation;
SHOW objectid.uuid_representation;	-- standard

-- the same spellings as the second argument (unspecified: see below)
SELECT name, uuid_to_bytea('00112233-4455-6677-8899-aabbccddeeff', name)
FROM spellings WHERE name NOT ILIKE 'unspecified';

--
-- Spec test plan, explicit encoding.  A BSON binary is shown as its
-- Extended JSON subtype and its data in hex.
--
CREATE FUNCTION pg_temp.bin(j jsonb, OUT subtype text, OUT data text)
LANGUAGE sql AS $$
	SELECT j->'$binary'->>'subType',
		encode(decode(j->'$binary'->>'base64', 'base64'), 'hex')
$$;
-- 1. with the UUID alone (the setting's default, standard): 04, 0011...
SELECT * FROM pg_temp.bin(uuid_to_extjson('00112233-4455-6677-8899-aabbccddeeff'));
-- 2. STANDARD: 04, 00112233445566778899aabbccddeeff
SELECT * FROM pg_temp.bin(uuid_to_extjson('00112233-4455-6677-8899-aabbccddeeff', 'STANDARD'));
-- 3. JAVA_LEGACY: 03, 7766554433221100ffeeddccbbaa9988
SELECT * FROM pg_temp.bin(uuid_to_extjson('00112233-4455-6677-8899-aabbccddeeff', 'JAVA_LEGACY'));
-- 4. CSHARP_LEGACY: 03, 33221100554477668899aabbccddeeff
SELECT * FROM pg_temp.bin(uuid_to_extjson('00112233-4455-6677-8899-aabbccddeeff', 'CSHARP_LEGACY'));
-- 5. PYTHON_LEGACY: 03, 00112233445566778899aabbccddeeff
SELECT * FROM pg_temp.bin(uuid_to_extjson('00112233-4455-6677-8899-aabbccddeeff', 'PYTHON_LEGACY'));
-- 6. UNSPECIFIED: error
SELECT uuid_to_extjson('00112233-4455-6677-8899-aabbccddeeff', 'UNSPECIFIED');
-- the bytea forms give the same bytes
SELECT uuid_to_bytea('00112233-4455-6677-8899-aabbccddeeff');
SELECT uuid_to_bytea('00112233-4455-6677-8899-aabbccddeeff', 'STANDARD');
SELECT uuid_to_bytea('00112233-4455-6677-8899-aabbccddeeff', 'JAVA_LEGACY');
SELECT uuid_to_bytea('00112233-4455-6677-8899-aabbccddeeff', 'CSHARP_LEGACY');
SELECT uuid_to_bytea('00112233-4455-6677-8899-aabbccddeeff', 'PYTHON_LEGACY');
SELECT uuid_to_bytea('00112233-4455-6677-8899-aabbccddeeff', 'UNSPECIFIED');	-- error

--
-- Spec test plan, explicit decoding.
--
-- 1. subtype 4, 00112233445566778899aabbccddeeff
SELECT uuid_from_extjson('{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w==", "subType": "04"}}');	-- a. the UUID
SELECT uuid_from_extjson('{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w==", "subType": "04"}}', 'STANDARD');	-- b. the UUID
SELECT uuid_from_extjson('{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w==", "subType": "04"}}', 'UNSPECIFIED');	-- c. error
SELECT uuid_from_extjson('{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w==", "subType": "04"}}', 'JAVA_LEGACY');	-- d. error
SELECT uuid_from_extjson('{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w==", "subType": "04"}}', 'CSHARP_LEGACY');	-- e. error
SELECT uuid_from_extjson('{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w==", "subType": "04"}}', 'PYTHON_LEGACY');	-- f. error
-- 2. subtype 3, 7766554433221100ffeeddccbbaa9988
SELECT uuid_from_extjson('{"$binary": {"base64": "d2ZVRDMiEQD/7t3Mu6qZiA==", "subType": "03"}}');	-- a. error
SELECT uuid_from_extjson('{"$binary": {"base64": "d2ZVRDMiEQD/7t3Mu6qZiA==", "subType": "03"}}', 'STANDARD');	-- b. error
SELECT uuid_from_extjson('{"$binary": {"base64": "d2ZVRDMiEQD/7t3Mu6qZiA==", "subType": "03"}}', 'UNSPECIFIED');	-- c. error
SELECT uuid_from_extjson('{"$binary": {"base64": "d2ZVRDMiEQD/7t3Mu6qZiA==", "subType": "03"}}', 'JAVA_LEGACY');	-- d. the UUID
-- 3. subtype 3, 33221100554477668899aabbccddeeff
SELECT uuid_from_extjson('{"$binary": {"base64": "MyIRAFVEd2aImaq7zN3u/w==", "subType": "03"}}');	-- a. error
SELECT uuid_from_extjson('{"$binary": {"base64": "MyIRAFVEd2aImaq7zN3u/w==", "subType": "03"}}', 'STANDARD');	-- b. error
SELECT uuid_from_extjson('{"$binary": {"base64": "MyIRAFVEd2aImaq7zN3u/w==", "subType": "03"}}', 'UNSPECIFIED');	-- c. error
SELECT uuid_from_extjson('{"$binary": {"base64": "MyIRAFVEd2aImaq7zN3u/w==", "subType": "03"}}', 'CSHARP_LEGACY');	-- d. the UUID
-- 4. subtype 3, 00112233445566778899aabbccddeeff
SELECT uuid_from_extjson('{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w==", "subType": "03"}}');	-- a. error
SELECT uuid_from_extjson('{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w==", "subType": "03"}}', 'STANDARD');	-- b. error
SELECT uuid_from_extjson('{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w==", "subType": "03"}}', 'UNSPECIFIED');	-- c. error
SELECT uuid_from_extjson('{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w==", "subType": "03"}}', 'PYTHON_LEGACY');	-- d. the UUID
-- the bytea forms decode the same bytes
SELECT uuid_from_bytea('\x00112233445566778899aabbccddeeff');
SELECT uuid_from_bytea('\x00112233445566778899aabbccddeeff', 'STANDARD');
SELECT uuid_from_bytea('\x7766554433221100ffeeddccbbaa9988', 'JAVA_LEGACY');
SELECT uuid_from_bytea('\x33221100554477668899aabbccddeeff', 'CSHARP_LEGACY');
SELECT uuid_from_bytea('\x00112233445566778899aabbccddeeff', 'PYTHON_LEGACY');
SELECT uuid_from_bytea('\x00112233445566778899aabbccddeeff', 'UNSPECIFIED');	-- error

--
-- Spec test plan, implicit encoding: the setting plays the client's
-- uuidRepresentation, uuid_to_extjson(uuid) the insert.
--
-- 1. javaLegacy: 03, 7766554433221100ffeeddccbbaa9988
SET objectid.uuid_representation = 'javaLegacy';
SELECT * FROM pg_temp.bin(uuid_to_extjson('00112233-4455-6677-8899-aabbccddeeff'));
SELECT uuid_to_bytea('00112233-4455-6677-8899-aabbccddeeff');
-- 2. "charpLegacy" (sic in the spec) is no representation; csharpLegacy:
-- 03, 33221100554477668899aabbccddeeff
SET objectid.uuid_representation = 'charpLegacy';	-- error
SET objectid.uuid_representation = 'csharpLegacy';
SELECT * FROM pg_temp.bin(uuid_to_extjson('00112233-4455-6677-8899-aabbccddeeff'));
SELECT uuid_to_bytea('00112233-4455-6677-8899-aabbccddeeff');
-- 3. pythonLegacy: 03, 00112233445566778899aabbccddeeff
SET objectid.uuid_representation = 'pythonLegacy';
SELECT * FROM pg_temp.bin(uuid_to_extjson('00112233-4455-6677-8899-aabbccddeeff'));
SELECT uuid_to_bytea('00112233-4455-6677-8899-aabbccddeeff');
-- 4. standard: 04, 00112233445566778899aabbccddeeff
SET objectid.uuid_representation = 'standard';
SELECT * FROM pg_temp.bin(uuid_to_extjson('00112233-4455-6677-8899-aabbccddeeff'));
SELECT uuid_to_bytea('00112233-4455-6677-8899-aabbccddeeff');
-- 5. unspecified: error
SET objectid.uuid_representation = 'unspecified';
SELECT uuid_to_extjson('00112233-4455-6677-8899-aabbccddeeff');
SELECT uuid_to_bytea('00112233-4455-6677-8899-aabbccddeeff');
SELECT uuid_from_bytea('\x00112233445566778899aabbccddeeff');
RESET objectid.uuid_representation;

--
-- Spec test plan, implicit decoding: a document with a "standard" field
-- (subtype 4) and a "legacy" field (subtype 3).  A field the setting cannot
-- decode to a uuid stays a BSON binary: uuid_from_extjson raises, and the
-- jsonb is left as it was.
--
CREATE FUNCTION pg_temp.try_uuid(j jsonb) RETURNS text
LANGUAGE plpgsql AS $$
BEGIN
	RETURN uuid_from_extjson(j)::text;
EXCEPTION WHEN OTHERS THEN
	RETURN 'stays binary: ' || SQLSTATE || ' ' || SQLERRM;
END
$$;
CREATE TEMP TABLE docs (setting text, legacy_repr text, doc jsonb);
INSERT INTO docs
SELECT s, l, jsonb_build_object(
	'standard', uuid_to_extjson('00112233-4455-6677-8899-aabbccddeeff', 'standard'),
	'legacy', uuid_to_extjson('00112233-4455-6677-8899-aabbccddeeff', l))
FROM (VALUES
	-- 1. javaLegacy, repeated with csharpLegacy and pythonLegacy
	(1, 'javaLegacy', 'javaLegacy'),
	(2, 'csharpLegacy', 'csharpLegacy'),
	(3, 'pythonLegacy', 'pythonLegacy'),
	-- 2. standard, with a Python-legacy "legacy" field
	(4, 'standard', 'pythonLegacy'),
	-- 3. unspecified, with each legacy "legacy" field
	(5, 'unspecified', 'pythonLegacy'),
	(6, 'unspecified', 'javaLegacy'),
	(7, 'unspecified', 'csharpLegacy')) v(n, s, l)
ORDER BY n;
CREATE FUNCTION pg_temp.find(setting text, doc jsonb,
	OUT standard text, OUT legacy text)
LANGUAGE plpgsql AS $$
BEGIN
	PERFORM set_config('objectid.uuid_representation', setting, true);
	standard := pg_temp.try_uuid(doc->'standard');
	legacy := pg_temp.try_uuid(doc->'legacy');
END
$$;
\x on
SELECT d.setting, d.legacy_repr, f.*
FROM docs d, pg_temp.find(d.setting, d.doc) f;
\x off
-- the documents themselves are unchanged binaries
SELECT setting, (pg_temp.bin(doc->'standard')).*, (pg_temp.bin(doc->'legacy')).*
FROM docs;
SHOW objectid.uuid_representation;	-- standard (set_config was local)

--
-- Round trips of random UUIDs in every representation, through bytea and
-- Extended JSON, with both forms; the byte order checked against an
-- independent permutation in SQL.
--
CREATE FUNCTION pg_temp.permute(b bytea, idx int[]) RETURNS bytea
LANGUAGE sql AS $$
	SELECT string_agg(substr(b, i + 1, 1), ''::bytea ORDER BY ord)
	FROM unnest(idx) WITH ORDINALITY AS t(i, ord)
$$;
CREATE TEMP TABLE orders (repr text, idx int[]);
INSERT INTO orders VALUES
	('standard', '{0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15}'),
	('javaLegacy', '{7,6,5,4,3,2,1,0,15,14,13,12,11,10,9,8}'),
	('csharpLegacy', '{3,2,1,0,5,4,7,6,8,9,10,11,12,13,14,15}'),
	('pythonLegacy', '{0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15}');
CREATE TEMP TABLE rand AS
SELECT gen_random_uuid() AS u FROM generate_series(1, 2000);
SELECT count(DISTINCT u) FROM rand;	-- 2000
SELECT o.repr,
	count(*) FILTER (WHERE uuid_to_bytea(r.u, o.repr) <> pg_temp.permute(uuid_send(r.u), o.idx)) AS wrong_order,
	count(*) FILTER (WHERE uuid_from_bytea(uuid_to_bytea(r.u, o.repr), o.repr) <> r.u) AS bad_bytea_trip,
	count(*) FILTER (WHERE uuid_from_extjson(uuid_to_extjson(r.u, o.repr), o.repr) <> r.u) AS bad_json_trip,
	count(*) FILTER (WHERE decode(uuid_to_extjson(r.u, o.repr)->'$binary'->>'base64', 'base64') <> uuid_to_bytea(r.u, o.repr)) AS bad_base64
FROM orders o, rand r
GROUP BY o.repr ORDER BY o.repr;
-- the one-argument forms under each setting agree with the two-argument ones
CREATE FUNCTION pg_temp.trips(r text, OUT bad bigint)
LANGUAGE plpgsql AS $$
BEGIN
	PERFORM set_config('objectid.uuid_representation', r, true);
	SELECT count(*) INTO bad FROM rand
	WHERE uuid_to_bytea(u) <> uuid_to_bytea(u, r)
		OR uuid_from_bytea(uuid_to_bytea(u)) <> u
		OR uuid_to_extjson(u) <> uuid_to_extjson(u, r)
		OR uuid_from_extjson(uuid_to_extjson(u)) <> u;
END
$$;
SELECT repr, bad FROM orders, pg_temp.trips(repr) ORDER BY repr;
-- legacy bytes differ from standard ones except where the order is the same
SELECT count(*) FROM rand
WHERE uuid_to_bytea(u, 'javaLegacy') = uuid_to_bytea(u, 'standard');	-- 0
SELECT count(*) FROM rand
WHERE uuid_to_bytea(u, 'pythonLegacy') <> uuid_to_bytea(u, 'standard');	-- 0
SELECT count(*) FROM rand
WHERE uuid_to_bytea(u, 'standard') <> uuid_send(u);	-- 0

--
-- Errors
--
-- unknown representation: 22023 with a hint listing the valid names
SELECT uuid_to_bytea('00112233-4455-6677-8899-aabbccddeeff', 'charpLegacy');
SELECT uuid_from_bytea('\x00112233445566778899aabbccddeeff', ' standard');
SELECT uuid_to_extjson('00112233-4455-6677-8899-aabbccddeeff', '');
SELECT uuid_from_extjson('{"$uuid": "00112233-4455-6677-8899-aabbccddeeff"}', 'java-legacy');
-- unspecified, explicit and from the setting: 22023 with a detail
SELECT uuid_from_bytea('\x00112233445566778899aabbccddeeff', 'unspecified');
SET objectid.uuid_representation = 'UNSPECIFIED';
SELECT uuid_to_bytea('00112233-4455-6677-8899-aabbccddeeff');
SELECT uuid_from_extjson('{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w==", "subType": "04"}}');
RESET objectid.uuid_representation;
-- wrong length: 22P03
SELECT uuid_from_bytea('\x00112233445566778899aabbccddee', 'standard');
SELECT uuid_from_bytea('\x00112233445566778899aabbccddeeff00', 'javaLegacy');
SELECT uuid_from_bytea('\x', 'csharpLegacy');
SELECT uuid_from_bytea('\x00112233445566778899aabbccddee');
-- an unknown name is reported before anything about the other argument,
-- as in every conversion
SELECT uuid_from_bytea('\x0011', 'bogus');
SELECT uuid_from_extjson('[]', 'bogus');
-- the SQLSTATE of each
CREATE FUNCTION pg_temp.sqlstate(q text) RETURNS text
LANGUAGE plpgsql AS $$
BEGIN
	EXECUTE q;
	RETURN 'no error';
EXCEPTION WHEN OTHERS THEN
	RETURN SQLSTATE;
END
$$;
SELECT q, pg_temp.sqlstate(q) FROM (VALUES
	($$SELECT uuid_to_bytea('00112233-4455-6677-8899-aabbccddeeff', 'charpLegacy')$$),
	($$SELECT uuid_to_bytea('00112233-4455-6677-8899-aabbccddeeff', 'unspecified')$$),
	($$SELECT uuid_from_bytea('\x00', 'standard')$$),
	($$SELECT uuid_from_bytea('\x00112233445566778899aabbccddeeff', 'pythonLegacy')$$)) v(q);
-- NULL in, NULL out
SELECT uuid_to_bytea(NULL, 'standard') IS NULL,
	uuid_to_bytea('00112233-4455-6677-8899-aabbccddeeff', NULL) IS NULL,
	uuid_from_bytea(NULL, 'standard') IS NULL,
	uuid_from_bytea(NULL::bytea) IS NULL;

-- markings: two-argument forms immutable, one-argument forms stable
SELECT p.oid::regprocedure, p.provolatile, p.proisstrict, p.proparallel,
	p.proleakproof
FROM pg_proc p JOIN pg_depend d ON d.objid = p.oid AND d.classid = 'pg_proc'::regclass
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'objectid'
WHERE p.proname IN ('uuid_to_bytea', 'uuid_from_bytea', 'uuid_to_extjson',
	'uuid_from_extjson', 'objectid_to_extjson', 'objectid_from_extjson',
	'objectid_to_uuid', 'uuid_to_objectid')
ORDER BY p.proname, p.pronargs;
