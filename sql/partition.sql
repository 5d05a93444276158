--
-- partition: partitioning tables by time on objectid and uuid v7 keys
-- (doc/partitioning.md): PARTITION BY RANGE on the key with boundary
-- functions, pruning at plan and at run time, generated keys routed to their
-- partition, retention; the casts between objectid and timestamptz (1.3)
-- and pg_partman's decoder for uuid keys, uuid_timestamp_from_text() (1.3)
--
SET timezone = 'UTC';

-- named(rel): a relation's name, the recipe's partitions of this month and
-- the next ones (events_YYYY_MM, UTC) named by their distance from this
-- month (events_month+0, +1, +2, ...): the same text whichever month the
-- test runs in
CREATE FUNCTION named(rel text) RETURNS text
LANGUAGE sql STABLE AS $$
	SELECT coalesce((SELECT 'events_month+' || k FROM generate_series(0, 3) k
					  WHERE rel = 'events_' || to_char(date_trunc('month', now() AT TIME ZONE 'UTC')
														+ make_interval(months => k), 'YYYY_MM')),
					rel)
$$;

-- the partitions a query reads (the plan's relations after pruning, at plan
-- time or at executor start, which EXPLAIN performs), and how many the
-- executor pruned: the same text on every major, whatever the scan
CREATE FUNCTION scanned(query text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
	plan jsonb;
BEGIN
	EXECUTE 'EXPLAIN (FORMAT JSON, COSTS OFF) ' || query INTO plan;
	RETURN (SELECT string_agg(DISTINCT named(r #>> '{}'), ' ' ORDER BY named(r #>> '{}'))
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
-- Native partitioning on an objectid key, doc/partitioning.md's recipe as
-- written: this month's partition and the next two made first, then months
-- before (bounds from objectid_from_timestamp() or the cast), then the
-- default partition
--
CREATE TABLE events (
    id    objectid PRIMARY KEY DEFAULT objectid(),
    kind  text NOT NULL
) PARTITION BY RANGE (id);

SET client_min_messages = warning;  -- (the notices of the second run name this month)
-- this month's partition and the next two (months of UTC), before any row arrives;
-- run it again every day from a scheduler (pg_cron): it makes those missing
DO $$
DECLARE m timestamp;  -- the first of a month, UTC
BEGIN
    FOR i IN 0..2 LOOP
        m := date_trunc('month', now() AT TIME ZONE 'UTC') + make_interval(months => i);
        EXECUTE format('CREATE TABLE IF NOT EXISTS %I PARTITION OF events FOR VALUES FROM (%L) TO (%L)',
                       'events_' || to_char(m, 'YYYY_MM'),
                       objectid_from_timestamp(m AT TIME ZONE 'UTC'),
                       objectid_from_timestamp((m + interval '1 month') AT TIME ZONE 'UTC'));
    END LOOP;
END $$;
-- its daily run (psql's \g sends it again): the months exist, it does nothing
\g
RESET client_min_messages;

-- months before, for backfills
CREATE TABLE events_2024_01 PARTITION OF events
    FOR VALUES FROM (objectid_from_timestamp('2024-01-01+00'))
                 TO (objectid_from_timestamp('2024-02-01+00'));
-- 1.3: the same bounds with the cast, the smallest id of a second
CREATE TABLE events_2024_02 PARTITION OF events
    FOR VALUES FROM ('2024-02-01+00'::timestamptz::objectid)
                 TO ('2024-03-01+00'::timestamptz::objectid);
CREATE TABLE events_default PARTITION OF events DEFAULT;
-- (the test's own: one more month before)
CREATE TABLE events_2024_03 PARTITION OF events
	FOR VALUES FROM ('2024-03-01+00'::timestamptz::objectid) TO ('2024-04-01+00'::timestamptz::objectid);
SELECT pg_get_expr(c.relpartbound, c.oid) FROM pg_class c WHERE c.relname = 'events_2024_02';
-- the recipe's months: this one and the next two, each bounded by the
-- smallest ids of its first second and of the next month's
SELECT named(c.relname),
	   objectid_timestamp(lo) = (date_trunc('month', now() AT TIME ZONE 'UTC')
								 + make_interval(months => k)) AT TIME ZONE 'UTC' AS starts_right,
	   objectid_timestamp(hi) = (date_trunc('month', now() AT TIME ZONE 'UTC')
								 + make_interval(months => k + 1)) AT TIME ZONE 'UTC' AS ends_right
FROM pg_class c, generate_series(0, 2) k,
	LATERAL (SELECT (regexp_match(pg_get_expr(c.relpartbound, c.oid), $$FROM \('(\w+)'\) TO \('(\w+)'\)$$)) b) m,
	LATERAL (SELECT b[1]::objectid lo, b[2]::objectid hi) bounds
WHERE named(c.relname) = 'events_month+' || k
ORDER BY k;

-- rows made now, before any maintenance: in this month's partition, none
-- in the default one
INSERT INTO events (kind) SELECT 'new' FROM generate_series(1, 100);
SELECT named(tableoid::regclass::text) AS partition, count(*) FROM events GROUP BY 1;  -- events_month+0 100
SELECT count(*) AS in_default FROM events_default;  -- 0

-- generated keys go to their partition: DEFAULT objectid() to this month's,
-- objectid(timestamptz) backfills to theirs, ids outside every range to the
-- default partition
INSERT INTO events SELECT objectid(timestamptz '2024-01-01 00:00:00+00' + n * interval '1 hour'), 'backfill'
FROM generate_series(0, 24 * 91 - 1) n;  -- 2024-01-01 to 2024-03-31, hourly
INSERT INTO events VALUES (objectid(timestamptz '2023-06-15 12:00:00+00'), 'old');
SELECT named(tableoid::regclass::text) AS partition, kind, count(*) FROM events GROUP BY tableoid, 1, 2 ORDER BY tableoid, 2;
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
-- (the last minute, within this month, so that it is one partition however
-- near a month's start the test runs)
SELECT scanned($$SELECT count(*) FROM events
	WHERE id >= objectid_from_timestamp(greatest(now() - interval '1 minute', date_trunc('month', now())))$$);
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

-- the months made ahead, the default partition and two of 2024 (2024_01 dropped)
SELECT count(*) FROM pg_inherits WHERE inhparent = 'events'::regclass;  -- 6
-- ids of the first and last second of the last month made ahead go there,
-- the next month's first to the default partition
WITH last AS (SELECT (date_trunc('month', now() AT TIME ZONE 'UTC') + interval '3 months') AT TIME ZONE 'UTC' AS e),
ins AS (
	INSERT INTO events
	SELECT objectid(t), 'ahead' FROM last,
		LATERAL (VALUES (e - interval '1 month'), (e - interval '1 second'), (e)) v(t)
	RETURNING tableoid
)
SELECT named(tableoid::regclass::text), count(*) FROM ins GROUP BY 1 ORDER BY 1;  -- default 1, month+2 2
DELETE FROM events WHERE kind = 'ahead';

-- rows already in the default partition (April 2024, which has no
-- partition) block creating their month; the way out of
-- doc/partitioning.md, as written, moves them
INSERT INTO events SELECT objectid(timestamptz '2024-04-01 00:00:00+00' + n * interval '1 hour'), 'april'
FROM generate_series(0, 24 * 30 - 1) n;  -- 2024-04-01 to 2024-04-30, hourly
SELECT tableoid::regclass, kind, count(*) FROM events WHERE tableoid = 'events_default'::regclass GROUP BY 1, 2 ORDER BY 2;
CREATE TABLE events_2024_04 PARTITION OF events
    FOR VALUES FROM ('2024-04-01+00'::timestamptz::objectid)
                 TO ('2024-05-01+00'::timestamptz::objectid);  -- error: the default partition has its rows
BEGIN;
ALTER TABLE events DETACH PARTITION events_default;
CREATE TABLE events_2024_04 PARTITION OF events
    FOR VALUES FROM ('2024-04-01+00'::timestamptz::objectid)
                 TO ('2024-05-01+00'::timestamptz::objectid);
WITH moved AS (
    DELETE FROM events_default
    WHERE id >= '2024-04-01+00'::timestamptz::objectid
      AND id <  '2024-05-01+00'::timestamptz::objectid
    RETURNING *)
INSERT INTO events SELECT * FROM moved;
ALTER TABLE events ATTACH PARTITION events_default DEFAULT;
COMMIT;
SELECT tableoid::regclass, kind, count(*) FROM events
WHERE tableoid IN ('events_default'::regclass, 'events_2024_04'::regclass) GROUP BY 1, 2 ORDER BY 1, 2;  -- april 720 moved, old 1 stays
SELECT pg_get_expr(relpartbound, oid) FROM pg_class WHERE relname = 'events_default';  -- DEFAULT again

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
	WHERE id >= uuidv7_from_timestamp(greatest(now() - interval '1 minute', date_trunc('month', now())))$$);
SELECT count(*) FROM readings
WHERE id >= uuidv7_from_timestamp('2024-02-10') AND id < uuidv7_from_timestamp('2024-02-20');  -- 240

DROP TABLE events, readings;
DROP FUNCTION scanned(text), estimated(text), named(text);
DEALLOCATE window_count;
RESET timezone;
