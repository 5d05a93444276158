--
-- objectid_to_uuid / uuid_to_objectid: the 96 ObjectId bits, in order, in
-- the free bits of a version 8 UUID (skipping the 4 version and 2 variant
-- bits), the last 26 free bits zero.  Lossless and order-preserving; the
-- inverse refuses every other UUID.
--

-- vectors
SELECT objectid_to_uuid('507f1f77bcf86cd799439011');	-- 507f1f77-bcf8-86cd-9e65-0e4044000000
SELECT objectid_to_uuid('000000000000000000000000');	-- 00000000-0000-8000-8000-000000000000
SELECT objectid_to_uuid('ffffffffffffffffffffffff');	-- ffffffff-ffff-8fff-bfff-fffffc000000
SELECT uuid_to_objectid('507f1f77-bcf8-86cd-9e65-0e4044000000');	-- 507f1f77bcf86cd799439011
SELECT uuid_to_objectid('00000000-0000-8000-8000-000000000000');	-- 000000000000000000000000
SELECT uuid_to_objectid('ffffffff-ffff-8fff-bfff-fffffc000000');	-- ffffffffffffffffffffffff

-- random ObjectIds from random bytes, some sharing a timestamp or more
CREATE TEMP TABLE oids AS
SELECT substr(uuid_send(gen_random_uuid()), 1, 12)::objectid AS o
FROM generate_series(1, 4000)
UNION ALL
SELECT (substr(p, 1, n) || substr(uuid_send(gen_random_uuid()), 1, 12 - n))::objectid
FROM (SELECT uuid_send(gen_random_uuid()) AS p FROM generate_series(1, 20)) a,
	generate_series(1, 11) n, generate_series(1, 5) k;
SELECT count(*) FROM oids;	-- 5100

-- the bit layout, computed independently with bit strings
SELECT count(*) FROM oids,
	LATERAL (SELECT ('x' || encode(o::bytea, 'hex'))::bit(96) AS b) ob
WHERE ('x' || replace(objectid_to_uuid(o)::text, '-', ''))::bit(128) <>
	(substring(b FROM 1 FOR 48) || B'1000' || substring(b FROM 49 FOR 12) ||
	 B'10' || substring(b FROM 61 FOR 36) || repeat('0', 26)::bit(26));	-- 0

-- lossless both ways
SELECT count(*) FROM oids WHERE uuid_to_objectid(objectid_to_uuid(o)) <> o;	-- 0
SELECT count(*) FROM oids
WHERE objectid_to_uuid(uuid_to_objectid(objectid_to_uuid(o))) <> objectid_to_uuid(o);	-- 0

-- order preserving: the same ranks (equal ids tie in both), and every pair
-- compares the same way
SELECT count(*) FROM (
	SELECT rank() OVER (ORDER BY o) AS by_oid,
		rank() OVER (ORDER BY objectid_to_uuid(o)) AS by_uuid
	FROM oids) s
WHERE by_oid <> by_uuid;	-- 0
SELECT count(*) FROM
	(SELECT o FROM oids ORDER BY random() LIMIT 400) a,
	(SELECT o FROM oids ORDER BY random() LIMIT 400) b
WHERE (a.o < b.o) <> (objectid_to_uuid(a.o) < objectid_to_uuid(b.o))
	OR (a.o = b.o) <> (objectid_to_uuid(a.o) = objectid_to_uuid(b.o));	-- 0
-- a btree on the uuid serves ORDER BY with the objectid order
CREATE TEMP TABLE mapped AS SELECT o, objectid_to_uuid(o) AS u FROM oids;
CREATE INDEX ON mapped (u);
SELECT array_agg(o ORDER BY u) = array_agg(o ORDER BY o) FROM mapped;	-- t
-- every mapped UUID is version 8, RFC 9562 variant, last 26 bits zero
SELECT count(*) FROM mapped
WHERE get_byte(uuid_send(u), 6) >> 4 <> 8
	OR get_byte(uuid_send(u), 8) >> 6 <> 2
	OR get_byte(uuid_send(u), 12) & 3 <> 0
	OR substr(uuid_send(u), 14) <> '\x000000'::bytea;	-- 0

-- the inverse refuses other versions, variants and non-zero trailing bits
SELECT uuid_to_objectid('00112233-4455-6677-8899-aabbccddeeff');	-- version 6
SELECT uuid_to_objectid('00000000-0000-0000-0000-000000000000');	-- nil
SELECT uuid_to_objectid('ffffffff-ffff-ffff-ffff-ffffffffffff');	-- max
SELECT uuid_to_objectid('507f1f77-bcf8-86cd-de65-0e4044000000');	-- variant 0b110
SELECT uuid_to_objectid('507f1f77-bcf8-76cd-9e65-0e4044000000');	-- version 7
SELECT uuid_to_objectid('507f1f77-bcf8-86cd-9e65-0e4044000001');	-- last bit
SELECT uuid_to_objectid('507f1f77-bcf8-86cd-9e65-0e4046000000');	-- 26th-last bit
CREATE FUNCTION pg_temp.sqlstate(u uuid) RETURNS text
LANGUAGE plpgsql AS $$
BEGIN
	PERFORM uuid_to_objectid(u);
	RETURN 'no error';
EXCEPTION WHEN OTHERS THEN
	RETURN SQLSTATE;
END
$$;
-- random version 4 UUIDs: all refused with 22023
SELECT pg_temp.sqlstate(gen_random_uuid()) AS sqlstate, count(*)
FROM generate_series(1, 1000) GROUP BY 1;
-- each of the 26 trailing bits set alone in a mapped UUID: all refused
-- (set_bit numbers bits from the low end of each byte)
SELECT pg_temp.sqlstate(uuid_from_bytea(set_bit(uuid_send(objectid_to_uuid(o)), bit, 1), 'standard')) AS sqlstate,
	count(*)
FROM (SELECT o FROM oids LIMIT 20) s,
	(SELECT 96 AS bit UNION ALL SELECT 97 UNION ALL
	 SELECT generate_series(104, 127)) b
GROUP BY 1;
-- while flipping any one of the 96 ObjectId bits gives another valid mapping
SELECT pg_temp.sqlstate(uuid_from_bytea(set_bit(uuid_send(objectid_to_uuid(o)), bit,
		1 - get_bit(uuid_send(objectid_to_uuid(o)), bit)), 'standard')) AS sqlstate,
	count(*)
FROM (SELECT o FROM oids LIMIT 20) s,
	(SELECT generate_series(0, 127) AS bit) b
WHERE bit NOT IN (96, 97) AND bit NOT BETWEEN 104 AND 127
	AND bit NOT BETWEEN 52 AND 55	-- version: byte 6, high nibble
	AND bit NOT IN (70, 71)	-- variant: byte 8, top two bits
GROUP BY 1;

-- NULL in, NULL out
SELECT objectid_to_uuid(NULL) IS NULL, uuid_to_objectid(NULL) IS NULL;
