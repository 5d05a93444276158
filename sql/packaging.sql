--
-- packaging: the extension is trusted (a non-superuser with CREATE on the
-- database installs it) and relocatable (ALTER EXTENSION ... SET SCHEMA)
--
SET objectid.generator = session;  -- no WARNING on 15 and 16 (see init.sql)
SET client_min_messages = warning;
DROP EXTENSION objectid;
CREATE ROLE regress_objectid_owner;
SELECT format('GRANT CREATE ON DATABASE %I TO regress_objectid_owner', current_database()) \gexec
RESET client_min_messages;

-- a non-superuser installs it into a schema of its own, owns the extension,
-- and uses it
SET ROLE regress_objectid_owner;
SELECT rolsuper FROM pg_roles WHERE rolname = current_user;  -- f
CREATE SCHEMA objectid_owned;
CREATE EXTENSION objectid SCHEMA objectid_owned;
SELECT e.extname, n.nspname AS schema, r.rolname AS owner
FROM pg_extension e JOIN pg_roles r ON r.oid = e.extowner
JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'objectid';
SET search_path = objectid_owned;
CREATE TABLE orders (id objectid PRIMARY KEY DEFAULT objectid(), u uuid DEFAULT uuidv7());
INSERT INTO orders DEFAULT VALUES;
SELECT count(*), bool_and(objectid_timestamp(id) IS NOT NULL) FROM orders;  -- 1, t
DROP TABLE orders;
RESET search_path;
RESET ROLE;

-- relocatable: every object moves with SET SCHEMA (member objects of a
-- trusted extension belong to the bootstrap superuser, so a superuser moves
-- them), and keeps working
CREATE SCHEMA objectid_moved;
ALTER EXTENSION objectid SET SCHEMA objectid_moved;
SELECT count(*) FILTER (WHERE n.nspname = 'objectid_moved'
                         AND p.proname <> 'objectid_skipsupport') AS moved,  -- 18+ has one more
       count(*) FILTER (WHERE n.nspname <> 'objectid_moved') AS elsewhere
FROM pg_depend d
JOIN pg_proc p ON d.classid = 'pg_proc'::regclass AND p.oid = d.objid
JOIN pg_namespace n ON n.oid = p.pronamespace
WHERE d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e'
  AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'objectid');
SELECT objectid_moved.objectid_timestamp('507f1f77bcf86cd799439011'::objectid_moved.objectid)
       = '2012-10-17 21:13:27+00' AS works_qualified;  -- t
SELECT '507f1f77bcf86cd799439011'::objectid;  -- error: not on the search path

-- leave the database as the other tests expect it
DROP EXTENSION objectid;
DROP SCHEMA objectid_moved, objectid_owned;
SELECT format('REVOKE CREATE ON DATABASE %I FROM regress_objectid_owner', current_database()) \gexec
DROP ROLE regress_objectid_owner;
CREATE EXTENSION objectid;

-- 18+ lists loaded libraries by name and version (PG_MODULE_MAGIC_EXT): the
-- library's is the release's, whose major.minor is the extension's version
-- (earlier majors have no such list: true there)
CREATE FUNCTION pg_temp.module_names_release() RETURNS bool
LANGUAGE plpgsql AS $$
DECLARE
	listed bool;
BEGIN
	IF current_setting('server_version_num')::int < 180000 THEN
		RETURN true;
	END IF;
	EXECUTE $q$
		SELECT m.module_name = 'objectid'
		       AND m.version ~ ('^' || replace(e.extversion, '.', '\.') || '\.[0-9]+$')
		FROM pg_get_loaded_modules() m, pg_extension e
		WHERE m.file_name = 'objectid.so' AND e.extname = 'objectid'$q$ INTO listed;
	RETURN listed;
END
$$;
SELECT objectid(timestamptz '2024-01-01+00') IS NOT NULL AS loaded, pg_temp.module_names_release();  -- t t
