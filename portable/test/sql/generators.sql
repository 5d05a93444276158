--
-- generators: the generation rules of shared/API.md within one session, for
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

-- the counter wraps 0xFFFFFF -> 0x000000, and the second moves forward
-- instead of repeating; a clock behind the last id (here the last id is in
-- 2100) does not take the ids back
SELECT set_config('objectid_portable.objectid', 'aaaaaaaaaa 16777214 4102444800 16777213', false) IS NOT NULL AS state_set;
SELECT objectid() AS fffffe, objectid() AS ffffff, objectid() AS wrapped;
SELECT objectid_timestamp(objectid());
-- objectid(timestamptz) takes the next counter value too, with its own second
SELECT objectid(timestamptz '2020-01-01 00:00:00+00');
-- the last second: a wrap there is an error, not a repeat
SELECT set_config('objectid_portable.objectid', 'aaaaaaaaaa 16777215 4294967295 16777214', false) IS NOT NULL AS state_set;
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

-- markings: generators with session state are PARALLEL RESTRICTED (a
-- parallel worker cannot set a setting), the rest as the C extension
SELECT p.oid::regprocedure AS function, provolatile, proisstrict, proparallel
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
