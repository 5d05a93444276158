--
-- timestamp: objectid_timestamp() and objectid_from_timestamp()
--
SET timezone = 'UTC';

-- the MongoDB spec's timestamp test plan: unsigned 32-bit seconds
SELECT id, objectid_timestamp(id) FROM (VALUES
	('000000000000000000000000'::objectid),
	('7fffffff0000000000000000'),
	('800000000000000000000000'),
	('ffffffffffffffffffffffff')) v(id);

-- a known id (2012-10-17 21:13:27 UTC)
SELECT objectid_timestamp('507f1f77bcf86cd799439011');

-- boundaries: the smallest id of the second, fractions truncated
SELECT objectid_from_timestamp('1970-01-01 00:00:00+00');
SELECT objectid_from_timestamp('2038-01-19 03:14:07.999999+00');
SELECT objectid_from_timestamp('2038-01-19 03:14:08+00');
SELECT objectid_from_timestamp('2106-02-07 06:28:15.5+00');
SELECT objectid_from_timestamp('2012-10-17 23:13:27+02');  -- time zones respected
SELECT objectid_timestamp(objectid_from_timestamp(t)) = date_trunc('second', t)
FROM (VALUES (timestamptz '2001-09-09 01:46:40.25+00'), ('1999-12-31 23:59:59.999+00')) v(t);  -- t, t

-- out of range: error
SELECT objectid_from_timestamp('1969-12-31 23:59:59.999999+00');
SELECT objectid_from_timestamp('2106-02-07 06:28:16+00');
SELECT objectid_from_timestamp('infinity');
SELECT objectid_from_timestamp('-infinity');
SELECT objectid_from_timestamp('294276-12-31 23:59:59+00');

-- the error carries SQLSTATE 22008
DO $$
BEGIN
	PERFORM objectid_from_timestamp('infinity');
EXCEPTION WHEN datetime_field_overflow THEN
	RAISE NOTICE 'caught %: %', SQLSTATE, SQLERRM;
END
$$;

-- markings: both immutable (usable in index expressions)
SELECT oid::regprocedure, provolatile, proisstrict, proleakproof
FROM pg_proc WHERE proname IN ('objectid_timestamp', 'objectid_from_timestamp') ORDER BY 1;
CREATE TABLE objectid_ts (id objectid);
CREATE INDEX ON objectid_ts (objectid_timestamp(id));
DROP TABLE objectid_ts;

RESET timezone;
