-- portable/bench/bench.sql: one edition's figures, or core's, on the server
-- psql is connected to, timed inside the server (clock_timestamp() around
-- EXECUTE).  Run by portable/bench/run, which reads the rows it prints:
--   edition <TAB> order <TAB> measure <TAB> value
-- psql variables:
--   ed      the column: 'C', 'plain SQL', 'pg_tle', 'pg_tle PL/Perl'
--           (objectid's functions and type in schema s), or 'core' (core's
--           uuid generators, uuid keys)
--   s       the schema of the edition's functions and type (unused for core)
--   rows    keys in the index and rows inserted (1000000)
--   calls   calls per generator and per text conversion (100000)
--   lookups index lookups (100000)
-- It leaves its tables in schema s (core: schema core).
\set ON_ERROR_STOP 1
\set QUIET 1
\o /dev/null
SET client_min_messages = warning;
SET max_parallel_workers_per_gather = 0;
SET max_parallel_maintenance_workers = 0;
SET maintenance_work_mem = '256MB';
SET jit = off;
SELECT :'ed' = 'core' AS is_core, current_setting('server_version_num')::int >= 180000 AS core_uuidv7 \gset
\if :is_core
\set s core
CREATE SCHEMA core;
\endif
SET search_path = :"s", public;

-- ms(q): the time EXECUTE q takes, in ms
CREATE FUNCTION pg_temp.ms(q text) RETURNS numeric LANGUAGE plpgsql AS $$
DECLARE
	t0 timestamptz := clock_timestamp();
BEGIN
	EXECUTE q;
	RETURN extract(epoch FROM clock_timestamp() - t0) * 1000;
END $$;

-- per_call(q, floor, n): µs per call of q, a count over n rows, less its
-- floor, the same count without the call; each run twice, alternating, the
-- faster run of each counts
CREATE FUNCTION pg_temp.per_call(q text, floor text, n int) RETURNS numeric LANGUAGE plpgsql AS $$
DECLARE
	f numeric := 'Infinity';
	c numeric := 'Infinity';
BEGIN
	FOR i IN 1 .. 2 LOOP
		f := least(f, pg_temp.ms(floor));
		c := least(c, pg_temp.ms(q));
	END LOOP;
	RETURN (c - f) * 1000 / n;
END $$;

CREATE TEMP TABLE results (ord int, measure text, val numeric, unit text);

-- gen(ord, label, call, n): a generator's µs per call, n calls
CREATE FUNCTION pg_temp.gen(o int, label text, call text, n int) RETURNS void LANGUAGE sql AS $$
	INSERT INTO results SELECT o, label,
		pg_temp.per_call(format('SELECT count(%s) FROM generate_series(1, %s)', call, n),
			format('SELECT count(true) FROM generate_series(1, %s)', n), n), 'µs';
$$;

\if :is_core
SELECT pg_temp.gen(8, 'uuidv4()', 'pg_catalog.gen_random_uuid()', :calls);
\if :core_uuidv7
SELECT pg_temp.gen(3, 'uuidv7()', 'pg_catalog.uuidv7()', :calls);
\endif
-- the floors of a generator in SQL: one nextval() (CACHE 1), one
-- clock_timestamp(), and the same clock reading through an SQL function
-- with a body in standard SQL, which the planner inlines, and through a
-- PL/pgSQL function, which it calls
CREATE SEQUENCE core.floor_counter CACHE 1;
CREATE FUNCTION core.floor_sql() RETURNS timestamptz LANGUAGE sql VOLATILE RETURN clock_timestamp();
CREATE FUNCTION core.floor_plpgsql() RETURNS timestamptz LANGUAGE plpgsql VOLATILE
AS $$ BEGIN RETURN clock_timestamp(); END $$;
SELECT pg_temp.gen(40, 'floor: nextval()', 'pg_catalog.nextval(''core.floor_counter'')', :calls);
SELECT pg_temp.gen(41, 'floor: clock_timestamp()', 'pg_catalog.clock_timestamp()', :calls);
SELECT pg_temp.gen(42, 'floor: an inlined SQL function (RETURN clock_timestamp())', 'core.floor_sql()', :calls);
SELECT pg_temp.gen(43, 'floor: a PL/pgSQL function (RETURN clock_timestamp())', 'core.floor_plpgsql()', :calls);
\set key uuid
\set keygen 'gen_random_uuid()'
CREATE TABLE r AS SELECT gen_random_uuid() AS id FROM generate_series(1, :rows);
\else
SELECT pg_temp.gen(1, 'objectid()', format('%I.objectid()', :'s'), :calls);
SELECT pg_temp.gen(2, 'objectid(timestamptz)', format('%I.objectid(now())', :'s'), :calls);
SELECT pg_temp.gen(3, 'uuidv7()', format('%I.uuidv7()', :'s'), :calls);
SELECT pg_temp.gen(4, 'uuidv7(interval)', format('%I.uuidv7(interval %L)', :'s', '1 hour'), :calls);
SELECT pg_temp.gen(5, 'uuidv7_at(timestamptz)', format('%I.uuidv7_at(now())', :'s'), :calls);
SELECT pg_temp.gen(6, 'uuidv6()', format('%I.uuidv6()', :'s'), :calls);
SELECT pg_temp.gen(7, 'uuidv8()', format('%I.uuidv8()', :'s'), :calls);
SELECT pg_temp.gen(8, 'uuidv4()', format('%I.uuidv4()', :'s'), :calls);
\set key :"s".objectid
SELECT format('%I.objectid()', :'s') AS keygen \gset
-- random keys (random order: the worst case for a build), as text first
CREATE TABLE hex AS SELECT encode(substr(uuid_send(gen_random_uuid()), 1, 12), 'hex') AS t
FROM generate_series(1, :rows);
CREATE TABLE hexc AS SELECT t FROM hex LIMIT :calls;
CREATE TABLE idc AS SELECT t::objectid AS id FROM hexc;
CREATE TABLE r AS SELECT t::objectid AS id FROM hex;
VACUUM ANALYZE hexc, idc;
-- on the values of idc, each less the same count without the work
CREATE FUNCTION pg_temp.on_ids(o int, label text, q text, floor text, n int) RETURNS void LANGUAGE sql AS $$
	INSERT INTO results SELECT o, label, pg_temp.per_call(q, floor, n), 'µs';
$$;
SELECT pg_temp.on_ids(10, 'text to objectid', format('SELECT count(t::%I.objectid) FROM %1$I.hexc', :'s'),
	format('SELECT count(t) FROM %I.hexc', :'s'), :calls);
SELECT pg_temp.on_ids(11, 'objectid to text', format('SELECT count(id::text) FROM %I.idc', :'s'),
	format('SELECT count(id) FROM %I.idc', :'s'), :calls);
-- the same under bytea_output escape (the pg_tle route's PL/Perl output
-- function then decodes its argument's text; the others do not read it)
SET bytea_output = escape;
SELECT pg_temp.on_ids(14, 'objectid to text, bytea_output escape', format('SELECT count(id::text) FROM %I.idc', :'s'),
	format('SELECT count(id) FROM %I.idc', :'s'), :calls);
RESET bytea_output;
SELECT pg_temp.on_ids(12, 'objectid_timestamp(id)', format('SELECT count(%1$I.objectid_timestamp(id)) FROM %1$I.idc', :'s'),
	format('SELECT count(id) FROM %I.idc', :'s'), :calls);
SELECT pg_temp.on_ids(13, '= in a filter', format('SELECT count(*) FROM %I.idc WHERE id = %L', :'s', repeat('0', 24)),
	format('SELECT count(*) FROM %I.idc', :'s'), :calls);
\endif

-- the index: built over the random keys, then probed by a nested loop of
-- index-only scans (checked), warm (the second run counts)
VACUUM ANALYZE r;
CHECKPOINT;
INSERT INTO results SELECT 20, format('btree build, %s random keys', to_char(:rows, 'FM9,999,999,999')),
	pg_temp.ms(format('CREATE INDEX r_id ON %I.r (id)', :'s')), 'ms';
CREATE TABLE probe AS SELECT id FROM r ORDER BY random() LIMIT :lookups;
VACUUM ANALYZE r, probe;
SET enable_hashjoin = off;
SET enable_mergejoin = off;
SET enable_bitmapscan = off;
DO $$
DECLARE
	plan text := '';
	l text;
BEGIN
	FOR l IN EXPLAIN (COSTS OFF) SELECT count(*) FROM probe JOIN r USING (id) LOOP
		plan := plan || l || E'\n';
	END LOOP;
	IF plan !~ 'Nested Loop' OR plan !~ 'Index Only Scan using r_id' THEN
		RAISE 'the lookups are not a nested loop of index-only scans:%', E'\n' || plan;
	END IF;
END $$;
SELECT pg_temp.ms('SELECT count(*) FROM probe JOIN r USING (id)');
INSERT INTO results SELECT 21, format('%s index lookups', to_char(:lookups, 'FM9,999,999,999')),
	pg_temp.ms('SELECT count(*) FROM probe JOIN r USING (id)'), 'ms';
INSERT INTO results SELECT 30, 'key, as stored', avg(pg_column_size(id)), 'bytes' FROM r;
INSERT INTO results SELECT 31, format('heap, %s keys', to_char(:rows, 'FM9,999,999,999')),
	pg_relation_size('r') / 1048576.0, 'MB';
INSERT INTO results SELECT 32, format('btree index, %s keys', to_char(:rows, 'FM9,999,999,999')),
	pg_relation_size('r_id') / 1048576.0, 'MB';

-- the insert: one statement into an empty table with a primary key
CREATE TABLE ins (id :key PRIMARY KEY DEFAULT :keygen, n int NOT NULL);
CHECKPOINT;
INSERT INTO results SELECT 22, format('%s-row INSERT, PRIMARY KEY DEFAULT', to_char(:rows, 'FM9,999,999,999')),
	pg_temp.ms(format('INSERT INTO %I.ins (n) SELECT generate_series(1, %s)', :'s', :rows)), 'ms';

\o
\pset format unaligned
\pset fieldsep '\t'
\pset tuples_only on
SELECT :'ed', ord, measure || ' (' || unit || ')',
	CASE WHEN unit = 'µs' AND val < 10 THEN to_char(val, 'FM990.00')
		WHEN unit IN ('µs', 'MB') THEN to_char(val, 'FM999,990.0')
		ELSE to_char(round(val), 'FM999,999,990') END
FROM results ORDER BY ord;
