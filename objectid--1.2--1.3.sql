/* objectid--1.2--1.3.sql */

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION objectid UPDATE TO '1.3'" to load this file. \quit

--
-- What 1.3 adds to 1.2.  A new installation runs objectid--1.0.sql and every
-- update script up to this one.
--

-- which generator objectid() uses in this session: 'server' (one process
-- value and counter for every session of the server) or 'session'
CREATE FUNCTION objectid_generator()
RETURNS text
AS 'MODULE_PATHNAME', 'objectid_generator_in_use'
LANGUAGE C STABLE PARALLEL SAFE;

COMMENT ON FUNCTION objectid_generator() IS 'the generator objectid() uses in this session: server or session';
