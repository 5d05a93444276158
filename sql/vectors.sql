--
-- vectors: the test vectors of the specs the extension follows (RFC 9562's
-- appendices, the MongoDB ObjectID spec's timestamps and counter wrap, the
-- MongoDB UUID-representation spec's byte orders and subtypes) and the error
-- of every refused input.  One file for both editions: the C
-- extension's regress suite runs it after init, and t/009_portable.pl runs
-- it unchanged against the portable edition (installed in public), both
-- compared with expected/vectors.out.  So only what the editions do alike is
-- here; what differs is listed in portable/README.md.
--
-- the portable edition raises its errors from PL/pgSQL: no CONTEXT lines
\set SHOW_CONTEXT never
-- the edition's own functions, not core 17+'s of the same names
SET search_path = public, pg_catalog;
SET timezone = 'UTC';

--
-- objectid: text, bytes, the embedded second (MongoDB ObjectID spec)
--
SELECT id, objectid_timestamp(id) FROM (VALUES
	('000000000000000000000000'::objectid),
	('7fffffff0000000000000000'),
	('800000000000000000000000'),
	('ffffffffffffffffffffffff'),
	('507f1f77bcf86cd799439011')) v(id);
-- input in either case, output lowercase
SELECT objectid_in('507F1F77BCF86CD799439011'), objectid_in('507f1F77bCf86cD799439011');
SELECT '507f1f77bcf86cd799439011'::objectid::text = '507f1f77bcf86cd799439011' AS same_text;
-- text that is not 24 hex digits: 22P02, the text quoted
SELECT t::objectid FROM (VALUES (text '507f1f77bcf86cd79943901')) v(t);
SELECT t::objectid FROM (VALUES (text '507f1f77bcf86cd79943901g')) v(t);
SELECT t::objectid FROM (VALUES (text ' 507f1f77bcf86cd799439011')) v(t);
SELECT objectid_in('0x507f1f77bcf86cd7994390');
-- text that reads as an instant (objectid('2020-...') is this cast): the
-- hint names the generator objectid(timestamptz)
SELECT t::objectid FROM (VALUES (text '2020-06-01 12:00:00+00')) v(t);
-- bytes: bytea(objectid) and objectid(bytea), exactly 12 bytes (22P03)
SELECT bytea('507f1f77bcf86cd799439011'::objectid);
SELECT objectid('\x507f1f77bcf86cd799439011'::bytea);
SELECT objectid('\x507f1f77bcf86cd7994390'::bytea);
SELECT objectid('\x507f1f77bcf86cd79943901100'::bytea);
-- order is byte order, which is creation-second order
SELECT array_agg(id ORDER BY id) FROM (VALUES ('800000000000000000000000'::objectid),
	('7fffffffffffffffffffffff'), ('ffffffff0000000000000000'), ('00000000000000000000000a'),
	('000000000000000000000009')) v(id);

-- boundaries: the smallest id of the second, fractions truncated
SELECT objectid_from_timestamp('1970-01-01 00:00:00+00');
SELECT objectid_from_timestamp('2038-01-19 03:14:07.999999+00');
SELECT objectid_from_timestamp('2038-01-19 03:14:08+00');
SELECT objectid_from_timestamp('2106-02-07 06:28:15.5+00');
SELECT objectid_from_timestamp('2012-10-17 23:13:27+02');
-- out of range (22008), in boundaries and generators alike
SELECT objectid_from_timestamp('1969-12-31 23:59:59.999999+00');
SELECT objectid_from_timestamp('2106-02-07 06:28:16+00');
SELECT objectid_from_timestamp('infinity');
SELECT objectid_from_timestamp('-infinity');
SELECT objectid(timestamptz '1969-12-31 23:59:59+00');
SELECT objectid(timestamptz '2106-02-07 06:28:16+00');
-- objectid(timestamptz) carries the second
SELECT objectid_timestamp(objectid(timestamptz '2020-06-01 12:00:00.75+00'));
-- generated ids: 24 hex digits, the current second, increasing
SELECT id::text ~ '^[0-9a-f]{24}$' AS form,
	objectid_timestamp(id) BETWEEN date_trunc('second', now()) AND clock_timestamp() AS now,
	id < objectid() AS increasing
FROM (SELECT objectid() AS id) s;

--
-- UUID readers: RFC 9562 Appendix A (v1, v6, v7) and B.1 (v8) all carry
-- 2022-02-22 19:22:22 UTC
--
CREATE TABLE uuid_vectors (name text, u uuid);
INSERT INTO uuid_vectors VALUES
	('v1 (A)', 'c232ab00-9414-11ec-b3c8-9f6bdeced846'),
	('v6 (A)', '1ec9414c-232a-6b00-b3c8-9f6bdeced846'),
	('v7 (A)', '017f22e2-79b0-7cc3-98c4-dc0c0c07398f'),
	('v8 (B.1)', '2489e9ad-2ee2-8e00-8ec9-32d5f69181c0'),
	('v4', '919108f7-52d1-4320-9bac-f847db4148a8'),
	('nil', '00000000-0000-0000-0000-000000000000'),
	('max', 'ffffffff-ffff-ffff-ffff-ffffffffffff'),
	('v7, NCS variant', '017f22e2-79b0-7cc3-18c4-dc0c0c07398f'),
	('v1, Microsoft variant', 'c232ab00-9414-11ec-d3c8-9f6bdeced846');
SELECT name, uuid_extract_version(u) AS version,
       uuid_extract_timestamp(u) AS extract_timestamp,
       uuidv6_extract_timestamp(u) AS v6_timestamp,
       uuidv8_extract_timestamp(u) AS v8_timestamp,
       uuid_timestamp(u) AS uuid_timestamp,
       uuid_timestamp(u) IS NOT DISTINCT FROM
           coalesce(uuid_extract_timestamp(u), uuidv6_extract_timestamp(u)) AS agrees,
       uuid_timestamp_from_text(upper(u::text)) IS NOT DISTINCT FROM uuid_timestamp(u) AS from_text
FROM uuid_vectors;
-- uuid_timestamp_from_text() (1.3) reads text as uuid's input does
SELECT uuid_timestamp_from_text('{017f22e2-79b0-7cc3-98c4-dc0c0c07398f}') AS braces;
SELECT uuid_timestamp_from_text('017f22e2-79b0-7cc3');  -- 22P02, uuid's own error
-- the ends of each layout
SELECT uuid_extract_timestamp('00000000-0000-1000-8000-000000000000') AS v1_zero,
       uuid_extract_timestamp('ffffffff-ffff-1fff-bfff-ffffffffffff') AS v1_max,
       uuidv6_extract_timestamp('00000000-0000-6000-8000-000000000000') AS v6_zero,
       uuidv6_extract_timestamp('ffffffff-ffff-6fff-bfff-ffffffffffff') AS v6_max;
SELECT uuid_extract_timestamp('00000000-0000-7000-8000-000000000000') AS v7_zero,
       uuid_extract_timestamp('ffffffff-ffff-7fff-bfff-ffffffffffff') AS v7_max,
       uuidv8_extract_timestamp('00000000-0000-8000-8000-000000000000') AS v8_zero,
       uuidv8_extract_timestamp('ffffffff-ffff-8fff-bfff-ffffffffffff') AS v8_max;
-- v1/v6 keep microseconds, v7 milliseconds, v8 microseconds
SELECT uuid_extract_timestamp('c2458187-9414-11ec-8000-000000000000') AS v1_us,
       uuidv6_extract_timestamp('1ec9414c-2458-6187-8000-000000000000') AS v6_us,
       uuid_extract_timestamp('017f22e2-7a2b-7fff-bfff-ffffffffffff') AS v7_ms,
       uuidv8_extract_timestamp('2489e9ad-3aa8-8f09-8000-000000000000') AS v8_us;

-- uuidv7_from_timestamp: the smallest v7 of the millisecond
SELECT uuidv7_from_timestamp('2022-02-22 19:22:22+00');
SELECT uuidv7_from_timestamp('2022-02-22 19:22:22.0019+00');
SELECT uuidv7_from_timestamp('epoch');
SELECT uuidv7_from_timestamp('10889-08-02 05:31:50.655999+00');
-- instants a v7 cannot hold (22008)
SELECT uuidv7_from_timestamp('1969-12-31 23:59:59.999999+00');
SELECT uuidv7_from_timestamp('10889-08-02 05:31:50.656+00');
SELECT uuidv7_from_timestamp('infinity');
SELECT uuidv7_at(timestamptz '-infinity');
SELECT uuidv7_at(timestamptz '1969-12-31 23:59:59.999999+00');
SELECT uuidv7(interval '-100 years');
SELECT uuidv7(interval '10000 years');
SELECT uuidv7(interval '300000 years');
-- uuidv7_at keeps the instant to the millisecond in the reader, and its
-- sub-millisecond fraction orders it
SELECT uuid_extract_timestamp(uuidv7_at('2024-06-01 12:34:56.789+00')) AS v7_at,
       uuidv7_at('2024-06-01 12:34:56.789100+00') < uuidv7_at('2024-06-01 12:34:56.789200+00') AS fraction_orders;

-- uuidv8(bytea) sets the version and variant bits and keeps all others
SELECT uuidv8('\x00112233445566778899aabbccddeeff'::bytea);
SELECT uuidv8('\x00000000000000000000000000000000'::bytea);
SELECT uuidv8('\xffffffffffffffffffffffffffffffff'::bytea);
SELECT uuidv8('\x'::bytea);
SELECT uuidv8('\x00112233445566778899aabbccddeeff00'::bytea);

-- v1 <-> v6: the RFC 9562 vectors map onto each other
SELECT uuid_v1_to_v6('c232ab00-9414-11ec-b3c8-9f6bdeced846');
SELECT uuid_v6_to_v1('1ec9414c-232a-6b00-b3c8-9f6bdeced846');
SELECT uuid_v1_to_v6('ffffffff-ffff-1fff-bfff-ffffffffffff');
SELECT uuid_v6_to_v1('00000000-0000-6000-8000-000000000000');
-- conversions name the version they found
SELECT uuid_v1_to_v6('1ec9414c-232a-6b00-b3c8-9f6bdeced846');
SELECT uuid_v6_to_v1('919108f7-52d1-4320-9bac-f847db4148a8');
SELECT uuid_v1_to_v6('00000000-0000-0000-0000-000000000000');

-- generated UUIDs: version, variant, the current instant, increasing
SELECT uuid_extract_version(a) AS version, a < b AS increasing,
	uuid_timestamp(a) BETWEEN now() - interval '1 second' AND clock_timestamp() AS now
FROM (SELECT uuidv7() AS a, uuidv7() AS b) s;
SELECT uuid_extract_version(a) AS version, a < b AS increasing,
	uuid_timestamp(a) BETWEEN now() - interval '1 second' AND clock_timestamp() AS now
FROM (SELECT uuidv6() AS a, uuidv6() AS b) s;
SELECT uuid_extract_version(a) AS version, a < b AS increasing,
	uuidv8_extract_timestamp(a) BETWEEN now() - interval '1 second' AND clock_timestamp() AS now
FROM (SELECT uuidv8() AS a, uuidv8() AS b) s;
SELECT uuid_extract_version(uuidv4()) AS v4,
	uuid_timestamp(uuidv7(interval '-1 day')) < now() - interval '23 hours' AS shifted;

--
-- MongoDB UUID representations: 00112233-4455-6677-8899-aabbccddeeff
--
SELECT r, uuid_to_bytea('00112233-4455-6677-8899-aabbccddeeff', r) AS bytes,
	uuid_from_bytea(uuid_to_bytea('00112233-4455-6677-8899-aabbccddeeff', r), r) AS back,
	uuid_to_extjson('00112233-4455-6677-8899-aabbccddeeff', r) AS extjson
FROM unnest('{standard,javaLegacy,csharpLegacy,pythonLegacy,JAVA_LEGACY,C_SHARP_LEGACY,CSHARP_LEGACY,PYTHON_LEGACY,StAnDaRd}'::text[]) r;
SELECT uuid_from_bytea('\x7766554433221100ffeeddccbbaa9988', 'javaLegacy');
-- unknown names, unspecified, wrong lengths
SELECT uuid_to_bytea('00112233-4455-6677-8899-aabbccddeeff', 'bogus');
SELECT uuid_to_bytea('00112233-4455-6677-8899-aabbccddeeff', 'unspecified');
SELECT uuid_to_extjson('00112233-4455-6677-8899-aabbccddeeff', 'unspecified');
SELECT uuid_from_bytea('\x00112233445566778899aabbccddee', 'standard');
SELECT uuid_from_bytea('\x00112233445566778899aabbccddee', 'bogus');
SELECT uuid_from_bytea('\x', 'unspecified');
-- which representations decode 16 bytes to a well-formed UUID
SELECT r, uuid_representations(uuid_to_bytea('017f22e2-79b0-7cc3-98c4-dc0c0c07398f', r))
FROM unnest(ARRAY['standard', 'javaLegacy', 'csharpLegacy', 'pythonLegacy']) r;
SELECT uuid_representations('\x919108f752d143209bacf847db4148a8') AS v4,
	uuid_representations('\x00000000000000000000000000000000') AS nil;
SELECT uuid_representations('\x0011');
-- the one-argument forms follow objectid.uuid_representation
SET objectid.uuid_representation = 'csharpLegacy';
SELECT uuid_to_bytea('00112233-4455-6677-8899-aabbccddeeff'),
	uuid_from_bytea('\x33221100554477668899aabbccddeeff'),
	uuid_to_extjson('00112233-4455-6677-8899-aabbccddeeff');
SET objectid.uuid_representation = 'unspecified';
SELECT uuid_to_bytea('00112233-4455-6677-8899-aabbccddeeff');
SELECT uuid_from_bytea('\x00112233445566778899aabbccddeeff');
RESET objectid.uuid_representation;
SELECT uuid_to_bytea('00112233-4455-6677-8899-aabbccddeeff');

--
-- objectid Extended JSON and the objectid <-> UUID mapping
--
SELECT objectid_to_extjson('507f1f77bcf86cd799439011'),
	objectid_from_extjson('{"$oid": "507F1F77BCF86CD799439011"}');
SELECT objectid_from_extjson('"507f1f77bcf86cd799439011"');
SELECT objectid_from_extjson('{}');
SELECT objectid_from_extjson('{"$oid": "507f1f77bcf86cd799439011", "x": 1}');
SELECT objectid_from_extjson('{"$oid": 1350508407}');
SELECT objectid_from_extjson('{"$oid": "507f1f77bcf86cd79943901g"}');
-- uuid_from_extjson: the three forms, the subtype rules, the setting
SELECT uuid_from_extjson('{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w==", "subType": "04"}}', 'standard') AS v2,
	uuid_from_extjson('{"$binary": "d2ZVRDMiEQD/7t3Mu6qZiA==", "$type": "3"}', 'JAVA_LEGACY') AS v1,
	uuid_from_extjson('{"$uuid": "00112233-4455-6677-8899-AABBCCDDEEFF"}') AS uuid,
	uuid_from_extjson(uuid_to_extjson('00112233-4455-6677-8899-aabbccddeeff', 'csharpLegacy'), 'csharpLegacy') AS round_trip;
SELECT uuid_from_extjson('{"$uuid": "00112233-4455-6677-8899-aabbccddeeff"}', 'javaLegacy');
SELECT uuid_from_extjson('{"$binary": "ABEiM0RVZneImaq7zN3u/w==", "$type": "03"}', 'standard');
SELECT uuid_from_extjson('{"$binary": "ABEiM0RVZneImaq7zN3u/w==", "$type": "03"}', 'unspecified');
SELECT uuid_from_extjson('{"$binary": "ABEiM0RVZneImaq7zN3u/w==", "$type": "03"}', 'bogus');
SET objectid.uuid_representation = 'javaLegacy';
SELECT uuid_from_extjson('{"$binary": "d2ZVRDMiEQD/7t3Mu6qZiA==", "$type": "03"}');
SELECT uuid_from_extjson('{"$uuid": "00112233-4455-6677-8899-aabbccddeeff"}');
RESET objectid.uuid_representation;
-- every malformed shape is 22P02 with a detail that says what was wrong
SELECT uuid_from_extjson('[1]');
SELECT uuid_from_extjson('{}');
SELECT uuid_from_extjson('{"$type": "04"}');
SELECT uuid_from_extjson('{"$binary": {"subType": "04"}}');
SELECT uuid_from_extjson('{"$binary": "ABEiM0RVZneImaq7zN3u/w=="}');
SELECT uuid_from_extjson('{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w==", "subType": "04", "x": 1}}');
SELECT uuid_from_extjson('{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w==", "subType": "04"}, "_id": 1}');
SELECT uuid_from_extjson('{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w==", "subType": "04"}, "$type": "04"}');
SELECT uuid_from_extjson('{"$uuid": "00112233-4455-6677-8899-aabbccddeeff", "$type": "04"}');
SELECT uuid_from_extjson('{"$binary": 16}');
SELECT uuid_from_extjson('{"$binary": {"base64": null, "subType": "04"}}');
SELECT uuid_from_extjson('{"$uuid": true}');
SELECT uuid_from_extjson('{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/x==", "subType": "04"}}');
SELECT uuid_from_extjson('{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w= ", "subType": "04"}}');
SELECT uuid_from_extjson('{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w==", "subType": "0x4"}}');
SELECT uuid_from_extjson('{"$uuid": "00112233445566778899aabbccddeeff"}');
-- a subtype that is not a UUID's (22023), a length other than 16 (22P03)
SELECT uuid_from_extjson('{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w==", "subType": "80"}}');
SELECT uuid_from_extjson('{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u", "subType": "04"}}');
-- nulls in, nulls out
SELECT objectid_to_extjson(NULL) IS NULL AS to_extjson, objectid_from_extjson(NULL) IS NULL AS from_extjson,
	uuid_from_extjson(NULL) IS NULL AS uuid_from_extjson, NULL::objectid IS NULL AS objectid;

SELECT id, objectid_to_uuid(id) AS u, uuid_to_objectid(objectid_to_uuid(id)) = id AS round_trip
FROM (VALUES ('507f1f77bcf86cd799439011'::objectid), ('000000000000000000000000'),
	('ffffffffffffffffffffffff')) v(id);
SELECT uuid_to_objectid('507f1f77-bcf8-76cd-9e65-0e4044000000');
SELECT uuid_to_objectid('507f1f77-bcf8-86cd-de65-0e4044000000');
SELECT uuid_to_objectid('507f1f77-bcf8-86cd-9e65-0e4044000001');
SELECT uuid_to_objectid('507f1f77-bcf8-86cd-9e65-0e4046000000');
-- the mapping keeps the order of 1000 random ids (0)
SELECT count(*) AS misordered FROM (
	SELECT objectid_to_uuid(id) AS u, lag(objectid_to_uuid(id)) OVER (ORDER BY id) AS prev
	FROM (SELECT objectid(substr(uuid_send(pg_catalog.gen_random_uuid()), 1, 12)) AS id
	      FROM generate_series(1, 1000)) s) t
WHERE u <= prev;

-- the report of uuid_detect_representation on the RFC vectors (nil, max and
-- the non-RFC variants among them) written in javaLegacy order, as bytes and
-- as Extended JSON: one of the seven values fits no order, and five fit
-- javaLegacy's, far more than random bytes would: too few rows to tell
SELECT uuid_detect_representation(uuid_to_bytea(u, 'javaLegacy')) FROM uuid_vectors;
SELECT uuid_detect_representation(uuid_to_extjson(u, 'javaLegacy'))->'verdict' AS verdict FROM uuid_vectors;

DROP TABLE uuid_vectors;
