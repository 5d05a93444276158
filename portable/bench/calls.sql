-- portable/bench/calls.sql: per-call cost of each generator and of text
-- parse/output, the C extension (schema c) beside the portable edition
-- (schema p), 100,000 calls each, one run.  Run by portable/bench/calls.
\set ON_ERROR_STOP 1
SET search_path = pg_catalog;
SET max_parallel_workers_per_gather = 0;
\timing on
\echo === objectid(): C, portable
SELECT count(c.objectid()) FROM generate_series(1, 100000);
SELECT count(p.objectid()) FROM generate_series(1, 100000);
\echo === objectid(timestamptz): C, portable
SELECT count(c.objectid(now())) FROM generate_series(1, 100000);
SELECT count(p.objectid(now())) FROM generate_series(1, 100000);
\echo === uuidv7(): C, portable, core (18+: pg_catalog.uuidv7; before: gen_random_uuid as the floor)
SELECT count(c.uuidv7()) FROM generate_series(1, 100000);
SELECT count(p.uuidv7()) FROM generate_series(1, 100000);
SELECT count(gen_random_uuid()) FROM generate_series(1, 100000);
\echo === uuidv7(interval): C, portable
SELECT count(c.uuidv7(interval '1 hour')) FROM generate_series(1, 100000);
SELECT count(p.uuidv7(interval '1 hour')) FROM generate_series(1, 100000);
\echo === uuidv7_at(timestamptz): C, portable
SELECT count(c.uuidv7_at(now())) FROM generate_series(1, 100000);
SELECT count(p.uuidv7_at(now())) FROM generate_series(1, 100000);
\echo === uuidv6(): C, portable
SELECT count(c.uuidv6()) FROM generate_series(1, 100000);
SELECT count(p.uuidv6()) FROM generate_series(1, 100000);
\echo === uuidv8(): C, portable
SELECT count(c.uuidv8()) FROM generate_series(1, 100000);
SELECT count(p.uuidv8()) FROM generate_series(1, 100000);
\echo === uuidv4(): C, portable
SELECT count(c.uuidv4()) FROM generate_series(1, 100000);
SELECT count(p.uuidv4()) FROM generate_series(1, 100000);
\echo === text parse (cast from text): C, portable (domain check)
SELECT count(t::c.objectid) FROM (SELECT lpad(to_hex(i), 24, '0') AS t FROM generate_series(1, 100000) i) s;
SELECT count(t::p.objectid) FROM (SELECT lpad(to_hex(i), 24, '0') AS t FROM generate_series(1, 100000) i) s;
\echo === text output: C, portable
CREATE TEMP TABLE ids AS SELECT c.objectid() AS c, p.objectid() AS p FROM generate_series(1, 100000);
SELECT count(c::text) FROM ids;
SELECT count(p::text) FROM ids;
\echo === objectid_timestamp: C, portable
SELECT count(c.objectid_timestamp(c)) FROM ids;
SELECT count(p.objectid_timestamp(p)) FROM ids;
\echo === 100k-row INSERT with DEFAULT and a primary key: C, portable
CREATE TABLE public.tc (id c.objectid PRIMARY KEY DEFAULT c.objectid(), n int);
CREATE TABLE public.tp (id p.objectid PRIMARY KEY DEFAULT p.objectid(), n int);
INSERT INTO public.tc (n) SELECT generate_series(1, 100000);
INSERT INTO public.tp (n) SELECT generate_series(1, 100000);
