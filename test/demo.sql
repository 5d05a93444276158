-- test/demo.sql: a tour of every feature, run by `test/run demo` on a
-- throwaway cluster.
\set ON_ERROR_STOP 1
\pset footer off
SET timezone = 'UTC';
CREATE EXTENSION objectid;
-- on 17+ core has some of the same UUID function names, and pg_catalog is
-- searched first unless the path names it later: this tour shows ours
SET search_path = public, pg_catalog;

\echo '== objectid: a 12-byte MongoDB ObjectId type'
SELECT objectid() AS new_id, objectid() AS next_id;
SELECT '507F1F77BCF86CD799439011'::objectid AS parsed,
       objectid_timestamp('507f1f77bcf86cd799439011') AS created;

\echo '== DEFAULT objectid() keys, time-ordered'
CREATE TABLE demo_orders (id objectid PRIMARY KEY DEFAULT objectid(), item text);
INSERT INTO demo_orders (item) VALUES ('apple'), ('pear'), ('plum');
SELECT id, item, objectid_timestamp(id) AS created FROM demo_orders ORDER BY id;

\echo '== backfill with a given second, and range scans by time'
INSERT INTO demo_orders VALUES (objectid(timestamptz '2020-06-01 12:00:00+00'), 'old fig');
SELECT item FROM demo_orders
WHERE id >= objectid_from_timestamp('2020-06-01') AND id < objectid_from_timestamp('2020-06-02');

\echo '== bytes, binary form, min/max'
SELECT id::bytea AS raw, objectid_send(id) AS wire FROM demo_orders LIMIT 1;
SELECT min(id), max(id) FROM demo_orders;

\echo '== hash and BRIN indexes'
CREATE INDEX ON demo_orders USING hash (id);
CREATE INDEX ON demo_orders USING brin (id);
CREATE INDEX ON demo_orders USING brin (id objectid_bloom_ops);
SELECT indexrelid::regclass AS index, amname AS method
FROM pg_index JOIN pg_class c ON c.oid = indexrelid JOIN pg_am a ON a.oid = c.relam
WHERE indrelid = 'demo_orders'::regclass ORDER BY 1;

\echo '== UUID generators: v7 (PostgreSQL 18 layout), v6, v8, v4'
SELECT uuidv7() AS v7, uuidv6() AS v6, uuidv8() AS v8, uuidv4() AS v4;
-- uuid_timestamp reads every time-based version, the same on every major
SELECT uuid_extract_version(u) AS version, uuid_timestamp(u) AS at
FROM (VALUES (uuidv7()), (uuidv6()), (uuidv4())) v(u);
SELECT uuidv8_extract_timestamp(uuidv8()) AS v8_time_10ns_precision;
SELECT uuid_timestamp(uuidv7(interval '-1 day')) AS yesterday,
       uuid_timestamp(uuidv7_at(timestamptz '2020-06-01 12:00:00.123456+00')) AS backfilled;

\echo '== RFC 9562 vectors: v1 <-> v6, and range boundaries'
SELECT uuid_v1_to_v6('c232ab00-9414-11ec-b3c8-9f6bdeced846') AS v6,
       uuid_v6_to_v1('1ec9414c-232a-6b00-b3c8-9f6bdeced846') AS v1,
       uuidv6_extract_timestamp('1ec9414c-232a-6b00-b3c8-9f6bdeced846') AS at;
SELECT uuidv7_from_timestamp('2022-02-22 19:22:22+00') AS smallest_v7_of_that_ms;

\echo '== MongoDB UUID representations (spec vector 00112233-4455-6677-8899-aabbccddeeff)'
SELECT r AS representation, uuid_to_bytea('00112233-4455-6677-8899-aabbccddeeff', r) AS bytes
FROM unnest(ARRAY['standard', 'javaLegacy', 'csharpLegacy', 'pythonLegacy']) r;
SELECT uuid_from_bytea('\x7766554433221100ffeeddccbbaa9988', 'javaLegacy') AS from_java_legacy;
SELECT uuid_to_extjson('00112233-4455-6677-8899-aabbccddeeff', 'standard') AS extjson;
SET objectid.uuid_representation = 'javaLegacy';
SELECT uuid_from_extjson('{"$binary": {"base64": "d2ZVRDMiEQD/7t3Mu6qZiA==", "subType": "03"}}') AS from_setting;
RESET objectid.uuid_representation;

\echo '== which driver wrote these legacy UUID bytes? (40 v4 UUIDs in C# driver order)'
CREATE TABLE demo_legacy AS
SELECT uuid_to_bytea(uuidv4(), 'csharpLegacy') AS b FROM generate_series(1, 40);
SELECT uuid_representations(b) AS one_value_fits FROM demo_legacy LIMIT 1;
SELECT r->'verdict' AS verdict, r->'chance' AS chance_a_wrong_order_fits
FROM (SELECT uuid_detect_representation(b) AS r FROM demo_legacy) s;
DROP TABLE demo_legacy;

\echo '== row estimates of a time window narrower than a histogram bin'
CREATE TABLE demo_events AS
SELECT objectid(timestamptz '2024-01-01 00:00:00+00' + g * interval '1 minute') AS id
FROM generate_series(1, 100000) g;
ANALYZE demo_events;
SELECT count(*) AS actual_rows_in_one_hour FROM demo_events
WHERE id >= objectid_from_timestamp('2024-02-01 10:00+00') AND id < objectid_from_timestamp('2024-02-01 11:00+00');
EXPLAIN (COSTS ON) SELECT * FROM demo_events
WHERE id >= objectid_from_timestamp('2024-02-01 10:00+00') AND id < objectid_from_timestamp('2024-02-01 11:00+00');
DROP TABLE demo_events;

\echo '== ObjectId Extended JSON, and the order-preserving ObjectId <-> UUID mapping'
SELECT objectid_to_extjson('507f1f77bcf86cd799439011') AS oid_json,
       objectid_from_extjson('{"$oid": "507f1f77bcf86cd799439011"}') AS oid;
SELECT objectid_to_uuid('507f1f77bcf86cd799439011') AS as_uuid,
       uuid_to_objectid(objectid_to_uuid('507f1f77bcf86cd799439011')) AS back;

\echo '== one generator per server: ids from every session in one order'
SELECT objectid_generator() AS generator, current_setting('objectid.generator') AS setting;
SELECT objectid() AS made_in_this_session \gset
\c
SET timezone = 'UTC';
SET search_path = public, pg_catalog;
SELECT :'made_in_this_session'::objectid < objectid() AS next_session_id_is_greater;

\echo '== partitioning by time on the key (casts to and from timestamptz)'
SELECT '507f1f77bcf86cd799439011'::objectid::timestamptz AS id_second,
       timestamptz '2024-03-01 00:00:00+00'::objectid AS smallest_id_of_that_second;
CREATE TABLE demo_events (id objectid PRIMARY KEY DEFAULT objectid(), kind text)
PARTITION BY RANGE (id);
CREATE TABLE demo_events_2024_03 PARTITION OF demo_events
FOR VALUES FROM ('2024-03-01 00:00:00+00'::timestamptz::objectid)
             TO ('2024-04-01 00:00:00+00'::timestamptz::objectid);
CREATE TABLE demo_events_default PARTITION OF demo_events DEFAULT;
INSERT INTO demo_events (kind) VALUES ('now');
INSERT INTO demo_events VALUES (objectid(timestamptz '2024-03-15 12:00:00+00'), 'backfill');
SELECT tableoid::regclass AS partition, kind FROM demo_events ORDER BY id;
EXPLAIN (COSTS OFF) SELECT count(*) FROM demo_events
WHERE id >= objectid_from_timestamp('2024-03-10 00:00+00') AND id < objectid_from_timestamp('2024-03-20 00:00+00');
DROP TABLE demo_events;

\echo '== bad input gets a clear error'
\set ON_ERROR_STOP 0
SELECT 'not-an-objectid'::objectid;
SELECT '\x0102'::bytea::objectid;
SELECT objectid_from_timestamp('1960-01-01');
SELECT uuidv8('\x00'::bytea);
SELECT uuid_v1_to_v6(uuidv4());
SELECT uuid_to_bytea(uuidv4(), 'javalegacyy');
SELECT uuid_from_extjson('{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w==", "subType": "04"}}', 'javaLegacy');
SELECT uuid_representations('\x0011'::bytea);
\set ON_ERROR_STOP 1

DROP TABLE demo_orders;
