--
-- windows: time windows written through the second an id carries
-- (objectid_timestamp(id) OP t, id::timestamptz OP t) are planned as
-- windows on the id (src/objectid_window.c): the same rows as written, the
-- same estimates as on a timestamptz column, the id's index and partition
-- pruning.  objectid.rewrite_time_windows = off plans them as written, which
-- is what the rows are compared with.
--
SET search_path = public, pg_catalog;
SET timezone = 'UTC';

-- the bounds at the edges of a second and of the range ids carry; NULL
-- where no id qualifies, never an error
SELECT t, objectid_first_at_or_after(t) AS first_at_or_after,
	objectid_first_after(t) AS first_after,
	objectid_last_before(t) AS last_before,
	objectid_last_at_or_before(t) AS last_at_or_before,
	objectid_first_in_second(t) AS first_in_second
FROM (VALUES (timestamptz '2024-01-01 00:00:00+00'), ('2024-01-01 00:00:00.5+00'),
			 ('2023-12-31 23:59:59.999999+00'), ('1969-12-31 23:59:59+00'),
			 ('1969-12-31 23:59:59.5+00'), ('1970-01-01 00:00:00+00'),
			 ('1970-01-01 00:00:00.5+00'), ('2106-02-07 06:28:14.5+00'),
			 ('2106-02-07 06:28:15+00'), ('2106-02-07 06:28:15.5+00'),
			 ('2106-02-07 06:28:16+00'), ('4713-01-01 00:00:00+00 BC'),
			 ('294276-12-31 23:59:59+00'), ('infinity'), ('-infinity'), (NULL)) v(t);
SELECT p.proname, p.provolatile, p.proisstrict, p.proparallel, p.proleakproof,
	obj_description(p.oid, 'pg_proc') IS NOT NULL AS commented
FROM pg_proc p
WHERE p.proname IN ('objectid_first_at_or_after', 'objectid_first_after', 'objectid_last_before',
					'objectid_last_at_or_before', 'objectid_first_in_second')
  AND p.proargtypes[0] = 'timestamptz'::regtype  -- date and timestamp: windows_forms.sql
ORDER BY p.proname;

--
-- The same rows with and without the rewrite, at second boundaries: ids
-- at the first, a middle and the last id of seconds at 1970's start,
-- around 2024-01-01 and at the end of the range, and a NULL id; each
-- shape with instants that are whole seconds, fractions just either side,
-- before 1970, after 2106, infinities and NULL.  Per shape: the cases, the
-- rows returned in all, the cases whose rows differ (0), and the cases
-- whose plan the rewrite changed (all but those with a NULL instant,
-- whose plans are the constant false either way).
--
CREATE TABLE win_r (id objectid);
INSERT INTO win_r
	SELECT objectid(decode(lpad(to_hex(s), 8, '0') || r, 'hex'))
	FROM unnest(ARRAY[0, 1, 2, 1704067199, 1704067200, 1704067201,
					  4294967294, 4294967295]::bigint[]) s,
		 unnest(ARRAY['0000000000000000', '8000000000000000', 'ffffffffffffffff']) r;
INSERT INTO win_r VALUES (NULL);
CREATE TABLE win_t (t timestamptz);
INSERT INTO win_t VALUES ('1969-12-31 23:59:59+00'), ('1969-12-31 23:59:59.5+00'),
	('1970-01-01 00:00:00+00'), ('1970-01-01 00:00:00.5+00'), ('1970-01-01 00:00:01+00'),
	('2023-12-31 23:59:59.999999+00'), ('2024-01-01 00:00:00+00'), ('2024-01-01 00:00:00.5+00'),
	('2024-01-01 00:00:01+00'), ('2106-02-07 06:28:14.5+00'), ('2106-02-07 06:28:15+00'),
	('2106-02-07 06:28:15.5+00'), ('2106-02-07 06:28:16+00'), ('4713-01-01 00:00:00+00 BC'),
	('infinity'), ('-infinity'), (NULL);

-- the ids (in order) a condition selects, or its error, and the plan
CREATE FUNCTION win_rows(cond text, rewrite bool) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
	r text;
BEGIN
	PERFORM set_config('objectid.rewrite_time_windows', rewrite::text, true);
	EXECUTE 'SELECT string_agg(id::text, '','' ORDER BY id) FROM win_r WHERE ' || cond INTO r;
	RETURN coalesce(r, '');
EXCEPTION WHEN others THEN
	RETURN 'error: ' || SQLERRM;
END $$;
CREATE FUNCTION win_plan(cond text, rewrite bool) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
	p text;
	r text := '';
BEGIN
	PERFORM set_config('objectid.rewrite_time_windows', rewrite::text, true);
	FOR p IN EXECUTE 'EXPLAIN (COSTS OFF) SELECT * FROM win_r WHERE ' || cond LOOP
		r := r || p || E'\n';
	END LOOP;
	RETURN r;
END $$;

-- %1$s and %2$s are instants
CREATE TABLE win_shapes (shape text, cond text, pairs bool);
INSERT INTO win_shapes VALUES
	('s >= t', 'id::timestamptz >= %1$s', false),
	('s > t', 'id::timestamptz > %1$s', false),
	('s < t', 'id::timestamptz < %1$s', false),
	('s <= t', 'id::timestamptz <= %1$s', false),
	('s = t', 'id::timestamptz = %1$s', false),
	('t <= s', '%1$s <= objectid_timestamp(id)', false),
	('t < s', '%1$s < objectid_timestamp(id)', false),
	('t > s', '%1$s > objectid_timestamp(id)', false),
	('t >= s', '%1$s >= objectid_timestamp(id)', false),
	('t = s', '%1$s = objectid_timestamp(id)', false),
	('mixed with a key bound', 'id >= ''000000010000000000000000'' AND id::timestamptz < %1$s', false),
	('not s < t', 'NOT (id::timestamptz < %1$s)', false),
	('not t >= s', 'NOT (%1$s >= objectid_timestamp(id))', false),
	('between', 'objectid_timestamp(id) BETWEEN %1$s AND %2$s', true),
	('between symmetric', 'id::timestamptz BETWEEN SYMMETRIC %1$s AND %2$s', true),
	('not between', 'id::timestamptz NOT BETWEEN %1$s AND %2$s', true),
	('or of bounds', 'id::timestamptz < %1$s OR %2$s = id::timestamptz', true);
CREATE TABLE win_cases AS
SELECT shape, a.t IS NULL OR b.t IS NULL AS has_null,
	win_rows(format(cond, quote_nullable(a.t) || '::timestamptz', quote_nullable(b.t) || '::timestamptz'), true) AS rewritten,
	win_rows(format(cond, quote_nullable(a.t) || '::timestamptz', quote_nullable(b.t) || '::timestamptz'), false) AS written,
	win_plan(format(cond, quote_nullable(a.t) || '::timestamptz', quote_nullable(b.t) || '::timestamptz'), true) <>
	win_plan(format(cond, quote_nullable(a.t) || '::timestamptz', quote_nullable(b.t) || '::timestamptz'), false) AS plan_changed
FROM win_shapes, win_t a, win_t b
WHERE pairs OR b.t IS NOT DISTINCT FROM a.t;
SELECT shape, count(*) AS cases,
	sum(array_length(string_to_array(nullif(written, ''), ','), 1)) AS rows,
	count(*) FILTER (WHERE rewritten <> written) AS differ,
	count(*) FILTER (WHERE written LIKE 'error%') AS errors,
	count(*) FILTER (WHERE NOT plan_changed AND NOT has_null) AS not_rewritten
FROM win_cases GROUP BY shape ORDER BY shape;
-- the cases that differ (none)
SELECT * FROM win_cases WHERE rewritten <> written;

-- The generator as a bound: a new id in t's second on each row, so the
-- rows are compared where it cannot matter (the first and last ids of
-- seconds), at instants ids can carry; the planner adds the bound on t's
-- second beside it (plan changed: all)
CREATE TABLE win_gen AS
SELECT shape, t,
	win_rows(format(cond, quote_literal(t) || '::timestamptz'), true) AS rewritten,
	win_rows(format(cond, quote_literal(t) || '::timestamptz'), false) AS written,
	win_plan(format(cond, quote_literal(t) || '::timestamptz'), true) <>
	win_plan(format(cond, quote_literal(t) || '::timestamptz'), false) AS plan_changed
FROM (VALUES ('id >= gen', '(id >= objectid(%1$s) AND substr(id::text, 9) <> ''8000000000000000'')'),
			 ('id > gen', '(id > objectid(%1$s) AND substr(id::text, 9) <> ''8000000000000000'')'),
			 ('id < gen', '(id < objectid(%1$s) AND substr(id::text, 9) <> ''8000000000000000'')'),
			 ('gen >= id', '(objectid(%1$s) >= id AND substr(id::text, 9) <> ''8000000000000000'')')) s(shape, cond),
	 (VALUES (timestamptz '1970-01-01 00:00:00+00'), ('1970-01-01 00:00:00.5+00'),
			 ('2024-01-01 00:00:00+00'), ('2024-01-01 00:00:00.5+00'),
			 ('2106-02-07 06:28:15.5+00')) v(t);
SELECT shape, count(*) AS cases,
	sum(array_length(string_to_array(nullif(written, ''), ','), 1)) AS rows,
	count(*) FILTER (WHERE rewritten <> written) AS differ,
	count(*) FILTER (WHERE plan_changed) AS plan_changed
FROM win_gen GROUP BY shape ORDER BY shape;

-- Not rewritten: NOT of =, in CASE, in the target list, with a volatile
-- instant, with an instant from the same table, through a same-named
-- function of another schema, a function of the second (date_trunc), a
-- list of instants (IN), and with the setting off
CREATE SCHEMA win_other;
CREATE FUNCTION win_other.objectid_timestamp(objectid) RETURNS timestamptz
LANGUAGE sql IMMUTABLE AS $$ SELECT timestamptz '2024-01-01 00:00:00+00' $$;
CREATE INDEX ON win_r (id);
SET enable_seqscan = off;
SELECT q, win_plan(q, true) = win_plan(q, false) AS as_written
FROM (VALUES ('NOT (id::timestamptz = ''2024-01-01+00'')'),
			 ('CASE WHEN id::timestamptz >= ''2024-01-01+00'' THEN true END'),
			 ('id::timestamptz >= clock_timestamp()'),
			 ('id::timestamptz >= (SELECT objectid_timestamp(x.id) FROM win_r x WHERE x.id = win_r.id)'),
			 ('win_other.objectid_timestamp(id) >= ''2024-01-01+00'''),
			 ('date_trunc(''day'', id::timestamptz) = ''2024-01-01+00'''),
			 ('id::timestamptz IN (''2024-01-01+00'', ''2024-01-02+00'')')) v(q);
EXPLAIN (COSTS OFF) SELECT id::timestamptz >= '2024-01-01+00' FROM win_r;
-- a join of two tables' seconds: the other's second is the instant, a
-- join condition on the key (windows_forms.sql compares such joins' rows
-- and shows the key's index read for each row of the other)
SELECT win_plan('EXISTS (SELECT FROM win_r b WHERE win_r.id::timestamptz >= b.id::timestamptz)', true)
		~ 'id >= objectid_first_at_or_after\(\(b\.id\)::timestamp with time zone\)' AS join_rewritten;
SET objectid.rewrite_time_windows = off;
EXPLAIN (COSTS OFF) SELECT * FROM win_r WHERE id::timestamptz >= '2024-01-01+00';
-- a setting that changes plans: EXPLAIN (SETTINGS) shows it where it is
-- not the default
CREATE FUNCTION win_settings(q text) RETURNS json LANGUAGE plpgsql AS $$
DECLARE p json;
BEGIN
	EXECUTE 'EXPLAIN (SETTINGS, FORMAT JSON) ' || q INTO p;
	RETURN p->0->'Settings';
END $$;
SELECT win_settings('SELECT * FROM win_r WHERE id::timestamptz >= ''2024-01-01+00''')
	->> 'objectid.rewrite_time_windows' AS shown_off;
RESET objectid.rewrite_time_windows;
SELECT win_settings('SELECT * FROM win_r WHERE id::timestamptz >= ''2024-01-01+00''')
	->> 'objectid.rewrite_time_windows' AS shown_default;
DROP FUNCTION win_settings(text);

-- Rewritten in every query level: a subquery, a CTE, a sublink, a view, a
-- join's ON (an outer join's too) and an UPDATE's WHERE
CREATE VIEW win_v AS SELECT * FROM win_r WHERE id::timestamptz >= '2024-01-01+00';
EXPLAIN (COSTS OFF) SELECT * FROM (SELECT * FROM win_r WHERE id::timestamptz < '1970-01-01 00:00:02+00' OFFSET 0) s;
EXPLAIN (COSTS OFF) WITH c AS MATERIALIZED (SELECT * FROM win_r WHERE id::timestamptz = '2024-01-01+00') SELECT * FROM c;
-- (the sublink's scan only: 18 names initplans differently)
CREATE FUNCTION win_explain(q text) RETURNS SETOF text LANGUAGE plpgsql AS
$$ BEGIN RETURN QUERY EXECUTE 'EXPLAIN (COSTS OFF) ' || q; END $$;
SELECT ltrim(p) AS plan FROM win_explain('SELECT 1 WHERE EXISTS (SELECT FROM win_r WHERE id::timestamptz > ''2106-02-07 06:28:14+00'')') p
WHERE p ~ 'Scan|Cond';
EXPLAIN (COSTS OFF) SELECT * FROM win_v;
EXPLAIN (COSTS OFF) SELECT * FROM (VALUES (1)) x(k) LEFT JOIN win_r ON id::timestamptz <= '1970-01-01+00';
EXPLAIN (COSTS OFF) UPDATE win_r SET id = id WHERE objectid_timestamp(id) BETWEEN '2024-01-01+00' AND '2024-01-01 00:00:01+00';
RESET enable_seqscan;
DROP VIEW win_v;
DROP SCHEMA win_other CASCADE;
DROP TABLE win_r, win_t, win_shapes, win_cases, win_gen;
DROP FUNCTION win_rows(text, bool), win_plan(text, bool), win_explain(text);

--
-- Estimates: each shape through the id's second, against the same window
-- on the timestamptz column of the same rows (est_u uniform, est_s
-- skewed, 20,000 rows over 2024; sql/estimates_data.sql), in custom plans
-- and with now(): within 1.1x of the timestamptz estimate, or 2 rows of it
-- (s < b is id <= the last id before b's second, and a bound with <= counts
-- a value equal to it as core does, 1/ndistinct: a row here, one per
-- window of an OR)
--
\getenv abs_srcdir PG_ABS_SRCDIR
\set est_data :abs_srcdir '/sql/estimates_data.sql'
\i :est_data
CREATE FUNCTION win_est(q text) RETURNS float8 LANGUAGE plpgsql AS
$$ DECLARE p json; BEGIN EXECUTE 'EXPLAIN (FORMAT JSON) ' || q INTO p; RETURN (p->0->'Plan'->>'Plan Rows')::float8; END $$;
-- %1$s: the id's second or ts; %2$s the table; %3$s, %4$s instants;
-- %5$s a bound on the key at %3$s, or on ts
CREATE TABLE win_est_shapes (shape text, q text);
INSERT INTO win_est_shapes VALUES
	('s >= a', 'SELECT * FROM %2$s WHERE %1$s >= %3$s'),
	('a <= s', 'SELECT * FROM %2$s WHERE %3$s <= %1$s'),
	('s > a', 'SELECT * FROM %2$s WHERE %1$s > %3$s'),
	('s < b', 'SELECT * FROM %2$s WHERE %1$s < %4$s'),
	('b >= s', 'SELECT * FROM %2$s WHERE %4$s >= %1$s'),
	('window', 'SELECT * FROM %2$s WHERE %1$s >= %3$s AND %1$s < %4$s'),
	('window both ways round', 'SELECT * FROM %2$s WHERE %3$s <= %1$s AND %4$s > %1$s'),
	('between', 'SELECT * FROM %2$s WHERE %1$s BETWEEN %3$s AND %4$s'),
	('between symmetric', 'SELECT * FROM %2$s WHERE %1$s BETWEEN SYMMETRIC %4$s AND %3$s'),
	('or of windows', 'SELECT * FROM %2$s WHERE (%1$s >= %3$s AND %1$s < %4$s) OR (%1$s >= %3$s + interval ''60 days'' AND %1$s < %4$s + interval ''60 days'')'),
	('mixed with a key bound', 'SELECT * FROM %2$s WHERE %5$s AND %1$s < %4$s'),
	('one second', 'SELECT * FROM %2$s WHERE %1$s = %3$s'),
	('window and join', 'SELECT * FROM %2$s JOIN (SELECT id AS bid FROM %2$s) b ON b.bid = id WHERE %1$s >= %3$s AND %1$s < %4$s');
CREATE FUNCTION win_est_case(q text, tbl text, col text, a timestamptz, b timestamptz)
RETURNS float8 LANGUAGE sql AS $$
SELECT win_est(format(q, col, tbl, quote_literal(a) || '::timestamptz', quote_literal(b) || '::timestamptz',
					  CASE WHEN col = 'ts' THEN format('ts >= %L', a)
						   ELSE format('id >= %L::timestamptz::objectid', a) END))
$$;
CREATE TABLE win_est_cases AS
SELECT tbl, shape, a, w,
	win_est_case(q, tbl, 'id::timestamptz', a, a + w) AS cast_est,
	win_est_case(q, tbl, 'objectid_timestamp(id)', a, a + w) AS fn_est,
	win_est_case(q, tbl, 'ts', a, a + w) AS ts_est
FROM win_est_shapes,
	 (VALUES ('est_u'), ('est_s')) d(tbl),
	 (VALUES (interval '1 hour'), ('1 day'), ('1 week')) v(w),
	 (VALUES (timestamptz '2024-01-02 05:00:00+00'), ('2024-06-10 12:00:00+00'),
			 ('2024-09-17 20:30:00+00')) l(a);
SELECT shape, count(*) AS cases,
	count(*) FILTER (WHERE (cast_est BETWEEN ts_est / 1.1 AND ts_est * 1.1 OR abs(cast_est - ts_est) <= 2)
					 AND cast_est = fn_est) AS within_1_1x
FROM win_est_cases GROUP BY shape ORDER BY shape;
-- the cases that are not (no rows)
SELECT * FROM win_est_cases
WHERE NOT ((cast_est BETWEEN ts_est / 1.1 AND ts_est * 1.1 OR abs(cast_est - ts_est) <= 2)
		   AND cast_est = fn_est);

-- the issue's shapes on the skewed set, estimate and rows: a 1-hour window
-- through the cast, BETWEEN over a day, one second, a day through now()
-- (none: the data is in 2024; within 1.1x), and the generator as bounds
SELECT win_est('SELECT * FROM est_s WHERE id::timestamptz >= ''2024-06-10 12:00+00'' AND id::timestamptz < ''2024-06-10 13:00+00''') AS cast_1h,
	win_est('SELECT * FROM est_s WHERE ts >= ''2024-06-10 12:00+00'' AND ts < ''2024-06-10 13:00+00''') AS ts_1h,
	(SELECT count(*) FROM est_s WHERE ts >= '2024-06-10 12:00+00' AND ts < '2024-06-10 13:00+00') AS actual_1h,
	win_est('SELECT * FROM est_u WHERE objectid_timestamp(id) BETWEEN ''2024-06-10+00'' AND ''2024-06-11+00''') AS fn_between,
	win_est('SELECT * FROM est_u WHERE ts BETWEEN ''2024-06-10+00'' AND ''2024-06-11+00''') AS ts_between,
	win_est('SELECT * FROM est_s WHERE objectid_timestamp(id) = ''2024-01-01 00:00:00+00''') AS fn_second,
	win_est('SELECT * FROM est_s WHERE ts = ''2024-01-01 00:00:00+00''') AS ts_second,
	(SELECT count(*) FROM est_s WHERE ts = '2024-01-01 00:00:00+00') AS actual_second;
SELECT win_est('SELECT * FROM est_u WHERE id::timestamptz >= now() - interval ''1 day''') BETWEEN
		win_est('SELECT * FROM est_u WHERE ts >= now() - interval ''1 day''') / 1.1 AND
		win_est('SELECT * FROM est_u WHERE ts >= now() - interval ''1 day''') * 1.1 AS now_within_1_1x,
	win_est('SELECT * FROM est_u WHERE id >= objectid(timestamptz ''2024-06-10+00'')') AS gen_lower,
	win_est('SELECT * FROM est_u WHERE ts >= ''2024-06-10+00''') AS ts_lower,
	win_est('SELECT * FROM est_u WHERE id BETWEEN objectid(timestamptz ''2024-06-10+00'') AND objectid(timestamptz ''2024-06-11+00'')') AS gen_between,
	win_est('SELECT * FROM est_u WHERE ts BETWEEN ''2024-06-10+00'' AND ''2024-06-11+00''') AS ts_between;

-- A form not planned as a window (here a list of instants) has no
-- statistics of its own but core's default share, unless statistics on
-- the second are created (README, "Known limitations"): then it is
-- estimated as on ts
CREATE TABLE win_in_est AS
SELECT 'without' AS statistics,
	win_est('SELECT * FROM est_u WHERE id::timestamptz IN (''2024-12-01 00:32:38+00'', ''2024-12-01 00:58:55+00'', ''2024-12-02+00'')') AS in_list,
	win_est('SELECT * FROM est_u WHERE ts IN (''2024-12-01 00:32:38+00'', ''2024-12-01 00:58:55+00'', ''2024-12-02+00'')') AS ts_in_list;
CREATE STATISTICS est_u_second ON ((id::timestamptz)) FROM est_u;
ANALYZE est_u;
INSERT INTO win_in_est
SELECT 'with',
	win_est('SELECT * FROM est_u WHERE id::timestamptz IN (''2024-12-01 00:32:38+00'', ''2024-12-01 00:58:55+00'', ''2024-12-02+00'')'),
	win_est('SELECT * FROM est_u WHERE ts IN (''2024-12-01 00:32:38+00'', ''2024-12-01 00:58:55+00'', ''2024-12-02+00'')');
SELECT statistics, in_list BETWEEN ts_in_list / 1.1 AND ts_in_list * 1.1 AS within_1_1x_of_ts
FROM win_in_est ORDER BY 1 DESC;  -- without f, with t
DROP STATISTICS est_u_second;
DROP TABLE win_in_est;

-- Prepared statements: custom plans estimate as on ts; generic plans
-- estimate the bounds as core does ts's (its defaults) and keep the
-- parameter in the index condition
CREATE INDEX est_u_id ON est_u (id);
PREPARE win_id(timestamptz, timestamptz) AS
	SELECT * FROM est_u WHERE id::timestamptz >= $1 AND id::timestamptz < $2;
PREPARE win_ts(timestamptz, timestamptz) AS
	SELECT * FROM est_u WHERE ts >= $1 AND ts < $2;
PREPARE win_count(timestamptz, timestamptz) AS
	SELECT count(*) FROM est_u WHERE id::timestamptz >= $1 AND id::timestamptz < $2;
SET plan_cache_mode = force_custom_plan;
SELECT win_est('EXECUTE win_id(''2024-06-10+00'', ''2024-06-12+00'')') AS custom_id,
	win_est('EXECUTE win_ts(''2024-06-10+00'', ''2024-06-12+00'')') AS custom_ts;
EXPLAIN (COSTS OFF) EXECUTE win_id('2024-06-10+00', '2024-06-12+00');
SET plan_cache_mode = force_generic_plan;
SELECT win_est('EXECUTE win_id(NULL, NULL)') = win_est('EXECUTE win_ts(NULL, NULL)') AS generic_as_ts;
EXPLAIN (COSTS OFF) EXECUTE win_id('2024-06-10+00', '2024-06-12+00');
SELECT count(*) FROM est_u WHERE ts >= '2024-06-10+00' AND ts < '2024-06-12+00';
EXECUTE win_count('2024-06-10+00', '2024-06-12+00');
RESET plan_cache_mode;
DEALLOCATE ALL;

--
-- A table partitioned by RANGE on the key, one partition a month of 2024
-- and one for the rest of the range ids carry: a constant window through
-- the cast is pruned when planning, a window through now() when the
-- executor starts (Subplans Removed), both read through the key's index;
-- the generator as a bound too.  BRIN on the key applies as well.
--
CREATE TABLE win_p (id objectid, ts timestamptz) PARTITION BY RANGE (id);
DO $$
BEGIN
	FOR m IN 0..11 LOOP
		EXECUTE format('CREATE TABLE win_p_%s PARTITION OF win_p FOR VALUES FROM (%L) TO (%L)',
					   m + 1, objectid_from_timestamp(timestamptz '2024-01-01+00' + m * interval '1 month'),
					   objectid_from_timestamp(timestamptz '2024-01-01+00' + (m + 1) * interval '1 month'));
	END LOOP;
	EXECUTE format('CREATE TABLE win_p_rest PARTITION OF win_p FOR VALUES FROM (%L) TO (MAXVALUE)',
				   objectid_from_timestamp('2025-01-01+00'));
END $$;
INSERT INTO win_p SELECT * FROM est_u;
CREATE INDEX ON win_p (id);
ANALYZE win_p;
EXPLAIN (COSTS OFF) SELECT count(*) FROM win_p WHERE id::timestamptz >= '2024-06-10+00' AND id::timestamptz < '2024-06-12+00';
EXPLAIN (COSTS OFF) SELECT count(*) FROM win_p WHERE objectid_timestamp(id) = '2024-12-31 23:59:59+00';
SET enable_seqscan = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM win_p WHERE id::timestamptz >= now() - interval '1 day';
EXPLAIN (COSTS OFF) SELECT count(*) FROM win_p WHERE id >= objectid(now() - interval '1 day');
RESET enable_seqscan;
SELECT count(*) FROM win_p WHERE id::timestamptz >= '2024-06-10+00' AND id::timestamptz < '2024-06-12+00';
SET objectid.rewrite_time_windows = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM win_p WHERE id::timestamptz >= '2024-06-10+00' AND id::timestamptz < '2024-06-12+00';
SELECT count(*) FROM win_p WHERE id::timestamptz >= '2024-06-10+00' AND id::timestamptz < '2024-06-12+00';
RESET objectid.rewrite_time_windows;
CREATE TABLE win_b AS SELECT * FROM est_u;
CREATE INDEX ON win_b USING brin (id);
SET enable_seqscan = off;
EXPLAIN (COSTS OFF) SELECT * FROM win_b WHERE id::timestamptz BETWEEN '2024-06-10+00' AND '2024-06-12+00';
RESET enable_seqscan;
DROP TABLE win_p, win_b, est_u, est_s, win_est_shapes, win_est_cases;
DROP FUNCTION win_est(text), win_est_case(text, text, text, timestamptz, timestamptz);

-- An installation not yet updated to 1.3 (no bound functions): nothing is
-- rewritten, nothing fails
DROP EXTENSION objectid;
CREATE EXTENSION objectid VERSION '1.2';
CREATE TABLE win_old (id objectid);
EXPLAIN (COSTS OFF) SELECT * FROM win_old WHERE objectid_timestamp(id) >= '2024-01-01+00';
DROP TABLE win_old;
SET objectid.generator = session;  -- no WARNING on 15 and 16 (see init.sql)
ALTER EXTENSION objectid UPDATE;
