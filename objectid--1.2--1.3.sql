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

--
-- Time partitioning
--

-- explicit casts between an objectid and the second it carries: an id to its
-- second, an instant to the smallest id of its second (the bound
-- objectid_from_timestamp() gives).  Citus's create_time_partitions() and
-- drop_old_time_partitions() take a partition key of any type with both.
CREATE CAST (objectid AS timestamptz) WITH FUNCTION objectid_timestamp(objectid);

COMMENT ON CAST (objectid AS timestamptz) IS 'explicit: the second an objectid carries';

CREATE CAST (timestamptz AS objectid) WITH FUNCTION objectid_from_timestamp(timestamptz);

COMMENT ON CAST (timestamptz AS objectid) IS 'explicit: the smallest objectid of that second';

-- uuid_timestamp() of a UUID written as text: pg_partman's time decoder for
-- uuid keys, whose encoder is uuidv7_from_timestamp()
CREATE FUNCTION uuid_timestamp_from_text(text)
RETURNS timestamptz
AS 'MODULE_PATHNAME', 'objectid_uuid_timestamp_text'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION uuid_timestamp_from_text(text) IS 'the instant of a version 1, 6 or 7 UUID written as text, else null (pg_partman''s time decoder)';

--
-- Time windows through an id's second (src/objectid_window.c): the bounds
-- of "objectid_timestamp(id) OP t" as a window on the id, which the planner
-- writes in their place.  NULL where no id qualifies; they never raise.
--

CREATE FUNCTION objectid_first_at_or_after(timestamptz)
RETURNS objectid
AS 'MODULE_PATHNAME'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION objectid_first_at_or_after(timestamptz) IS 'the smallest objectid whose second is at or after the instant, null if none: id >= it is objectid_timestamp(id) >= the instant';

CREATE FUNCTION objectid_first_after(timestamptz)
RETURNS objectid
AS 'MODULE_PATHNAME'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION objectid_first_after(timestamptz) IS 'the smallest objectid whose second is after the instant, null if none: id >= it is objectid_timestamp(id) > the instant';

CREATE FUNCTION objectid_last_before(timestamptz)
RETURNS objectid
AS 'MODULE_PATHNAME'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION objectid_last_before(timestamptz) IS 'the largest objectid whose second is before the instant, null if none: id <= it is objectid_timestamp(id) < the instant';

CREATE FUNCTION objectid_last_at_or_before(timestamptz)
RETURNS objectid
AS 'MODULE_PATHNAME'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION objectid_last_at_or_before(timestamptz) IS 'the largest objectid whose second is at or before the instant, null if none: id <= it is objectid_timestamp(id) <= the instant';

CREATE FUNCTION objectid_first_in_second(timestamptz)
RETURNS objectid
AS 'MODULE_PATHNAME'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION objectid_first_in_second(timestamptz) IS 'the smallest objectid of the second containing the instant, null if ids carry no such second: objectid_from_timestamp() without its error';

-- The same bounds for a date or a timestamp, as the comparison of a
-- timestamptz with one reads it: an instant in the session's time zone
-- (STABLE, as those comparisons are)
CREATE FUNCTION objectid_first_at_or_after(date)
RETURNS objectid
AS 'MODULE_PATHNAME', 'objectid_first_at_or_after_date'
LANGUAGE C STABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION objectid_first_at_or_after(date) IS 'the smallest objectid whose second is at or after the date in the session''s time zone, null if none: id >= it is objectid_timestamp(id) >= the date';

CREATE FUNCTION objectid_first_after(date)
RETURNS objectid
AS 'MODULE_PATHNAME', 'objectid_first_after_date'
LANGUAGE C STABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION objectid_first_after(date) IS 'the smallest objectid whose second is after the date in the session''s time zone, null if none: id >= it is objectid_timestamp(id) > the date';

CREATE FUNCTION objectid_last_before(date)
RETURNS objectid
AS 'MODULE_PATHNAME', 'objectid_last_before_date'
LANGUAGE C STABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION objectid_last_before(date) IS 'the largest objectid whose second is before the date in the session''s time zone, null if none: id <= it is objectid_timestamp(id) < the date';

CREATE FUNCTION objectid_last_at_or_before(date)
RETURNS objectid
AS 'MODULE_PATHNAME', 'objectid_last_at_or_before_date'
LANGUAGE C STABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION objectid_last_at_or_before(date) IS 'the largest objectid whose second is at or before the date in the session''s time zone, null if none: id <= it is objectid_timestamp(id) <= the date';

CREATE FUNCTION objectid_first_at_or_after(timestamp)
RETURNS objectid
AS 'MODULE_PATHNAME', 'objectid_first_at_or_after_timestamp'
LANGUAGE C STABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION objectid_first_at_or_after(timestamp) IS 'the smallest objectid whose second is at or after the timestamp in the session''s time zone, null if none: id >= it is objectid_timestamp(id) >= the timestamp';

CREATE FUNCTION objectid_first_after(timestamp)
RETURNS objectid
AS 'MODULE_PATHNAME', 'objectid_first_after_timestamp'
LANGUAGE C STABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION objectid_first_after(timestamp) IS 'the smallest objectid whose second is after the timestamp in the session''s time zone, null if none: id >= it is objectid_timestamp(id) > the timestamp';

CREATE FUNCTION objectid_last_before(timestamp)
RETURNS objectid
AS 'MODULE_PATHNAME', 'objectid_last_before_timestamp'
LANGUAGE C STABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION objectid_last_before(timestamp) IS 'the largest objectid whose second is before the timestamp in the session''s time zone, null if none: id <= it is objectid_timestamp(id) < the timestamp';

CREATE FUNCTION objectid_last_at_or_before(timestamp)
RETURNS objectid
AS 'MODULE_PATHNAME', 'objectid_last_at_or_before_timestamp'
LANGUAGE C STABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION objectid_last_at_or_before(timestamp) IS 'the largest objectid whose second is at or before the timestamp in the session''s time zone, null if none: id <= it is objectid_timestamp(id) <= the timestamp';

-- The planner support function of objectid_timestamp() and
-- objectid(timestamptz): it simplifies nothing, but the planner calls it
-- before it looks at a statement's tables, which loads the library, whose
-- hook plans the windows, also in a connection's first statement
CREATE FUNCTION objectid_planner_support(internal)
RETURNS internal
AS 'MODULE_PATHNAME'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION objectid_planner_support(internal) IS 'planner support of objectid_timestamp() and objectid(timestamptz): loads the library that plans windows through an id''s second';

ALTER FUNCTION objectid_timestamp(objectid) SUPPORT objectid_planner_support;
ALTER FUNCTION objectid(timestamptz) SUPPORT objectid_planner_support;

-- Where this session's objectid.generator asks for the server's generator and
-- the server has none (PostgreSQL 15 and 16 without objectid in
-- shared_preload_libraries), CREATE and ALTER EXTENSION say so in a WARNING.
SELECT objectid_generator();
