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

--
-- Finding the representation that wrote legacy UUID bytes
-- (src/uuid_detect.c).  uuid_representations() tests one value;
-- the aggregate uuid_detect_representation() weighs a column and returns
-- its report as jsonb.  Its transition functions read the transaction's
-- start time (the timestamp test), hence STABLE; the state is a fixed-size
-- tally, combined across parallel workers.
--

CREATE FUNCTION uuid_representations(bytea)
RETURNS text[]
AS 'MODULE_PATHNAME', 'objectid_uuid_representations'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION uuid_representations(bytea) IS 'the representations under which 16 bytes decode to a well-formed RFC 9562 UUID (variant 10, version 1-8)';

CREATE FUNCTION uuid_detect_accum(internal, bytea)
RETURNS internal
AS 'MODULE_PATHNAME', 'objectid_uuid_detect_accum_bytea'
LANGUAGE C STABLE PARALLEL SAFE;

COMMENT ON FUNCTION uuid_detect_accum(internal, bytea) IS 'uuid_detect_representation(bytea) transition function';

CREATE FUNCTION uuid_detect_accum(internal, jsonb)
RETURNS internal
AS 'MODULE_PATHNAME', 'objectid_uuid_detect_accum_jsonb'
LANGUAGE C STABLE PARALLEL SAFE;

COMMENT ON FUNCTION uuid_detect_accum(internal, jsonb) IS 'uuid_detect_representation(jsonb) transition function';

CREATE FUNCTION uuid_detect_combine(internal, internal)
RETURNS internal
AS 'MODULE_PATHNAME', 'objectid_uuid_detect_combine'
LANGUAGE C IMMUTABLE PARALLEL SAFE;

COMMENT ON FUNCTION uuid_detect_combine(internal, internal) IS 'uuid_detect_representation combine function';

CREATE FUNCTION uuid_detect_serialize(internal)
RETURNS bytea
AS 'MODULE_PATHNAME', 'objectid_uuid_detect_serialize'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION uuid_detect_serialize(internal) IS 'uuid_detect_representation serialization function';

CREATE FUNCTION uuid_detect_deserialize(bytea, internal)
RETURNS internal
AS 'MODULE_PATHNAME', 'objectid_uuid_detect_deserialize'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION uuid_detect_deserialize(bytea, internal) IS 'uuid_detect_representation deserialization function';

CREATE FUNCTION uuid_detect_final(internal)
RETURNS jsonb
AS 'MODULE_PATHNAME', 'objectid_uuid_detect_final'
LANGUAGE C IMMUTABLE PARALLEL SAFE;

COMMENT ON FUNCTION uuid_detect_final(internal) IS 'uuid_detect_representation final function: the report';

CREATE AGGREGATE uuid_detect_representation(bytea) (
	SFUNC            = uuid_detect_accum,
	STYPE            = internal,
	FINALFUNC        = uuid_detect_final,
	FINALFUNC_MODIFY = READ_ONLY,
	COMBINEFUNC      = uuid_detect_combine,
	SERIALFUNC       = uuid_detect_serialize,
	DESERIALFUNC     = uuid_detect_deserialize,
	PARALLEL         = SAFE
);

COMMENT ON AGGREGATE uuid_detect_representation(bytea) IS 'which UUID representation wrote a column of 16-byte values: counts, verdict and chance as jsonb';

CREATE AGGREGATE uuid_detect_representation(jsonb) (
	SFUNC            = uuid_detect_accum,
	STYPE            = internal,
	FINALFUNC        = uuid_detect_final,
	FINALFUNC_MODIFY = READ_ONLY,
	COMBINEFUNC      = uuid_detect_combine,
	SERIALFUNC       = uuid_detect_serialize,
	DESERIALFUNC     = uuid_detect_deserialize,
	PARALLEL         = SAFE
);

COMMENT ON AGGREGATE uuid_detect_representation(jsonb) IS 'which UUID representation wrote a column of Extended JSON binaries (subtype included): counts, verdict and chance as jsonb';
