--
-- setting: objectid.uuid_representation for a database owner who is not a
-- superuser (README, "The setting objectid.uuid_representation").  Until
-- the library is loaded in a session, PostgreSQL treats the name as a
-- placeholder: ALTER DATABASE/ROLE ... SET and RESET need a superuser or
-- SET permission on the parameter, and LOAD is for superusers
--
SET client_min_messages = warning;
CREATE ROLE regress_objectid_dbowner;
CREATE DATABASE regression_objectid_setting OWNER regress_objectid_dbowner;
RESET client_min_messages;
SELECT current_database() AS origdb \gset
\c regression_objectid_setting
SET ROLE regress_objectid_dbowner;
SET objectid.generator = session;  -- no WARNING on 15 and 16 (see init.sql)
CREATE EXTENSION objectid;  -- trusted: the owner installs it

-- a fresh session where no objectid function has run yet
\c regression_objectid_setting
SET ROLE regress_objectid_dbowner;
SELECT rolsuper FROM pg_roles WHERE rolname = current_user;  -- f
-- SHOW of the name, set nowhere yet, is an error until the library loads
SHOW objectid.uuid_representation;  -- error
\echo :LAST_ERROR_SQLSTATE
ALTER DATABASE regression_objectid_setting SET objectid.uuid_representation = 'javaLegacy';  -- error
\echo :LAST_ERROR_SQLSTATE
ALTER ROLE regress_objectid_dbowner SET objectid.uuid_representation = 'javaLegacy';  -- error
LOAD 'objectid';  -- error
\echo :LAST_ERROR_SQLSTATE
-- SET in the session works, unchecked until the library loads
SET objectid.uuid_representation = 'javaLegacy';
SHOW objectid.uuid_representation;  -- javaLegacy
SET objectid.uuid_representation = 'java';
SHOW objectid.uuid_representation;  -- java

-- once any objectid function has run (a bad SET value is then a WARNING),
-- ALTER ... SET works and is checked
SELECT uuid_to_bytea('00112233-4455-6677-8899-aabbccddeeff');  -- \x0011..., standard
SHOW objectid.uuid_representation;  -- standard
ALTER DATABASE regression_objectid_setting SET objectid.uuid_representation = 'javaLegacy';
ALTER DATABASE regression_objectid_setting SET objectid.uuid_representation = 'java';  -- error
ALTER ROLE regress_objectid_dbowner SET objectid.uuid_representation = 'csharpLegacy';
SELECT setdatabase <> 0 AS for_database, setrole <> 0 AS for_role, unnest(setconfig)
FROM pg_db_role_setting
WHERE setdatabase = (SELECT oid FROM pg_database WHERE datname = current_database())
   OR setrole = 'regress_objectid_dbowner'::regrole
ORDER BY 1;

-- new sessions get the database's value; RESET is refused like SET until
-- the library is loaded
\c regression_objectid_setting
SET ROLE regress_objectid_dbowner;
SHOW objectid.uuid_representation;  -- javaLegacy
ALTER DATABASE regression_objectid_setting RESET objectid.uuid_representation;  -- error
ALTER ROLE regress_objectid_dbowner RESET objectid.uuid_representation;  -- error
SELECT uuid_to_bytea('00112233-4455-6677-8899-aabbccddeeff');  -- \x7766..., javaLegacy
ALTER DATABASE regression_objectid_setting RESET objectid.uuid_representation;
ALTER ROLE regress_objectid_dbowner RESET objectid.uuid_representation;
SELECT count(*) FROM pg_db_role_setting
WHERE setdatabase = (SELECT oid FROM pg_database WHERE datname = current_database())
   OR setrole = 'regress_objectid_dbowner'::regrole;  -- 0
RESET ROLE;

-- what a superuser can grant (1): SET on the parameter lets ALTER ... SET
-- work before the library is loaded (the value is checked only when the
-- library loads in a session); LOAD stays for superusers
GRANT SET ON PARAMETER objectid.uuid_representation TO regress_objectid_dbowner;
\c regression_objectid_setting
SET ROLE regress_objectid_dbowner;
ALTER DATABASE regression_objectid_setting SET objectid.uuid_representation = 'javaLegacy';
ALTER DATABASE regression_objectid_setting RESET objectid.uuid_representation;
LOAD 'objectid';  -- error
RESET ROLE;
REVOKE SET ON PARAMETER objectid.uuid_representation FROM regress_objectid_dbowner;

-- (2): session_preload_libraries loads the library at the start of every
-- session of the database: ALTER ... SET works and a bad value fails at once
ALTER DATABASE regression_objectid_setting SET session_preload_libraries = 'objectid';
\c regression_objectid_setting
SET ROLE regress_objectid_dbowner;
ALTER DATABASE regression_objectid_setting SET objectid.uuid_representation = 'javaLegacy';
SET objectid.uuid_representation = 'java';  -- error
ALTER DATABASE regression_objectid_setting RESET objectid.uuid_representation;
RESET ROLE;
ALTER DATABASE regression_objectid_setting RESET session_preload_libraries;

\c :origdb
DROP DATABASE regression_objectid_setting;
DROP ROLE regress_objectid_dbowner;
