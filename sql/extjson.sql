--
-- MongoDB Extended JSON: uuid_to_extjson / uuid_from_extjson (canonical v2
-- "$binary", legacy v1 "$binary" + "$type", "$uuid") and
-- objectid_to_extjson / objectid_from_extjson ("$oid"); every malformed
-- shape is an error that says what was wrong.
--

-- canonical output: v2 "$binary" with a two-digit lowercase subtype
SELECT uuid_to_extjson('00112233-4455-6677-8899-aabbccddeeff', 'standard');
SELECT uuid_to_extjson('00112233-4455-6677-8899-aabbccddeeff', 'javaLegacy');
SELECT uuid_to_extjson('00112233-4455-6677-8899-aabbccddeeff', 'csharpLegacy');
SELECT uuid_to_extjson('00112233-4455-6677-8899-aabbccddeeff', 'pythonLegacy');
-- as text, exactly what mongoexport writes (jsonb normalises spacing)
SELECT uuid_to_extjson('00112233-4455-6677-8899-aabbccddeeff')::text =
	'{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w==", "subType": "04"}}';	-- t
-- the base64 is PostgreSQL's own encoding of the representation's bytes
SELECT count(*) FROM (SELECT gen_random_uuid() AS u FROM generate_series(1, 500)) s
WHERE uuid_to_extjson(u, 'javaLegacy')->'$binary'->>'base64' <>
	encode(uuid_to_bytea(u, 'javaLegacy'), 'base64');	-- 0

-- input: the legacy v1 form and the "$uuid" form
SELECT uuid_from_extjson('{"$binary": "d2ZVRDMiEQD/7t3Mu6qZiA==", "$type": "03"}', 'javaLegacy');
SELECT uuid_from_extjson('{"$binary": "MyIRAFVEd2aImaq7zN3u/w==", "$type": "03"}', 'csharpLegacy');
SELECT uuid_from_extjson('{"$binary": "ABEiM0RVZneImaq7zN3u/w==", "$type": "03"}', 'pythonLegacy');
SELECT uuid_from_extjson('{"$binary": "ABEiM0RVZneImaq7zN3u/w==", "$type": "04"}', 'standard');
SELECT uuid_from_extjson('{"$binary": "ABEiM0RVZneImaq7zN3u/w==", "$type": "04"}');
SELECT uuid_from_extjson('{"$uuid": "00112233-4455-6677-8899-aabbccddeeff"}');
SELECT uuid_from_extjson('{"$uuid": "00112233-4455-6677-8899-AABBCCDDEEFF"}', 'standard');
-- one-digit and uppercase subtypes are the Extended JSON spec's too
SELECT uuid_from_extjson('{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w==", "subType": "4"}}');
SELECT uuid_from_extjson('{"$binary": "d2ZVRDMiEQD/7t3Mu6qZiA==", "$type": "3"}', 'javaLegacy');
-- key order and spacing do not matter (jsonb)
SELECT uuid_from_extjson('{"$type":"03","$binary":"MyIRAFVEd2aImaq7zN3u/w=="}', 'C_SHARP_LEGACY');
SELECT uuid_from_extjson('{"$binary":{"subType":"03","base64":"d2ZVRDMiEQD/7t3Mu6qZiA=="}}', 'JAVA_LEGACY');

-- the subtype rules hold for every form: "$uuid" is subtype 4
SELECT uuid_from_extjson('{"$uuid": "00112233-4455-6677-8899-aabbccddeeff"}', 'javaLegacy');	-- error
SELECT uuid_from_extjson('{"$binary": "ABEiM0RVZneImaq7zN3u/w==", "$type": "04"}', 'pythonLegacy');	-- error
SELECT uuid_from_extjson('{"$binary": "ABEiM0RVZneImaq7zN3u/w==", "$type": "03"}', 'standard');	-- error
SELECT uuid_from_extjson('{"$uuid": "00112233-4455-6677-8899-aabbccddeeff"}', 'unspecified');	-- error

-- not an object
SELECT uuid_from_extjson('"00112233-4455-6677-8899-aabbccddeeff"');
SELECT uuid_from_extjson('[{"$uuid": "00112233-4455-6677-8899-aabbccddeeff"}]');
SELECT uuid_from_extjson('null');
SELECT uuid_from_extjson('16');
-- missing keys
SELECT uuid_from_extjson('{}');
SELECT uuid_from_extjson('{"$type": "04"}');
SELECT uuid_from_extjson('{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w=="}}');
SELECT uuid_from_extjson('{"$binary": {"subType": "04"}}');
SELECT uuid_from_extjson('{"$binary": {}}');
SELECT uuid_from_extjson('{"$binary": "ABEiM0RVZneImaq7zN3u/w=="}');
-- extra keys are never ignored
SELECT uuid_from_extjson('{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w==", "subType": "04", "extra": 1}}');
SELECT uuid_from_extjson('{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w==", "subType": "04"}, "_id": 1}');
SELECT uuid_from_extjson('{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w==", "subType": "04"}, "$type": "04"}');
SELECT uuid_from_extjson('{"$uuid": "00112233-4455-6677-8899-aabbccddeeff", "$binary": "ABEiM0RVZneImaq7zN3u/w=="}');
SELECT uuid_from_extjson('{"$uuid": "00112233-4455-6677-8899-aabbccddeeff", "$type": "04"}');
SELECT uuid_from_extjson('{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w==", "subType": "04", "$type": "04"}}');
SELECT uuid_from_extjson('{"$BINARY": {"base64": "ABEiM0RVZneImaq7zN3u/w==", "subType": "04"}}');
-- wrong JSON types
SELECT uuid_from_extjson('{"$binary": ["ABEiM0RVZneImaq7zN3u/w==", "04"]}');
SELECT uuid_from_extjson('{"$binary": 16}');
SELECT uuid_from_extjson('{"$binary": {"base64": 0, "subType": "04"}}');
SELECT uuid_from_extjson('{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w==", "subType": 4}}');
SELECT uuid_from_extjson('{"$binary": {"base64": null, "subType": "04"}}');
SELECT uuid_from_extjson('{"$binary": "ABEiM0RVZneImaq7zN3u/w==", "$type": 3}');
SELECT uuid_from_extjson('{"$uuid": {"$binary": "ABEiM0RVZneImaq7zN3u/w=="}}');
SELECT uuid_from_extjson('{"$uuid": true}');
-- bad base64: whitespace, other alphabets, padding, non-canonical bits
SELECT uuid_from_extjson('{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w== ", "subType": "04"}}');
SELECT uuid_from_extjson('{"$binary": {"base64": "ABEiM0RVZneI\nmaq7zN3u/w==", "subType": "04"}}');
SELECT uuid_from_extjson('{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u_w==", "subType": "04"}}');
SELECT uuid_from_extjson('{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w", "subType": "04"}}');
SELECT uuid_from_extjson('{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w=", "subType": "04"}}');
SELECT uuid_from_extjson('{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/x==", "subType": "04"}}');
SELECT uuid_from_extjson('{"$binary": "ABEiM0RVZneImaq7zN3u/w=*", "$type": "03"}', 'pythonLegacy');
-- wrong lengths (valid base64 of 15, 17 and 0 bytes): 22P03
SELECT uuid_from_extjson('{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u", "subType": "04"}}');
SELECT uuid_from_extjson('{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/wA=", "subType": "04"}}');
SELECT uuid_from_extjson('{"$binary": {"base64": "", "subType": "04"}}');
SELECT uuid_from_extjson('{"$binary": "ABEiM0RVZneImaq7zN3u", "$type": "03"}', 'javaLegacy');
-- unknown or malformed subtypes
SELECT uuid_from_extjson('{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w==", "subType": "00"}}');
SELECT uuid_from_extjson('{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w==", "subType": "05"}}');
SELECT uuid_from_extjson('{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w==", "subType": "80"}}');
SELECT uuid_from_extjson('{"$binary": "ABEiM0RVZneImaq7zN3u/w==", "$type": "00"}', 'javaLegacy');
SELECT uuid_from_extjson('{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w==", "subType": "004"}}');
SELECT uuid_from_extjson('{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w==", "subType": ""}}');
SELECT uuid_from_extjson('{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w==", "subType": "0x04"}}');
SELECT uuid_from_extjson('{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w==", "subType": "g4"}}');
-- bad "$uuid" strings
SELECT uuid_from_extjson('{"$uuid": "00112233445566778899aabbccddeeff"}');
SELECT uuid_from_extjson('{"$uuid": "{00112233-4455-6677-8899-aabbccddeeff}"}');
SELECT uuid_from_extjson('{"$uuid": "00112233-4455-6677-8899-aabbccddeef"}');
SELECT uuid_from_extjson('{"$uuid": "0011223-34455-6677-8899-aabbccddeeff"}');
SELECT uuid_from_extjson('{"$uuid": "00112233-4455-6677-8899-aabbccddeefg"}');
SELECT uuid_from_extjson('{"$uuid": ""}');

-- pymongo 3.x's json_util.dumps writes "$uuid" as 32 hex digits without
-- dashes, which the spec lists as a parse error: refused.  Rewriting the
-- value through the uuid type inserts the dashes (and keeps dashed values)
SELECT uuid_from_extjson('{"$uuid": "00112233445566778899AABBCCDDEEFF"}', 'standard');  -- error
SELECT doc->>'$uuid' AS written,
       uuid_from_extjson(jsonb_build_object('$uuid', (doc->>'$uuid')::uuid::text),
                         'standard') AS decoded
FROM (VALUES ('{"$uuid": "00112233445566778899aabbccddeeff"}'::jsonb),
             ('{"$uuid": "00112233445566778899AABBCCDDEEFF"}'),
             ('{"$uuid": "00112233-4455-6677-8899-aabbccddeeff"}')) v(doc);

-- SQLSTATEs: shape, base64, hex 22P02; length 22P03; subtype 22023
CREATE FUNCTION pg_temp.sqlstate(q text) RETURNS text
LANGUAGE plpgsql AS $$
BEGIN
	EXECUTE q;
	RETURN 'no error';
EXCEPTION WHEN OTHERS THEN
	RETURN SQLSTATE;
END
$$;
SELECT j, pg_temp.sqlstate(format('SELECT uuid_from_extjson(%L, %L)', j, r)) AS sqlstate
FROM (VALUES
	('[]', 'standard'),
	('{"$binary": {"subType": "04"}}', 'standard'),
	('{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w==", "subType": "04", "x": 0}}', 'standard'),
	('{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w", "subType": "04"}}', 'standard'),
	('{"$uuid": "00112233-4455-6677-8899-aabbccddeefg"}', 'standard'),
	('{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w==", "subType": "zz"}}', 'standard'),
	('{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u", "subType": "04"}}', 'standard'),
	('{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w==", "subType": "00"}}', 'standard'),
	('{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w==", "subType": "04"}}', 'javaLegacy'),
	('{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w==", "subType": "04"}}', 'nonsense'),
	('{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w==", "subType": "04"}}', 'standard')) v(j, r);

--
-- objectid: {"$oid": "<24 hex digits>"}
--
SELECT objectid_to_extjson('507f1f77bcf86cd799439011');
SELECT objectid_to_extjson('507f1f77bcf86cd799439011')::text = '{"$oid": "507f1f77bcf86cd799439011"}';	-- t
SELECT objectid_from_extjson('{"$oid": "507f1f77bcf86cd799439011"}');
SELECT objectid_from_extjson('{"$oid": "507F1F77BCF86CD799439011"}');
-- round trip of many random objectids
SELECT count(*) FROM (
	SELECT substr(uuid_send(gen_random_uuid()), 1, 12)::objectid AS o
	FROM generate_series(1, 1000)) s
WHERE objectid_from_extjson(objectid_to_extjson(o)) <> o
	OR objectid_to_extjson(o)->>'$oid' <> o::text;	-- 0
-- malformed
SELECT objectid_from_extjson('"507f1f77bcf86cd799439011"');
SELECT objectid_from_extjson('["507f1f77bcf86cd799439011"]');
SELECT objectid_from_extjson('{}');
SELECT objectid_from_extjson('{"oid": "507f1f77bcf86cd799439011"}');
SELECT objectid_from_extjson('{"$oid": "507f1f77bcf86cd799439011", "x": 1}');
SELECT objectid_from_extjson('{"$oid": 1350508407}');
SELECT objectid_from_extjson('{"$oid": {"$oid": "507f1f77bcf86cd799439011"}}');
SELECT objectid_from_extjson('{"$oid": "507f1f77bcf86cd79943901"}');
SELECT objectid_from_extjson('{"$oid": "507f1f77bcf86cd7994390111"}');
SELECT objectid_from_extjson('{"$oid": "507f1f77bcf86cd79943901g"}');
SELECT objectid_from_extjson('{"$oid": " 507f1f77bcf86cd799439011"}');
SELECT objectid_from_extjson('{"$oid": "ObjectId(507f1f77bcf86cd799439011)"}');
SELECT pg_temp.sqlstate($$SELECT objectid_from_extjson('{"$oid": "507f1f77bcf86cd79943901g"}')$$);	-- 22P02
SELECT pg_temp.sqlstate($$SELECT objectid_from_extjson('{}')$$);	-- 22P02
-- NULL in, NULL out
SELECT objectid_to_extjson(NULL) IS NULL, objectid_from_extjson(NULL) IS NULL,
	uuid_to_extjson(NULL, 'standard') IS NULL, uuid_from_extjson(NULL) IS NULL;
