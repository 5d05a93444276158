--
-- binary: send/recv through binary COPY
--
CREATE TABLE objectid_bin (n int, id objectid);
INSERT INTO objectid_bin
SELECT n, objectid_from_timestamp(timestamptz '2020-01-01 00:00:00+00' + n * interval '1 hour')
FROM generate_series(1, 100) n;
INSERT INTO objectid_bin VALUES (101, '000000000000000000000000'),
	(102, 'ffffffffffffffffffffffff'), (103, '507f1f77bcf86cd799439011'), (104, NULL);

\copy objectid_bin TO 'results/objectid.bin' WITH (FORMAT binary)
CREATE TABLE objectid_bin2 (LIKE objectid_bin);
\copy objectid_bin2 FROM 'results/objectid.bin' WITH (FORMAT binary)

-- every row back, unchanged (0 rows differ)
SELECT count(*) FROM objectid_bin2;  -- 104
SELECT * FROM objectid_bin a FULL JOIN objectid_bin2 b USING (n)
WHERE a.id IS DISTINCT FROM b.id;

-- the wire form is the 12 raw bytes
SELECT objectid_send('507f1f77bcf86cd799439011');

-- a binary message of the wrong length is rejected: a bytea column's binary
-- COPY file read as objectid
CREATE TABLE objectid_bin_bytes (n int, b bytea);
INSERT INTO objectid_bin_bytes VALUES (1, '\x507f1f77bcf86cd7994390'), (2, '\x507f1f77bcf86cd79943901100');
\copy (SELECT n, b FROM objectid_bin_bytes WHERE n = 1) TO 'results/objectid_short.bin' WITH (FORMAT binary)
\copy (SELECT n, b FROM objectid_bin_bytes WHERE n = 2) TO 'results/objectid_long.bin' WITH (FORMAT binary)
\copy objectid_bin2 FROM 'results/objectid_short.bin' WITH (FORMAT binary)
\copy objectid_bin2 FROM 'results/objectid_long.bin' WITH (FORMAT binary)

-- text COPY round trip too
\copy objectid_bin TO 'results/objectid.txt'
TRUNCATE objectid_bin2;
\copy objectid_bin2 FROM 'results/objectid.txt'
SELECT count(*) FROM objectid_bin a JOIN objectid_bin2 b USING (n)
WHERE a.id IS NOT DISTINCT FROM b.id;  -- 104

DROP TABLE objectid_bin, objectid_bin2, objectid_bin_bytes;
