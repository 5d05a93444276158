--
-- estimates: row estimates of time windows on objectid keys
--
-- 20,000 ids, one every 1577 seconds over 2024: fewer rows than ANALYZE
-- samples at the default statistics target (30,000), so the statistics
-- are the whole table and the same on every run.  A histogram bin holds
-- 200 rows (3.65 days).  EXPLAIN's text differs between majors, so only
-- the estimated row count is read, from EXPLAIN (FORMAT JSON).
--
SET search_path = public, pg_catalog;

CREATE TABLE est (id objectid, ts timestamptz);
INSERT INTO est
	SELECT objectid_from_timestamp(t), t
	FROM (SELECT timestamptz '2024-01-01 00:00:00+00' + g * interval '1577 s' AS t
		  FROM generate_series(0, 19999) g) s;
ALTER TABLE est SET (autovacuum_enabled = false);
ANALYZE est;

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

-- windows [lo, lo + w) at several places in the year, as ids and as
-- timestamps: estimate and actual count
CREATE TABLE est_windows AS
SELECT w, lo,
	est_rows(format('SELECT * FROM est WHERE id >= objectid_from_timestamp(%L)'
					' AND id < objectid_from_timestamp(%L)', lo, lo + w)) AS id_est,
	est_rows(format('SELECT * FROM est WHERE ts >= %L AND ts < %L',
					lo, lo + w)) AS ts_est,
	(SELECT count(*) FROM est WHERE ts >= lo AND ts < lo + w) AS actual
FROM (VALUES (interval '1 day'), ('2 days'), ('3 days'), ('1 week'),
			 ('30 days'), ('6 months')) v(w),
	 (VALUES (timestamptz '2024-02-03 05:00:00+00'), ('2024-06-10 12:00:00+00'),
			 ('2024-09-17 20:30:00+00'), ('2024-12-20 00:00:00+00')) l(lo);

-- every window of at least 100 rows is estimated within 2x (all t)
SELECT w, lo, actual, id_est BETWEEN actual / 2.0 AND actual * 2.0 AS within_2x
FROM est_windows WHERE actual >= 100 ORDER BY w, lo;

-- and as a timestamptz column is, to within a row (no rows)
SELECT w, lo, id_est, ts_est FROM est_windows WHERE abs(id_est - ts_est) > 1;

-- each operator on its own, either way round: within 2% of the count
SELECT op, actual,
	est_rows(format('SELECT * FROM est WHERE id %s objectid_from_timestamp(%L)',
					op, t)) BETWEEN actual * 0.98 AND actual * 1.02 AS var_op_const,
	est_rows(format('SELECT * FROM est WHERE objectid_from_timestamp(%L) %s id',
					t, com)) BETWEEN actual * 0.98 AND actual * 1.02 AS const_op_var
FROM (VALUES ('<', '>'), ('<=', '>='), ('>', '<'), ('>=', '<=')) o(op, com),
	 (VALUES (timestamptz '2024-04-01 07:00:00+00')) c(t),
	 LATERAL (SELECT count(*) AS actual FROM est
			  WHERE CASE op WHEN '<' THEN ts < t WHEN '<=' THEN ts <= t
					WHEN '>' THEN ts > t ELSE ts >= t END) a
ORDER BY op;

-- the operators use the estimators; joins keep core's
SELECT oprname, oprrest, oprjoin FROM pg_operator
WHERE oprleft = 'objectid'::regtype AND oprright = 'objectid'::regtype
ORDER BY oprname;

-- Core's estimators, for comparison: a window inside one bin comes out as
-- 1 row, a wider one as whole bins.  Where the constant is not known, or
-- the column has no statistics, ours give what core's give.
CREATE TABLE est_nostats (id objectid);
ALTER TABLE est_nostats SET (autovacuum_enabled = false);
PREPARE est_generic(objectid, objectid) AS
	SELECT * FROM est WHERE id >= $1 AND id < $2;
SET plan_cache_mode = force_generic_plan;
-- a 2-day window (110 rows), a generic plan, a bound from a subquery, and
-- a table without statistics
CREATE FUNCTION est_cases(OUT window_2d float8, OUT generic float8,
						  OUT subquery float8, OUT nostats_lt float8,
						  OUT nostats_range float8)
LANGUAGE sql AS $$
SELECT est_rows('SELECT * FROM est WHERE id >= objectid_from_timestamp(''2024-06-10 12:00+00'') AND id < objectid_from_timestamp(''2024-06-12 12:00+00'')'),
	est_rows('EXECUTE est_generic(NULL, NULL)'),
	est_rows('SELECT * FROM est WHERE id < (SELECT min(id) FROM est)'),
	est_rows('SELECT * FROM est_nostats WHERE id < ''650000000000000000000000'''),
	est_rows('SELECT * FROM est_nostats WHERE id >= ''650000000000000000000000'' AND id < ''660000000000000000000000''');
$$;
CREATE TABLE est_ours AS SELECT * FROM est_cases();
ALTER OPERATOR <(objectid, objectid) SET (RESTRICT = scalarltsel);
ALTER OPERATOR <=(objectid, objectid) SET (RESTRICT = scalarlesel);
ALTER OPERATOR >(objectid, objectid) SET (RESTRICT = scalargtsel);
ALTER OPERATOR >=(objectid, objectid) SET (RESTRICT = scalargesel);
DEALLOCATE est_generic;
PREPARE est_generic(objectid, objectid) AS
	SELECT * FROM est WHERE id >= $1 AND id < $2;
CREATE TABLE est_core AS SELECT * FROM est_cases();
ALTER OPERATOR <(objectid, objectid) SET (RESTRICT = objectid_ltsel);
ALTER OPERATOR <=(objectid, objectid) SET (RESTRICT = objectid_lesel);
ALTER OPERATOR >(objectid, objectid) SET (RESTRICT = objectid_gtsel);
ALTER OPERATOR >=(objectid, objectid) SET (RESTRICT = objectid_gesel);
RESET plan_cache_mode;
DEALLOCATE est_generic;
-- 2-day window, 110 rows: core 1, ours within 2x (t); the rest equal (t)
SELECT c.window_2d AS core_2d, o.window_2d BETWEEN 55 AND 220 AS ours_2d,
	o.generic = c.generic AS generic, o.subquery = c.subquery AS subquery,
	o.nostats_lt = c.nostats_lt AS nostats_lt,
	o.nostats_range = c.nostats_range AS nostats_range
FROM est_ours o, est_core c;

DROP TABLE est, est_windows, est_nostats, est_ours, est_core;
DROP FUNCTION est_cases(), est_rows(text);

-- the update from 1.0 sets the estimators, each function with its comment
DROP EXTENSION objectid;
CREATE EXTENSION objectid VERSION '1.0';
SELECT oprname, oprrest FROM pg_operator
WHERE oprleft = 'objectid'::regtype AND oprname IN ('<', '<=', '>', '>=')
ORDER BY oprname;
ALTER EXTENSION objectid UPDATE TO '1.1';
SELECT o.oprname, o.oprrest, obj_description(o.oprrest, 'pg_proc') IS NOT NULL AS commented,
	p.provolatile, p.proparallel, p.proisstrict
FROM pg_operator o JOIN pg_proc p ON p.oid = o.oprrest
WHERE o.oprleft = 'objectid'::regtype AND o.oprname IN ('<', '<=', '>', '>=')
ORDER BY o.oprname;
