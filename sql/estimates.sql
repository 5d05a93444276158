--
-- estimates: row estimates of time windows on objectid keys, against a
-- timestamptz column holding the same instants
--
-- Two data sets of 20,000 rows over 2024, each row's id and ts the same
-- instant: est_u uniform (one every 1577 s), est_s skewed (the instant
-- goes as the cube of the row number: a quarter of the rows in the first
-- five days, the last months sparse).  Fewer rows than ANALYZE samples at
-- the default statistics target (30,000), so the statistics are the whole
-- table and the same on every run.  EXPLAIN's text differs between
-- majors, so only the estimated row count is read, from EXPLAIN (FORMAT
-- JSON).
--
SET search_path = public, pg_catalog;

-- the data sets, shared with the benchmark (bench/run --only estimates)
\getenv abs_srcdir PG_ABS_SRCDIR
\set est_data :abs_srcdir '/sql/estimates_data.sql'
\i :est_data

-- the planner's row estimate for a query
CREATE FUNCTION est_rows(q text) RETURNS float8
LANGUAGE plpgsql AS $$
DECLARE
	plan json;
BEGIN
	EXECUTE 'EXPLAIN (FORMAT JSON) ' || q INTO plan;
	RETURN (plan->0->'Plan'->>'Plan Rows')::float8;
END
$$;

-- the estimated rows of each relation a query scans, by alias, and of the
-- whole query ('query'), whatever the plan's shape
CREATE FUNCTION est_scans(q text) RETURNS TABLE (scan text, rows float8)
LANGUAGE plpgsql AS $$
DECLARE
	plan json;
BEGIN
	EXECUTE 'EXPLAIN (FORMAT JSON) ' || q INTO plan;
	RETURN QUERY
	WITH RECURSIVE n(p) AS (
		SELECT plan->0->'Plan'
		UNION ALL
		SELECT c FROM n, json_array_elements(n.p->'Plans') c)
	SELECT 'query', (plan->0->'Plan'->>'Plan Rows')::float8
	UNION ALL
	SELECT p->>'Alias', (p->>'Plan Rows')::float8 FROM n WHERE p->>'Alias' IS NOT NULL;
END
$$;

-- the rows a query returns
CREATE FUNCTION est_count(q text) RETURNS float8
LANGUAGE plpgsql AS $$
DECLARE
	n float8;
BEGIN
	EXECUTE 'SELECT count(*) FROM (' || q || ') s' INTO n;
	RETURN n;
END
$$;

-- a bound as the column compares it: an objectid or a timestamptz literal
CREATE FUNCTION est_bound(col text, t timestamptz) RETURNS text
LANGUAGE sql AS $$
SELECT CASE col WHEN 'id' THEN format('objectid_from_timestamp(%L)', t)
				ELSE format('%L::timestamptz', t) END
$$;

-- The query shapes users write.  %1$s is the column, %2$s the table,
-- %3$s .. %6$s the bounds lo, lo + w, lo + 45 days, lo + 45 days + w, and
-- %7$s lo + w / 3 (a keyset position inside the window).
CREATE TABLE est_shapes (shape text, q text);
INSERT INTO est_shapes VALUES
	('window', 'SELECT * FROM %2$s WHERE %1$s >= %3$s AND %1$s < %4$s'),
	('or of windows', 'SELECT * FROM %2$s WHERE (%1$s >= %3$s AND %1$s < %4$s) OR (%1$s >= %5$s AND %1$s < %6$s)'),
	('between', 'SELECT * FROM %2$s WHERE %1$s BETWEEN %3$s AND %4$s'),
	('between symmetric', 'SELECT * FROM %2$s WHERE %1$s BETWEEN SYMMETRIC %4$s AND %3$s'),
	('not between', 'SELECT * FROM %2$s WHERE %1$s NOT BETWEEN %3$s AND %4$s'),
	('keyset', 'SELECT * FROM %2$s WHERE %1$s > %7$s AND %1$s >= %3$s AND %1$s < %4$s'),
	('bounds both ways round', 'SELECT * FROM %2$s WHERE %3$s <= %1$s AND %4$s > %1$s'),
	('window and join', 'SELECT * FROM %2$s a JOIN %2$s b ON b.%1$s = a.%1$s WHERE a.%1$s >= %3$s AND a.%1$s < %4$s'),
	('or of windows across a join', 'SELECT * FROM %2$s a JOIN %2$s b ON b.%1$s = a.%1$s WHERE (a.%1$s >= %3$s AND a.%1$s < %4$s AND b.%1$s >= %3$s) OR (a.%1$s >= %5$s AND a.%1$s < %6$s AND b.%1$s < %6$s)'),
	('window in an anti join', 'SELECT * FROM %2$s a WHERE NOT EXISTS (SELECT FROM %2$s b WHERE b.%1$s = a.%1$s AND a.%1$s >= %3$s AND a.%1$s < %4$s)'),
	('in list', 'SELECT * FROM %2$s WHERE %1$s IN (%3$s, %4$s, %5$s, %7$s)');

-- every shape at 4 places and 4 widths on both data sets: the estimate on
-- id, the estimate on ts, and the actual count
CREATE TABLE est_cases AS
SELECT tbl, shape, w, lo,
	est_rows(format(q, 'id', tbl, est_bound('id', lo), est_bound('id', lo + w),
					est_bound('id', lo + '45 days'), est_bound('id', lo + '45 days' + w),
					est_bound('id', lo + w / 3))) AS id_est,
	est_rows(format(q, 'ts', tbl, est_bound('ts', lo), est_bound('ts', lo + w),
					est_bound('ts', lo + '45 days'), est_bound('ts', lo + '45 days' + w),
					est_bound('ts', lo + w / 3))) AS ts_est,
	est_count(format(q, 'ts', tbl, est_bound('ts', lo), est_bound('ts', lo + w),
					 est_bound('ts', lo + '45 days'), est_bound('ts', lo + '45 days' + w),
					 est_bound('ts', lo + w / 3))) AS actual
FROM est_shapes,
	 (VALUES ('est_u'), ('est_s')) d(tbl),
	 (VALUES (interval '1 day'), ('3 days'), ('1 week'), ('30 days')) v(w),
	 (VALUES (timestamptz '2024-01-02 05:00:00+00'), ('2024-02-03 05:00:00+00'),
			 ('2024-06-10 12:00:00+00'), ('2024-09-17 20:30:00+00')) l(lo);

-- Every case within 2x of the timestamptz estimate, or of the count where
-- that estimate is itself off; and the same estimate as timestamptz to
-- within a row (differ: 0 everywhere)
SELECT tbl, shape, count(*) AS cases,
	count(*) FILTER (WHERE id_est BETWEEN ts_est / 2 AND ts_est * 2
					 OR id_est BETWEEN greatest(actual, 1) / 2 AND greatest(actual, 1) * 2) AS within_2x,
	count(*) FILTER (WHERE abs(id_est - ts_est) > 1) AS differ
FROM est_cases GROUP BY tbl, shape ORDER BY tbl, shape;
-- the cases that are not (no rows)
SELECT * FROM est_cases
WHERE NOT (id_est BETWEEN ts_est / 2 AND ts_est * 2
		   OR id_est BETWEEN greatest(actual, 1) / 2 AND greatest(actual, 1) * 2)
   OR abs(id_est - ts_est) > 1;

-- The review's two reproductions, on the uniform set: two one-day windows
-- OR'ed and BETWEEN SYMMETRIC, as estimate on id, on ts, and the count
-- (1.1 multiplied the bounds as if independent: 8,676 and 8,656 rows)
SELECT shape, id_est, ts_est, actual FROM est_cases
WHERE tbl = 'est_u' AND shape IN ('or of windows', 'between symmetric')
  AND w = '1 day' AND lo = '2024-06-10 12:00:00+00'
ORDER BY shape;

-- Bounds inside an OR of a join condition (issue 29): the planner
-- extracts from it an OR of each relation's own clauses, a new restriction
-- that keeps each arm's bounds, and estimates both it and the join
-- condition.  Paired in both, as on ts: the scans of a and b and the join
-- (1.2 multiplied the bounds of a's arms: 7,029 rows for a's scan, 4,721
-- for the join).  Two windows of one and two days, 165 rows of a.
CREATE FUNCTION est_join_or(col text) RETURNS TABLE (scan text, rows float8)
LANGUAGE sql AS $$
SELECT * FROM est_scans(format('SELECT * FROM est_u a JOIN est_s b ON b.%1$s = a.%1$s WHERE (a.%1$s >= %2$s AND a.%1$s < %3$s AND b.%1$s > %2$s) OR (a.%1$s >= %4$s AND a.%1$s < %5$s AND b.%1$s < %5$s)',
	col, est_bound(col, '2024-03-01+00'), est_bound(col, '2024-03-02+00'),
	est_bound(col, '2024-06-01+00'), est_bound(col, '2024-06-03+00')))
$$;
SELECT scan, i.rows AS id_est, t.rows AS ts_est
FROM est_join_or('id') i JOIN est_join_or('ts') t USING (scan) ORDER BY scan;
SELECT count(*) AS actual_a FROM est_u
WHERE (ts >= '2024-03-01+00' AND ts < '2024-03-02+00') OR (ts >= '2024-06-01+00' AND ts < '2024-06-03+00');

-- each operator on its own, either way round: within 2% of the count
SELECT op, actual,
	est_rows(format('SELECT * FROM est_u WHERE id %s objectid_from_timestamp(%L)',
					op, t)) BETWEEN actual * 0.98 AND actual * 1.02 AS var_op_const,
	est_rows(format('SELECT * FROM est_u WHERE objectid_from_timestamp(%L) %s id',
					t, com)) BETWEEN actual * 0.98 AND actual * 1.02 AS const_op_var
FROM (VALUES ('<', '>'), ('<=', '>='), ('>', '<'), ('>=', '<=')) o(op, com),
	 (VALUES (timestamptz '2024-04-01 07:00:00+00')) c(t),
	 LATERAL (SELECT count(*) AS actual FROM est_u
			  WHERE CASE op WHEN '<' THEN ts < t WHEN '<=' THEN ts <= t
					WHEN '>' THEN ts > t ELSE ts >= t END) a
ORDER BY op;

-- Where the bounds are not known, estimates are core's defaults, as for
-- timestamptz: a generic plan, bounds from a subquery, a table without
-- statistics, and a volatile bound, which core does not pair (all t)
CREATE TABLE est_nostats (id objectid, ts timestamptz);
ALTER TABLE est_nostats SET (autovacuum_enabled = false);
PREPARE est_generic_id(objectid, objectid) AS
	SELECT * FROM est_u WHERE id >= $1 AND id < $2;
PREPARE est_generic_ts(timestamptz, timestamptz) AS
	SELECT * FROM est_u WHERE ts >= $1 AND ts < $2;
PREPARE est_generic_late_id(objectid) AS
	SELECT * FROM est_u WHERE id >= objectid_from_timestamp('2024-12-31 12:00+00') AND id < $1;
PREPARE est_generic_late_ts(timestamptz) AS
	SELECT * FROM est_u WHERE ts >= '2024-12-31 12:00+00' AND ts < $1;
PREPARE est_generic_or_id(objectid, objectid, objectid) AS
	SELECT * FROM est_u WHERE id < $1 OR (id >= $2 AND id < $3);
PREPARE est_generic_or_ts(timestamptz, timestamptz, timestamptz) AS
	SELECT * FROM est_u WHERE ts < $1 OR (ts >= $2 AND ts < $3);
SET plan_cache_mode = force_generic_plan;
SELECT est_rows('EXECUTE est_generic_id(NULL, NULL)') =
	   est_rows('EXECUTE est_generic_ts(NULL, NULL)') AS generic,
	   est_rows('EXECUTE est_generic_or_id(NULL, NULL, NULL)') =
	   est_rows('EXECUTE est_generic_or_ts(NULL, NULL, NULL)') AS generic_or,
	   est_rows('EXECUTE est_generic_late_id(NULL)') =
	   est_rows('EXECUTE est_generic_late_ts(NULL)') AS generic_late,
	   est_rows('SELECT * FROM est_u WHERE id >= (SELECT min(id) FROM est_u) AND id < (SELECT max(id) FROM est_u)') =
	   est_rows('SELECT * FROM est_u WHERE ts >= (SELECT min(ts) FROM est_u) AND ts < (SELECT max(ts) FROM est_u)') AS subquery,
	   est_rows('SELECT * FROM est_nostats WHERE id >= ''650000000000000000000000'' AND id < ''660000000000000000000000''') =
	   est_rows('SELECT * FROM est_nostats WHERE ts >= ''2023-11-22'' AND ts < ''2024-01-01''') AS nostats,
	   est_rows('SELECT * FROM est_u WHERE id >= objectid_from_timestamp(''2024-03-01+00'') AND id < objectid()') =
	   est_rows('SELECT * FROM est_u WHERE ts >= ''2024-03-01+00'' AND ts < clock_timestamp()') AS volatile;
RESET plan_cache_mode;
DEALLOCATE ALL;

-- Extended statistics (CREATE STATISTICS ... (mcv)) on the key and a
-- column it determines: 100 instants of 200 rows each, k the instant's
-- parity, z a third column.  Core gives extended statistics only clauses
-- whose estimator is its own (scalarltsel ...), so they apply to the ts
-- bounds and not to the id bounds; where k or z is not independent of the
-- window, id stays at its estimate without the statistics (README, Known
-- limitations: why no per-clause estimator can apply them).
CREATE TABLE est_x (id objectid, ts timestamptz, k int, z int);
INSERT INTO est_x
	SELECT objectid_from_timestamp(t), t, i % 2, r % 3
	FROM (SELECT i, r, timestamptz '2024-01-01 00:00:00+00' + i * interval '3 days 16 hours' AS t
		  FROM generate_series(0, 99) i, generate_series(1, 200) r) s;
ALTER TABLE est_x SET (autovacuum_enabled = false);
CREATE TABLE est_x_shapes (shape text, q text);
INSERT INTO est_x_shapes VALUES
	('window, the k never in it',
	 'SELECT * FROM est_x WHERE %1$s >= %2$s AND %1$s < %3$s AND k = 0'),
	('window, the k always in it',
	 'SELECT * FROM est_x WHERE %1$s >= %2$s AND %1$s < %3$s AND k = 1'),
	('window, k both ways round',
	 'SELECT * FROM est_x WHERE %2$s <= %1$s AND 0 = k AND %3$s > %1$s'),
	('window alone',
	 'SELECT * FROM est_x WHERE %1$s >= %2$s AND %1$s < %3$s'),
	('OR of windows with k',
	 'SELECT * FROM est_x WHERE (%1$s >= %2$s AND %1$s < %3$s AND k = 0) OR (%1$s >= %4$s AND %1$s < %5$s AND k = 1)'),
	('window, k and z',
	 'SELECT * FROM est_x WHERE %1$s >= %2$s AND %1$s < %3$s AND k = 0 AND z = 1');
CREATE FUNCTION est_x_cases(OUT shape text, OUT id_est float8,
							OUT ts_est float8, OUT actual float8)
RETURNS SETOF record LANGUAGE sql AS $$
SELECT shape,
	est_rows(format(q, 'id', est_bound('id', '2024-02-01+00'), est_bound('id', '2024-02-05+00'),
					est_bound('id', '2024-05-01+00'), est_bound('id', '2024-05-05+00'))),
	est_rows(format(q, 'ts', est_bound('ts', '2024-02-01+00'), est_bound('ts', '2024-02-05+00'),
					est_bound('ts', '2024-05-01+00'), est_bound('ts', '2024-05-05+00'))),
	est_count(format(q, 'ts', est_bound('ts', '2024-02-01+00'), est_bound('ts', '2024-02-05+00'),
					 est_bound('ts', '2024-05-01+00'), est_bound('ts', '2024-05-05+00')))
FROM est_x_shapes ORDER BY shape
$$;
-- without the statistics: id as ts (all t)
ANALYZE est_x;
SELECT shape, id_est = ts_est AS same_as_ts FROM est_x_cases();
-- with them: ts changes where k is never in the window (f), id does not
-- (its estimate is the one without the statistics)
CREATE STATISTICS est_x_id (mcv) ON id, k FROM est_x;
CREATE STATISTICS est_x_ts (mcv) ON ts, k FROM est_x;
ANALYZE est_x;
SELECT shape, id_est, ts_est, actual, abs(id_est - ts_est) <= 1 AS same_as_ts
FROM est_x_cases();

-- Rows added after ANALYZE: a search that reaches an end of the histogram
-- reads the column's current minimum or maximum from an index, as core
-- does for timestamptz, so windows past the old maximum, and across it,
-- are estimated as on ts (id_est = ts_est in every row).  est_late holds the uniform
-- year, analyzed, then 5,000 more rows up to 2025-02-27.
CREATE TABLE est_late AS SELECT * FROM est_u;
ALTER TABLE est_late SET (autovacuum_enabled = false);
CREATE INDEX ON est_late (id);
CREATE INDEX ON est_late (ts);
ANALYZE est_late;
INSERT INTO est_late
	SELECT objectid_from_timestamp(t), t
	FROM (SELECT timestamptz '2025-01-01 00:00:00+00' + g * interval '1000 s' AS t
		  FROM generate_series(0, 4999) g) s;
SELECT shape, est_rows(format(q, 'id', 'est_late', est_bound('id', lo), est_bound('id', lo + w),
							  est_bound('id', lo + '45 days'), est_bound('id', lo + '45 days' + w),
							  est_bound('id', lo + w / 3))) AS id_est,
	est_rows(format(q, 'ts', 'est_late', est_bound('ts', lo), est_bound('ts', lo + w),
					est_bound('ts', lo + '45 days'), est_bound('ts', lo + '45 days' + w),
					est_bound('ts', lo + w / 3))) AS ts_est,
	est_count(format(q, 'ts', 'est_late', est_bound('ts', lo), est_bound('ts', lo + w),
					 est_bound('ts', lo + '45 days'), est_bound('ts', lo + '45 days' + w),
					 est_bound('ts', lo + w / 3))) AS actual, lo, w
FROM est_shapes,
	 (VALUES (timestamptz '2024-12-30 00:00:00+00', interval '5 days'),
			 ('2025-01-20 00:00:00+00', '1 day'),
			 ('2025-02-10 00:00:00+00', '60 days')) v(lo, w)
WHERE shape IN ('window', 'between', 'bounds both ways round')
ORDER BY lo, shape;
-- one bound: the last day
SELECT est_rows('SELECT * FROM est_late WHERE id >= objectid_from_timestamp(''2025-03-01+00'')') AS id_est,
	est_rows('SELECT * FROM est_late WHERE ts >= ''2025-03-01+00''') AS ts_est,
	(SELECT count(*) FROM est_late WHERE ts >= '2025-03-01+00') AS actual;
-- the same with descending indexes, whose first entry is the maximum: the
-- same estimates (same: 4 of 4)
CREATE FUNCTION est_late_cases() RETURNS TABLE (id_est float8, ts_est float8)
LANGUAGE sql AS $$
SELECT est_rows(format('SELECT * FROM est_late WHERE id >= %s AND id < %s', est_bound('id', lo), est_bound('id', lo + w))),
	est_rows(format('SELECT * FROM est_late WHERE ts >= %s AND ts < %s', est_bound('ts', lo), est_bound('ts', lo + w)))
FROM (VALUES (timestamptz '2024-12-30 00:00:00+00', interval '5 days'),
			 ('2025-01-20 00:00:00+00', '1 day'),
			 ('2025-02-10 00:00:00+00', '60 days'),
			 ('2025-03-01 00:00:00+00', '1 year')) v(lo, w)
$$;
CREATE TABLE est_late_asc AS SELECT * FROM est_late_cases();
DROP INDEX est_late_id_idx, est_late_ts_idx;
CREATE INDEX ON est_late (id DESC);
CREATE INDEX ON est_late (ts DESC);
SELECT count(*) FILTER (WHERE d.id_est = d.ts_est AND d.id_est = a.id_est) AS same,
	count(*) AS cases
FROM (SELECT *, row_number() OVER () AS n FROM est_late_cases()) d
JOIN (SELECT *, row_number() OVER () AS n FROM est_late_asc) a USING (n);
-- without an index on the key, a bound is interpolated between the
-- histogram's own ends, as core does for ts without one: rows added beyond
-- the maximum ANALYZE saw are not seen: as on ts in all 4 cases, and below
-- the estimate with an index in the 2 windows wholly past that maximum that
-- hold new rows (from 2025-01-20 and from 2025-02-10): 4, 2, 4
DROP INDEX est_late_id_idx, est_late_ts_idx;
SELECT count(*) FILTER (WHERE d.id_est = d.ts_est) AS as_ts,
	count(*) FILTER (WHERE d.id_est < a.id_est) AS below_with_index,
	count(*) AS cases
FROM (SELECT *, row_number() OVER () AS n FROM est_late_cases()) d
JOIN (SELECT *, row_number() OVER () AS n FROM est_late_asc) a USING (n);
DROP TABLE est_late_asc;
DROP FUNCTION est_late_cases();

-- Rows deleted at the key's ends, before VACUUM (issue 29): the current
-- minimum and maximum are those of live rows, as core reads them for
-- timestamptz (SnapshotNonVacuumable: an index entry counts if its page is
-- all visible or a row of it can still be seen).  est_del holds the
-- uniform year, analyzed, less its first two and last three days.  Windows
-- inside the deleted days are estimated as 1 row, as on ts (1.2 read
-- deleted entries as the ends: 27 and 55 rows); windows across the new
-- ends as on ts (both count the deleted rows the histogram still holds).
CREATE TABLE est_del AS SELECT * FROM est_u;
ALTER TABLE est_del SET (autovacuum_enabled = false);
CREATE INDEX ON est_del (id);
CREATE INDEX ON est_del (ts);
ANALYZE est_del;
DELETE FROM est_del WHERE ts < '2024-01-03+00' OR ts >= '2024-12-29+00';
SELECT to_char(lo AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') AS lo_utc, w,
	est_rows(format('SELECT * FROM est_del WHERE id >= %s AND id < %s', est_bound('id', lo), est_bound('id', lo + w))) AS id_est,
	est_rows(format('SELECT * FROM est_del WHERE ts >= %s AND ts < %s', est_bound('ts', lo), est_bound('ts', lo + w))) AS ts_est,
	(SELECT count(*) FROM est_del WHERE ts >= lo AND ts < lo + w) AS actual
FROM (VALUES (timestamptz '2024-01-01 06:00:00+00', interval '12 hours'),
			 ('2024-01-02 00:00:00+00', '1 day'),
			 ('2024-01-02 12:00:00+00', '1 day'),
			 ('2024-12-28 12:00:00+00', '1 day'),
			 ('2024-12-30 00:00:00+00', '1 day')) v(lo, w)
ORDER BY lo;
DROP TABLE est_del;
-- More heap pages of deleted rows at an end than the search visits (100,
-- core's limit): it gives up and keeps the histogram's end, as core does
-- for ts, in every planning.  est_wide holds January and February of the
-- uniform year, 7 rows a page, less February (227 pages): a window past
-- the live rows, 549 rows on both (none left).
CREATE TABLE est_wide AS
	SELECT id, ts, repeat('x', 1000) AS pad FROM est_u
	WHERE ts < '2024-03-01+00' ORDER BY ts;
ALTER TABLE est_wide SET (autovacuum_enabled = false);
CREATE INDEX ON est_wide (id);
CREATE INDEX ON est_wide (ts);
VACUUM ANALYZE est_wide;
DELETE FROM est_wide WHERE ts >= '2024-02-01+00';
SELECT planning,
	est_rows('SELECT * FROM est_wide WHERE id >= objectid_from_timestamp(''2024-02-20+00'')') AS id_est,
	est_rows('SELECT * FROM est_wide WHERE ts >= ''2024-02-20+00''') AS ts_est,
	(SELECT count(*) FROM est_wide WHERE ts >= '2024-02-20+00') AS actual
FROM generate_series(1, 2) planning;
DROP TABLE est_wide;

-- A histogram of two values, one bin (statistics target 1; issue 29): a
-- window inside it is interpolated as on ts (1.2 left it to core: 1 row).
-- ANALYZE then samples 300 rows, so the bin's ends are random, but the
-- same rows for id and ts: the same estimates (same: 4 of 4).  With indexes,
-- both ends are the column's own, so the estimates are also known.
CREATE TABLE est_t1 AS SELECT * FROM est_u;
ALTER TABLE est_t1 SET (autovacuum_enabled = false);
ALTER TABLE est_t1 ALTER id SET STATISTICS 1, ALTER ts SET STATISTICS 1;
ANALYZE est_t1;
CREATE FUNCTION est_t1_cases() RETURNS TABLE (lo timestamptz, w interval,
	id_est float8, ts_est float8, actual float8)
LANGUAGE sql AS $$
SELECT lo, w,
	est_rows(format('SELECT * FROM est_t1 WHERE id >= %s AND id < %s', est_bound('id', lo), est_bound('id', lo + w))),
	est_rows(format('SELECT * FROM est_t1 WHERE ts >= %s AND ts < %s', est_bound('ts', lo), est_bound('ts', lo + w))),
	est_count(format('SELECT * FROM est_t1 WHERE ts >= %s AND ts < %s', est_bound('ts', lo), est_bound('ts', lo + w)))
FROM (VALUES (timestamptz '2024-03-01 06:00:00+00', interval '1 day'),
			 ('2024-06-02 00:00:00+00', '1 week'),
			 ('2024-09-17 20:30:00+00', '30 days'),
			 ('2024-12-31 06:00:00+00', '1 day')) v(lo, w)
$$;
SELECT count(*) FILTER (WHERE abs(id_est - ts_est) <= 1) AS same, count(*) AS cases
FROM est_t1_cases();
CREATE INDEX ON est_t1 (id);
CREATE INDEX ON est_t1 (ts);
SELECT to_char(lo AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') AS lo_utc, w, id_est, ts_est, actual
FROM est_t1_cases() ORDER BY lo;
DROP TABLE est_t1;
DROP FUNCTION est_t1_cases();

-- A partial index whose predicate bounds the key (issue 29): core
-- estimates the rows an index scan reads from one list, the clauses of the
-- predicate that the scan's conditions do not imply and those conditions,
-- and pairs the bounds in it.  The rows of the bitmap index scan of a
-- 2-day window (110 rows) as on ts, for a predicate that is the window's
-- upper bound (1.2: 4,992 rows), its lower bound, both (1.2: 4,992), a
-- wider lower bound (implied by the window, not in the list), and the
-- upper bound on an index of the other column, whose conditions are then
-- the other column's.
CREATE TABLE est_pi AS SELECT * FROM est_u;
ALTER TABLE est_pi SET (autovacuum_enabled = false);
ANALYZE est_pi;
CREATE FUNCTION est_index_rows(q text) RETURNS float8
LANGUAGE plpgsql AS $$
DECLARE
	plan json;
BEGIN
	SET LOCAL enable_seqscan = off;
	SET LOCAL enable_indexscan = off;
	SET LOCAL enable_indexonlyscan = off;
	EXECUTE 'EXPLAIN (FORMAT JSON) ' || q INTO plan;
	RETURN (plan->0->'Plan'->'Plans'->0->>'Plan Rows')::float8;
END
$$;
-- %1$s the key, %2$s the other column, %3$s .. %5$s the bounds
-- 2024-06-10, 2024-06-12 and 2024-05-01
CREATE TABLE est_pi_cases (pred text, def text);
INSERT INTO est_pi_cases VALUES
	('upper bound', 'ON est_pi (%1$s) WHERE %1$s < %4$s'),
	('lower bound', 'ON est_pi (%1$s) WHERE %1$s >= %3$s'),
	('both bounds', 'ON est_pi (%1$s) WHERE %1$s >= %3$s AND %1$s < %4$s'),
	('wider lower bound', 'ON est_pi (%1$s) WHERE %1$s >= %5$s'),
	('other column''s index', 'ON est_pi (%2$s) WHERE %1$s < %4$s');
CREATE FUNCTION est_pi_case(def text, col text, other text) RETURNS float8
LANGUAGE plpgsql AS $$
DECLARE
	n float8;
BEGIN
	EXECUTE format('CREATE INDEX est_pi_idx ' || def, col, other,
				   est_bound(col, '2024-06-10+00'), est_bound(col, '2024-06-12+00'),
				   est_bound(col, '2024-05-01+00'));
	n := est_index_rows(format('SELECT * FROM est_pi WHERE %1$s >= %3$s AND %1$s < %4$s AND %2$s >= %5$s',
							   col, other, est_bound(col, '2024-06-10+00'),
							   est_bound(col, '2024-06-12+00'), est_bound(other, '2024-06-11+00')));
	DROP INDEX est_pi_idx;
	RETURN n;
END
$$;
SELECT pred, est_pi_case(def, 'id', 'ts') AS id_est, est_pi_case(def, 'ts', 'id') AS ts_est
FROM est_pi_cases ORDER BY pred;
DROP TABLE est_pi, est_pi_cases;
DROP FUNCTION est_pi_case(text, text, text), est_index_rows(text);

-- A partitioned table: its indexes have no entries, and the search for
-- the column's ends skips them, as core does (issue 29; 1.2 was kept from
-- reading them only by a field that core leaves empty, so no estimate
-- changes).  Windows in the first and last days, inside an OR of a join
-- condition and in an anti join, where the partitioned table itself is
-- estimated: as on ts (1.2 did not pair the anti join's bounds: 19,973
-- rows).
CREATE TABLE est_part (id objectid, ts timestamptz, k int) PARTITION BY LIST (k);
CREATE TABLE est_part_0 PARTITION OF est_part FOR VALUES IN (0);
CREATE TABLE est_part_1 PARTITION OF est_part FOR VALUES IN (1);
ALTER TABLE est_part_0 SET (autovacuum_enabled = false);
ALTER TABLE est_part_1 SET (autovacuum_enabled = false);
INSERT INTO est_part SELECT id, ts, extract(epoch FROM ts)::bigint % 2 FROM est_u;
CREATE INDEX ON est_part (id);
CREATE INDEX ON est_part (ts);
ANALYZE est_part;
CREATE FUNCTION est_part_cases(col text) RETURNS TABLE (shape text, scan text, rows float8)
LANGUAGE sql AS $$
SELECT shape, s.*
FROM (VALUES ('or across a join', 'SELECT * FROM est_part a JOIN est_u b ON b.%1$s = a.%1$s WHERE (a.%1$s >= %2$s AND a.%1$s < %3$s AND b.%1$s > %2$s) OR (a.%1$s >= %4$s AND a.%1$s < %5$s AND b.%1$s < %5$s)'),
			 ('anti join', 'SELECT * FROM est_part a WHERE NOT EXISTS (SELECT FROM est_u b WHERE b.%1$s = a.%1$s AND a.%1$s >= %2$s AND a.%1$s < %3$s)')) q(shape, q),
	 LATERAL est_scans(format(q, col, est_bound(col, '2024-01-01 01:00:00+00'), est_bound(col, '2024-01-01 12:00:00+00'),
							  est_bound(col, '2024-12-31 06:00:00+00'), est_bound(col, '2024-12-31 12:00:00+00'))) s
$$;
SELECT shape, scan, i.rows AS id_est, t.rows AS ts_est
FROM est_part_cases('id') i JOIN est_part_cases('ts') t USING (shape, scan)
ORDER BY shape, scan;
DROP TABLE est_part;
DROP FUNCTION est_part_cases(text);

-- Bounds on an expression of the key, with statistics from an expression
-- index: paired as on a column (same as ts: t)
CREATE INDEX est_u_expr ON est_u ((objectid(bytea(id))));
ANALYZE est_u;
SELECT est_rows('SELECT * FROM est_u WHERE objectid(bytea(id)) >= objectid_from_timestamp(''2024-06-10+00'') AND objectid(bytea(id)) < objectid_from_timestamp(''2024-06-12+00'')') =
	   est_rows('SELECT * FROM est_u WHERE ts >= ''2024-06-10+00'' AND ts < ''2024-06-12+00''') AS same_as_ts;
DROP INDEX est_u_expr;

-- A new session, whose first planning loads the library (objectid_from_
-- timestamp is folded then), with a bound whose estimate runs a function
-- that plans a query of its own: the estimates' cache stays in place while
-- an estimator uses it.  The same estimate as on ts.
\c
SET search_path = public, pg_catalog;
CREATE FUNCTION est_nested_id() RETURNS objectid LANGUAGE plpgsql STABLE AS $$
BEGIN
	RETURN (SELECT id FROM est_u ORDER BY id OFFSET 10000 LIMIT 1);
END $$;
CREATE FUNCTION est_nested_ts() RETURNS timestamptz LANGUAGE plpgsql STABLE AS $$
BEGIN
	RETURN (SELECT ts FROM est_u ORDER BY ts OFFSET 10000 LIMIT 1);
END $$;
SELECT est_rows('SELECT * FROM est_u WHERE id >= objectid_from_timestamp(''2024-03-01+00'') AND id < est_nested_id()') =
	   est_rows('SELECT * FROM est_u WHERE ts >= ''2024-03-01+00'' AND ts < est_nested_ts()') AS same_as_ts;
DROP FUNCTION est_nested_id(), est_nested_ts();

-- Planning stays linear in the number of bounds.  10,000 upper bounds on
-- one key plan in well under a second (1.1 paired them in quadratic time,
-- 0.7 s for 2,000 bounds), estimated as the tightest one, as on ts.  The
-- timeout only guards against the quadratic cost coming back; it measures
-- nothing (BENCHMARKS.md does).
CREATE FUNCTION est_bounds(col text, n int) RETURNS text
LANGUAGE sql AS $$
SELECT 'SELECT * FROM est_u WHERE ' ||
	string_agg(format('%s < %s', col,
					  est_bound(col, timestamptz '2024-06-01 00:00:00+00' + g * interval '1 s')),
			   ' AND ')
FROM generate_series(1, n) g
$$;
SET statement_timeout = '5s';
SELECT est_rows(est_bounds('id', 10000)) = est_rows(est_bounds('ts', 10000)) AS same_as_ts;
RESET statement_timeout;

-- The operators use the estimators; joins keep core's
SELECT oprname, oprrest, oprjoin FROM pg_operator
WHERE oprleft = 'objectid'::regtype AND oprright = 'objectid'::regtype
ORDER BY oprname;

-- Core's estimators, for comparison: a window inside one bin comes out as
-- 1 row.  A 2-day window (110 rows): core 1, ours within 2x (t).
CREATE FUNCTION est_window_2d() RETURNS float8
LANGUAGE sql AS $$
SELECT est_rows('SELECT * FROM est_u WHERE id >= objectid_from_timestamp(''2024-06-10 12:00+00'') AND id < objectid_from_timestamp(''2024-06-12 12:00+00'')')
$$;
CREATE TABLE est_ours AS SELECT est_window_2d() AS window_2d;
ALTER OPERATOR <(objectid, objectid) SET (RESTRICT = scalarltsel);
ALTER OPERATOR <=(objectid, objectid) SET (RESTRICT = scalarlesel);
ALTER OPERATOR >(objectid, objectid) SET (RESTRICT = scalargtsel);
ALTER OPERATOR >=(objectid, objectid) SET (RESTRICT = scalargesel);
SELECT est_window_2d() AS core_2d, window_2d BETWEEN 55 AND 220 AS ours_2d FROM est_ours;
ALTER OPERATOR <(objectid, objectid) SET (RESTRICT = objectid_ltsel);
ALTER OPERATOR <=(objectid, objectid) SET (RESTRICT = objectid_lesel);
ALTER OPERATOR >(objectid, objectid) SET (RESTRICT = objectid_gtsel);
ALTER OPERATOR >=(objectid, objectid) SET (RESTRICT = objectid_gesel);

DROP TABLE est_u, est_s, est_x, est_x_shapes, est_late, est_nostats, est_shapes, est_cases, est_ours;
DROP FUNCTION est_rows(text), est_count(text), est_scans(text), est_bound(text, timestamptz),
	est_join_or(text),
	est_x_cases(), est_bounds(text, int), est_window_2d();

-- the update from 1.0 sets the estimators, each function with its comment
SET objectid.generator = session;  -- no WARNING on 15 and 16 (see init.sql)
DROP EXTENSION objectid;
CREATE EXTENSION objectid VERSION '1.0';
SELECT oprname, oprrest FROM pg_operator
WHERE oprleft = 'objectid'::regtype AND oprname IN ('<', '<=', '>', '>=')
ORDER BY oprname;
ALTER EXTENSION objectid UPDATE;
SELECT o.oprname, o.oprrest, obj_description(o.oprrest, 'pg_proc') IS NOT NULL AS commented,
	p.provolatile, p.proparallel, p.proisstrict
FROM pg_operator o JOIN pg_proc p ON p.oid = o.oprrest
WHERE o.oprleft = 'objectid'::regtype AND o.oprname IN ('<', '<=', '>', '>=')
ORDER BY o.oprname;
