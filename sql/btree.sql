--
-- btree: index plans, uniqueness, sorting (sortsupport with abbreviated keys)
--
CREATE TABLE objectid_bt (id objectid PRIMARY KEY, n int);
INSERT INTO objectid_bt
SELECT objectid_from_timestamp(timestamptz '2020-01-01 00:00:00+00' + n * interval '1 minute'), n
FROM generate_series(1, 20000) n;
ANALYZE objectid_bt;

SET enable_seqscan = off;
SET enable_bitmapscan = off;
EXPLAIN (COSTS OFF) SELECT * FROM objectid_bt WHERE id = '5e0be1000000000000000000';
SELECT n FROM objectid_bt WHERE id = objectid_from_timestamp('2020-01-01 00:01:00+00');  -- 1
EXPLAIN (COSTS OFF) SELECT * FROM objectid_bt
WHERE id >= objectid_from_timestamp('2020-01-02') AND id < objectid_from_timestamp('2020-01-03');
SELECT count(*) FROM objectid_bt
WHERE id >= objectid_from_timestamp('2020-01-02 00:00:00+00')
  AND id < objectid_from_timestamp('2020-01-03 00:00:00+00');  -- 1440
-- min() and max() read the two ends of the index; only the scan lines of
-- the plan are shown, since the wording around them differs by major
CREATE FUNCTION objectid_bt_scans(query text) RETURNS SETOF text
LANGUAGE plpgsql AS $$
DECLARE
	line text;
BEGIN
	FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || query LOOP
		IF line ~ 'Scan' THEN
			RETURN NEXT ltrim(line, ' ->');
		END IF;
	END LOOP;
END
$$;
SELECT objectid_bt_scans('SELECT min(id), max(id) FROM objectid_bt');
DROP FUNCTION objectid_bt_scans(text);
SELECT min(id), max(id) FROM objectid_bt;
RESET enable_seqscan;
RESET enable_bitmapscan;

-- a unique violation
INSERT INTO objectid_bt VALUES (objectid_from_timestamp('2020-01-01 00:01:00+00'), 0);  -- error

-- merge join uses the btree ordering (two tables: 18+ removes a self-join
-- on a unique key)
CREATE TABLE objectid_bt2 (id objectid PRIMARY KEY);
INSERT INTO objectid_bt2 SELECT id FROM objectid_bt;
ANALYZE objectid_bt2;
SET enable_hashjoin = off;
SET enable_nestloop = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM objectid_bt a JOIN objectid_bt2 b USING (id);
SELECT count(*) FROM objectid_bt a JOIN objectid_bt2 b USING (id);  -- 20000
RESET enable_hashjoin;
RESET enable_nestloop;

-- sort of 20000 random values (abbreviated keys at work), checked against
-- the bytea ordering; and a sort large enough to go to disk
CREATE TABLE objectid_sort AS
SELECT substr(uuid_send(gen_random_uuid()), 1, 12)::objectid AS id
FROM generate_series(1, 20000);
SELECT count(*) FROM (
	SELECT id, lag(id) OVER (ORDER BY id) AS prev FROM objectid_sort) s
WHERE prev > id;  -- 0
SELECT (SELECT array_agg(id ORDER BY id) FROM objectid_sort) =
       (SELECT array_agg(id ORDER BY id::bytea) FROM objectid_sort);  -- t
SET work_mem = '64kB';
SELECT (SELECT array_agg(id ORDER BY id DESC) FROM objectid_sort) =
       (SELECT array_agg(id ORDER BY id::bytea DESC) FROM objectid_sort);  -- t
RESET work_mem;

-- index build over the same values, then an index-only ordered scan
CREATE INDEX objectid_sort_idx ON objectid_sort (id);
SET enable_seqscan = off;
SELECT count(*) FROM (
	SELECT id, lag(id) OVER () AS prev FROM (SELECT id FROM objectid_sort ORDER BY id) o) s
WHERE prev >= id;  -- 0
RESET enable_seqscan;

-- sort of 20000 ids in three groups that each share their first eight
-- bytes, as one process's ids of one second do: abbreviation is aborted and
-- the whole-id comparison orders them, the last four bytes (high bit set or
-- not) included; checked against the bytea ordering, also through an index
CREATE TABLE objectid_tied AS
SELECT (decode((ARRAY['5e0be10001020304', '5e0be10080808080',
                      '5e0be100fffffff0'])[1 + n % 3], 'hex')
        || substr(uuid_send(gen_random_uuid()), 1, 4))::objectid AS id
FROM generate_series(1, 20000) n;
SELECT (SELECT array_agg(id ORDER BY id) FROM objectid_tied) =
       (SELECT array_agg(id ORDER BY id::bytea) FROM objectid_tied);  -- t
SELECT (SELECT array_agg(id ORDER BY id DESC) FROM objectid_tied) =
       (SELECT array_agg(id ORDER BY id::bytea DESC) FROM objectid_tied);  -- t
CREATE INDEX objectid_tied_idx ON objectid_tied (id);
SET enable_seqscan = off;
SELECT (SELECT array_agg(id) FROM (SELECT id FROM objectid_tied ORDER BY id) o) =
       (SELECT array_agg(id ORDER BY id::bytea) FROM objectid_tied);  -- t
RESET enable_seqscan;

-- deduplication works (btequalimage): many duplicates make a small index
CREATE TABLE objectid_dup AS
SELECT objectid_from_timestamp(timestamptz '2020-01-01 00:00:00+00' + (n % 10) * interval '1 day') AS id
FROM generate_series(1, 100000) n;
CREATE INDEX objectid_dup_idx ON objectid_dup (id);
SELECT pg_relation_size('objectid_dup_idx') < 1000000 AS deduplicated;  -- t

DROP TABLE objectid_bt, objectid_bt2, objectid_sort, objectid_tied, objectid_dup;
