--
-- partition: partitioning tables by time on objectid and uuid v7 keys
-- (doc/partitioning.md): PARTITION BY RANGE on the key with boundary
-- functions, pruning at plan and at run time, generated keys routed to their
-- partition, retention; the casts between objectid and timestamptz (1.3)
-- and pg_partman's decoder for uuid keys, uuid_timestamp_from_text() (1.3)
--
SET timezone = 'UTC';

-- the partitions a query reads (the plan's relations after pruning, at plan
-- time or at executor start, which EXPLAIN performs), and how many the
-- executor pruned: the same text on every major, whatever the scan
CREATE FUNCTION scanned(query text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
	plan jsonb;
BEGIN
	EXECUTE 'EXPLAIN (FORMAT JSON, COSTS OFF) ' || query INTO plan;
	RETURN (SELECT string_agg(DISTINCT r #>> '{}', ' ' ORDER BY r #>> '{}')
			  FROM jsonb_path_query(plan, 'strict $.**."Relation Name"') r)
		|| coalesce(' (' || nullif((SELECT sum((n #>> '{}')::int)
									  FROM jsonb_path_query(plan, 'strict $.**."Subplans Removed"') n), 0)
					|| ' pruned at run time)', '');
END
$$;

--
-- The casts: explicit only, an id to the second it carries, an instant to
-- the smallest id of its second (what objectid_from_timestamp() gives)
--
SELECT c.castsource::regtype, c.casttarget::regtype, c.castfunc::regprocedure,
       c.castcontext, c.castmethod
FROM pg_cast c
WHERE c.castsource = 'objectid'::regtype OR c.casttarget = 'objectid'::regtype
ORDER BY 1, 2;
SELECT '507f1f77bcf86cd799439011'::objectid::timestamptz;  -- 2012-10-17 21:13:27+00
SELECT CAST(timestamptz '2012-10-17 21:13:27.999+00' AS objectid);  -- 507f1f770000000000000000
SELECT ts::objectid = objectid_from_timestamp(ts) AS same_bound,
       ts::objectid::timestamptz = date_trunc('second', ts) AS its_second
FROM (VALUES (timestamptz '1970-01-01 00:00:00+00'), ('2024-02-29 12:34:56.789+00'),
             ('2106-02-07 06:28:15.999999+00')) v(ts);
SELECT timestamptz '1969-12-31 23:59:59+00'::objectid;  -- 22008: out of range
SELECT timestamptz 'infinity'::objectid;  -- 22008
SELECT NULL::timestamptz::objectid IS NULL, NULL::objectid::timestamptz IS NULL;  -- t t
-- not implicit, not in assignment: a timestamptz is no objectid by accident
CREATE TABLE cast_check (id objectid);
INSERT INTO cast_check VALUES (now());  -- error
DROP TABLE cast_check;

--
-- pg_partman's time decoder for uuid keys: uuid_timestamp() of a UUID
-- written as text (pg_partman calls decoder(column::text)); its encoder is
-- uuidv7_from_timestamp()
--
SELECT oid::regprocedure, provolatile, proisstrict, proparallel, proleakproof
FROM pg_proc WHERE proname IN ('uuid_timestamp_from_text', 'uuidv7_from_timestamp') ORDER BY 1;
SELECT uuid_timestamp_from_text('017f22e2-79b0-7cc3-98c4-dc0c0c07398f');  -- RFC 9562 v7: 2022-02-22 19:22:22+00
SELECT uuid_timestamp_from_text('1EC9414C-232A-6B00-B3C8-9F6BDECED846');  -- v6, any case: 2022-02-22 19:22:22+00
SELECT uuid_timestamp_from_text(uuidv7_from_timestamp(ts)::text) = ts AS round_trip
FROM (VALUES (timestamptz '1970-01-01 00:00:00+00'), ('2024-03-01 00:00:00+00'),
             ('2025-12-31 23:59:59.999+00')) v(ts);
SELECT uuid_timestamp_from_text('c0ffee00-0000-4000-8000-000000000000') IS NULL AS v4_has_none;  -- t
SELECT uuid_timestamp_from_text('not a uuid');  -- 22P02: uuid's own error
SELECT uuid_timestamp_from_text(NULL) IS NULL;  -- t
-- a name of its own: uuid_timestamp() with an untyped literal is still the uuid one
SELECT uuid_timestamp('017f22e2-79b0-7cc3-98c4-dc0c0c07398f');

--
-- Native partitioning on an objectid key: one partition a month, bounds
-- from objectid_from_timestamp() (or the cast), a default partition
--
CREATE TABLE events (
	id objectid PRIMARY KEY DEFAULT objectid(),
	kind text NOT NULL
) PARTITION BY RANGE (id);
CREATE TABLE events_2024_01 PARTITION OF events
	FOR VALUES FROM (objectid_from_timestamp('2024-01-01')) TO (objectid_from_timestamp('2024-02-01'));
CREATE TABLE events_2024_02 PARTITION OF events
	FOR VALUES FROM (objectid_from_timestamp('2024-02-01')) TO (objectid_from_timestamp('2024-03-01'));
CREATE TABLE events_2024_03 PARTITION OF events
	FOR VALUES FROM ('2024-03-01'::timestamptz::objectid) TO ('2024-04-01'::timestamptz::objectid);
-- this month's partition, whichever month the test runs in
DO $$
BEGIN
	EXECUTE format('CREATE TABLE events_this_month PARTITION OF events FOR VALUES FROM (%L) TO (%L)',
				   objectid_from_timestamp(date_trunc('month', now())),
				   objectid_from_timestamp(date_trunc('month', now()) + interval '1 month'));
END
$$;
CREATE TABLE events_default PARTITION OF events DEFAULT;
SELECT pg_get_expr(c.relpartbound, c.oid) FROM pg_class c WHERE c.relname = 'events_2024_02';

-- generated keys go to their partition: DEFAULT objectid() to this month's,
-- objectid(timestamptz) backfills to theirs, ids outside every range to the
-- default partition
INSERT INTO events (kind) SELECT 'new' FROM generate_series(1, 100);
INSERT INTO events SELECT objectid(timestamptz '2024-01-01 00:00:00+00' + n * interval '1 hour'), 'backfill'
FROM generate_series(0, 24 * 91 - 1) n;  -- 2024-01-01 to 2024-03-31, hourly
INSERT INTO events VALUES (objectid(timestamptz '2023-06-15 12:00:00+00'), 'old');
SELECT tableoid::regclass AS partition, kind, count(*) FROM events GROUP BY 1, 2 ORDER BY 1, 2;
ANALYZE events;

-- pruning at plan time: constant bounds (the boundary functions are
-- IMMUTABLE, so the planner folds them)
SELECT scanned($$SELECT count(*) FROM events
	WHERE id >= objectid_from_timestamp('2024-02-10') AND id < objectid_from_timestamp('2024-02-20')$$);
SELECT scanned($$SELECT count(*) FROM events
	WHERE id >= '2024-01-20'::timestamptz::objectid AND id < '2024-02-10'::timestamptz::objectid$$);
SELECT count(*) FROM events
WHERE id >= objectid_from_timestamp('2024-02-10') AND id < objectid_from_timestamp('2024-02-20');  -- 240
-- at run time: bounds from now() (STABLE) are pruned when the executor starts
SELECT scanned($$SELECT count(*) FROM events
	WHERE id >= objectid_from_timestamp(now() - interval '1 minute')$$);
SELECT count(*) FROM events WHERE id >= objectid_from_timestamp(now() - interval '1 hour');  -- 100
-- and in a prepared statement's generic plan
PREPARE window_count(timestamptz, timestamptz) AS
	SELECT count(*) FROM events WHERE id >= objectid_from_timestamp($1) AND id < objectid_from_timestamp($2);
SET plan_cache_mode = force_generic_plan;
SELECT scanned($$EXECUTE window_count('2024-03-05', '2024-03-06')$$);
EXECUTE window_count('2024-03-05', '2024-03-06');  -- 24
RESET plan_cache_mode;
-- a window estimated on the partition it prunes to, as on a timestamptz column
CREATE FUNCTION estimated(query text) RETURNS float8
LANGUAGE plpgsql AS $$
DECLARE
	plan jsonb;
BEGIN
	EXECUTE 'EXPLAIN (FORMAT JSON) ' || query INTO plan;
	RETURN (plan -> 0 -> 'Plan' ->> 'Plan Rows')::float8;
END
$$;
SELECT estimated($$SELECT * FROM events
	WHERE id >= objectid_from_timestamp('2024-02-10') AND id < objectid_from_timestamp('2024-02-12')$$)
	BETWEEN 48 / 2 AND 48 * 2 AS within_2x;  -- 48 rows: t

-- retention: the oldest month leaves by DETACH and DROP, not DELETE
ALTER TABLE events DETACH PARTITION events_2024_01;
DROP TABLE events_2024_01;
SELECT count(*), min(objectid_timestamp(id)) FILTER (WHERE kind = 'backfill') FROM events;  -- 1541, 2024-02-01

-- next month's partition, made ahead by a scheduled job (doc/partitioning.md's
-- recipe, verbatim); run again, it does nothing
SET client_min_messages = warning;
DO $$
DECLARE m timestamptz := date_trunc('month', now() + interval '1 month');
BEGIN
    EXECUTE format('CREATE TABLE IF NOT EXISTS %I PARTITION OF events FOR VALUES FROM (%L) TO (%L)',
                   'events_' || to_char(m, 'YYYY_MM'),
                   objectid_from_timestamp(m), objectid_from_timestamp(m + interval '1 month'));
END $$;
DO $$
DECLARE m timestamptz := date_trunc('month', now() + interval '1 month');
BEGIN
    EXECUTE format('CREATE TABLE IF NOT EXISTS %I PARTITION OF events FOR VALUES FROM (%L) TO (%L)',
                   'events_' || to_char(m, 'YYYY_MM'),
                   objectid_from_timestamp(m), objectid_from_timestamp(m + interval '1 month'));
END $$;
RESET client_min_messages;
-- an id of next month's first second and of its last go there, its month's
-- end to the default partition
WITH next AS (SELECT date_trunc('month', now() + interval '1 month') AS m),
ins AS (
	INSERT INTO events
	SELECT objectid(t), 'next' FROM next,
		LATERAL (VALUES (m), (m + interval '1 month' - interval '1 second'), (m + interval '1 month')) v(t)
	RETURNING tableoid, id
)
SELECT tableoid = ('events_' || to_char(m, 'YYYY_MM'))::regclass AS in_next_month, count(*)
FROM ins, next GROUP BY 1 ORDER BY 1;  -- f 1, t 2

--
-- The same on a uuid v7 key: uuidv7_from_timestamp() bounds, DEFAULT
-- uuidv7() (PostgreSQL 18's, or this extension's before 18), uuidv7_at()
-- backfills
--
CREATE TABLE readings (
	id uuid PRIMARY KEY DEFAULT uuidv7(),
	v int NOT NULL
) PARTITION BY RANGE (id);
CREATE TABLE readings_2024_q1 PARTITION OF readings
	FOR VALUES FROM (uuidv7_from_timestamp('2024-01-01')) TO (uuidv7_from_timestamp('2024-04-01'));
DO $$
BEGIN
	EXECUTE format('CREATE TABLE readings_this_month PARTITION OF readings FOR VALUES FROM (%L) TO (%L)',
				   uuidv7_from_timestamp(date_trunc('month', now())),
				   uuidv7_from_timestamp(date_trunc('month', now()) + interval '1 month'));
END
$$;
CREATE TABLE readings_default PARTITION OF readings DEFAULT;
INSERT INTO readings (v) SELECT n FROM generate_series(1, 50) n;
INSERT INTO readings SELECT uuidv7_at(timestamptz '2024-01-01 00:00:00+00' + n * interval '1 hour'), n
FROM generate_series(0, 24 * 91 - 1) n;
SELECT tableoid::regclass AS partition, count(*) FROM readings GROUP BY 1 ORDER BY 1;
SELECT scanned($$SELECT count(*) FROM readings
	WHERE id >= uuidv7_from_timestamp('2024-02-10') AND id < uuidv7_from_timestamp('2024-02-20')$$);
SELECT scanned($$SELECT count(*) FROM readings
	WHERE id >= uuidv7_from_timestamp(now() - interval '1 minute')$$);
SELECT count(*) FROM readings
WHERE id >= uuidv7_from_timestamp('2024-02-10') AND id < uuidv7_from_timestamp('2024-02-20');  -- 240

DROP TABLE events, readings;
DROP FUNCTION scanned(text), estimated(text);
DEALLOCATE window_count;
RESET timezone;
