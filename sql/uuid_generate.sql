--
-- UUID generators: tested through properties, never by printing values.
--
SET timezone = 'UTC';
-- The extension's own functions are tested: core 17+ has some of the same
-- names in pg_catalog, which comes first unless the path names it later.
-- (sql/core_names.sql compares them with core's.)
SET search_path = public, pg_catalog;

-- the RFC 9562 variant (bits 10) of a UUID
CREATE FUNCTION uuid_test_variant_ok(u uuid) RETURNS bool
LANGUAGE sql IMMUTABLE STRICT
AS $$ SELECT get_byte(uuid_send(u), 8) & 192 = 128 $$;

-- version, variant and distinctness of 100k values of each generator:
-- every line reads "version | 100000 | 100000 | 100000"
SELECT 7 AS version, count(*) FILTER (WHERE uuid_extract_version(u) = 7) AS version_ok,
       count(*) FILTER (WHERE uuid_test_variant_ok(u)) AS variant_ok,
       count(DISTINCT u) AS distinct_values
FROM (SELECT uuidv7() AS u FROM generate_series(1, 100000)) s
UNION ALL
SELECT 6, count(*) FILTER (WHERE uuid_extract_version(u) = 6),
       count(*) FILTER (WHERE uuid_test_variant_ok(u)), count(DISTINCT u)
FROM (SELECT uuidv6() AS u FROM generate_series(1, 100000)) s
UNION ALL
SELECT 8, count(*) FILTER (WHERE uuid_extract_version(u) = 8),
       count(*) FILTER (WHERE uuid_test_variant_ok(u)), count(DISTINCT u)
FROM (SELECT uuidv8() AS u FROM generate_series(1, 100000)) s
UNION ALL
SELECT 4, count(*) FILTER (WHERE uuid_extract_version(u) = 4),
       count(*) FILTER (WHERE uuid_test_variant_ok(u)), count(DISTINCT u)
FROM (SELECT uuidv4() AS u FROM generate_series(1, 100000)) s
ORDER BY 1;

-- strict order within the backend over 1M values of each time-based
-- generator (uuidv7(interval) with one shift): no value at or below its
-- predecessor (0 | 1000000 each)
SELECT 'uuidv7' AS generator, count(*) FILTER (WHERE u <= prev) AS not_increasing, count(*) AS n
FROM (SELECT u, lag(u) OVER (ORDER BY i) AS prev
      FROM (SELECT i, uuidv7() AS u FROM generate_series(1, 1000000) i) s) t
UNION ALL
SELECT 'uuidv6', count(*) FILTER (WHERE u <= prev), count(*)
FROM (SELECT u, lag(u) OVER (ORDER BY i) AS prev
      FROM (SELECT i, uuidv6() AS u FROM generate_series(1, 1000000) i) s) t
UNION ALL
SELECT 'uuidv8', count(*) FILTER (WHERE u <= prev), count(*)
FROM (SELECT u, lag(u) OVER (ORDER BY i) AS prev
      FROM (SELECT i, uuidv8() AS u FROM generate_series(1, 1000000) i) s) t
UNION ALL
SELECT 'uuidv7(interval)', count(*) FILTER (WHERE u <= prev), count(*)
FROM (SELECT u, lag(u) OVER (ORDER BY i) AS prev
      FROM (SELECT i, uuidv7(interval '-1 hour') AS u FROM generate_series(1, 1000000) i) s) t;

-- the embedded time is now (within a minute; v7 to the millisecond);
-- uuid_extract_timestamp reads no v6, as core 18's: t t t t t
SELECT uuid_extract_timestamp(uuidv7()) BETWEEN now() - interval '1 minute'
                                            AND clock_timestamp() AS v7_now,
       uuid_extract_timestamp(uuidv6()) IS NULL AS v6_not_read,
       uuidv6_extract_timestamp(uuidv6()) BETWEEN now() - interval '1 minute'
                                              AND clock_timestamp() AS v6_reader,
       uuidv8_extract_timestamp(uuidv8()) BETWEEN now() - interval '1 minute'
                                              AND clock_timestamp() AS v8_now,
       uuid_extract_timestamp(uuidv8()) IS NULL AS v8_not_core;

-- v6: one random node per backend with the multicast bit set (1 | 100000)
SELECT count(DISTINCT substring(uuid_send(u) FROM 11)) AS nodes,
       count(*) FILTER (WHERE get_byte(uuid_send(u), 10) & 1 = 1) AS multicast
FROM (SELECT uuidv6() AS u FROM generate_series(1, 100000)) s;

-- v8: a new 10 ns tick restarts the 8-bit sequence at zero, a repeated tick
-- counts it up: within the same tick the sequences are 0, 1, 2, ... (t)
SELECT bool_and(seq = rank - 1) AS sequence_counts
FROM (SELECT (get_byte(b, 8) & 63) << 2 | get_byte(b, 9) >> 6 AS seq,
             row_number() OVER (PARTITION BY substring(b FROM 1 FOR 8)
                                ORDER BY i) AS rank
      FROM (SELECT i, uuid_send(uuidv8()) AS b
            FROM generate_series(1, 100000) i) s) t;

-- uuidv7(interval): the current time shifted (t t t)
SELECT uuid_extract_timestamp(uuidv7(interval '1 day'))
         BETWEEN now() + interval '1 day' - interval '1 minute'
             AND clock_timestamp() + interval '1 day' AS one_day_ahead,
       uuid_extract_timestamp(uuidv7(interval '-10 years'))
         BETWEEN now() - interval '10 years' - interval '1 minute'
             AND clock_timestamp() - interval '10 years' AS ten_years_back,
       uuid_extract_timestamp(uuidv7(interval '0')) BETWEEN now() - interval '1 minute'
             AND clock_timestamp() AS unshifted;
SELECT uuidv7(NULL::interval) IS NULL AS strict;	-- t

-- uuidv7_at(timestamptz) carries the instant to the microsecond: the 12-bit
-- fraction f of a microsecond u within its millisecond is floor(u * 4.096),
-- and ceil(f / 4.096) gives u back.  Every microsecond of 3 milliseconds,
-- the epoch and far instants: 0 mismatches, 3006 distinct.
CREATE FUNCTION uuid_test_v7_unix_us(u uuid) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT
AS $$
	SELECT ('x' || encode(substring(b FROM 1 FOR 6), 'hex'))::bit(48)::bigint * 1000
		+ ((((get_byte(b, 6) & 15) << 8) | get_byte(b, 7)) * 1000 + 4095) / 4096
	FROM uuid_send(u) AS b
$$;
WITH instants(ts) AS (
	SELECT timestamptz '2024-02-29 23:59:59.998+00' + i * interval '1 microsecond'
	FROM generate_series(0, 2999) i
	UNION ALL
	VALUES (timestamptz 'epoch'), ('1970-01-01 00:00:00.000001+00'),
		   ('2001-09-09 01:46:40.5+00'), ('2262-04-11 23:47:16.854775+00'),
		   ('9999-12-31 23:59:59.999999+00'), ('10889-08-02 05:31:50.655+00')
)
SELECT count(*) FILTER (WHERE uuid_test_v7_unix_us(u) <> extract(epoch FROM ts) * 1000000) AS mismatches,
       count(*) FILTER (WHERE uuid_extract_timestamp(u) <> date_trunc('milliseconds', ts)) AS ms_mismatches,
       count(*) FILTER (WHERE uuid_extract_version(u) <> 7 OR NOT uuid_test_variant_ok(u)) AS bad_version,
       count(DISTINCT u) AS distinct_values
FROM (SELECT ts, uuidv7_at(ts) AS u FROM instants) s;

-- ... and stays unique for one instant repeated, by its 62 random bits:
-- 2^20 values of one microsecond (a repeat has a chance of 2^-23) (1048576)
SELECT count(DISTINCT uuidv7_at(timestamptz '2024-01-01 00:00:00+00')) AS distinct_values
FROM generate_series(1, 1048576);

-- uuidv7_at(timestamptz) sorts by instant, and between the range boundaries
-- of its millisecond (0 0)
SELECT count(*) FILTER (WHERE u < uuidv7_from_timestamp(ts)) AS below_boundary,
       count(*) FILTER (WHERE u >= uuidv7_from_timestamp(ts + interval '1 millisecond')) AS above_next
FROM (SELECT ts, uuidv7_at(ts) AS u
      FROM generate_series(timestamptz '2024-01-01+00', '2024-01-02+00',
                           interval '7 seconds 3 milliseconds 17 microseconds') ts) s;

-- an untyped literal is an interval, as in core 18: the one-argument
-- uuidv7 is the interval form only (the instant form is uuidv7_at)
SELECT uuid_extract_timestamp(uuidv7('1 hour'))
       BETWEEN date_trunc('milliseconds', now() + interval '1 hour')
           AND clock_timestamp() + interval '1 hour' AS shifted;	-- t

-- per-process state: another backend draws its own v6 node (2 nodes)
CREATE TABLE uuid_test_nodes (node bytea);
INSERT INTO uuid_test_nodes SELECT substring(uuid_send(uuidv6()) FROM 11);
\c
SET search_path = public, pg_catalog;
INSERT INTO uuid_test_nodes SELECT substring(uuid_send(uuidv6()) FROM 11);
SELECT count(DISTINCT node) AS nodes FROM uuid_test_nodes;
DROP TABLE uuid_test_nodes;

-- parallel workers are other processes, each with its own state: the
-- generators are PARALLEL SAFE, so the plan has a Gather; all values of
-- the workers and the leader go into one unique index
CREATE TABLE uuid_test_rows AS SELECT i FROM generate_series(1, 200000) i;
ANALYZE uuid_test_rows;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
EXPLAIN (COSTS OFF)
SELECT uuidv6() AS u FROM uuid_test_rows
UNION ALL SELECT uuidv7() FROM uuid_test_rows
UNION ALL SELECT uuidv8() FROM uuid_test_rows
UNION ALL SELECT uuidv4() FROM uuid_test_rows;
CREATE TABLE uuid_test_ids AS
SELECT uuidv6() AS u FROM uuid_test_rows
UNION ALL SELECT uuidv7() FROM uuid_test_rows
UNION ALL SELECT uuidv8() FROM uuid_test_rows
UNION ALL SELECT uuidv4() FROM uuid_test_rows;
CREATE UNIQUE INDEX ON uuid_test_ids (u);
SELECT count(*) AS ids FROM uuid_test_ids;	-- 800000
DROP TABLE uuid_test_ids;
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size;
RESET max_parallel_workers_per_gather;
DROP TABLE uuid_test_rows;

DROP FUNCTION uuid_test_v7_unix_us(uuid);
DROP FUNCTION uuid_test_variant_ok(uuid);
