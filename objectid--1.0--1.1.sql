/* objectid--1.0--1.1.sql */

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION objectid UPDATE TO '1.1'" to load this file. \quit

--
-- What 1.1 adds to 1.0.  objectid--1.1.sql (new installs) holds the same
-- objects; test/update/check proves that an updated 1.0 and a fresh 1.1
-- have identical catalogs.
--

--
-- Restriction estimators of < <= > >= (1.1): core's scalarltsel and friends,
-- interpolating inside histogram bins (src/objectid_selfuncs.c)
--

CREATE FUNCTION objectid_ltsel(internal, oid, internal, int4)
RETURNS float8
AS 'MODULE_PATHNAME'
LANGUAGE C STABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION objectid_ltsel(internal, oid, internal, int4) IS 'restriction selectivity of < on objectid, interpolating inside histogram bins';

CREATE FUNCTION objectid_lesel(internal, oid, internal, int4)
RETURNS float8
AS 'MODULE_PATHNAME'
LANGUAGE C STABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION objectid_lesel(internal, oid, internal, int4) IS 'restriction selectivity of <= on objectid, interpolating inside histogram bins';

CREATE FUNCTION objectid_gtsel(internal, oid, internal, int4)
RETURNS float8
AS 'MODULE_PATHNAME'
LANGUAGE C STABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION objectid_gtsel(internal, oid, internal, int4) IS 'restriction selectivity of > on objectid, interpolating inside histogram bins';

CREATE FUNCTION objectid_gesel(internal, oid, internal, int4)
RETURNS float8
AS 'MODULE_PATHNAME'
LANGUAGE C STABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION objectid_gesel(internal, oid, internal, int4) IS 'restriction selectivity of >= on objectid, interpolating inside histogram bins';

ALTER OPERATOR <(objectid, objectid) SET (RESTRICT = objectid_ltsel);
ALTER OPERATOR <=(objectid, objectid) SET (RESTRICT = objectid_lesel);
ALTER OPERATOR >(objectid, objectid) SET (RESTRICT = objectid_gtsel);
ALTER OPERATOR >=(objectid, objectid) SET (RESTRICT = objectid_gesel);
