-- portable/bench/pgtle.sql: what the pg_tle route costs, in a database
-- where objectid is an extension (run it once against the C extension, once
-- against portable/pgtle.sql's, each in a database of its own):
--   psql -X -d DB -f portable/bench/pgtle.sql
-- one run each: per call (100,000 calls) for the generators, text parse and
-- output, objectid_timestamp, the cast to bytea and = in a filter; a
-- 100,000-row INSERT with DEFAULT objectid(); an index over 1,000,000
-- random keys and 100,000 lookups through it; the sizes; and last the
-- binary COPY the pg_tle type refuses.  It leaves tables k and r behind.
\set ON_ERROR_STOP 1
SET max_parallel_workers_per_gather = 0;
\timing on
\echo === objectid()
SELECT count(objectid()) FROM generate_series(1, 100000);
\echo === objectid(timestamptz)
SELECT count(objectid(now())) FROM generate_series(1, 100000);
\echo === text parse
SELECT count(t::objectid) FROM (SELECT lpad(to_hex(i), 24, '0') AS t FROM generate_series(1, 100000) i) s;
CREATE TEMP TABLE ids AS SELECT objectid() AS p FROM generate_series(1, 100000);
\echo === text output
SELECT count(p::text) FROM ids;
\echo === objectid_timestamp
SELECT count(objectid_timestamp(p)) FROM ids;
\echo === bytea cast
SELECT count(p::bytea) FROM ids;
\echo === = operator (seq filter, 100k)
SELECT count(*) FROM ids WHERE p = '000000000000000000000000';
\echo === insert 100k DEFAULT objectid()
CREATE TABLE k (id objectid PRIMARY KEY DEFAULT objectid(), n int);
INSERT INTO k (n) SELECT g FROM generate_series(1, 100000) g;
\echo === 1M random keys, index build
CREATE TABLE r AS SELECT encode(substr(uuid_send(gen_random_uuid()), 1, 12), 'hex')::objectid AS id FROM generate_series(1, 1000000);
VACUUM ANALYZE r;
SET maintenance_work_mem = '256MB';
CREATE INDEX r_id ON r (id);
\echo === 100k lookups (nested loop, index-only)
CREATE TEMP TABLE probe AS SELECT id FROM r ORDER BY random() LIMIT 100000;
VACUUM ANALYZE r; ANALYZE probe;
SET enable_hashjoin = off; SET enable_mergejoin = off;
SELECT count(*) FROM probe JOIN r USING (id);
EXPLAIN (COSTS OFF) SELECT count(*) FROM probe JOIN r USING (id);
\timing off
SELECT pg_size_pretty(pg_relation_size('r')) AS heap, pg_size_pretty(pg_relation_size('r_id')) AS index;
\echo === binary COPY
\set ON_ERROR_STOP 0
COPY (SELECT id FROM r LIMIT 1) TO STDOUT (FORMAT binary);
