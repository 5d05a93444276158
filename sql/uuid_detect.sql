--
-- Which representation wrote legacy UUID bytes: uuid_representations(bytea)
-- per value, the aggregate uuid_detect_representation(bytea | jsonb) per
-- column.  The fixtures are pymongo's own encodings of known UUIDs
-- (test/fixtures/make_legacy_uuids.py wrote test/fixtures/legacy_uuids.csv);
-- every verdict is checked against the representation that wrote the bytes.
--

--
-- Per value
--
-- RFC 9562's v7 example in each byte order (its byte 1, 0x7f, also makes
-- the RFC order's bytes well-formed in Java order: a per-value test cannot
-- tell, a column can)
SELECT r, uuid_representations(uuid_to_bytea('017f22e2-79b0-7cc3-98c4-dc0c0c07398f', r))
FROM unnest(ARRAY['standard', 'javaLegacy', 'csharpLegacy', 'pythonLegacy']) r;
-- RFC 9562's v4 example: the RFC and C# orders (byte 7, 0x20, holds a version nibble)
SELECT uuid_representations('\x919108f752d143209bacf847db4148a8');
-- nil, max, a non-RFC variant: none ({})
SELECT uuid_representations('\x00000000000000000000000000000000');
SELECT uuid_representations('\xffffffffffffffffffffffffffffffff');
SELECT uuid_representations('\x919108f752d14320dbacf847db4148a8');
-- NULL in, NULL out
SELECT uuid_representations(NULL) IS NULL AS null_in_null_out;	-- t
-- any length but 16: error
SELECT uuid_representations('\x0011');
SELECT uuid_representations('');

--
-- pymongo's fixtures
--
CREATE TABLE fixture (
	set            text,
	representation text,
	version        int,
	uuid           uuid,
	subtype        text,
	bytes          bytea,
	canonical      jsonb,
	legacy         jsonb
);
CREATE TEMP TABLE fixture_csv (LIKE fixture);
ALTER TABLE fixture_csv ALTER COLUMN bytes TYPE text;
-- read by psql, not the server (which may not be allowed into the source
-- tree): pg_regress puts the source directory in PG_ABS_SRCDIR
\copy fixture_csv FROM PROGRAM 'cat "$PG_ABS_SRCDIR/test/fixtures/legacy_uuids.csv"' WITH (FORMAT csv, HEADER)
INSERT INTO fixture SELECT set, representation, version, uuid, subtype,
	decode(bytes, 'hex'), canonical, legacy FROM fixture_csv;
SELECT set, representation, count(*), array_agg(DISTINCT version) AS versions,
	min(subtype) AS subtype
FROM fixture GROUP BY 1, 2 ORDER BY 1, 2;
-- pymongo's bytes and Extended JSON decode to the known UUIDs (no rows)
SELECT set, representation, uuid FROM fixture
WHERE uuid_from_bytea(bytes, representation) <> uuid
   OR uuid_from_extjson(canonical, representation) <> uuid
   OR uuid_from_extjson(legacy, representation) <> uuid;
-- every value fits the representation that wrote it (no rows)
SELECT set, representation, uuid FROM fixture
WHERE NOT representation = ANY (uuid_representations(bytes));
-- standard and pythonLegacy always come together (no rows)
SELECT bytes FROM fixture
WHERE ('standard' = ANY (uuid_representations(bytes))) <>
	  ('pythonLegacy' = ANY (uuid_representations(bytes)));
-- how often a wrong order fits one value, per set and order written
SELECT set, representation,
	count(*) FILTER (WHERE 'standard' = ANY (uuid_representations(bytes))) AS rfc_order,
	count(*) FILTER (WHERE 'javaLegacy' = ANY (uuid_representations(bytes))) AS java,
	count(*) FILTER (WHERE 'csharpLegacy' = ANY (uuid_representations(bytes))) AS csharp
FROM fixture WHERE representation <> 'pythonLegacy'
GROUP BY 1, 2 ORDER BY 1, 2;

--
-- Per column: the known answer for each set and representation
--
-- what each column should give: the byte order that wrote it (raw bytes
-- cannot tell standard from pythonLegacy), or no verdict (ambiguous) for the
-- crafted set in the RFC and C# orders; with subtypes, 04 is standard alone
CREATE FUNCTION pg_temp.expected(set text, representation text, subtypes bool)
RETURNS jsonb LANGUAGE sql AS $$
	SELECT CASE
		WHEN set = 'crafted' AND representation <> 'javaLegacy'
			AND NOT (subtypes AND representation = 'standard') THEN 'null'
		WHEN subtypes OR representation NOT IN ('standard', 'pythonLegacy')
			THEN jsonb_build_array(representation)
		ELSE '["standard", "pythonLegacy"]'
	END
$$;
-- bytea, one set (12 rows) at a time
SELECT set, representation, r->'verdict' AS verdict, r->>'reason' AS reason,
	r->'fit_all' AS fit_all, r->'chance' AS chance,
	r->'verdict' = pg_temp.expected(set, representation, false) AS ok
FROM (SELECT set, representation, uuid_detect_representation(bytes) AS r
	  FROM fixture GROUP BY 1, 2) s
ORDER BY 1, 2;
-- the crafted set: RFC and C# orders both fit, with a chance no larger than
-- a verdict's: ambiguous (the Java order's bytes are not crafted against it)
SELECT representation, r->>'reason' AS reason, r->'fit_all' AS fit_all
FROM (SELECT representation, uuid_detect_representation(bytes) AS r
	  FROM fixture WHERE set = 'crafted' GROUP BY 1) s
ORDER BY 1;
-- versions 1, 4 and 7 together (36 rows per representation)
SELECT representation, r->'verdict' AS verdict, r->'chance' AS chance,
	r->'verdict' = pg_temp.expected('all', representation, false) AS ok
FROM (SELECT representation, uuid_detect_representation(bytes) AS r
	  FROM fixture WHERE set <> 'crafted' GROUP BY 1) s
ORDER BY 1;
-- one full report: Java driver bytes of versions 1, 4 and 7
SELECT jsonb_pretty(uuid_detect_representation(bytes))
FROM fixture WHERE representation = 'javaLegacy' AND set <> 'crafted';

-- the timestamp test: RFC-order v7 bytes decoded in Java order are
-- well-formed v7s whose instants lie far in the future; they fit (3 rows of
-- 12 here), and had they fitted every row the timestamps would break the tie
SELECT r->'representations'->'javaLegacy' AS java_reading,
	r->'representations'->'standard' AS rfc_reading
FROM (SELECT uuid_detect_representation(bytes) AS r
	  FROM fixture WHERE set = 'v7' AND representation = 'standard') s;

-- plausibility breaks ties, it never excludes the order that wrote a row
-- (issue #20, item 5): a clean v7 column and one well-formed v7 dated two
-- days ahead, or in 1985, still gives the RFC order
SELECT odd, r->'verdict' AS verdict, r->>'reason' AS reason, r->'fit_all' AS fit_all,
	r->'chance' AS chance, r->'rows' AS rows, r->'distinct' AS distinct,
	r->'representations'->'standard'->'fits' AS fits,
	r->'representations'->'standard'->'timestamped' AS timestamped,
	r->'representations'->'standard'->'plausible' AS plausible
FROM (SELECT odd, (SELECT uuid_detect_representation(b) FROM (
			SELECT uuid_to_bytea(uuidv7(), 'standard') FROM generate_series(1, 10000)
			UNION ALL SELECT uuid_to_bytea(u, 'standard')) v(b)) AS r
	  FROM (VALUES ('2 days ahead', uuidv7('2 days')),
				   ('1985', uuidv7_at('1985-06-01'))) o(odd, u)) s
ORDER BY 1 DESC;
-- the odd rows alone fit the RFC order, as uuid_representations says
SELECT 'standard' = ANY (uuid_representations(uuid_to_bytea(uuidv7('2 days'), 'standard')))
	AND 'standard' = ANY (uuid_representations(uuid_to_bytea(uuidv7_at('1985-06-01'), 'standard')))
	AS odd_rows_fit;	-- t

-- jsonb: the subtype tells standard (04) from pythonLegacy (03)
SELECT set, representation, form, r->'verdict' AS verdict, r->>'reason' AS reason,
	r->'verdict' = pg_temp.expected(set, representation, true) AS ok
FROM (SELECT set, representation, 'canonical' AS form,
			 uuid_detect_representation(canonical) AS r
	  FROM fixture GROUP BY 1, 2
	  UNION ALL
	  SELECT set, representation, 'legacy',
			 uuid_detect_representation(legacy)
	  FROM fixture GROUP BY 1, 2) s
ORDER BY 1, 2, 3;
-- {"$uuid": ...} is subtype 04: standard
SELECT uuid_detect_representation(jsonb_build_object('$uuid', uuid::text))->'verdict'
FROM fixture WHERE representation = 'standard' AND set <> 'crafted';
-- one subtype 04 document is enough: no other representation writes 04
-- (issue #20, item 6b)
SELECT r->'verdict' AS verdict, r->>'reason' AS reason, r->'chance' AS chance,
	r->'representations'->'standard'->'chance' AS standard_chance
FROM (SELECT uuid_detect_representation(uuid_to_extjson(
		'919108f7-52d1-4320-9bac-f847db4148a8', 'standard')) AS r) s;
-- pythonLegacy bytes labelled 04 (written as standard) read as standard
SELECT uuid_detect_representation(jsonb_build_object('$binary',
	jsonb_build_object('base64', encode(bytes, 'base64'), 'subType', '04')))->'verdict'
FROM fixture WHERE representation = 'pythonLegacy' AND set <> 'crafted';

--
-- Mixed columns
--
-- Java and C# driver bytes in one column
SELECT r->'verdict' AS verdict, r->>'reason' AS reason, r->'fit_all' AS fit_all,
	r->'fits_none' AS fits_none
FROM (SELECT uuid_detect_representation(bytes) AS r FROM fixture
	  WHERE set <> 'crafted' AND representation IN ('javaLegacy', 'csharpLegacy')) s;
-- subtype 04 standard and subtype 03 Java documents in one column
SELECT r->>'reason' AS reason,
	r->'representations'->'standard'->'fits' AS standard_fits,
	r->'representations'->'javaLegacy'->'fits' AS java_fits
FROM (SELECT uuid_detect_representation(canonical) AS r FROM fixture
	  WHERE set <> 'crafted' AND representation IN ('standard', 'javaLegacy')) s;
-- doc/migrations.md's split: each row by the representations it fits, then convert
-- each group with its own representation (rows fitting several need a look)
CREATE TABLE legacy_mixed AS
SELECT bytes AS id, representation AS truth FROM fixture
WHERE set <> 'crafted' AND representation IN ('javaLegacy', 'csharpLegacy');
SELECT uuid_representations(id) AS fits, count(*) AS rows,
	string_agg(DISTINCT truth, ', ') AS written_by
FROM legacy_mixed GROUP BY 1 ORDER BY 1;
-- rows that fit exactly one representation convert without doubt (all correct: no rows)
SELECT m.id FROM legacy_mixed m
JOIN fixture f ON f.bytes = m.id AND f.representation = m.truth
WHERE cardinality(uuid_representations(m.id)) = 1
  AND uuid_from_bytea(m.id, (uuid_representations(m.id))[1]) <> f.uuid;

--
-- Adversarial columns
--
-- one row only: it fits, but one row proves nothing
SELECT r->'verdict' AS verdict, r->>'reason' AS reason, r->'fit_all' AS fit_all, r->'chance' AS chance
FROM (SELECT uuid_detect_representation(bytes) AS r FROM (SELECT bytes FROM fixture
	  WHERE set = 'v4' AND representation = 'javaLegacy' ORDER BY uuid LIMIT 1) v) s;
-- nil and max UUIDs only: no evidence at all
SELECT r->'verdict' AS verdict, r->>'reason' AS reason, r->'rows' AS rows,
	r->'nil_or_max' AS nil_or_max
FROM (SELECT uuid_detect_representation(b) AS r
	  FROM (VALUES ('\x00000000000000000000000000000000'::bytea),
				   ('\x00000000000000000000000000000000'),
				   ('\xffffffffffffffffffffffffffffffff')) v(b)) s;
-- nil UUIDs among real ones are left out of the evidence: the verdict stands
SELECT r->'verdict' AS verdict, r->'rows' AS rows, r->'nil_or_max' AS nil_or_max
FROM (SELECT uuid_detect_representation(b) AS r FROM (
		SELECT bytes FROM fixture WHERE representation = 'csharpLegacy' AND set <> 'crafted'
		UNION ALL SELECT '\x00000000000000000000000000000000' FROM generate_series(1, 20)) v(b)) s;
-- random bytes (MD5 digests): not UUIDs
SELECT r->'verdict' AS verdict, r->>'reason' AS reason, r->'fits_none' AS fits_none
FROM (SELECT uuid_detect_representation(decode(md5(i::text), 'hex')) AS r
	  FROM generate_series(1, 100) i) s;
-- one value repeated is one piece of evidence (issue #20, item 4): md5('123')
-- happens to fit the C# order alone (a well-formed v5 there); 1000 copies of
-- it prove no more than one, a chance of 1/2: no verdict
SELECT uuid_representations(decode(md5('123'), 'hex'));
SELECT r->'verdict' AS verdict, r->>'reason' AS reason, r->'fit_all' AS fit_all,
	r->'chance' AS chance, r->'rows' AS rows, r->'distinct' AS distinct
FROM (SELECT uuid_detect_representation(decode(md5('123'), 'hex')) AS r
	  FROM generate_series(1, 1000)) s;
-- every row of a column ten times over: ten times the rows and fits, the
-- same distinct values, verdict and chances
SELECT r10->'rows' AS rows, r10->'distinct' AS distinct,
	r10->'representations'->'javaLegacy'->'fits' AS java_fits,
	r10->'verdict' AS verdict,
	r10->'distinct' = r1->'distinct' AND r10->'verdict' = r1->'verdict'
		AND r10->'chance' = r1->'chance'
		AND jsonb_path_query_array(r10, '$.representations.*.chance') =
			jsonb_path_query_array(r1, '$.representations.*.chance') AS same
FROM (SELECT uuid_detect_representation(bytes) AS r10
	  FROM fixture, generate_series(1, 10)
	  WHERE representation = 'javaLegacy' AND set <> 'crafted') s10,
	 (SELECT uuid_detect_representation(bytes) AS r1
	  FROM fixture WHERE representation = 'javaLegacy' AND set <> 'crafted') s1;
-- two rows, one that fits only Java order and one only C#: every row fits
-- something, but two rows could be random bytes (29% of which fit some
-- order): too few rows, not mixed
SELECT r->>'reason' AS reason, r->'fits_none' AS fits_none
FROM (SELECT uuid_detect_representation(id) AS r FROM (
		(SELECT id FROM legacy_mixed WHERE uuid_representations(id) = '{javaLegacy}' ORDER BY id LIMIT 1)
		UNION ALL
		(SELECT id FROM legacy_mixed WHERE uuid_representations(id) = '{csharpLegacy}' ORDER BY id LIMIT 1)) v) s;
-- and two random rows that fit no order: not UUIDs
SELECT r->>'reason' AS reason, r->'fits_none' AS fits_none
FROM (SELECT uuid_detect_representation(decode(md5(i::text), 'hex')) AS r
	  FROM generate_series(1, 2) i) s;
-- wrong lengths are counted, not raised, and fit nothing
SELECT r->'verdict' AS verdict, r->>'reason' AS reason, r->'not_uuid' AS not_uuid,
	r->'fits_none' AS fits_none
FROM (SELECT uuid_detect_representation(b) AS r
	  FROM (VALUES ('\x0011'::bytea), (''), ('\x00112233445566778899aabbccddeeff00')) v(b)) s;
-- a non-UUID subtype is counted as not a UUID; malformed Extended JSON is an error
SELECT r->'not_uuid' AS not_uuid, r->>'reason' AS reason
FROM (SELECT uuid_detect_representation('{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w==", "subType": "00"}}'::jsonb) AS r) s;
SELECT uuid_detect_representation(j)
FROM (VALUES ('{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w==", "subType": "03"}}'::jsonb),
			 ('{"$binary": "not base64!", "$type": "03"}')) v(j);	-- error
-- no rows, and NULLs only: a report, not NULL
SELECT uuid_detect_representation(bytes) FROM fixture WHERE false;
SELECT uuid_detect_representation(NULL::jsonb) =
	(SELECT uuid_detect_representation(bytes) FROM fixture WHERE false) AS same_as_no_rows
FROM generate_series(1, 3);	-- t
-- NULLs are skipped
SELECT r->'rows' AS rows, r->'verdict' AS verdict
FROM (SELECT uuid_detect_representation(b) AS r FROM (
		SELECT bytes FROM fixture WHERE representation = 'javaLegacy' AND set = 'v4'
		UNION ALL SELECT NULL::bytea FROM generate_series(1, 5)) v(b)) s;

--
-- Parallel aggregation: partial tallies combine to the serial answer
--
ALTER TABLE fixture SET (parallel_workers = 2);
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
EXPLAIN (COSTS OFF) SELECT uuid_detect_representation(bytes) FROM fixture;
CREATE TEMP TABLE parallel_result AS
SELECT uuid_detect_representation(bytes) AS b, uuid_detect_representation(canonical) AS j
FROM fixture WHERE set <> 'crafted' AND representation = 'csharpLegacy';
RESET max_parallel_workers_per_gather;
SET max_parallel_workers_per_gather = 0;
SELECT p.b = s.b AS bytea_same, p.j = s.j AS jsonb_same, p.b->'verdict' AS verdict
FROM parallel_result p,
	(SELECT uuid_detect_representation(bytes) AS b, uuid_detect_representation(canonical) AS j
	 FROM fixture WHERE set <> 'crafted' AND representation = 'csharpLegacy') s;
RESET max_parallel_workers_per_gather;
RESET min_parallel_table_scan_size;
RESET parallel_tuple_cost;
RESET parallel_setup_cost;

-- markings: the per-value test is IMMUTABLE; the transition functions read
-- the transaction start time (STABLE); all PARALLEL SAFE
SELECT p.oid::regprocedure AS function, p.provolatile AS vol, p.proisstrict AS strict,
	p.proparallel AS par
FROM pg_proc p WHERE p.proname IN ('uuid_representations', 'uuid_detect_accum',
	'uuid_detect_combine', 'uuid_detect_serialize', 'uuid_detect_deserialize',
	'uuid_detect_final')
ORDER BY 1::text;
SELECT aggfnoid::regprocedure, aggtransfn, aggfinalfn, aggcombinefn, aggserialfn,
	aggdeserialfn, aggfinalmodify, p.proparallel
FROM pg_aggregate a JOIN pg_proc p ON p.oid = a.aggfnoid
WHERE aggfnoid::regprocedure::text LIKE 'uuid_detect_representation(%' ORDER BY 1::text;

DROP TABLE fixture, legacy_mixed;
