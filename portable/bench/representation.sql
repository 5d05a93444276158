-- portable/bench/representation.sql: the objectid representations of the
-- plain-SQL route beside the C type, on one server, one run.
-- Needs: the C extension in schema c, portable/objectid.sql in schema ids.
-- Run by portable/bench/representation (psql -X -f, \timing on).
\set ON_ERROR_STOP 1
SET search_path = public, c;
SET max_parallel_maintenance_workers = 0;
SET max_parallel_workers_per_gather = 0;
SET maintenance_work_mem = '256MB';
SET enable_hashjoin = off;
SET enable_mergejoin = off;
SET enable_seqscan = off;
SET enable_bitmapscan = off;

-- the candidate that keeps the C type's 12 bytes
CREATE DOMAIN objectid_bytea AS bytea CHECK (octet_length(VALUE) = 12);

-- 1M random keys (random order: the worst case for a build) and 100k
-- probes that all hit
CREATE TABLE keys AS
SELECT substr(uuid_send(gen_random_uuid()), 1, 6) || substr(uuid_send(gen_random_uuid()), 10, 6) AS b
FROM generate_series(1, 1000000);
CREATE TABLE t_c (id c.objectid);
CREATE TABLE t_text (id ids.objectid);
CREATE TABLE t_bytea (id objectid_bytea);
INSERT INTO t_c SELECT c.objectid(b) FROM keys;
INSERT INTO t_text SELECT encode(b, 'hex') FROM keys;
INSERT INTO t_bytea SELECT b FROM keys;
CREATE TABLE p_c AS SELECT id FROM t_c TABLESAMPLE SYSTEM (10) REPEATABLE (1) LIMIT 100000;
CREATE TABLE p_text AS SELECT id::text::ids.objectid AS id FROM p_c;
CREATE TABLE p_bytea AS SELECT c.bytea(id)::objectid_bytea AS id FROM p_c;
VACUUM ANALYZE;
CHECKPOINT;

\timing on
\echo === index build over 1M keys: C, text domain, bytea domain
CREATE INDEX ON t_c (id);
CREATE INDEX ON t_text (id);
CREATE INDEX ON t_bytea (id);
VACUUM ANALYZE;
\echo === 100k index lookups (nested loop, index only scan), warm: C, text, bytea
SELECT count(*) FROM p_c p JOIN t_c t ON t.id = p.id;
SELECT count(*) FROM p_c p JOIN t_c t ON t.id = p.id;
SELECT count(*) FROM p_text p JOIN t_text t ON t.id = p.id;
SELECT count(*) FROM p_text p JOIN t_text t ON t.id = p.id;
SELECT count(*) FROM p_bytea p JOIN t_bytea t ON t.id = p.id;
SELECT count(*) FROM p_bytea p JOIN t_bytea t ON t.id = p.id;
\timing off
\echo === plan of a lookup (an index only scan on each)
EXPLAIN (COSTS OFF) SELECT count(*) FROM p_text p JOIN t_text t ON t.id = p.id;
\echo === sizes
SELECT relname, pg_size_pretty(pg_relation_size(oid)) AS size, pg_relation_size(oid) AS bytes
FROM pg_class WHERE relname IN ('t_c', 't_text', 't_bytea', 't_c_id_idx', 't_text_id_idx', 't_bytea_id_idx')
ORDER BY relname;
SELECT 'c' AS t, avg(pg_column_size(id)) FROM t_c
UNION ALL SELECT 'text', avg(pg_column_size(id)) FROM t_text
UNION ALL SELECT 'bytea', avg(pg_column_size(id)) FROM t_bytea;
-- the same order: the text domain and bytea sort as the C type (0)
SELECT count(*) AS misordered FROM (
	SELECT c.bytea(id) AS a, lag(c.bytea(id)) OVER (ORDER BY id) AS prev FROM p_c) s WHERE a <= prev;
SELECT count(*) AS text_order_differs FROM (
	SELECT id, row_number() OVER (ORDER BY id) AS r1, row_number() OVER (ORDER BY id::text::c.objectid) AS r2 FROM p_text) s
WHERE r1 <> r2;
