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

-- 1b. Step 1 on a collection whose application moved from javaLegacy
-- (subtype 03) to standard (subtype 04): no verdict over the whole column,
-- javaLegacy over the subtype 03 values, as doc/migrations.md says to ask
CREATE TABLE mongo_users (doc jsonb);
INSERT INTO mongo_users
SELECT jsonb_build_object('userId', uuid_to_extjson(gen_random_uuid(), 'javaLegacy'))
FROM generate_series(1, 20)
UNION ALL
SELECT jsonb_build_object('userId', uuid_to_extjson(gen_random_uuid(), 'standard'))
FROM generate_series(1, 20);
SELECT r->'verdict' AS verdict, r->>'reason' AS reason
FROM (SELECT uuid_detect_representation(doc->'userId') AS r FROM mongo_users) s;
SELECT uuid_detect_representation(doc->'userId')->'verdict' AS verdict FROM mongo_users
WHERE ltrim(coalesce(doc->'userId'->'$binary'->>'subType', doc->'userId'->>'$type'), '0') = '3';
-- ["javaLegacy"]
DROP TABLE mongo_users;

-- 2. mongoexport output (one Extended JSON document per line) into typed
-- columns: doc/migrations.md's recipe as written, on
-- test/fixtures/users.json, which holds a UUID in every shape mongoexport
-- and the drivers write (canonical subtype 03 and 04, either key order,
-- legacy "$type" 03 and 04, "$uuid" with dashes and as 32 hex digits, as
-- pymongo 3 and pymongo 4's LEGACY mode write it) and lines the recipe
-- cannot read (not JSON, bad base64, subtype 05, 4 bytes, no userId, a
-- duplicate _id, a bad $oid, a $uuid too short): those end in
-- users_rejected with the error's detail, the others in users
\getenv abs_srcdir PG_ABS_SRCDIR
\set fixtures :abs_srcdir '/test/fixtures'
\cd :fixtures
CREATE TABLE mongo_users (line text);
\copy mongo_users (line) FROM 'users.json' WITH (FORMAT csv, QUOTE e'\x01', DELIMITER e'\x02')
-- {"_id":{"$oid":"507f1f77bcf86cd799439011"},"userId":{"$binary":{"base64":"d2ZVRDMiEQD/7t3Mu6qZiA==","subType":"03"}},"name":"alice"}
CREATE TABLE users (id objectid PRIMARY KEY, user_id uuid NOT NULL,
    name text NOT NULL, created timestamptz NOT NULL);
CREATE TABLE users_rejected (line text, sqlstate text, error text, detail text);
SET objectid.uuid_representation = 'javaLegacy';  -- as the application's driver was configured
DO $$
DECLARE
    r record;
    doc jsonb;
    u jsonb;
    detail text;
BEGIN
    FOR r IN SELECT line FROM mongo_users LOOP
        BEGIN
            doc := r.line::jsonb;
            u := doc->'userId';
            -- {"$uuid": "<32 hex digits>"} (pymongo 3, and pymongo 4's json_util in
            -- LEGACY mode) in the dashed form Extended JSON takes
            IF jsonb_typeof(u->'$uuid') = 'string' THEN
                u := jsonb_set(u, '{$uuid}', to_jsonb((u->>'$uuid')::uuid::text));
            END IF;
            INSERT INTO users VALUES (
                objectid_from_extjson(doc->'_id'),
                -- subtype 04 (canonical "subType", legacy "$type", or $uuid) is standard
                CASE WHEN u ? '$uuid' OR ltrim(coalesce(u->'$binary'->>'subType', u->>'$type'), '0') = '4'
                     THEN uuid_from_extjson(u, 'standard')
                     ELSE uuid_from_extjson(u)
                END,
                doc->>'name',
                objectid_timestamp(objectid_from_extjson(doc->'_id')));
        EXCEPTION WHEN data_exception OR integrity_constraint_violation THEN
            GET STACKED DIAGNOSTICS detail = PG_EXCEPTION_DETAIL;
            INSERT INTO users_rejected VALUES (r.line, SQLSTATE, SQLERRM, nullif(detail, ''));
        END;
    END LOOP;
END $$;
RESET objectid.uuid_representation;
SELECT sqlstate, error, count(*) FROM users_rejected GROUP BY 1, 2 ORDER BY 1, 2;
SELECT id, user_id, name,
	to_char(created AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS created_utc
FROM users ORDER BY id;
-- each rejected line with the error's detail, which says why
SELECT sqlstate, error, detail, line FROM users_rejected ORDER BY line;
SELECT (SELECT count(*) FROM users) + (SELECT count(*) FROM users_rejected) = count(*) AS every_line
FROM mongo_users;
-- without the CASE, the subtype 04 document is refused, not misread
SET objectid.uuid_representation = 'javaLegacy';
SELECT uuid_from_extjson(line::jsonb->'userId') FROM mongo_users WHERE line LIKE '%"carol"%';
RESET objectid.uuid_representation;
-- and back to Extended JSON for mongoimport, in the standard representation
SELECT jsonb_build_object('_id', objectid_to_extjson(id),
	'userId', uuid_to_extjson(user_id, 'standard'), 'name', name) AS doc
FROM users ORDER BY id;
-- an ObjectId key as an order-preserving uuid, for systems that want uuids
SELECT id, objectid_to_uuid(id) AS as_uuid, uuid_to_objectid(objectid_to_uuid(id)) = id AS lossless
FROM users ORDER BY id;

DROP TABLE legacy_accounts, legacy_bad, mongo_users, users, users_rejected;
