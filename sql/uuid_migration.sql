--
-- The migration walkthrough (doc/migrations.md, step 2), statement for statement.
--

-- 1. A bytea column of Java-legacy UUID bytes, converted in place.
CREATE TABLE legacy_accounts (
	id    bytea PRIMARY KEY,	-- written by the Java driver (JAVA_LEGACY)
	owner text NOT NULL
);
INSERT INTO legacy_accounts VALUES
	('\x7766554433221100ffeeddccbbaa9988', 'alice'),
	('\x124a8ef21ffa11e23daee47cf5392abb', 'bob');
-- every value must be 16 bytes, or the ALTER below stops at the first bad one
SELECT count(*) AS wrong_length FROM legacy_accounts WHERE length(id) <> 16;
ALTER TABLE legacy_accounts
	ALTER COLUMN id TYPE uuid USING uuid_from_bytea(id, 'javaLegacy');
SELECT id, owner FROM legacy_accounts ORDER BY owner;
SELECT format_type(atttypid, atttypmod) FROM pg_attribute
WHERE attrelid = 'legacy_accounts'::regclass AND attname = 'id';	-- uuid
-- the Java driver's bytes are still one call away
SELECT uuid_to_bytea(id, 'javaLegacy') FROM legacy_accounts ORDER BY owner;
-- a bad row makes the whole ALTER fail, leaving the table as it was
CREATE TABLE legacy_bad (id bytea);
INSERT INTO legacy_bad VALUES ('\x7766554433221100ffeeddccbbaa9988'), ('\x7766');
ALTER TABLE legacy_bad ALTER COLUMN id TYPE uuid USING uuid_from_bytea(id, 'javaLegacy');
SELECT format_type(atttypid, atttypmod) FROM pg_attribute
WHERE attrelid = 'legacy_bad'::regclass AND attname = 'id';	-- bytea

-- 2. mongoexport output (one Extended JSON document per line) into typed
-- columns.  In psql:  \copy mongo_users (doc) FROM 'users.json' WITH (FORMAT csv, QUOTE e'\x01', DELIMITER e'\x02')
-- (the CSV options keep COPY from reading anything in the JSON as its own
-- escapes); here the same COPY reads the lines inline.
CREATE TABLE mongo_users (doc jsonb);
COPY mongo_users (doc) FROM stdin WITH (FORMAT csv, QUOTE e'\x01', DELIMITER e'\x02');
{"_id":{"$oid":"507f1f77bcf86cd799439011"},"userId":{"$binary":{"base64":"d2ZVRDMiEQD/7t3Mu6qZiA==","subType":"03"}},"name":"alice"}
{"_id":{"$oid":"5f3e1b2c9d8e7f6a5b4c3d2e"},"userId":{"$binary":{"base64":"EkqO8h/6EeI9ruR89Tkquw==","subType":"03"}},"name":"bob \"the builder\""}
{"_id":{"$oid":"65a0c0ffee0000000000beef"},"userId":{"$binary":{"base64":"ABEiM0RVZneImaq7zN3u/w==","subType":"04"}},"name":"carol"}
\.
CREATE TABLE users (
	id      objectid PRIMARY KEY,
	user_id uuid NOT NULL,
	name    text NOT NULL,
	created timestamptz NOT NULL
);
-- the application wrote its UUIDs through the Java driver (subtype 03);
-- newer documents already carry subtype 04 standard UUIDs
SET objectid.uuid_representation = 'javaLegacy';
INSERT INTO users
SELECT objectid_from_extjson(doc->'_id'),
	CASE doc->'userId'->'$binary'->>'subType'
		WHEN '04' THEN uuid_from_extjson(doc->'userId', 'standard')
		ELSE uuid_from_extjson(doc->'userId')
	END,
	doc->>'name',
	objectid_timestamp(objectid_from_extjson(doc->'_id'))
FROM mongo_users;
RESET objectid.uuid_representation;
SELECT id, user_id, name,
	to_char(created AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS created_utc
FROM users ORDER BY id;
-- without the CASE, the subtype 04 document is refused, not misread
SET objectid.uuid_representation = 'javaLegacy';
SELECT uuid_from_extjson(doc->'userId') FROM mongo_users WHERE doc->>'name' = 'carol';
RESET objectid.uuid_representation;
-- and back to Extended JSON for mongoimport, in the standard representation
SELECT jsonb_build_object('_id', objectid_to_extjson(id),
	'userId', uuid_to_extjson(user_id, 'standard'), 'name', name) AS doc
FROM users ORDER BY id;
-- an ObjectId key as an order-preserving uuid, for systems that want uuids
SELECT id, objectid_to_uuid(id) AS as_uuid, uuid_to_objectid(objectid_to_uuid(id)) = id AS lossless
FROM users ORDER BY id;

DROP TABLE legacy_accounts, legacy_bad, mongo_users, users;
