--
-- generate: objectid() and objectid(timestamptz) (MongoDB ObjectID spec)
--

SET timezone = 'UTC';

-- markings: generators are volatile and parallel safe; objectid_generator()
-- reads a setting (stable)
SELECT oid::regprocedure, provolatile, proparallel, proleakproof
FROM pg_proc WHERE proname IN ('objectid', 'objectid_generator') ORDER BY 1;

-- which generator objectid() uses: the server's (one process value and
-- counter for every session) on 17+, and on 15 and 16 with the library in
-- shared_preload_libraries; the session's elsewhere, and where a session
-- sets objectid.generator = session
CREATE TEMP VIEW objectid_documented AS
SELECT CASE
	WHEN current_setting('objectid.generator') = 'session' THEN 'session'
	WHEN current_setting('server_version_num')::int >= 170000
	  OR 'objectid' = ANY (string_to_array(replace(current_setting('shared_preload_libraries'), ' ', ''), ','))
	THEN 'server' ELSE 'session' END AS generator;
SELECT objectid_generator() = generator AS as_documented FROM objectid_documented;  -- t

-- SHOW, current_setting() and pg_settings read the setting as it was set
-- (server by default), as for every setting; objectid_generator() tells the
-- generator in use, which on 15 and 16 without the preload is the
-- session's whatever is set (t/003 shows both there)
SHOW objectid.generator;  -- server
SELECT current_setting('objectid.generator'), setting,
       objectid_generator() = (SELECT generator FROM objectid_documented) AS as_documented
FROM pg_settings WHERE name = 'objectid.generator';  -- server, server, t
SET objectid.generator = session;
SHOW objectid.generator;  -- session
SELECT current_setting('objectid.generator'), setting, objectid_generator()
FROM pg_settings WHERE name = 'objectid.generator';  -- session, session, session
SET objectid.generator = 'none';  -- error: server or session
SET objectid.generator = 'SERVER';  -- names are case-insensitive, as for every setting
SHOW objectid.generator;  -- server
SELECT current_setting('objectid.generator'), setting,
       objectid_generator() = (SELECT generator FROM objectid_documented) AS as_documented
FROM pg_settings WHERE name = 'objectid.generator';  -- server, server, t
RESET objectid.generator;
DROP VIEW objectid_documented;

-- the timestamp field is the current second (coarse clock: allow 2 s)
SELECT abs(extract(epoch FROM objectid_timestamp(objectid()) - clock_timestamp())) < 2;  -- t

-- never a second behind: no id carries a second before that of a clock
-- reading taken just before it.  Only ids made as the second changes can
-- fail (the coarse clock alone, a tick or two behind the real one, fails
-- there for the ids of the first milliseconds, unless the tick happens to
-- fall just after the change), so at three changes of the second, batches
-- of 300,000 run from shortly before the change until one has spanned it
CREATE TEMP TABLE objectid_behind (behind bigint, spanned bool);
DO $$
DECLARE
	behind		bigint;
	spanned		bool;
	batches		int;
BEGIN
	FOR change IN 1..3 LOOP
		PERFORM pg_sleep(0.95 - (extract(microseconds FROM clock_timestamp())::int % 1000000) / 1e6);
		spanned := false;
		batches := 0;
		WHILE NOT spanned AND batches < 100 LOOP
			SELECT count(*) FILTER (WHERE objectid_timestamp(id) < date_trunc('second', t)),
			       count(DISTINCT date_trunc('second', t)) > 1
			INTO behind, spanned
			FROM (SELECT clock_timestamp() AS t, objectid() AS id
			      FROM generate_series(1, 300000)) s;
			INSERT INTO objectid_behind VALUES (behind, spanned);
			batches := batches + 1;
		END LOOP;
	END LOOP;
END
$$;
SELECT sum(behind) AS behind, count(*) FILTER (WHERE spanned) AS changes_spanned
FROM objectid_behind;  -- 0, 3
DROP TABLE objectid_behind;

-- one process value (bytes 4-8); the counter (bytes 9-11) starts each
-- second below 2^23 and goes up by one per id within it; in a session alone
-- on the server, with either generator.  The ids are made from just after a
-- second begins, so that the first is its second's first (the ids above
-- went on counting in the second they ended in)
DO $$
BEGIN
	PERFORM pg_sleep(1.005 - (extract(microseconds FROM clock_timestamp())::int % 1000000) / 1e6);
END
$$;
CREATE TEMP TABLE objectid_gen AS
SELECT n, objectid() AS id FROM generate_series(1, 100000) n;
SELECT count(DISTINCT substr(id::bytea, 5, 5)) FROM objectid_gen;  -- 1
SELECT count(DISTINCT id) FROM objectid_gen;  -- 100000
SELECT count(*) FILTER (WHERE s = ps AND c <> pc + 1) AS not_next,
       count(*) FILTER (WHERE s IS DISTINCT FROM ps AND c >= 8388608) AS start_not_below_2_23,
       count(*) FILTER (WHERE id <= prev) AS out_of_order
FROM (
	SELECT id, s, c, lag(id) OVER w AS prev, lag(s) OVER w AS ps, lag(c) OVER w AS pc
	FROM (SELECT n, id, objectid_timestamp(id) AS s,
	             ('x' || encode(substr(id::bytea, 10, 3), 'hex'))::bit(24)::int AS c
	      FROM objectid_gen) g
	WINDOW w AS (ORDER BY n)) s;  -- 0, 0, 0

-- a new backend: the session's generator draws a new process value
-- (MongoDB's fork rule); the server's gives it the server's value
CREATE TABLE objectid_proc (session_gen bool, gen text, pid int, v bytea);
INSERT INTO objectid_proc SELECT false, objectid_generator(), pg_backend_pid(), substr(objectid()::bytea, 5, 5);
SET objectid.generator = session;
INSERT INTO objectid_proc SELECT true, objectid_generator(), pg_backend_pid(), substr(objectid()::bytea, 5, 5);
\c
SET timezone = 'UTC';
INSERT INTO objectid_proc SELECT false, objectid_generator(), pg_backend_pid(), substr(objectid()::bytea, 5, 5);
SET objectid.generator = session;
INSERT INTO objectid_proc SELECT true, objectid_generator(), pg_backend_pid(), substr(objectid()::bytea, 5, 5);
RESET objectid.generator;
SELECT session_gen, count(DISTINCT pid) AS backends,
       count(DISTINCT v) = CASE WHEN min(gen) = 'server' THEN 1 ELSE 2 END AS values_as_the_generator_says
FROM objectid_proc GROUP BY session_gen ORDER BY 1;  -- f 2 t, t 2 t
DROP TABLE objectid_proc;

-- parallel workers: the session's generator draws a process value in each
-- worker, the server's gives them all the server's value; no id repeats.
-- The leader does not scan, so every id is a worker's (however many of the
-- two planned start, and whenever): compared with the leader's own value
CREATE TABLE objectid_par AS SELECT n FROM generate_series(1, 200000) n;
ANALYZE objectid_par;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
SET parallel_leader_participation = off;
EXPLAIN (COSTS OFF) SELECT objectid() FROM objectid_par;
CREATE TEMP TABLE objectid_par_ids AS SELECT objectid() AS id FROM objectid_par;
SELECT count(*), count(DISTINCT id) FROM objectid_par_ids;  -- 200000, 200000
SELECT CASE objectid_generator()
	WHEN 'server' THEN bool_and(substr(p.id::bytea, 5, 5) = substr(leader.id::bytea, 5, 5))
	ELSE bool_and(substr(p.id::bytea, 5, 5) <> substr(leader.id::bytea, 5, 5)) END AS values_as_the_generator_says
FROM objectid_par_ids p, (SELECT objectid() AS id) leader;  -- t
SET objectid.generator = session;
CREATE TEMP TABLE objectid_par_session AS SELECT objectid() AS id FROM objectid_par;
SELECT count(DISTINCT p.id), bool_and(substr(p.id::bytea, 5, 5) <> substr(leader.id::bytea, 5, 5)) AS values_of_the_workers
FROM objectid_par_session p, (SELECT objectid() AS id) leader;  -- 200000, t
RESET objectid.generator;
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size;
RESET max_parallel_workers_per_gather;
RESET parallel_leader_participation;
DROP TABLE objectid_par;

-- objectid(timestamptz): that second, unique, a process value of its own
-- (neither generator's: its ids carry any second)
SELECT objectid_timestamp(objectid(timestamptz '2024-02-29 12:34:56.789+00'));
SELECT count(DISTINCT objectid(timestamptz '2024-02-29 12:34:56+00')) FROM generate_series(1, 10000);  -- 10000
SELECT substr(objectid(timestamptz '2000-01-01 00:00:00+00')::bytea, 5, 5) = substr(objectid()::bytea, 5, 5);  -- f
SET objectid.generator = session;
SELECT substr(objectid(timestamptz '2000-01-01 00:00:00+00')::bytea, 5, 5) = substr(objectid()::bytea, 5, 5);  -- f
RESET objectid.generator;
-- spec's timestamp test plan through the generator
SELECT objectid_timestamp(objectid(t)) = t, substr(objectid(t)::bytea, 1, 4)
FROM (VALUES (timestamptz '1970-01-01 00:00:00+00'), ('2038-01-19 03:14:07+00'),
             ('2038-01-19 03:14:08+00'), ('2106-02-07 06:28:15+00')) v(t);
-- out of range: error
SELECT objectid(timestamptz '1969-12-31 23:59:59+00');
SELECT objectid(timestamptz '2106-02-07 06:28:16+00');
SELECT objectid(timestamptz 'infinity');
SELECT objectid(timestamptz '-infinity');
SELECT objectid(NULL::timestamptz) IS NULL;  -- t

-- DEFAULT objectid() in a table
CREATE TABLE objectid_default (id objectid PRIMARY KEY DEFAULT objectid(), v text);
INSERT INTO objectid_default (v) SELECT 'row ' || n FROM generate_series(1, 1000) n;
SELECT count(*), count(DISTINCT id) FROM objectid_default;  -- 1000, 1000
DROP TABLE objectid_default;

RESET timezone;
