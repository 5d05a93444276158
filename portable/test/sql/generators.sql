--
-- generators: the generation rules (README, "Functions") within one session, for
-- the portable edition (its state is in objectid_portable.* settings, so
-- each rule is tested by setting that state)
--
\set SHOW_CONTEXT never
SET search_path = public, pg_catalog;
SET timezone = 'UTC';

-- strictly increasing within the session across 100k calls of each
-- generator (0 each)
SELECT count(*) FILTER (WHERE id <= prev) AS objectid_not_increasing
FROM (SELECT id, lag(id) OVER (ORDER BY n) AS prev
      FROM (SELECT n, objectid() AS id FROM generate_series(1, 100000) n) s) t;
SELECT count(*) FILTER (WHERE u <= prev) AS uuidv7_not_increasing
FROM (SELECT u, lag(u) OVER (ORDER BY n) AS prev
      FROM (SELECT n, uuidv7() AS u FROM generate_series(1, 100000) n) s) t;
SELECT count(*) FILTER (WHERE u <= prev) AS uuidv6_not_increasing
FROM (SELECT u, lag(u) OVER (ORDER BY n) AS prev
      FROM (SELECT n, uuidv6() AS u FROM generate_series(1, 100000) n) s) t;
SELECT count(*) FILTER (WHERE u <= prev) AS uuidv8_not_increasing
FROM (SELECT u, lag(u) OVER (ORDER BY n) AS prev
      FROM (SELECT n, uuidv8() AS u FROM generate_series(1, 100000) n) s) t;
-- one process value within the session (1)
SELECT count(DISTINCT substr(id, 9, 10)) AS process_values
FROM (SELECT objectid()::text AS id FROM generate_series(1, 1000)) s;

-- the ObjectId second is never behind the clock (t)
SELECT objectid_timestamp(objectid()) >= date_trunc('second', t0) AS not_behind
FROM (SELECT clock_timestamp() AS t0) s;

-- a rollback takes no generator back.  Each round keeps a value made in a
-- subtransaction that rolls back, then makes the next: it is above the kept
-- one (as every value is above all before it), though the state that made
-- the kept one was rolled back (0 each)
CREATE TEMP TABLE made (g text, n int, v text COLLATE "C");
DO $$
DECLARE
	g text;
	v text;
BEGIN
	FOREACH g IN ARRAY ARRAY['objectid', 'uuidv7', 'uuidv6', 'uuidv8'] LOOP
		FOR i IN 1..2000 LOOP
			BEGIN
				EXECUTE format('SELECT %I()::text', g) INTO v;
				RAISE EXCEPTION 'roll back';
			EXCEPTION WHEN raise_exception THEN
				INSERT INTO made VALUES (g, 2 * i, v);
			END;
			EXECUTE format('SELECT %I()::text', g) INTO v;
			INSERT INTO made VALUES (g, 2 * i + 1, v);
		END LOOP;
	END LOOP;
END
$$;
SELECT g, count(*) AS made, count(*) FILTER (WHERE v <= prev) AS not_increasing
FROM (SELECT g, v, lag(v) OVER (PARTITION BY g ORDER BY n) AS prev FROM made) s
GROUP BY g ORDER BY g;
-- the same across a top-level ROLLBACK (t each)
BEGIN;
SELECT objectid() AS oid_rb, uuidv7() AS v7_rb, uuidv6() AS v6_rb, uuidv8() AS v8_rb \gset
ROLLBACK;
SELECT objectid() > :'oid_rb' AS objectid, uuidv7() > :'v7_rb' AS uuidv7,
	uuidv6() > :'v6_rb' AS uuidv6, uuidv8() > :'v8_rb' AS uuidv8;
-- and across DISCARD ALL (poolers send it), which clears every setting: the
-- session finds objectid()'s process value again, and the values go on
-- increasing; objectid(timestamptz) draws a process value of its own anew
SELECT objectid() AS oid_d, uuidv7() AS v7_d, uuidv6() AS v6_d, uuidv8() AS v8_d,
	objectid(timestamptz '2020-01-01 00:00:00+00') AS oid_ts_d \gset
DISCARD ALL;
SET search_path = public, pg_catalog;
SET timezone = 'UTC';
SELECT current_setting('objectid_portable.objectid', true) AS state_cleared,
	current_setting('objectid_portable.objectid_timestamptz', true) AS timestamptz_state_cleared;
SELECT objectid() > :'oid_d' AS objectid,
	substr(objectid()::text, 9, 10) = substr(:'oid_d', 9, 10) AS same_process_value,
	uuidv7() > :'v7_d' AS uuidv7, uuidv6() > :'v6_d' AS uuidv6, uuidv8() > :'v8_d' AS uuidv8;
SELECT substr(id, 9, 10) <> substr(:'oid_ts_d', 9, 10) AS timestamptz_new_process_value,
	substr(id, 9, 10) <> substr(objectid()::text, 9, 10) AS not_objectids
FROM (SELECT objectid(timestamptz '2020-01-01 00:00:00+00')::text AS id) s;

-- objectid(timestamptz) never repeats an id a session made before DISCARD
-- ALL: 1,000 rounds of 200 ids of one second, DISCARD ALL before each (0
-- repeated, 1,000 process values).  Version 1.2 found objectid()'s process
-- value again and drew only a new 23-bit counter start: two rounds share
-- ids when their starts are less than 200 apart, 399 / 2^23 for a pair,
-- about 23.8 of the 499,500 pairs, so it repeated ids but with a chance
-- of e^-23.8 (5e-11), and had 1 process value.  Here a repeat needs two of
-- 1,000 random 40-bit values equal: 499,500 / 2^40, 5e-7.  (A reused
-- process ID, the input of objectid()'s process value, is the same case as
-- DISCARD ALL in one backend: objectid(timestamptz)'s value does not
-- depend on it.)
CREATE TABLE timestamptz_rounds (round int, id text COLLATE "C");
\set ECHO none
SELECT 'DISCARD ALL', format('INSERT INTO public.timestamptz_rounds SELECT %s, '
	'public.objectid(pg_catalog.timestamptz ''2020-01-01 00:00:00+00'')::pg_catalog.text '
	'FROM pg_catalog.generate_series(1, 200)', r)
FROM generate_series(1, 1000) r \gexec
\set ECHO all
SET search_path = public, pg_catalog;
SET timezone = 'UTC';
SELECT count(*) AS ids, count(*) - count(DISTINCT id) AS repeated,
	count(DISTINCT substr(id, 9, 10)) AS process_values,
	count(*) FILTER (WHERE objectid_timestamp(id::objectid) <> '2020-01-01 00:00:00+00') AS other_second
FROM timestamptz_rounds;
DROP TABLE timestamptz_rounds;

-- parallel plans made cheap: count(uuidv4()) gets two workers, and the
-- generators with session state a plan without any, where each makes
-- 10,000 distinct values.  They set a setting, which nothing may do while
-- workers run, in them or in the leader: PARALLEL UNSAFE (version 1.2's
-- PARALLEL RESTRICTED ran them in the leader of a parallel plan: "cannot
-- be set during a parallel operation")
CREATE TABLE parallel_rows AS SELECT g FROM generate_series(1, 10000) g;
ANALYZE parallel_rows;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
EXPLAIN (COSTS OFF) SELECT count(uuidv4()) FROM parallel_rows WHERE g > 0;
EXPLAIN (COSTS OFF) SELECT count(uuidv7()) FROM parallel_rows WHERE g > 0;
SELECT count(DISTINCT objectid()) AS "objectid()",
	count(DISTINCT objectid(timestamptz '2020-01-01 00:00:00+00')) AS "objectid(timestamptz)",
	count(DISTINCT uuidv7()) AS "uuidv7()", count(DISTINCT uuidv7(interval '1 day')) AS "uuidv7(interval)",
	count(DISTINCT uuidv6()) AS "uuidv6()", count(DISTINCT uuidv8()) AS "uuidv8()"
FROM parallel_rows WHERE g > 0;
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size;
RESET max_parallel_workers_per_gather;
DROP TABLE parallel_rows;

-- objectid()'s counter is the clock's microsecond within the second scaled
-- to 23 bits (below 0x800000), so it follows the clock (0 of the calls that
-- stayed within one second)
SELECT count(*) FILTER (WHERE c < floor(extract(microseconds FROM t0)::int8 % 1000000 * 8388608 / 1000000)
						   OR c > floor(extract(microseconds FROM t1)::int8 % 1000000 * 8388608 / 1000000))
	AS counter_not_from_clock
FROM (SELECT t0, ('x' || substr(id, 19, 6))::bit(24)::int8 AS c, clock_timestamp() AS t1
	  FROM (SELECT clock_timestamp() AS t0, objectid()::text AS id
			FROM generate_series(1, 1000)) s) s
WHERE date_trunc('second', t0) = date_trunc('second', t1);

-- within one second the counter continues after the last id: past 0x7fffff
-- the second moves forward instead of repeating; a clock behind the last id
-- (here the last id is in 2100) does not take the ids back.  State: 'process
-- value, second and counter of the last objectid()'
SELECT set_config('objectid_portable.objectid', 'aaaaaaaaaa 4102444800 8388605', false) IS NOT NULL AS state_set;
SELECT objectid() AS "7ffffe", objectid() AS "7fffff", objectid() AS next_second;
SELECT objectid_timestamp(objectid());
-- objectid(timestamptz) counts a 24-bit counter of its own, wrapping to
-- 0x000000, with a process value of its own; it leaves objectid()'s alone.
-- State: 'process value, counter'
SELECT set_config('objectid_portable.objectid_timestamptz', 'bbbbbbbbbb 16777214', false) IS NOT NULL AS state_set;
SELECT objectid(timestamptz '2020-01-01 00:00:00+00') AS "fffffe",
	objectid(timestamptz '2020-01-01 00:00:00+00') AS "ffffff",
	objectid(timestamptz '2020-01-01 00:00:00+00') AS wrapped;
SELECT objectid() AS "000002";
-- the last second: moving forward there is an error, not a repeat
SELECT set_config('objectid_portable.objectid', 'aaaaaaaaaa 4294967295 8388606', false) IS NOT NULL AS state_set;
SELECT objectid();
SELECT objectid();

-- uuidv7: at least one 245 ns step above the last, also when the clock is
-- behind it (the 12-bit fraction counts 1, 2, 3; the random bits cut off)
SELECT set_config('objectid_portable.uuidv7', '4102444800000000000', false) IS NOT NULL AS state_set;
SELECT substr(uuidv7()::text, 1, 18) AS a, substr(uuidv7()::text, 1, 18) AS b,
	substr(uuidv7()::text, 1, 18) AS c;
SELECT uuid_extract_timestamp(uuidv7(interval '1 day'));

-- uuidv6: a clock behind the last reading bumps the clock sequence (RFC
-- 9562), and the timestamp still moves forward by one tick
SELECT set_config('objectid_portable.uuidv6', '5 0123456789ab 1152921504606846000 1152921504606846000', false) IS NOT NULL AS state_set;
SELECT uuidv6() AS a, uuidv6() AS b;
-- the last tick of the layout: an error
SELECT set_config('objectid_portable.uuidv6', '5 0123456789ab 1152921504606846975 0', false) IS NOT NULL AS state_set;
SELECT uuidv6();

-- uuidv8: the 8-bit sequence counts within a tick, and past 255 the tick
-- moves on
SELECT set_config('objectid_portable.uuidv8', '410244480000000000 254', false) IS NOT NULL AS state_set;
SELECT substr(u::text, 1, 21) AS tick_and_sequence, uuidv8_extract_timestamp(u)
FROM (SELECT uuidv8() AS u UNION ALL SELECT uuidv8()) s ORDER BY u;

-- markings: generators with session state are PARALLEL UNSAFE (above), the
-- rest as the C extension; every function costs 100, PostgreSQL's default
-- for a function not in C (portable/README.md, item 15)
SELECT p.oid::regprocedure AS function, provolatile, proisstrict, proparallel, procost
FROM pg_proc p
WHERE pronamespace = 'public'::regnamespace
ORDER BY p.proname, p.oid::regprocedure::text;
-- every function runs with a pinned search_path, but for the five one-line
-- SQL functions that name every object with its schema, so that they are
-- inlined (hostile.sql plants objects for both kinds)
SELECT p.oid::regprocedure FROM pg_proc p
WHERE pronamespace = 'public'::regnamespace AND prokind = 'f'
  AND (proconfig IS NULL OR NOT proconfig @> '{"search_path=pg_catalog, pg_temp"}')
ORDER BY 1;
