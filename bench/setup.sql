-- bench/setup.sql: what bench/bench.py needs on the server before it measures
CREATE EXTENSION IF NOT EXISTS objectid;
CREATE EXTENSION IF NOT EXISTS "uuid-ossp";
CREATE SCHEMA IF NOT EXISTS bench;
CREATE SEQUENCE IF NOT EXISTS bench.seq;

-- milliseconds taken by reps executions of q, timed inside the server
CREATE OR REPLACE FUNCTION bench.ms(q text, reps int DEFAULT 1)
RETURNS float8 LANGUAGE plpgsql AS $$
DECLARE
	t0 timestamptz := clock_timestamp();
BEGIN
	FOR i IN 1 .. reps LOOP
		EXECUTE q;
	END LOOP;
	RETURN extract(epoch FROM clock_timestamp() - t0) * 1000 / reps;
END
$$;

-- the planner's row estimate for a query
CREATE OR REPLACE FUNCTION bench.est_rows(q text) RETURNS float8
LANGUAGE plpgsql AS $$
DECLARE
	plan json;
BEGIN
	EXECUTE 'EXPLAIN (FORMAT JSON) ' || q INTO plan;
	RETURN (plan->0->'Plan'->>'Plan Rows')::float8;
END
$$;

-- the rows a query counts
CREATE OR REPLACE FUNCTION bench.count(q text) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
	n bigint;
BEGIN
	EXECUTE 'SELECT count(*) FROM (' || q || ') s' INTO n;
	RETURN n;
END
$$;
