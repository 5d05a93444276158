-- bench/growth.sql: one batch of bench/growth, for bench/growth.py: rows
-- :a + 1 to :b into table :t (the key from its DEFAULT), recorded in
-- growth.batch with what it cost: seconds (the commit included), WAL bytes,
-- full-page images and records (pg_stat_wal), checkpoints completed (:ckpt,
-- the expression that counts them), the table's and its index's buffer
-- reads and hits (pg_statio_user_tables) and its size after the batch.
-- The server's counters are flushed before each reading.
SELECT pg_stat_force_next_flush();
SELECT pg_current_wal_lsn() AS l0, wal_fpi AS f0, wal_records AS r0,
       :ckpt AS c0, heap_blks_read AS hr0, heap_blks_hit AS hh0,
       idx_blks_read AS ir0, idx_blks_hit AS ih0
  FROM pg_stat_wal, pg_statio_user_tables WHERE relid = :'t'::regclass \gset
SELECT clock_timestamp() AS t0 \gset
INSERT INTO :t (n) SELECT g FROM generate_series(:a + 1, :b) g;
SELECT extract(epoch FROM clock_timestamp() - :'t0'::timestamptz) AS secs,
       pg_wal_lsn_diff(pg_current_wal_lsn(), :'l0') AS wal \gset
SELECT pg_stat_force_next_flush();
INSERT INTO growth.batch
SELECT :'kind', :b, :b - :a, :secs, :wal, wal_fpi - :f0, wal_records - :r0,
       :ckpt - :c0, heap_blks_read - :hr0, heap_blks_hit - :hh0,
       idx_blks_read - :ir0, idx_blks_hit - :ih0,
       pg_relation_size(relid), pg_indexes_size(relid)
  FROM pg_stat_wal, pg_statio_user_tables WHERE relid = :'t'::regclass;
