-- src/objectid_skipsupport.sql: btree skip support (support function 6,
-- PostgreSQL 18+) for the objectid operator family; the one copy of these
-- statements.
--
-- CREATE EXTENSION on 18+ runs them: the install script calls
-- objectid_install_skipsupport() (src/objectid_ops.c), which has this file
-- compiled in and puts the extension's schema for :"schema" and its own
-- library for '$libdir/objectid'.  A database created on 15-17 and moved to
-- 18+ by pg_upgrade has no skip support; a superuser adds it once per
-- database with psql, making the function a member of the extension as
-- CREATE EXTENSION would (README, "Upgrading across PostgreSQL 18"):
--
--   psql -d DB -1 -v ON_ERROR_STOP=1 -v schema=SCHEMA -f objectid_skipsupport.sql \
--        -c 'ALTER EXTENSION objectid ADD FUNCTION SCHEMA.objectid_skipsupport(internal)'

CREATE FUNCTION :"schema".objectid_skipsupport(pg_catalog.internal)
RETURNS pg_catalog.void
AS '$libdir/objectid', 'objectid_skipsupport'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION :"schema".objectid_skipsupport(pg_catalog.internal)
IS 'btree skip support: the next and previous objectid';

ALTER OPERATOR FAMILY :"schema".objectid_ops USING btree
ADD FUNCTION 6 (:"schema".objectid)
    :"schema".objectid_skipsupport(pg_catalog.internal);
