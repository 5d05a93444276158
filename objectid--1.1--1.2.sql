/* objectid--1.1--1.2.sql */

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION objectid UPDATE TO '1.2'" to load this file. \quit

--
-- What 1.2 adds to 1.1.  objectid--1.2.sql (new installs) holds the same
-- objects; t/001_update.pl proves that an updated 1.1 and a fresh 1.2
-- have identical catalogs.  The estimators' new pairing of range bounds is
-- in the library alone and needs nothing here.
--

-- one reader of every time-based version under a name core does not have,
-- so that a query means the same on every major
CREATE FUNCTION uuid_timestamp(uuid)
RETURNS timestamptz
AS 'MODULE_PATHNAME', 'objectid_uuid_timestamp'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION uuid_timestamp(uuid) IS 'the instant of a version 1, 6 or 7 UUID (v7 to the millisecond), else null';
