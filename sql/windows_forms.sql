--
-- windows_forms: time windows through an id's second in the forms
-- applications send (src/objectid_window.c): date and timestamp bounds in
-- any time zone, a view's or a CTE's created_at, a LATERAL subquery and a
-- join, MERGE, an instant that is a subquery; from a connection's first
-- statement; and never a plan dearer than the one written, where the
-- table has an index, a partition key or CHECK constraints on the second.
-- The rows are compared with objectid.rewrite_time_windows = off.
--
SET search_path = public, pg_catalog;

--
-- The bounds of a date and of a timestamp are those of the instant the
-- comparison of a timestamptz with them reads (the value in the session's
-- time zone), in four time zones, at the ends of the range ids carry and
-- beyond; NULL where no id qualifies, never an error (the cast of the far
-- dates would raise: there the bounds are those of an infinity)
--
CREATE TABLE wf_zones (z text);
INSERT INTO wf_zones VALUES ('UTC'), ('America/New_York'), ('Asia/Kolkata'), ('Pacific/Kiritimati');
CREATE TABLE wf_dates (d date);
INSERT INTO wf_dates VALUES ('1969-12-30'), ('1969-12-31'), ('1970-01-01'), ('1970-01-02'),
	('2023-12-31'), ('2024-01-01'), ('2106-02-06'), ('2106-02-07'), ('2106-02-08'),
	('4713-01-01 BC'), ('5874897-12-31'), ('infinity'), ('-infinity');
CREATE TABLE wf_stamps (ts timestamp);
INSERT INTO wf_stamps VALUES ('1969-12-31 23:59:59'), ('1970-01-01 00:00:00'),
	('1970-01-01 00:00:00.5'), ('2023-12-31 23:59:59.999999'), ('2024-01-01 00:00:00'),
	('2024-01-01 05:30:00'), ('2106-02-07 06:28:15'), ('2106-02-07 06:28:15.5'),
	('2106-02-08 06:28:15'), ('4713-01-01 00:00:00 BC'), ('294276-12-31 23:59:59'),
	('infinity'), ('-infinity');
-- the instant a comparison reads: the value in the zone, or an infinity
-- where it is beyond what a timestamptz holds (the cast would raise)
CREATE FUNCTION wf_instant(i timestamp) RETURNS timestamptz LANGUAGE sql STABLE AS $$
SELECT CASE WHEN i > timestamp '294276-12-30' THEN timestamptz 'infinity'
			WHEN i < timestamp '4713-01-03 BC' THEN timestamptz '-infinity'
			ELSE i::timestamptz END $$;
CREATE FUNCTION wf_bounds_differ(z text) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
	n bigint;
BEGIN
	PERFORM set_config('timezone', z, true);
	SELECT count(*) INTO n FROM (
		SELECT objectid_first_at_or_after(d) IS DISTINCT FROM objectid_first_at_or_after(wf_instant(i))
			OR objectid_first_after(d) IS DISTINCT FROM objectid_first_after(wf_instant(i))
			OR objectid_last_before(d) IS DISTINCT FROM objectid_last_before(wf_instant(i))
			OR objectid_last_at_or_before(d) IS DISTINCT FROM objectid_last_at_or_before(wf_instant(i)) AS differ
		FROM wf_dates, LATERAL (SELECT CASE WHEN d > date '294276-12-31' THEN timestamp 'infinity'
											ELSE d::timestamp END AS i) i
		UNION ALL
		SELECT objectid_first_at_or_after(ts) IS DISTINCT FROM objectid_first_at_or_after(wf_instant(ts))
			OR objectid_first_after(ts) IS DISTINCT FROM objectid_first_after(wf_instant(ts))
			OR objectid_last_before(ts) IS DISTINCT FROM objectid_last_before(wf_instant(ts))
			OR objectid_last_at_or_before(ts) IS DISTINCT FROM objectid_last_at_or_before(wf_instant(ts))
		FROM wf_stamps) c
	WHERE differ;
	RETURN n;
END $$;
SELECT z, wf_bounds_differ(z) AS differ FROM wf_zones ORDER BY z;
SET timezone = 'Asia/Kolkata';
SELECT d, objectid_first_at_or_after(d) AS first_at_or_after, objectid_first_after(d) AS first_after,
	objectid_last_before(d) AS last_before, objectid_last_at_or_before(d) AS last_at_or_before
FROM wf_dates ORDER BY d;
SELECT ts, objectid_first_at_or_after(ts) AS first_at_or_after, objectid_first_after(ts) AS first_after,
	objectid_last_before(ts) AS last_before, objectid_last_at_or_before(ts) AS last_at_or_before
FROM wf_stamps ORDER BY ts;
SELECT objectid_first_at_or_after(NULL::date) IS NULL AS strict_date,
	objectid_last_before(NULL::timestamp) IS NULL AS strict_timestamp;
SELECT p.oid::regprocedure AS function, p.provolatile, p.proisstrict, p.proparallel, p.proleakproof,
	obj_description(p.oid, 'pg_proc') IS NOT NULL AS commented
FROM pg_proc p
WHERE p.proname IN ('objectid_first_at_or_after', 'objectid_first_after', 'objectid_last_before',
					'objectid_last_at_or_before', 'objectid_planner_support')
  AND p.proargtypes[0] <> 'timestamptz'::regtype
ORDER BY 1::text;
-- the planner support function of the two functions whose comparisons
-- are rewritten
SELECT p.oid::regprocedure AS function, p.prosupport
FROM pg_proc p WHERE p.prosupport <> 0 AND p.prosupport::text LIKE '%objectid%' ORDER BY 1::text;

--
-- The same rows with and without the rewrite, comparing with a date or a
-- timestamp in each zone: ids at the seconds before, at and after each
-- instant of wf_dates and wf_stamps in each zone (the first, a middle and
-- the last id of each), at the ends of the range and a NULL id.  Per
-- shape: the cases, the rows returned, the cases whose rows differ (0),
-- those that raised (0) and those whose plan was not rewritten (0: every
-- comparison becomes a bound on the key).
--
CREATE TABLE wf_r (id objectid);
INSERT INTO wf_r
	SELECT DISTINCT objectid(decode(lpad(to_hex(s), 8, '0') || r, 'hex'))
	FROM (SELECT extract(epoch FROM (i AT TIME ZONE z))::bigint + k AS s
		  FROM wf_zones,
			   (SELECT d::timestamp AS i FROM wf_dates WHERE isfinite(d) AND d < '3000-01-01'
				UNION ALL SELECT ts FROM wf_stamps WHERE isfinite(ts) AND ts < '3000-01-01') i,
			   generate_series(-1, 1) k
		  UNION ALL SELECT unnest(ARRAY[0, 1, 4294967294, 4294967295]::bigint[])) c,
		 unnest(ARRAY['0000000000000000', '8000000000000000', 'ffffffffffffffff']) r
	WHERE s BETWEEN 0 AND 4294967295;
INSERT INTO wf_r VALUES (NULL);
SELECT count(*) FROM wf_r;
CREATE FUNCTION wf_rows(cond text, z text, rewrite bool) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
	r text;
BEGIN
	PERFORM set_config('objectid.rewrite_time_windows', rewrite::text, true);
	PERFORM set_config('timezone', z, true);
	EXECUTE 'SELECT string_agg(id::text, '','' ORDER BY id) FROM wf_r WHERE ' || cond INTO r;
	RETURN coalesce(r, '');
EXCEPTION WHEN others THEN
	RETURN 'error: ' || SQLERRM;
END $$;
CREATE FUNCTION wf_plan(q text, rewrite bool) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
	p text;
	r text := '';
BEGIN
	PERFORM set_config('objectid.rewrite_time_windows', rewrite::text, true);
	FOR p IN EXECUTE 'EXPLAIN (COSTS OFF) ' || q LOOP
		r := r || p || E'\n';
	END LOOP;
	RETURN r;
END $$;
-- %1$s an instant
CREATE TABLE wf_shapes (shape text, cond text);
INSERT INTO wf_shapes VALUES
	('s >= i', 'id::timestamptz >= %1$s'),
	('s > i', 'id::timestamptz > %1$s'),
	('s < i', 'objectid_timestamp(id) < %1$s'),
	('s <= i', 'id::timestamptz <= %1$s'),
	('s = i', 'id::timestamptz = %1$s'),
	('i <= s', '%1$s <= id::timestamptz'),
	('i > s', '%1$s > objectid_timestamp(id)'),
	('i = s', '%1$s = id::timestamptz'),
	('window of a day', 'id::timestamptz >= %1$s AND id::timestamptz < %1$s + 1'),
	('not between', 'id::timestamptz NOT BETWEEN %1$s AND %1$s + 1');
CREATE TABLE wf_cases AS
SELECT 'date: ' || shape AS shape, z,
	wf_rows(format(cond, quote_literal(d) || '::date'), z, true) AS rewritten,
	wf_rows(format(cond, quote_literal(d) || '::date'), z, false) AS written,
	wf_plan('SELECT * FROM wf_r WHERE ' || format(cond, quote_literal(d) || '::date'), true) <>
	wf_plan('SELECT * FROM wf_r WHERE ' || format(cond, quote_literal(d) || '::date'), false) AS plan_changed
FROM wf_shapes, wf_zones, wf_dates
WHERE d < '3000-01-01' OR cond NOT LIKE '%+ 1%'  -- the last date + 1 overflows
UNION ALL
SELECT 'timestamp: ' || shape, z,
	wf_rows(format(replace(cond, '+ 1', '+ interval ''1 day'''), quote_literal(ts) || '::timestamp'), z, true),
	wf_rows(format(replace(cond, '+ 1', '+ interval ''1 day'''), quote_literal(ts) || '::timestamp'), z, false),
	wf_plan('SELECT * FROM wf_r WHERE ' || format(replace(cond, '+ 1', '+ interval ''1 day'''), quote_literal(ts) || '::timestamp'), true) <>
	wf_plan('SELECT * FROM wf_r WHERE ' || format(replace(cond, '+ 1', '+ interval ''1 day'''), quote_literal(ts) || '::timestamp'), false)
FROM wf_shapes, wf_zones, wf_stamps
WHERE ts < '3000-01-01' OR cond NOT LIKE '%+ 1%';
SELECT shape, count(*) AS cases,
	sum(array_length(string_to_array(nullif(written, ''), ','), 1)) AS rows,
	count(*) FILTER (WHERE rewritten <> written) AS differ,
	count(*) FILTER (WHERE written LIKE 'error%') AS errors,
	count(*) FILTER (WHERE NOT plan_changed) AS not_rewritten
FROM wf_cases GROUP BY shape ORDER BY shape;
-- the cases that differ (none)
SELECT * FROM wf_cases WHERE rewritten <> written;

--
-- The forms applications use, on a table of 20,000 ids over 2024 with an
-- index on the key, through each of which the window reads the key's
-- index: a bound of current_date - 7 (a date) and of a timestamp, as a
-- naive datetime binds; a view's created_at; a CTE's; a LATERAL subquery
-- and a join comparing the second with another table's column; MERGE's
-- join condition; NOT of an AND; an instant that is a subquery, run once
-- (one InitPlan); the same rows as written for each
--
\getenv abs_srcdir PG_ABS_SRCDIR
\set est_data :abs_srcdir '/sql/estimates_data.sql'
\i :est_data
SET timezone = 'UTC';
CREATE INDEX ON est_u (id);
ANALYZE est_u;
CREATE VIEW wf_orders AS SELECT id, ts, id::timestamptz AS created_at FROM est_u;
CREATE TABLE wf_marks (k int, at timestamptz, day date);
INSERT INTO wf_marks VALUES (1, '2024-06-10 12:00+00', '2024-06-10'), (2, '2024-09-17 20:00+00', '2024-09-17');
ANALYZE wf_marks;
CREATE TABLE wf_forms (form text, q text);
INSERT INTO wf_forms VALUES
	('date bound', $$SELECT count(*) FROM est_u WHERE id::timestamptz >= date '2024-12-31' - 7$$),
	('timestamp bound', $$SELECT count(*) FROM est_u WHERE id::timestamptz >= timestamp '2024-12-24 08:00' AND id::timestamptz < timestamp '2024-12-24 09:00'$$),
	('view created_at', $$SELECT count(*) FROM wf_orders WHERE created_at >= timestamptz '2024-12-30+00'$$),
	('view created_at, date', $$SELECT count(*) FROM wf_orders WHERE created_at BETWEEN date '2024-06-10' AND date '2024-06-11'$$),
	('CTE created_at', $$WITH o AS (SELECT *, objectid_timestamp(id) AS created_at FROM est_u) SELECT count(*) FROM o WHERE created_at >= '2024-12-30+00'$$),
	('subquery in FROM', $$SELECT count(*) FROM (SELECT id::timestamptz AS c FROM est_u) s WHERE c < '2024-01-02+00'$$),
	('LATERAL', $$SELECT m.k, n FROM wf_marks m, LATERAL (SELECT count(*) AS n FROM est_u WHERE id::timestamptz >= m.at AND id::timestamptz < m.at + interval '1 hour') c ORDER BY m.k$$),
	('join on the second', $$SELECT m.k, count(*) FROM wf_marks m JOIN est_u o ON o.id::timestamptz >= m.day AND o.id::timestamptz < m.day + 1 GROUP BY m.k ORDER BY m.k$$),
	('NOT of an AND', $$SELECT count(*) FROM est_u WHERE NOT (id::timestamptz < '2024-06-10+00' OR id::timestamptz >= '2024-06-11+00')$$),
	('subquery instant', $$SELECT count(*) FROM est_u WHERE objectid_timestamp(id) = (SELECT max(objectid_timestamp(id)) FROM est_u)$$);
SET enable_seqscan = off;
SET enable_bitmapscan = off;
SELECT form,
	wf_plan(q, true) ~ 'using est_u_id_idx on est_u[^\n]*\n\s*Index Cond: [^\n]*\(id [<>]=' AS reads_key_index,
	wf_plan(q, false) ~ 'Index Cond: [^\n]*\(id [<>]=' AS written_reads_key_index,
	regexp_count(wf_plan(q, true), '^\s*(InitPlan|SubPlan)', 1, 'n') AS subplans
FROM wf_forms ORDER BY form;
RESET enable_seqscan;
RESET enable_bitmapscan;
CREATE FUNCTION wf_result(q text, rewrite bool) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	r text;
BEGIN
	PERFORM set_config('objectid.rewrite_time_windows', rewrite::text, true);
	EXECUTE 'SELECT string_agg(x::text, '';'') FROM (' || q || ') x' INTO r;
	RETURN r;
END $$;
SELECT form, wf_result(q, true) AS result, wf_result(q, true) = wf_result(q, false) AS as_written
FROM wf_forms ORDER BY form;
-- a UNION ALL view of two tables: each branch reads its key's index, with
-- the rows as written (not where each branch computes the second itself)
CREATE TABLE wf_old AS SELECT id, ts FROM est_u WHERE ts < '2024-07-01+00';
CREATE TABLE wf_new AS SELECT id, ts FROM est_u WHERE ts >= '2024-07-01+00';
CREATE INDEX ON wf_old (id);
CREATE INDEX ON wf_new (id);
ANALYZE wf_old, wf_new;
CREATE VIEW wf_all AS SELECT id, ts FROM wf_old UNION ALL SELECT id, ts FROM wf_new;
CREATE VIEW wf_all_at AS SELECT id::timestamptz AS created_at FROM wf_old
	UNION ALL SELECT id::timestamptz FROM wf_new;
EXPLAIN (COSTS OFF) SELECT * FROM wf_all WHERE id::timestamptz >= '2024-06-30+00' AND id::timestamptz < '2024-07-02+00';
SELECT wf_result($$SELECT count(*) FROM wf_all WHERE id::timestamptz >= '2024-06-30+00' AND id::timestamptz < '2024-07-02+00'$$, true) AS rows,
	wf_result($$SELECT id FROM wf_all WHERE id::timestamptz >= '2024-06-30+00' AND id::timestamptz < '2024-07-02+00' ORDER BY id$$, true) =
	wf_result($$SELECT id FROM wf_all WHERE id::timestamptz >= '2024-06-30+00' AND id::timestamptz < '2024-07-02+00' ORDER BY id$$, false) AS same_rows,
	wf_plan($$SELECT * FROM wf_all_at WHERE created_at >= '2024-06-30+00'$$, true) =
	wf_plan($$SELECT * FROM wf_all_at WHERE created_at >= '2024-06-30+00'$$, false) AS branches_computing_it_as_written;
-- MERGE: its join condition on the source's and on the target's second
CREATE TABLE wf_target AS SELECT id, 0 AS n FROM est_u;
CREATE INDEX ON wf_target (id);
ANALYZE wf_target;
SET enable_seqscan = off;
SET enable_bitmapscan = off;
EXPLAIN (COSTS OFF)
MERGE INTO wf_target t USING (SELECT id FROM est_u WHERE ts < '2024-01-02+00') s
	ON t.id = s.id AND t.id::timestamptz >= '2024-01-01 12:00+00'
	WHEN MATCHED THEN UPDATE SET n = t.n + 1;
RESET enable_seqscan;
RESET enable_bitmapscan;
MERGE INTO wf_target t USING (SELECT id FROM est_u WHERE ts < '2024-01-02+00') s
	ON t.id = s.id AND t.id::timestamptz >= '2024-01-01 12:00+00'
	WHEN MATCHED THEN UPDATE SET n = t.n + 1;
SELECT sum(n) AS merged, (SELECT count(*) FROM est_u WHERE ts >= '2024-01-01 12:00+00' AND ts < '2024-01-02+00') AS expected
FROM wf_target;

-- The generator as a bound, at an instant no id carries: the added bound
-- is NULL, so no row is read and objectid(t) never runs; as written it
-- raises on the first row
SELECT count(*) FROM est_u WHERE id >= objectid(timestamptz '2200-01-01+00');
SET objectid.rewrite_time_windows = off;
SELECT count(*) FROM est_u WHERE id >= objectid(timestamptz '2200-01-01+00');
RESET objectid.rewrite_time_windows;

--
-- Never worse than as written: where a table has an index on the second
-- (an expression index), a partial index whose predicate is on the
-- second, a partition key on the second, or CHECK constraints on it (on
-- the tables inheriting from it), the comparisons are left as written, so
-- each plan uses what was built, at the cost the written form has; the
-- key's own index and table are unchanged.  Per table: the plan's cost
-- with the rewrite on is at most its cost off, and what the plan reads.
--
CREATE TABLE wf_expr AS SELECT id, ts FROM est_u;
CREATE INDEX wf_expr_key ON wf_expr (id);
CREATE INDEX wf_expr_second ON wf_expr ((id::timestamptz));
CREATE TABLE wf_partial AS SELECT id, ts FROM est_u;
CREATE INDEX wf_partial_december ON wf_partial (ts) WHERE objectid_timestamp(id) >= '2024-12-01+00';
CREATE TABLE wf_bysecond (id objectid, ts timestamptz) PARTITION BY RANGE ((objectid_timestamp(id)));
CREATE TABLE wf_bysecond_h1 PARTITION OF wf_bysecond FOR VALUES FROM ('2024-01-01+00') TO ('2024-07-01+00');
CREATE TABLE wf_bysecond_h2 PARTITION OF wf_bysecond FOR VALUES FROM ('2024-07-01+00') TO ('2025-01-01+00');
INSERT INTO wf_bysecond SELECT id, ts FROM est_u;
CREATE TABLE wf_inh (id objectid, ts timestamptz);
CREATE TABLE wf_inh_h1 (CHECK (objectid_timestamp(id) < '2024-07-01+00')) INHERITS (wf_inh);
CREATE TABLE wf_inh_h2 (CHECK (objectid_timestamp(id) >= '2024-07-01+00')) INHERITS (wf_inh);
INSERT INTO wf_inh_h1 SELECT id, ts FROM est_u WHERE ts < '2024-07-01+00';
INSERT INTO wf_inh_h2 SELECT id, ts FROM est_u WHERE ts >= '2024-07-01+00';
-- through an SQL function the planner inlines, in an index and in CHECKs
CREATE FUNCTION wf_created_at(objectid) RETURNS timestamptz
LANGUAGE sql IMMUTABLE AS 'SELECT public.objectid_timestamp($1)';
CREATE TABLE wf_wrapped AS SELECT id, ts FROM est_u;
CREATE INDEX ON wf_wrapped (wf_created_at(id));
CREATE TABLE wf_winh (id objectid, ts timestamptz);
CREATE TABLE wf_winh_h1 (CHECK (wf_created_at(id) < '2024-07-01+00')) INHERITS (wf_winh);
CREATE TABLE wf_winh_h2 (CHECK (wf_created_at(id) >= '2024-07-01+00')) INHERITS (wf_winh);
INSERT INTO wf_winh_h1 SELECT id, ts FROM est_u WHERE ts < '2024-07-01+00';
INSERT INTO wf_winh_h2 SELECT id, ts FROM est_u WHERE ts >= '2024-07-01+00';
-- partitions of a list: each partitioned by the second, or one with an
-- index on the second of its own
CREATE TABLE wf_tenants (tenant int, id objectid, ts timestamptz) PARTITION BY LIST (tenant);
CREATE TABLE wf_tenant_1 PARTITION OF wf_tenants FOR VALUES IN (1)
	PARTITION BY RANGE ((objectid_timestamp(id)));
CREATE TABLE wf_tenant_1a PARTITION OF wf_tenant_1 FOR VALUES FROM ('2024-01-01+00') TO ('2024-07-01+00');
CREATE TABLE wf_tenant_1b PARTITION OF wf_tenant_1 FOR VALUES FROM ('2024-07-01+00') TO ('2025-01-01+00');
CREATE TABLE wf_tenant_2 PARTITION OF wf_tenants FOR VALUES IN (2);
INSERT INTO wf_tenants SELECT 1 + (row_number() OVER () % 2)::int, id, ts FROM est_u;
CREATE INDEX ON wf_tenant_2 ((objectid_timestamp(id)));
ANALYZE wf_expr, wf_partial, wf_bysecond, wf_inh, wf_inh_h1, wf_inh_h2, wf_wrapped,
	wf_winh, wf_winh_h1, wf_winh_h2, wf_tenants;
CREATE FUNCTION wf_cost(q text, rewrite bool) RETURNS float8 LANGUAGE plpgsql AS $$
DECLARE
	p json;
BEGIN
	PERFORM set_config('objectid.rewrite_time_windows', rewrite::text, true);
	EXECUTE 'EXPLAIN (FORMAT JSON) ' || q INTO p;
	RETURN (p->0->'Plan'->>'Total Cost')::float8;
END $$;
CREATE TABLE wf_built (tbl text, q text);
INSERT INTO wf_built VALUES
	('expression index', $$SELECT * FROM wf_expr WHERE id::timestamptz >= '2024-06-10 12:00+00' AND id::timestamptz < '2024-06-10 13:00+00'$$),
	('expression index, date', $$SELECT * FROM wf_expr WHERE id::timestamptz >= date '2024-06-10' AND id::timestamptz < date '2024-06-11'$$),
	('partial index', $$SELECT * FROM wf_partial WHERE objectid_timestamp(id) >= '2024-12-30+00' AND ts >= '2024-12-30+00'$$),
	('partition key', $$SELECT * FROM wf_bysecond WHERE id::timestamptz >= '2024-12-30+00'$$),
	('CHECK on children', $$SELECT * FROM wf_inh WHERE id::timestamptz >= '2024-12-30+00'$$),
	('expression index, inlined', $$SELECT * FROM wf_wrapped WHERE wf_created_at(id) >= '2024-06-10 12:00+00' AND wf_created_at(id) < '2024-06-10 13:00+00'$$),
	('CHECK on children, inlined', $$SELECT * FROM wf_winh WHERE wf_created_at(id) >= '2024-12-30+00'$$),
	('partition key of a partition', $$SELECT * FROM wf_tenants WHERE tenant = 1 AND id::timestamptz >= '2024-12-30+00'$$),
	('index of a partition', $$SELECT * FROM wf_tenants WHERE tenant = 2 AND id::timestamptz >= '2024-12-30+00' AND id::timestamptz < '2024-12-30 06:00+00'$$),
	('the key alone', $$SELECT * FROM est_u WHERE id::timestamptz >= '2024-12-30+00'$$);
SELECT tbl, wf_cost(q, true) <= wf_cost(q, false) AS not_dearer,
	wf_plan(q, true) = wf_plan(q, false) AS as_written,
	wf_result('SELECT count(*) FROM (' || q || ') c', true) AS rows,
	wf_result(q, true) = wf_result(q, false) AS same_rows
FROM wf_built ORDER BY tbl;
EXPLAIN (COSTS OFF) SELECT * FROM wf_expr WHERE id::timestamptz >= '2024-06-10 12:00+00' AND id::timestamptz < '2024-06-10 13:00+00';
EXPLAIN (COSTS OFF) SELECT * FROM wf_partial WHERE objectid_timestamp(id) >= '2024-12-30+00' AND ts >= '2024-12-30+00';
EXPLAIN (COSTS OFF) SELECT * FROM wf_bysecond WHERE id::timestamptz >= '2024-12-30+00';
EXPLAIN (COSTS OFF) SELECT * FROM wf_inh WHERE id::timestamptz >= '2024-12-30+00';
EXPLAIN (COSTS OFF) SELECT * FROM wf_tenants WHERE tenant = 1 AND id::timestamptz >= '2024-12-30+00';
-- the same table without its index on the second: the key's index again
DROP INDEX wf_expr_second;
EXPLAIN (COSTS OFF) SELECT * FROM wf_expr WHERE id::timestamptz >= '2024-06-10 12:00+00' AND id::timestamptz < '2024-06-10 13:00+00';

--
-- An equality of the second with another table's column is a join's
-- equality, left as written: a hash or merge join needs it (a FULL join
-- has no other), and its estimate is the column's
--
CREATE TABLE wf_ticks AS SELECT ts FROM est_u WHERE ts < '2024-02-01+00';
ANALYZE wf_ticks;
SELECT count(*) FROM est_u o FULL JOIN wf_ticks k ON o.id::timestamptz = k.ts;
SELECT wf_plan('SELECT * FROM est_u o JOIN wf_ticks k ON o.id::timestamptz = k.ts', true) =
	wf_plan('SELECT * FROM est_u o JOIN wf_ticks k ON o.id::timestamptz = k.ts', false) AS join_as_written;

--
-- Privileges: a role that reads through a view, with no USAGE on the
-- extension's schema, gets the window on the key; a role that may not run
-- the bound functions (EXECUTE revoked) gets the comparison as written,
-- which needs neither, and the same rows
--
CREATE SCHEMA wf_ext;
ALTER EXTENSION objectid SET SCHEMA wf_ext;
CREATE ROLE regress_objectid_wf_reader;
CREATE VIEW wf_reader_v AS SELECT id, id::timestamptz AS created_at FROM est_u;
GRANT SELECT ON wf_reader_v TO regress_objectid_wf_reader;
SET ROLE regress_objectid_wf_reader;
SELECT count(*) FROM wf_reader_v WHERE created_at >= '2024-12-30+00';
SET search_path = public;
SELECT wf_ext.objectid_first_at_or_after(now());  -- no USAGE: it cannot name it
RESET ROLE;
SET search_path = public, wf_ext, pg_catalog;
SET ROLE regress_objectid_wf_reader;
EXPLAIN (COSTS OFF) SELECT * FROM wf_reader_v WHERE created_at >= '2024-12-30+00';
RESET ROLE;
GRANT USAGE ON SCHEMA wf_ext TO regress_objectid_wf_reader;
REVOKE EXECUTE ON FUNCTION wf_ext.objectid_first_at_or_after(timestamptz) FROM PUBLIC;
SET ROLE regress_objectid_wf_reader;
SELECT count(*) FROM wf_reader_v WHERE created_at >= '2024-12-30+00';
EXPLAIN (COSTS OFF) SELECT * FROM wf_reader_v WHERE created_at >= '2024-12-30+00';
RESET ROLE;
GRANT EXECUTE ON FUNCTION wf_ext.objectid_first_at_or_after(timestamptz) TO PUBLIC;
REVOKE USAGE ON SCHEMA wf_ext FROM regress_objectid_wf_reader;
-- the same without USAGE, written through the function and with the
-- generator as the bound, in a view and in a function whose body is
-- planned as the reader calls it
CREATE VIEW wf_reader_fn AS
	SELECT id FROM est_u WHERE wf_ext.objectid_timestamp(id) >= '2024-12-30+00';
CREATE VIEW wf_reader_gen AS
	SELECT id FROM est_u WHERE id >= wf_ext.objectid(timestamptz '2024-12-29 23:59:59.5+00');
CREATE FUNCTION wf_reader_count() RETURNS bigint LANGUAGE sql STABLE
BEGIN ATOMIC
	SELECT count(*) FROM est_u WHERE wf_ext.objectid_timestamp(id) >= '2024-12-30+00';
END;
GRANT SELECT ON wf_reader_fn, wf_reader_gen, est_u TO regress_objectid_wf_reader;
SET ROLE regress_objectid_wf_reader;
SELECT (SELECT count(*) FROM wf_reader_fn) AS fn, (SELECT count(*) FROM wf_reader_gen) AS gen,
	wf_reader_count() AS body;
EXPLAIN (COSTS OFF) SELECT * FROM wf_reader_fn;
EXPLAIN (COSTS OFF) SELECT * FROM wf_reader_gen;
RESET ROLE;
-- a plan made for a role that may run the bound is made again for one that
-- may not, which gets the comparison as written (a generic plan, cached)
REVOKE EXECUTE ON FUNCTION wf_ext.objectid_first_at_or_after(timestamptz) FROM PUBLIC;
CREATE ROLE regress_objectid_wf_runner;
GRANT EXECUTE ON FUNCTION wf_ext.objectid_first_at_or_after(timestamptz) TO regress_objectid_wf_runner;
GRANT SELECT ON est_u TO regress_objectid_wf_runner;
SET plan_cache_mode = force_generic_plan;
SET ROLE regress_objectid_wf_runner;
PREPARE wf_by_role(timestamptz) AS SELECT count(*) FROM est_u WHERE id::timestamptz >= $1;
EXECUTE wf_by_role('2024-12-30+00');
EXPLAIN (COSTS OFF) EXECUTE wf_by_role('2024-12-30+00');
SET ROLE regress_objectid_wf_reader;
EXECUTE wf_by_role('2024-12-30+00');
EXPLAIN (COSTS OFF) EXECUTE wf_by_role('2024-12-30+00');
RESET ROLE;
DEALLOCATE wf_by_role;
RESET plan_cache_mode;
GRANT EXECUTE ON FUNCTION wf_ext.objectid_first_at_or_after(timestamptz) TO PUBLIC;
REVOKE ALL ON FUNCTION wf_ext.objectid_first_at_or_after(timestamptz) FROM regress_objectid_wf_runner;
REVOKE SELECT ON est_u FROM regress_objectid_wf_runner;
DROP ROLE regress_objectid_wf_runner;
DROP VIEW wf_reader_v, wf_reader_fn, wf_reader_gen;
DROP FUNCTION wf_reader_count();
REVOKE SELECT ON est_u FROM regress_objectid_wf_reader;
DROP ROLE regress_objectid_wf_reader;
ALTER EXTENSION objectid SET SCHEMA public;
DROP SCHEMA wf_ext;
SET search_path = public, pg_catalog;

--
-- The functions are recognised by what they are, not by loading them: a C
-- function of another library compared with an instant is left as written,
-- and planning does not load that library.  PL/pgSQL's defines
-- plpgsql.variable_conflict as it loads, and nothing in a new session has
-- loaded it; the table's partition for k = 2 does not exist, so the plan
-- is pruned to nothing and the executor never prepares the function.
-- SET and SECURITY DEFINER on objectid_timestamp() do not hide it.
--
CREATE TABLE wf_none (id objectid, k int) PARTITION BY LIST (k);
CREATE TABLE wf_none_1 PARTITION OF wf_none FOR VALUES IN (1);
CREATE FUNCTION wf_elsewhere(objectid) RETURNS timestamptz LANGUAGE c IMMUTABLE STRICT
	AS '$libdir/plpgsql', 'plpgsql_call_handler';
\c -
SET search_path = public, pg_catalog;
SELECT count(*) FROM wf_none
	WHERE k = 2 AND wf_elsewhere(id) >= '2024-12-30+00' AND id::timestamptz >= '2024-12-29+00';
SELECT current_setting('plpgsql.variable_conflict', true) IS NULL AS plpgsql_not_loaded;
DROP FUNCTION wf_elsewhere(objectid);
DROP TABLE wf_none;
ALTER FUNCTION objectid_timestamp(objectid) SECURITY DEFINER SET search_path = pg_catalog;
EXPLAIN (COSTS OFF) SELECT * FROM est_u WHERE id::timestamptz >= '2024-12-30+00';
ALTER FUNCTION objectid_timestamp(objectid) SECURITY INVOKER RESET ALL;
-- but a bound with a SET clause is not used: a time zone set on it would
-- read the date in another zone than the comparison does
SET timezone = 'America/New_York';
ALTER FUNCTION objectid_first_at_or_after(date) SET timezone = 'Asia/Tokyo';
EXPLAIN (COSTS OFF) SELECT * FROM est_u WHERE objectid_timestamp(id) >= date '2024-12-30';
SELECT count(*) FROM est_u WHERE objectid_timestamp(id) >= date '2024-12-30';
ALTER FUNCTION objectid_first_at_or_after(date) RESET ALL;
EXPLAIN (COSTS OFF) SELECT * FROM est_u WHERE objectid_timestamp(id) >= date '2024-12-30';
SELECT count(*) FROM est_u WHERE objectid_timestamp(id) >= date '2024-12-30';
RESET timezone;

-- a domain over objectid: its cast and its function, on its key's index
CREATE DOMAIN wf_objectid AS objectid;
CREATE TABLE wf_dom (d wf_objectid PRIMARY KEY);
INSERT INTO wf_dom SELECT id FROM est_u;
ANALYZE wf_dom;
EXPLAIN (COSTS OFF) SELECT * FROM wf_dom WHERE d::timestamptz >= '2024-12-30+00';
EXPLAIN (COSTS OFF) SELECT * FROM wf_dom WHERE objectid_timestamp(d) >= '2024-12-30+00';
SELECT count(*) FROM wf_dom WHERE d::timestamptz >= '2024-12-30+00';
DROP TABLE wf_dom;
DROP DOMAIN wf_objectid;

--
-- What the rewrite uses is looked up again when the extension's objects
-- change: an overload gone leaves its form as written and the others
-- rewritten, in the same session; after the rollback it is back.  The
-- extension made anew has new objects, which are found.
--
BEGIN;
ALTER EXTENSION objectid DROP FUNCTION objectid_first_at_or_after(date);
DROP FUNCTION objectid_first_at_or_after(date);
EXPLAIN (COSTS OFF) SELECT * FROM est_u WHERE id::timestamptz >= date '2024-12-30' AND id::timestamptz < '2024-12-31+00';
ROLLBACK;
EXPLAIN (COSTS OFF) SELECT * FROM est_u WHERE id::timestamptz >= date '2024-12-30' AND id::timestamptz < '2024-12-31+00';
BEGIN;
SET client_min_messages = error;  -- the warning of 15 and 16 without preload
DROP EXTENSION objectid CASCADE;
CREATE EXTENSION objectid;
RESET client_min_messages;
CREATE TEMP TABLE wf_anew (id objectid PRIMARY KEY);
EXPLAIN (COSTS OFF) SELECT * FROM wf_anew WHERE id::timestamptz >= '2024-12-30+00';
ROLLBACK;

--
-- A connection's first statement: after \c nothing has loaded the library
-- (it is not preloaded here), and the window is still planned on the key:
-- on the table, through the view, with a date bound, and on a table
-- partitioned by the key, pruned when the executor starts
--
CREATE TABLE wf_p (id objectid, ts timestamptz) PARTITION BY RANGE (id);
CREATE TABLE wf_p_h1 PARTITION OF wf_p FOR VALUES FROM ('2024-01-01+00'::timestamptz::objectid) TO ('2024-07-01+00'::timestamptz::objectid);
CREATE TABLE wf_p_h2 PARTITION OF wf_p FOR VALUES FROM ('2024-07-01+00'::timestamptz::objectid) TO (MAXVALUE);
INSERT INTO wf_p SELECT id, ts FROM est_u;
CREATE INDEX ON wf_p (id);
ANALYZE wf_p;
\c -
EXPLAIN (COSTS OFF) SELECT * FROM est_u WHERE id::timestamptz >= now() - interval '1 hour';
\c -
EXPLAIN (COSTS OFF) SELECT * FROM wf_orders WHERE created_at >= now() - interval '1 day';
\c -
EXPLAIN (COSTS OFF) SELECT * FROM est_u WHERE id::timestamptz >= current_date - 7;
\c -
EXPLAIN (COSTS OFF) SELECT count(*) FROM wf_p WHERE id::timestamptz >= now() - interval '1 day';
\c -
EXPLAIN (COSTS OFF) SELECT count(*) FROM wf_p WHERE id::timestamptz >= '2024-12-30+00';
SET search_path = public, pg_catalog;

DROP TABLE wf_zones, wf_dates, wf_stamps, wf_r, wf_shapes, wf_cases, wf_marks, wf_forms,
	wf_target, wf_expr, wf_partial, wf_bysecond, wf_inh, wf_wrapped, wf_winh, wf_tenants,
	wf_ticks, wf_old, wf_new CASCADE;
DROP TABLE wf_p, est_u, est_s CASCADE;
DROP FUNCTION wf_created_at(objectid), wf_instant(timestamp), wf_bounds_differ(text), wf_rows(text, text, bool), wf_plan(text, bool),
	wf_result(text, bool), wf_cost(text, bool);
