--
-- hostile: objects planted in the install schema (public here) and in
-- pg_temp, under the names of what the portable functions call, change
-- nothing: every function runs with search_path = pg_catalog, pg_temp and
-- calls its own schema's helpers by name.  (A function that followed the
-- caller's path would return 'hijacked' or raise.)
--
\set SHOW_CONTEXT never
SET search_path = pg_catalog, public;
SET timezone = 'UTC';

CREATE FUNCTION public.gen_random_uuid() RETURNS uuid
LANGUAGE sql AS $$ SELECT '00000000-0000-4000-8000-000000000000'::pg_catalog.uuid $$;
CREATE FUNCTION public.to_hex(bigint) RETURNS text
LANGUAGE sql AS $$ SELECT 'hijacked' $$;
CREATE FUNCTION public.lpad(text, integer, text) RETURNS text
LANGUAGE sql AS $$ SELECT 'hijacked' $$;
CREATE FUNCTION public.encode(bytea, text) RETURNS text
LANGUAGE sql AS $$ SELECT 'hijacked' $$;
CREATE FUNCTION public.substr(text, integer, integer) RETURNS text
LANGUAGE sql AS $$ SELECT 'hijacked' $$;
CREATE FUNCTION public.replace(text, text, text) RETURNS text
LANGUAGE sql AS $$ SELECT 'hijacked' $$;
CREATE FUNCTION public.set_config(text, text, boolean) RETURNS text
LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'hijacked'; END $$;
CREATE FUNCTION public.current_setting(text, boolean) RETURNS text
LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'hijacked'; END $$;
CREATE FUNCTION public.hijacked_concat(text, text) RETURNS text
LANGUAGE sql AS $$ SELECT 'hijacked' $$;
CREATE OPERATOR public.|| (LEFTARG = text, RIGHTARG = text, FUNCTION = public.hijacked_concat);
-- and in pg_temp (functions there are never found unqualified; a type is)
CREATE FUNCTION pg_temp.to_hex(bigint) RETURNS text
LANGUAGE sql AS $$ SELECT 'hijacked' $$;
CREATE FUNCTION pg_temp.gen_random_uuid() RETURNS uuid
LANGUAGE sql AS $$ SELECT '00000000-0000-4000-8000-000000000000'::pg_catalog.uuid $$;
CREATE TYPE pg_temp.uuid AS (hijacked int);
CREATE TYPE pg_temp.int8 AS (hijacked int);

-- every function, called with the planted objects first in the path
SET search_path = public, pg_catalog;
CREATE TEMP TABLE results AS
SELECT 'objectid()' AS f, public.objectid()::pg_catalog.text AS r
UNION ALL SELECT 'objectid(timestamptz)', public.objectid(pg_catalog.timestamptz '2020-06-01 12:00:00+00')::pg_catalog.text
UNION ALL SELECT 'objectid_from_timestamp', public.objectid_from_timestamp('2012-10-17 21:13:27+00')::pg_catalog.text
UNION ALL SELECT 'objectid_timestamp', public.objectid_timestamp('507f1f77bcf86cd799439011')::pg_catalog.text
UNION ALL SELECT 'objectid_in', public.objectid_in('507F1F77BCF86CD799439011')::pg_catalog.text
UNION ALL SELECT 'objectid(bytea)', public.objectid('\x507f1f77bcf86cd799439011'::pg_catalog.bytea)::pg_catalog.text
UNION ALL SELECT 'bytea(objectid)', public.bytea('507f1f77bcf86cd799439011'::public.objectid)::pg_catalog.text
UNION ALL SELECT 'uuidv7()', public.uuidv7()::pg_catalog.text
UNION ALL SELECT 'uuidv7(interval)', public.uuidv7(pg_catalog.interval '1 day')::pg_catalog.text
UNION ALL SELECT 'uuidv7_at', public.uuidv7_at('2022-02-22 19:22:22+00')::pg_catalog.text
UNION ALL SELECT 'uuidv6()', public.uuidv6()::pg_catalog.text
UNION ALL SELECT 'uuidv8()', public.uuidv8()::pg_catalog.text
UNION ALL SELECT 'uuidv8(bytea)', public.uuidv8('\x00112233445566778899aabbccddeeff'::pg_catalog.bytea)::pg_catalog.text
UNION ALL SELECT 'uuidv4()', public.uuidv4()::pg_catalog.text
UNION ALL SELECT 'uuid_extract_version', public.uuid_extract_version('017f22e2-79b0-7cc3-98c4-dc0c0c07398f')::pg_catalog.text
UNION ALL SELECT 'uuid_extract_timestamp', public.uuid_extract_timestamp('017f22e2-79b0-7cc3-98c4-dc0c0c07398f')::pg_catalog.text
UNION ALL SELECT 'uuid_timestamp', public.uuid_timestamp('1ec9414c-232a-6b00-b3c8-9f6bdeced846')::pg_catalog.text
UNION ALL SELECT 'uuidv6_extract_timestamp', public.uuidv6_extract_timestamp('1ec9414c-232a-6b00-b3c8-9f6bdeced846')::pg_catalog.text
UNION ALL SELECT 'uuidv8_extract_timestamp', public.uuidv8_extract_timestamp('2489e9ad-2ee2-8e00-8ec9-32d5f69181c0')::pg_catalog.text
UNION ALL SELECT 'uuidv7_from_timestamp', public.uuidv7_from_timestamp('2022-02-22 19:22:22+00')::pg_catalog.text
UNION ALL SELECT 'uuid_v1_to_v6', public.uuid_v1_to_v6('c232ab00-9414-11ec-b3c8-9f6bdeced846')::pg_catalog.text
UNION ALL SELECT 'uuid_v6_to_v1', public.uuid_v6_to_v1('1ec9414c-232a-6b00-b3c8-9f6bdeced846')::pg_catalog.text
UNION ALL SELECT 'uuid_to_bytea', public.uuid_to_bytea('00112233-4455-6677-8899-aabbccddeeff', 'javaLegacy')::pg_catalog.text
UNION ALL SELECT 'uuid_to_bytea(setting)', public.uuid_to_bytea('00112233-4455-6677-8899-aabbccddeeff')::pg_catalog.text
UNION ALL SELECT 'uuid_from_bytea', public.uuid_from_bytea('\x33221100554477668899aabbccddeeff', 'csharpLegacy')::pg_catalog.text
UNION ALL SELECT 'uuid_to_extjson', public.uuid_to_extjson('00112233-4455-6677-8899-aabbccddeeff', 'javaLegacy')::pg_catalog.text
UNION ALL SELECT 'uuid_from_extjson', public.uuid_from_extjson('{"$binary": "d2ZVRDMiEQD/7t3Mu6qZiA==", "$type": "03"}', 'javaLegacy')::pg_catalog.text
UNION ALL SELECT 'uuid_representations', public.uuid_representations('\x7766554433221100ffeeddccbbaa9988'::pg_catalog.bytea)::pg_catalog.text
UNION ALL SELECT 'uuid_detect_representation', (SELECT public.uuid_detect_representation(x) OPERATOR(pg_catalog.->>) 'fit_all'
	FROM (VALUES ('\x7766554433221100ffeeddccbbaa9988'::pg_catalog.bytea)) v(x))
UNION ALL SELECT 'objectid_to_extjson', public.objectid_to_extjson('507f1f77bcf86cd799439011')::pg_catalog.text
UNION ALL SELECT 'objectid_from_extjson', public.objectid_from_extjson('{"$oid": "507f1f77bcf86cd799439011"}')::pg_catalog.text
UNION ALL SELECT 'objectid_to_uuid', public.objectid_to_uuid('507f1f77bcf86cd799439011')::pg_catalog.text
UNION ALL SELECT 'uuid_to_objectid', public.uuid_to_objectid('507f1f77-bcf8-86cd-9e65-0e4044000000')::pg_catalog.text;
-- the generated values are not the planted constant, nor 'hijacked'
-- (their variable parts are masked)
SET search_path = pg_catalog;	-- pg_temp is still searched first for types: pg_catalog.uuid below
SELECT f, CASE
	WHEN f = 'objectid()' THEN r ~ '^[0-9a-f]{24}$' AND substr(r, 9, 10) <> '0000000000'
	WHEN f = 'objectid(timestamptz)' THEN r ~ '^5ed4edc0[0-9a-f]{16}$' AND substr(r, 9, 10) <> '0000000000'
	WHEN f IN ('uuidv7()', 'uuidv7(interval)', 'uuidv6()', 'uuidv8()', 'uuidv4()') THEN
		r::pg_catalog.uuid <> '00000000-0000-4000-8000-000000000000'::pg_catalog.uuid AND substr(r, 20) <> '8000-000000000000'
	WHEN f = 'uuidv7_at' THEN r LIKE '017f22e2-79b0-7000-%'
	END AS generated_ok,
	CASE WHEN f NOT IN ('objectid()', 'objectid(timestamptz)', 'uuidv7()', 'uuidv7(interval)',
	                    'uuidv6()', 'uuidv8()', 'uuidv4()', 'uuidv7_at') THEN r END AS result
FROM results ORDER BY f;
