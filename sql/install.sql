--
-- install: the install script needs no procedural language.  In a database
-- without PL/pgSQL a non-superuser installs the extension into a schema of
-- its choice, and on PostgreSQL 18+ skip support (btree support function 6)
-- is still added, in that schema, as a member of the extension
--
SET client_min_messages = warning;
CREATE ROLE regress_objectid_installer;
CREATE DATABASE regression_objectid_nopl OWNER regress_objectid_installer;
RESET client_min_messages;
SELECT current_database() AS origdb \gset
\c regression_objectid_nopl
DROP EXTENSION plpgsql;
SELECT count(*) FROM pg_language WHERE lanname NOT IN ('internal', 'c', 'sql');  -- 0

SET ROLE regress_objectid_installer;
SET objectid.generator = session;  -- no WARNING on 15 and 16 (see init.sql)

-- a schema that has a function of a name objectid creates (as TimescaleDB's
-- uuid_timestamp(uuid) in public): the install is refused, its hint says
-- how to give objectid a schema of its own
CREATE SCHEMA objectid_clash;
CREATE FUNCTION objectid_clash.uuid_timestamp(uuid) RETURNS timestamptz
LANGUAGE sql IMMUTABLE AS 'SELECT NULL::timestamptz';
\set SHOW_CONTEXT never
CREATE EXTENSION objectid SCHEMA objectid_clash;
DROP SCHEMA objectid_clash CASCADE;
\set SHOW_CONTEXT errors

CREATE SCHEMA objectid_here;
CREATE EXTENSION objectid SCHEMA objectid_here;
RESET ROLE;
SELECT e.extname, n.nspname AS schema
FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
WHERE e.extname = 'objectid';

-- support function 6 exactly where the server has skip support (t on every
-- version): objectid_skipsupport in the extension's schema, a member of it
SELECT count(*) = (current_setting('server_version_num')::int >= 180000)::int
       AS skip_support_as_the_server_allows
FROM pg_amproc amp
JOIN pg_opfamily opf ON opf.oid = amp.amprocfamily
JOIN pg_am am ON am.oid = opf.opfmethod
JOIN pg_proc p ON p.oid = amp.amproc
JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid
WHERE am.amname = 'btree' AND opf.opfname = 'objectid_ops' AND amp.amprocnum = 6
  AND p.proname = 'objectid_skipsupport'
  AND p.pronamespace = 'objectid_here'::regnamespace
  AND d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e'
  AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'objectid');

-- the install helper is gone, and every function is in the chosen schema
SELECT count(*) FROM pg_proc WHERE proname = 'objectid_install_skipsupport';  -- 0
SELECT count(*) FILTER (WHERE p.pronamespace <> 'objectid_here'::regnamespace) AS elsewhere
FROM pg_depend d JOIN pg_proc p ON d.classid = 'pg_proc'::regclass AND p.oid = d.objid
WHERE d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e'
  AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'objectid');  -- 0

-- the operator classes validate, and the btree index works
SELECT opc.opcname FROM pg_opclass opc
WHERE opc.opcintype = 'objectid_here.objectid'::regtype AND NOT amvalidate(opc.oid);
SET search_path = objectid_here;
CREATE TABLE t (id objectid PRIMARY KEY);
INSERT INTO t SELECT objectid() FROM generate_series(1, 1000);
SET enable_seqscan = off;
SELECT count(*) FROM t WHERE id >= objectid_from_timestamp(now() - interval '1 hour');  -- 1000
RESET enable_seqscan;
DROP TABLE t;
RESET search_path;

\c :origdb
DROP DATABASE regression_objectid_nopl;
DROP ROLE regress_objectid_installer;
