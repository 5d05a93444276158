--
-- hash: index, join, aggregation, partitioning
--
CREATE TABLE objectid_h (id objectid, n int);
INSERT INTO objectid_h
SELECT objectid_from_timestamp(timestamptz '2020-01-01 00:00:00+00' + n * interval '1 second'), n
FROM generate_series(1, 10000) n;
CREATE INDEX objectid_h_idx ON objectid_h USING hash (id);
ANALYZE objectid_h;

SET enable_seqscan = off;
SET enable_bitmapscan = off;
EXPLAIN (COSTS OFF) SELECT n FROM objectid_h WHERE id = '5e0be1000000000000000000';
SELECT n FROM objectid_h WHERE id = objectid_from_timestamp('2020-01-01 00:00:10+00');  -- 10
RESET enable_seqscan;
RESET enable_bitmapscan;

-- hash join and hash aggregation
SET enable_mergejoin = off;
SET enable_nestloop = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM objectid_h a JOIN objectid_h b USING (id);
SELECT count(*) FROM objectid_h a JOIN objectid_h b USING (id);  -- 10000
RESET enable_mergejoin;
RESET enable_nestloop;
SET enable_sort = off;
EXPLAIN (COSTS OFF) SELECT id, count(*) FROM objectid_h GROUP BY id;
SELECT count(*) FROM (SELECT id, count(*) FROM objectid_h GROUP BY id) g;  -- 10000
RESET enable_sort;

-- hash_func.sql's check: the extended hash with seed 0 agrees with the
-- 32-bit hash in its low bits, and a seed changes it (zero rows each)
SELECT id FROM objectid_h
WHERE objectid_hash(id)::bit(32) <> objectid_hash_extended(id, 0)::bit(32)
   OR objectid_hash(id)::bit(32) = objectid_hash_extended(id, 1)::bit(32);

-- PARTITION BY HASH (uses the extended hash function)
CREATE TABLE objectid_hp (id objectid) PARTITION BY HASH (id);
CREATE TABLE objectid_hp0 PARTITION OF objectid_hp FOR VALUES WITH (MODULUS 2, REMAINDER 0);
CREATE TABLE objectid_hp1 PARTITION OF objectid_hp FOR VALUES WITH (MODULUS 2, REMAINDER 1);
INSERT INTO objectid_hp SELECT id FROM objectid_h;
SELECT count(*) > 4000 AND count(*) < 6000 FROM objectid_hp0;  -- t
SELECT count(*) FROM objectid_hp;  -- 10000
EXPLAIN (COSTS OFF) SELECT * FROM objectid_hp WHERE id = '5e0be1000000000000000000';

DROP TABLE objectid_h, objectid_hp;
