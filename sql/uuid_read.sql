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

-- uuidv7_from_timestamp: the smallest v7 of the millisecond (its vectors,
-- those of uuidv8(bytea) and of v1 <-> v6, and the errors of all three are in
-- sql/vectors.sql; here what they do on more than a vector, and the rest of
-- their errors).  The vector lies between the boundaries of its millisecond
-- and the next (t)
SELECT '017f22e2-79b0-7cc3-98c4-dc0c0c07398f'::uuid
         >= uuidv7_from_timestamp('2022-02-22 19:22:22+00')
   AND '017f22e2-79b0-7cc3-98c4-dc0c0c07398f'::uuid
         < uuidv7_from_timestamp('2022-02-22 19:22:22.001+00') AS in_range;
SELECT uuid_extract_timestamp(uuidv7_from_timestamp('2024-06-01 12:34:56.789+00'));	-- 12:34:56.789

-- v1 <-> v6: exact inverses that keep the instant, clock sequence and node (0 0 0 10000)
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
SELECT uuidv7_from_timestamp('-infinity');
SELECT uuidv7_at(timestamptz '10889-08-02 05:31:50.656+00');
SELECT uuidv7_at(timestamptz 'infinity');
-- shifts that leave the v7 range, or the timestamptz range
SELECT uuidv7(interval '200000 years');
-- uuidv8(bytea) takes exactly 16 bytes
SELECT uuidv8('\x00112233445566778899aabbccddee'::bytea);
-- conversions name the version they found
SELECT uuid_v1_to_v6('017f22e2-79b0-7cc3-98c4-dc0c0c07398f');
SELECT uuid_v6_to_v1('c232ab00-9414-11ec-b3c8-9f6bdeced846');
SELECT uuid_v6_to_v1('ffffffff-ffff-ffff-ffff-ffffffffffff');

