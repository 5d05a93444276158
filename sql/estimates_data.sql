--
-- estimates_data: the data sets of the row estimates of time windows, one
-- definition for the regress test (sql/estimates.sql, 20,000 rows) and the
-- benchmark (bench/bench.py, section estimates: 1,000,000 and 10,000,000).
-- Not a test of its own: run it with \i, with the psql variable est_rows
-- set to the number of rows of each table (20,000 when unset).
--
-- Two tables over 2024, each row's id and ts the same instant in whole
-- seconds: est_u uniform (one every 31,540,000 s / est_rows: 1577 s at
-- 20,000 rows), est_s skewed (the instant goes as the cube of the row
-- number: dense in the first weeks, sparse by December).
--
\if :{?est_rows}
\else
\set est_rows 20000
\endif
CREATE TABLE est_u (id objectid, ts timestamptz);
INSERT INTO est_u
	SELECT objectid_from_timestamp(t), t
	FROM (SELECT timestamptz '2024-01-01 00:00:00+00' +
				 date_trunc('second', g * (interval '31540000 s' / :est_rows)) AS t
		  FROM generate_series(0, :est_rows - 1) g) s;
CREATE TABLE est_s (id objectid, ts timestamptz);
INSERT INTO est_s
	SELECT objectid_from_timestamp(t), t
	FROM (SELECT timestamptz '2024-01-01 00:00:00+00' +
				 date_trunc('second', (g / (:est_rows)::numeric) ^ 3 * interval '366 days') AS t
		  FROM generate_series(0, :est_rows - 1) g) s;
ALTER TABLE est_u SET (autovacuum_enabled = false);
ALTER TABLE est_s SET (autovacuum_enabled = false);
ANALYZE est_u, est_s;
