--
-- Reading UUIDs, the v7 range boundary, v1 <-> v6 conversion, uuidv8(bytea),
-- and every error path of the UUID functions.
--
SET timezone = 'UTC';
-- The extension's own functions are tested: core 17+ has some of the same
-- names in pg_catalog, which comes first unless the path names it later.
-- (sql/core_names.sql compares them with core's.)
SET search_path = public, pg_catalog;

-- The RFC 9562 test vectors (Appendix A, B.1) through every reader, the ends
-- of each layout and the precision of each version are in sql/vectors.sql,
-- which the portable edition shares.
SELECT uuid_extract_timestamp(NULL) IS NULL AS strict;	-- t

-- uuid_timestamp reads every time-based version, v7 to the millisecond
-- (on the RFC vectors: sql/vectors.sql).  Core has no function of this
-- name, so this output is the same on every major.
SELECT uuid_timestamp('017f22e2-7a2b-7fff-bfff-ffffffffffff') AS v7_ms,	-- .123: milliseconds only
       uuid_timestamp('1ec9414c-2458-6187-8000-000000000000') AS v6_us,
       uuid_timestamp(uuidv7_at('2024-06-01 12:34:56.789+00')) AS v7_at,
       uuid_timestamp(uuid_v1_to_v6('c2458187-9414-11ec-8000-000000000000')) =
           uuid_timestamp('c2458187-9414-11ec-8000-000000000000') AS v1_v6_same,
       uuid_timestamp(NULL) IS NULL AS strict;

-- uuidv7_from_timestamp: the smallest v7 of the millisecond
SELECT uuidv7_from_timestamp('2022-02-22 19:22:22+00');	-- 017f22e2-79b0-7000-8000-000000000000
SELECT uuidv7_from_timestamp('2022-02-22 19:22:22.0019+00');	-- 017f22e2-79b1-7000-8000-000000000000
SELECT uuidv7_from_timestamp('epoch');	-- 00000000-0000-7000-8000-000000000000
SELECT uuidv7_from_timestamp('10889-08-02 05:31:50.655999+00');	-- ffffffff-ffff-7000-8000-000000000000
-- the vector lies between the boundaries of its millisecond and the next (t)
SELECT '017f22e2-79b0-7cc3-98c4-dc0c0c07398f'::uuid
         >= uuidv7_from_timestamp('2022-02-22 19:22:22+00')
   AND '017f22e2-79b0-7cc3-98c4-dc0c0c07398f'::uuid
         < uuidv7_from_timestamp('2022-02-22 19:22:22.001+00') AS in_range;
SELECT uuid_extract_timestamp(uuidv7_from_timestamp('2024-06-01 12:34:56.789+00'));	-- 12:34:56.789

-- uuidv8(bytea) sets the version and variant bits and keeps all others
SELECT uuidv8('\x00112233445566778899aabbccddeeff'::bytea);	-- 00112233-4455-8677-8899-aabbccddeeff
SELECT uuidv8('\x00000000000000000000000000000000'::bytea);	-- 00000000-0000-8000-8000-000000000000
SELECT uuidv8('\xffffffffffffffffffffffffffffffff'::bytea);	-- ffffffff-ffff-8fff-bfff-ffffffffffff

-- v1 <-> v6: the RFC 9562 vectors map onto each other
SELECT uuid_v1_to_v6('c232ab00-9414-11ec-b3c8-9f6bdeced846');	-- 1ec9414c-232a-6b00-b3c8-9f6bdeced846
SELECT uuid_v6_to_v1('1ec9414c-232a-6b00-b3c8-9f6bdeced846');	-- c232ab00-9414-11ec-b3c8-9f6bdeced846
SELECT uuid_v1_to_v6('ffffffff-ffff-1fff-bfff-ffffffffffff');	-- ffffffff-ffff-6fff-bfff-ffffffffffff
SELECT uuid_v6_to_v1('00000000-0000-6000-8000-000000000000');	-- 00000000-0000-1000-8000-000000000000
-- exact inverses that keep the instant, clock sequence and node (0 0 0 10000)
SELECT count(*) FILTER (WHERE uuid_v1_to_v6(v1) <> u) AS not_inverse,
       count(*) FILTER (WHERE uuid_extract_timestamp(v1) <> uuidv6_extract_timestamp(u)) AS instant_changed,
       count(*) FILTER (WHERE substring(uuid_send(v1) FROM 9) <> substring(uuid_send(u) FROM 9)) AS tail_changed,
       count(DISTINCT v1) AS distinct_v1
FROM (SELECT u, uuid_v6_to_v1(u) AS v1
      FROM (SELECT uuidv6() AS u FROM generate_series(1, 10000)) s) t;
-- v1 order by time is v6 order by bytes (0)
SELECT count(*) AS misordered
FROM (SELECT u, lag(u) OVER (ORDER BY uuid_extract_timestamp(v1), ord) AS prev
      FROM (SELECT u, uuid_v6_to_v1(u) AS v1, ord
            FROM (SELECT uuidv6() AS u, ord FROM generate_series(1, 1000) ord) s) t) w
WHERE u <= prev;

-- markings: generators volatile, readers immutable strict and leakproof
-- exactly where they cannot fail
SELECT p.oid::regprocedure AS function, provolatile, proisstrict, proparallel, proleakproof
FROM pg_proc p JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid
     JOIN pg_extension e ON d.refclassid = 'pg_extension'::regclass AND d.refobjid = e.oid
WHERE e.extname = 'objectid' AND p.prorettype = ANY ('{uuid,timestamptz,int2}'::regtype[])
  AND p.proname LIKE 'uuid%' AND p.proname NOT LIKE 'uuid\_from\_%'
ORDER BY p.proname, p.oid::regprocedure::text;

--
-- Errors
--
-- instants a v7 cannot hold: before 1970, after 10889-08-02, infinities
SELECT uuidv7_from_timestamp('1969-12-31 23:59:59.999999+00');
SELECT uuidv7_from_timestamp('10889-08-02 05:31:50.656+00');
SELECT uuidv7_from_timestamp('infinity');
SELECT uuidv7_from_timestamp('-infinity');
SELECT uuidv7_at(timestamptz '1969-12-31 23:59:59.999999+00');
SELECT uuidv7_at(timestamptz '10889-08-02 05:31:50.656+00');
SELECT uuidv7_at(timestamptz 'infinity');
SELECT uuidv7_at(timestamptz '-infinity');
-- shifts that leave the v7 range, or the timestamptz range
SELECT uuidv7(interval '-100 years');
SELECT uuidv7(interval '10000 years');
SELECT uuidv7(interval '200000 years');
SELECT uuidv7(interval '300000 years');	-- timestamptz itself overflows
-- uuidv8(bytea) takes exactly 16 bytes
SELECT uuidv8('\x'::bytea);
SELECT uuidv8('\x00112233445566778899aabbccddee'::bytea);
SELECT uuidv8('\x00112233445566778899aabbccddeeff00'::bytea);
-- conversions name the version they found
SELECT uuid_v1_to_v6('1ec9414c-232a-6b00-b3c8-9f6bdeced846');
SELECT uuid_v1_to_v6('017f22e2-79b0-7cc3-98c4-dc0c0c07398f');
SELECT uuid_v6_to_v1('c232ab00-9414-11ec-b3c8-9f6bdeced846');
SELECT uuid_v6_to_v1('919108f7-52d1-4320-9bac-f847db4148a8');
SELECT uuid_v1_to_v6('00000000-0000-0000-0000-000000000000');
SELECT uuid_v6_to_v1('ffffffff-ffff-ffff-ffff-ffffffffffff');

