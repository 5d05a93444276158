/* objectid--1.2.sql */

-- complain if script is sourced in psql, rather than via CREATE EXTENSION
\echo Use "CREATE EXTENSION objectid" to load this file. \quit

--
-- The objectid type
--

CREATE TYPE objectid;

CREATE FUNCTION objectid_in(cstring)
RETURNS objectid
AS 'MODULE_PATHNAME'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION objectid_in(cstring) IS 'objectid input: 24 hex digits, either case';

CREATE FUNCTION objectid_out(objectid)
RETURNS cstring
AS 'MODULE_PATHNAME'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION objectid_out(objectid) IS 'objectid output: 24 lowercase hex digits';

CREATE FUNCTION objectid_recv(internal)
RETURNS objectid
AS 'MODULE_PATHNAME'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION objectid_recv(internal) IS 'objectid binary input: exactly 12 bytes';

CREATE FUNCTION objectid_send(objectid)
RETURNS bytea
AS 'MODULE_PATHNAME'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION objectid_send(objectid) IS 'objectid binary output: the 12 bytes';

CREATE TYPE objectid (
	INPUT          = objectid_in,
	OUTPUT         = objectid_out,
	RECEIVE        = objectid_recv,
	SEND           = objectid_send,
	INTERNALLENGTH = 12,
	ALIGNMENT      = char,
	STORAGE        = plain
);

COMMENT ON TYPE objectid IS 'MongoDB ObjectId: 4-byte seconds, 5-byte process value, 3-byte counter';

COMMENT ON TYPE objectid[] IS 'array of objectid';

--
-- Comparison functions and operators
--

CREATE FUNCTION objectid_eq(objectid, objectid)
RETURNS bool
AS 'MODULE_PATHNAME'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION objectid_eq(objectid, objectid) IS 'implementation of = operator';

CREATE FUNCTION objectid_ne(objectid, objectid)
RETURNS bool
AS 'MODULE_PATHNAME'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION objectid_ne(objectid, objectid) IS 'implementation of <> operator';

CREATE FUNCTION objectid_lt(objectid, objectid)
RETURNS bool
AS 'MODULE_PATHNAME'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION objectid_lt(objectid, objectid) IS 'implementation of < operator';

CREATE FUNCTION objectid_le(objectid, objectid)
RETURNS bool
AS 'MODULE_PATHNAME'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION objectid_le(objectid, objectid) IS 'implementation of <= operator';

CREATE FUNCTION objectid_gt(objectid, objectid)
RETURNS bool
AS 'MODULE_PATHNAME'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION objectid_gt(objectid, objectid) IS 'implementation of > operator';

CREATE FUNCTION objectid_ge(objectid, objectid)
RETURNS bool
AS 'MODULE_PATHNAME'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION objectid_ge(objectid, objectid) IS 'implementation of >= operator';

CREATE FUNCTION objectid_cmp(objectid, objectid)
RETURNS int4
AS 'MODULE_PATHNAME'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION objectid_cmp(objectid, objectid) IS 'btree comparison: bytewise, -1, 0 or 1';

CREATE FUNCTION objectid_smaller(objectid, objectid)
RETURNS objectid
AS 'MODULE_PATHNAME'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION objectid_smaller(objectid, objectid) IS 'smaller of two objectids (min() transition function)';

CREATE FUNCTION objectid_larger(objectid, objectid)
RETURNS objectid
AS 'MODULE_PATHNAME'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION objectid_larger(objectid, objectid) IS 'larger of two objectids (max() transition function)';

CREATE FUNCTION objectid_sortsupport(internal)
RETURNS void
AS 'MODULE_PATHNAME'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION objectid_sortsupport(internal) IS 'btree sort support: abbreviated keys of the first 8 bytes';

CREATE FUNCTION objectid_hash(objectid)
RETURNS int4
AS 'MODULE_PATHNAME'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION objectid_hash(objectid) IS 'hash of an objectid';

CREATE FUNCTION objectid_hash_extended(objectid, int8)
RETURNS int8
AS 'MODULE_PATHNAME'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION objectid_hash_extended(objectid, int8) IS '64-bit hash of an objectid, with a seed';

CREATE FUNCTION objectid_brin_minmax_multi_distance(internal, internal)
RETURNS float8
AS 'MODULE_PATHNAME'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION objectid_brin_minmax_multi_distance(internal, internal) IS 'BRIN minmax-multi distance: the difference of two objectids as 96-bit numbers';

--
-- Restriction estimators of < <= > >= (1.1): core's scalarltsel and friends,
-- interpolating inside histogram bins and pairing the bounds of a range
-- (src/objectid_selfuncs.c)
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

CREATE OPERATOR = (
	LEFTARG    = objectid,
	RIGHTARG   = objectid,
	FUNCTION   = objectid_eq,
	COMMUTATOR = =,
	NEGATOR    = <>,
	RESTRICT   = eqsel,
	JOIN       = eqjoinsel,
	HASHES,
	MERGES
);

COMMENT ON OPERATOR =(objectid, objectid) IS 'equal';

CREATE OPERATOR <> (
	LEFTARG    = objectid,
	RIGHTARG   = objectid,
	FUNCTION   = objectid_ne,
	COMMUTATOR = <>,
	NEGATOR    = =,
	RESTRICT   = neqsel,
	JOIN       = neqjoinsel
);

COMMENT ON OPERATOR <>(objectid, objectid) IS 'not equal';

CREATE OPERATOR < (
	LEFTARG    = objectid,
	RIGHTARG   = objectid,
	FUNCTION   = objectid_lt,
	COMMUTATOR = >,
	NEGATOR    = >=,
	RESTRICT   = objectid_ltsel,
	JOIN       = scalarltjoinsel
);

COMMENT ON OPERATOR <(objectid, objectid) IS 'less than (earlier second, then bytewise)';

CREATE OPERATOR <= (
	LEFTARG    = objectid,
	RIGHTARG   = objectid,
	FUNCTION   = objectid_le,
	COMMUTATOR = >=,
	NEGATOR    = >,
	RESTRICT   = objectid_lesel,
	JOIN       = scalarlejoinsel
);

COMMENT ON OPERATOR <=(objectid, objectid) IS 'less than or equal';

CREATE OPERATOR > (
	LEFTARG    = objectid,
	RIGHTARG   = objectid,
	FUNCTION   = objectid_gt,
	COMMUTATOR = <,
	NEGATOR    = <=,
	RESTRICT   = objectid_gtsel,
	JOIN       = scalargtjoinsel
);

COMMENT ON OPERATOR >(objectid, objectid) IS 'greater than (later second, then bytewise)';

CREATE OPERATOR >= (
	LEFTARG    = objectid,
	RIGHTARG   = objectid,
	FUNCTION   = objectid_ge,
	COMMUTATOR = <=,
	NEGATOR    = <,
	RESTRICT   = objectid_gesel,
	JOIN       = scalargejoinsel
);

COMMENT ON OPERATOR >=(objectid, objectid) IS 'greater than or equal';

--
-- Operator classes: btree, hash, BRIN
--

CREATE OPERATOR CLASS objectid_ops
DEFAULT FOR TYPE objectid USING btree AS
	OPERATOR 1 <,
	OPERATOR 2 <=,
	OPERATOR 3 =,
	OPERATOR 4 >=,
	OPERATOR 5 >,
	FUNCTION 1 objectid_cmp(objectid, objectid),
	FUNCTION 2 objectid_sortsupport(internal),
	FUNCTION 4 pg_catalog.btequalimage(oid);

COMMENT ON OPERATOR CLASS objectid_ops USING btree IS 'default btree operator class: bytewise order, which is creation-second order';
COMMENT ON OPERATOR FAMILY objectid_ops USING btree IS 'btree operator family of objectid';

-- skip support (btree support function 6) exists from PostgreSQL 18 on.
-- The gate is in C, so this script needs no procedural language: the
-- function creates objectid_skipsupport(internal) and adds it to the family
-- on 18+, and does nothing before; it is then dropped.
CREATE FUNCTION objectid_install_skipsupport()
RETURNS void
AS 'MODULE_PATHNAME'
LANGUAGE C VOLATILE;

SELECT objectid_install_skipsupport();

DROP FUNCTION objectid_install_skipsupport();

CREATE OPERATOR CLASS objectid_ops
DEFAULT FOR TYPE objectid USING hash AS
	OPERATOR 1 =,
	FUNCTION 1 objectid_hash(objectid),
	FUNCTION 2 objectid_hash_extended(objectid, int8);

COMMENT ON OPERATOR CLASS objectid_ops USING hash IS 'default hash operator class';
COMMENT ON OPERATOR FAMILY objectid_ops USING hash IS 'hash operator family of objectid';

CREATE OPERATOR CLASS objectid_minmax_ops
DEFAULT FOR TYPE objectid USING brin AS
	OPERATOR 1 <,
	OPERATOR 2 <=,
	OPERATOR 3 =,
	OPERATOR 4 >=,
	OPERATOR 5 >,
	FUNCTION 1 pg_catalog.brin_minmax_opcinfo(internal),
	FUNCTION 2 pg_catalog.brin_minmax_add_value(internal, internal, internal, internal),
	FUNCTION 3 pg_catalog.brin_minmax_consistent(internal, internal, internal),
	FUNCTION 4 pg_catalog.brin_minmax_union(internal, internal, internal);

COMMENT ON OPERATOR CLASS objectid_minmax_ops USING brin IS 'default BRIN operator class: one min/max range per block range';
COMMENT ON OPERATOR FAMILY objectid_minmax_ops USING brin IS 'BRIN minmax operator family of objectid';

CREATE OPERATOR CLASS objectid_minmax_multi_ops
FOR TYPE objectid USING brin AS
	OPERATOR 1 <,
	OPERATOR 2 <=,
	OPERATOR 3 =,
	OPERATOR 4 >=,
	OPERATOR 5 >,
	FUNCTION 1 pg_catalog.brin_minmax_multi_opcinfo(internal),
	FUNCTION 2 pg_catalog.brin_minmax_multi_add_value(internal, internal, internal, internal),
	FUNCTION 3 pg_catalog.brin_minmax_multi_consistent(internal, internal, internal, int4),
	FUNCTION 4 pg_catalog.brin_minmax_multi_union(internal, internal, internal),
	FUNCTION 5 pg_catalog.brin_minmax_multi_options(internal),
	FUNCTION 11 objectid_brin_minmax_multi_distance(internal, internal),
	STORAGE objectid;

COMMENT ON OPERATOR CLASS objectid_minmax_multi_ops USING brin IS 'BRIN operator class: several min/max ranges per block range';
COMMENT ON OPERATOR FAMILY objectid_minmax_multi_ops USING brin IS 'BRIN minmax-multi operator family of objectid';

CREATE OPERATOR CLASS objectid_bloom_ops
FOR TYPE objectid USING brin AS
	OPERATOR 1 =,
	FUNCTION 1 pg_catalog.brin_bloom_opcinfo(internal),
	FUNCTION 2 pg_catalog.brin_bloom_add_value(internal, internal, internal, internal),
	FUNCTION 3 pg_catalog.brin_bloom_consistent(internal, internal, internal, int4),
	FUNCTION 4 pg_catalog.brin_bloom_union(internal, internal, internal),
	FUNCTION 5 pg_catalog.brin_bloom_options(internal),
	FUNCTION 11 objectid_hash(objectid),
	STORAGE objectid;

COMMENT ON OPERATOR CLASS objectid_bloom_ops USING brin IS 'BRIN operator class: a bloom filter per block range, for equality';
COMMENT ON OPERATOR FAMILY objectid_bloom_ops USING brin IS 'BRIN bloom operator family of objectid';

--
-- Aggregates
--

CREATE AGGREGATE min(objectid) (
	SFUNC       = objectid_smaller,
	STYPE       = objectid,
	COMBINEFUNC = objectid_smaller,
	SORTOP      = <,
	PARALLEL    = SAFE
);

COMMENT ON AGGREGATE min(objectid) IS 'the smallest objectid';

CREATE AGGREGATE max(objectid) (
	SFUNC       = objectid_larger,
	STYPE       = objectid,
	COMBINEFUNC = objectid_larger,
	SORTOP      = >,
	PARALLEL    = SAFE
);

COMMENT ON AGGREGATE max(objectid) IS 'the largest objectid';

--
-- Casts (explicit only)
--

CREATE FUNCTION bytea(objectid)
RETURNS bytea
AS 'MODULE_PATHNAME', 'objectid_to_bytea'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION bytea(objectid) IS 'the 12 bytes of an objectid';

CREATE FUNCTION objectid(bytea)
RETURNS objectid
AS 'MODULE_PATHNAME', 'objectid_from_bytea'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION objectid(bytea) IS 'an objectid from exactly 12 bytes';

CREATE CAST (objectid AS bytea) WITH FUNCTION bytea(objectid);

COMMENT ON CAST (objectid AS bytea) IS 'explicit: the 12 bytes of an objectid';
CREATE CAST (bytea AS objectid) WITH FUNCTION objectid(bytea);

COMMENT ON CAST (bytea AS objectid) IS 'explicit: an objectid from exactly 12 bytes';

--
-- Reading ids and range boundaries
--

CREATE FUNCTION objectid_timestamp(objectid)
RETURNS timestamptz
AS 'MODULE_PATHNAME'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION objectid_timestamp(objectid) IS 'the second embedded in an objectid';

CREATE FUNCTION objectid_from_timestamp(timestamptz)
RETURNS objectid
AS 'MODULE_PATHNAME'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION objectid_from_timestamp(timestamptz) IS 'the smallest objectid of the given second, for range scans';

--
-- Generators
--

CREATE FUNCTION objectid()
RETURNS objectid
AS 'MODULE_PATHNAME', 'objectid_generate'
LANGUAGE C VOLATILE PARALLEL SAFE;

COMMENT ON FUNCTION objectid() IS 'a new ObjectId, increasing within the session';

CREATE FUNCTION objectid(timestamptz)
RETURNS objectid
AS 'MODULE_PATHNAME', 'objectid_generate_at'
LANGUAGE C VOLATILE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION objectid(timestamptz) IS 'a new, unique ObjectId carrying the given second';

--
-- UUID generators (v7, v6, v8, v4), readers, the v7 range boundary and
-- v1 <-> v6 conversion.  The uuid type is core's; these are functions only.
-- On PostgreSQL 18+ pg_catalog's uuidv4(), uuidv7(), uuidv7(interval),
-- uuid_extract_timestamp() and uuid_extract_version() are found first by
-- unqualified calls; every C symbol is prefixed (objectid_) so none clashes.
--
-- The same holds in this script, whose COMMENT ON would then describe core's
-- function: around those five, pg_catalog is searched last (and their types
-- are qualified, as the extension's schema is searched first there).
--

SELECT pg_catalog.set_config('search_path',
	pg_catalog.current_setting('search_path') || ', pg_catalog', true);

CREATE FUNCTION uuidv7()
RETURNS pg_catalog.uuid
AS 'MODULE_PATHNAME', 'objectid_uuidv7'
LANGUAGE C VOLATILE PARALLEL SAFE;

COMMENT ON FUNCTION uuidv7() IS 'a new UUID version 7 (PostgreSQL 18 layout: 12-bit sub-millisecond fraction), increasing within the session';

CREATE FUNCTION uuidv7(shift pg_catalog.interval)
RETURNS pg_catalog.uuid
AS 'MODULE_PATHNAME', 'objectid_uuidv7_interval'
LANGUAGE C VOLATILE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION uuidv7(pg_catalog.interval) IS 'a new UUID version 7 for the current time shifted by the interval';

SELECT pg_catalog.set_config('search_path',
	pg_catalog.regexp_replace(pg_catalog.current_setting('search_path'),
							  ', pg_catalog$', ''), true);

CREATE FUNCTION uuidv7_at(ts timestamptz)
RETURNS uuid
AS 'MODULE_PATHNAME', 'objectid_uuidv7_at'
LANGUAGE C VOLATILE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION uuidv7_at(timestamptz) IS 'a new UUID version 7 carrying the given instant to the microsecond';

CREATE FUNCTION uuidv6()
RETURNS uuid
AS 'MODULE_PATHNAME', 'objectid_uuidv6'
LANGUAGE C VOLATILE PARALLEL SAFE;

COMMENT ON FUNCTION uuidv6() IS 'a new UUID version 6 (random node and clock sequence), increasing within the session';

CREATE FUNCTION uuidv8()
RETURNS uuid
AS 'MODULE_PATHNAME', 'objectid_uuidv8'
LANGUAGE C VOLATILE PARALLEL SAFE;

COMMENT ON FUNCTION uuidv8() IS 'a new time-based UUID version 8 (RFC 9562 B.1: 10 ns ticks, 8-bit sequence), increasing within the session';

-- the result depends only on the argument: IMMUTABLE, not VOLATILE
CREATE FUNCTION uuidv8(bytes bytea)
RETURNS uuid
AS 'MODULE_PATHNAME', 'objectid_uuidv8_from_bytea'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION uuidv8(bytea) IS 'the 16 given bytes with the version 8 and variant bits set';

SELECT pg_catalog.set_config('search_path',
	pg_catalog.current_setting('search_path') || ', pg_catalog', true);

CREATE FUNCTION uuidv4()
RETURNS pg_catalog.uuid
AS 'MODULE_PATHNAME', 'objectid_uuidv4'
LANGUAGE C VOLATILE PARALLEL SAFE;

COMMENT ON FUNCTION uuidv4() IS 'a new random UUID version 4';

-- readers cannot fail on any input: LEAKPROOF, as core's
CREATE FUNCTION uuid_extract_timestamp(pg_catalog.uuid)
RETURNS pg_catalog.timestamptz
AS 'MODULE_PATHNAME', 'objectid_uuid_extract_timestamp'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION uuid_extract_timestamp(pg_catalog.uuid) IS 'the instant of a version 1 or 7 UUID (v7 to the millisecond), else null, as core''s';

CREATE FUNCTION uuid_extract_version(pg_catalog.uuid)
RETURNS pg_catalog.int2
AS 'MODULE_PATHNAME', 'objectid_uuid_extract_version'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION uuid_extract_version(pg_catalog.uuid) IS 'the version of an RFC 9562 UUID, else null';

SELECT pg_catalog.set_config('search_path',
	pg_catalog.regexp_replace(pg_catalog.current_setting('search_path'),
							  ', pg_catalog$', ''), true);

CREATE FUNCTION uuidv6_extract_timestamp(uuid)
RETURNS timestamptz
AS 'MODULE_PATHNAME', 'objectid_uuidv6_extract_timestamp'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION uuidv6_extract_timestamp(uuid) IS 'the instant of a version 6 UUID, else null';

-- one reader of every time-based version under a name core does not have
-- (1.2), so that a query means the same on every major
CREATE FUNCTION uuid_timestamp(uuid)
RETURNS timestamptz
AS 'MODULE_PATHNAME', 'objectid_uuid_timestamp'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION uuid_timestamp(uuid) IS 'the instant of a version 1, 6 or 7 UUID (v7 to the millisecond), else null';

CREATE FUNCTION uuidv8_extract_timestamp(uuid)
RETURNS timestamptz
AS 'MODULE_PATHNAME', 'objectid_uuidv8_extract_timestamp'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION uuidv8_extract_timestamp(uuid) IS 'the instant of a time-based (RFC 9562 B.1) version 8 UUID, else null';

CREATE FUNCTION uuidv7_from_timestamp(timestamptz)
RETURNS uuid
AS 'MODULE_PATHNAME', 'objectid_uuidv7_from_timestamp'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION uuidv7_from_timestamp(timestamptz) IS 'the smallest UUID version 7 of the given millisecond, for range scans';

CREATE FUNCTION uuid_v1_to_v6(uuid)
RETURNS uuid
AS 'MODULE_PATHNAME', 'objectid_uuid_v1_to_v6'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION uuid_v1_to_v6(uuid) IS 'a version 1 UUID as version 6: same instant, clock sequence and node';

CREATE FUNCTION uuid_v6_to_v1(uuid)
RETURNS uuid
AS 'MODULE_PATHNAME', 'objectid_uuid_v6_to_v1'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION uuid_v6_to_v1(uuid) IS 'a version 6 UUID as version 1: the inverse of uuid_v1_to_v6';

--
-- UUID representations, Extended JSON, and the ObjectId <-> UUID mapping
-- (src/uuid_repr.c).  The two-argument forms take the representation
-- (standard, javaLegacy, csharpLegacy, pythonLegacy, unspecified; the spec's
-- enum spellings too, any case); the one-argument forms read the setting
-- objectid.uuid_representation and are therefore STABLE.
--

CREATE FUNCTION uuid_to_bytea(uuid, text)
RETURNS bytea
AS 'MODULE_PATHNAME', 'objectid_uuid_to_bytea'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION uuid_to_bytea(uuid, text) IS 'the 16 bytes of a UUID in a MongoDB UUID representation''s byte order';

CREATE FUNCTION uuid_to_bytea(uuid)
RETURNS bytea
AS 'MODULE_PATHNAME', 'objectid_uuid_to_bytea'
LANGUAGE C STABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION uuid_to_bytea(uuid) IS 'the 16 bytes of a UUID in the byte order of objectid.uuid_representation';

CREATE FUNCTION uuid_from_bytea(bytea, text)
RETURNS uuid
AS 'MODULE_PATHNAME', 'objectid_uuid_from_bytea'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION uuid_from_bytea(bytea, text) IS 'a UUID from exactly 16 bytes in a MongoDB UUID representation''s byte order';

CREATE FUNCTION uuid_from_bytea(bytea)
RETURNS uuid
AS 'MODULE_PATHNAME', 'objectid_uuid_from_bytea'
LANGUAGE C STABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION uuid_from_bytea(bytea) IS 'a UUID from exactly 16 bytes in the byte order of objectid.uuid_representation';

CREATE FUNCTION uuid_to_extjson(uuid, text)
RETURNS jsonb
AS 'MODULE_PATHNAME', 'objectid_uuid_to_extjson'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION uuid_to_extjson(uuid, text) IS 'MongoDB Extended JSON v2 binary (subtype 04 standard, 03 legacy) of a UUID';

CREATE FUNCTION uuid_to_extjson(uuid)
RETURNS jsonb
AS 'MODULE_PATHNAME', 'objectid_uuid_to_extjson'
LANGUAGE C STABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION uuid_to_extjson(uuid) IS 'MongoDB Extended JSON v2 binary of a UUID, in objectid.uuid_representation';

CREATE FUNCTION uuid_from_extjson(jsonb, text)
RETURNS uuid
AS 'MODULE_PATHNAME', 'objectid_uuid_from_extjson'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION uuid_from_extjson(jsonb, text) IS 'a UUID from MongoDB Extended JSON ($binary v2 or v1, $uuid), subtype checked against the representation';

CREATE FUNCTION uuid_from_extjson(jsonb)
RETURNS uuid
AS 'MODULE_PATHNAME', 'objectid_uuid_from_extjson'
LANGUAGE C STABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION uuid_from_extjson(jsonb) IS 'a UUID from MongoDB Extended JSON, in objectid.uuid_representation';

CREATE FUNCTION objectid_to_extjson(objectid)
RETURNS jsonb
AS 'MODULE_PATHNAME', 'objectid_to_extjson'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION objectid_to_extjson(objectid) IS 'MongoDB Extended JSON {"$oid": "..."} of an objectid';

CREATE FUNCTION objectid_from_extjson(jsonb)
RETURNS objectid
AS 'MODULE_PATHNAME', 'objectid_from_extjson'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION objectid_from_extjson(jsonb) IS 'an objectid from MongoDB Extended JSON {"$oid": "..."}';

CREATE FUNCTION objectid_to_uuid(objectid)
RETURNS uuid
AS 'MODULE_PATHNAME', 'objectid_to_uuid'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION objectid_to_uuid(objectid) IS 'the order-preserving version 8 UUID holding an objectid';

CREATE FUNCTION uuid_to_objectid(uuid)
RETURNS objectid
AS 'MODULE_PATHNAME', 'objectid_uuid_to_objectid'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION uuid_to_objectid(uuid) IS 'the objectid held by a UUID made by objectid_to_uuid';

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
