-- bench/insert.sql: one timed bulk load of a new table bench.ins, for
-- bench/bench.py; psql variables: coldef (the key column), rows, path (the
-- search_path while the table, and so its DEFAULT, is created) and ckpt
-- (the expression and view that count checkpoints).  Prints one row: 'R',
-- seconds, WAL bytes, full-page images, WAL records, checkpoints, heap and
-- index bytes, and the stored column default.
DROP TABLE IF EXISTS bench.ins;
SET search_path = :path;
CREATE TABLE bench.ins (:coldef, n int NOT NULL);
RESET search_path;
CHECKPOINT;
-- the checkpointer publishes its counters just after CHECKPOINT returns
SELECT pg_sleep(0.3);
SELECT :ckpt AS c0 \gset
SELECT pg_stat_force_next_flush();
SELECT pg_current_wal_lsn() AS l0, wal_fpi AS f0, wal_records AS r0
  FROM pg_stat_wal \gset
SELECT clock_timestamp() AS t0 \gset
INSERT INTO bench.ins (n) SELECT g FROM generate_series(1, :rows) g;
SELECT extract(epoch FROM clock_timestamp() - :'t0'::timestamptz) AS secs,
       pg_wal_lsn_diff(pg_current_wal_lsn(), :'l0') AS wal \gset
SELECT pg_stat_force_next_flush();
SELECT pg_sleep(0.3);
SELECT :ckpt AS c1 \gset
SELECT 'R', :secs, :wal, wal_fpi - :f0, wal_records - :r0, :c1 - :c0,
       pg_relation_size('bench.ins'), pg_indexes_size('bench.ins'),
       (SELECT pg_get_expr(adbin, adrelid) FROM pg_attrdef
         WHERE adrelid = 'bench.ins'::regclass AND adnum = 1)
  FROM pg_stat_wal;
DROP TABLE bench.ins;
