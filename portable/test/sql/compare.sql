--
-- compare: the C extension (schema c) and the portable edition (schema p),
-- installed side by side in one database, give the same results and the
-- same errors (SQLSTATE, message, detail, hint) on the same inputs.  Every
-- query counts the inputs on which they differ: 0 each.
--
\set SHOW_CONTEXT never
SET search_path = pg_catalog;
SET timezone = 'UTC';

-- the outcome of one call: its result as text, or its error
CREATE FUNCTION pg_temp.outcome(q text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
	r text;
	st text;
	msg text;
	det text;
	hin text;
BEGIN
	EXECUTE q INTO r;
	RETURN 'ok: ' || coalesce(r, 'NULL');
EXCEPTION WHEN OTHERS THEN
	GET STACKED DIAGNOSTICS st = RETURNED_SQLSTATE, msg = MESSAGE_TEXT,
		det = PG_EXCEPTION_DETAIL, hin = PG_EXCEPTION_HINT;
	RETURN format('%s %s | %s | %s', st, msg, det, hin);
END
$$;
-- the number of arguments on which c.f and p.f differ; when they do, the
-- first few are shown (so a failure says where)
CREATE FUNCTION pg_temp.differ(f text, args text[], suffix text DEFAULT '') RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
	a text;
	oc text;
	op text;
	n bigint := 0;
BEGIN
	FOREACH a IN ARRAY args LOOP
		oc := pg_temp.outcome(format('SELECT c.%s(%s)%s', f, a, suffix));
		op := pg_temp.outcome(format('SELECT p.%s(%s)%s', f, a, suffix));
		IF oc IS DISTINCT FROM op THEN
			n := n + 1;
			IF n <= 3 THEN
				RAISE NOTICE '%(%): C % / portable %', f, a, oc, op;
			END IF;
		END IF;
	END LOOP;
	RETURN n;
END
$$;

-- inputs: 12-byte values (random and the ends), UUIDs of every version and
-- variant (random, RFC vectors, nil, max), instants across and beyond every
-- layout's range, byte strings of every length around 12 and 16,
-- representation names
CREATE TEMP TABLE b12 AS
SELECT substr(uuid_send(gen_random_uuid()), 1, 6) || substr(uuid_send(gen_random_uuid()), 10, 6) AS b
FROM generate_series(1, 1000)
UNION ALL VALUES ('\x000000000000000000000000'::bytea), ('\xffffffffffffffffffffffff'),
	('\x7fffffffffffffffffffffff'), ('\x800000000000000000000000'), ('\x507f1f77bcf86cd799439011');
CREATE TEMP TABLE uuids AS
SELECT (substr(h, 1, 12) || v || substr(h, 14, 3) || substr('89ab', (get_byte(decode(h, 'hex'), 8) & 3) + 1, 1)
	|| substr(h, 18))::uuid AS u
FROM (SELECT encode(uuid_send(gen_random_uuid()), 'hex') || '' AS h FROM generate_series(1, 100)) s,
	unnest('{0,1,2,3,4,5,6,7,8,9,f}'::text[]) v
UNION ALL
SELECT encode(substr(uuid_send(gen_random_uuid()), 1, 8) || substr(uuid_send(gen_random_uuid()), 1, 8), 'hex')::uuid
FROM generate_series(1, 200)
UNION ALL VALUES ('c232ab00-9414-11ec-b3c8-9f6bdeced846'::uuid), ('1ec9414c-232a-6b00-b3c8-9f6bdeced846'),
	('017f22e2-79b0-7cc3-98c4-dc0c0c07398f'), ('2489e9ad-2ee2-8e00-8ec9-32d5f69181c0'),
	('00000000-0000-0000-0000-000000000000'), ('ffffffff-ffff-ffff-ffff-ffffffffffff'),
	('507f1f77-bcf8-86cd-9e65-0e4044000000'), ('507f1f77-bcf8-86cd-9e65-0e4044000001');
CREATE TEMP TABLE instants AS
SELECT timestamptz 'epoch' + random() * interval '12000 years' - interval '1000 years' AS t
FROM generate_series(1, 300)
UNION ALL SELECT timestamptz 'epoch' + random() * interval '200 years' FROM generate_series(1, 300)
UNION ALL VALUES ('infinity'::timestamptz), ('-infinity'), ('epoch'), ('1969-12-31 23:59:59.999999+00'),
	('2106-02-07 06:28:15.999999+00'), ('2106-02-07 06:28:16+00'), ('10889-08-02 05:31:50.655999+00'),
	('10889-08-02 05:31:50.656+00'), ('1582-10-15 00:00:00+00'), ('294276-12-31 23:59:59+00');
CREATE TEMP TABLE bytes AS
SELECT substr('\x00112233445566778899aabbccddeeff0011'::bytea, 1, n) AS b FROM generate_series(0, 18) n;
CREATE TEMP TABLE reprs AS
SELECT unnest('{standard,javaLegacy,csharpLegacy,pythonLegacy,unspecified,STANDARD,JAVA_LEGACY,C_SHARP_LEGACY,CSHARP_LEGACY,PYTHON_LEGACY,javalegacy,java,"",bogus," standard"}'::text[]) AS r;

-- objectid: text, bytes, second, UUID mapping, Extended JSON, order
SELECT count(*) AS ids,
	count(*) FILTER (WHERE c.objectid(b)::text <> p.objectid(b)::text) AS text,
	count(*) FILTER (WHERE c.bytea(c.objectid(b)) <> p.bytea(p.objectid(b))) AS bytes,
	count(*) FILTER (WHERE c.objectid_timestamp(c.objectid(b)) <> p.objectid_timestamp(p.objectid(b))) AS second,
	count(*) FILTER (WHERE c.objectid_to_uuid(c.objectid(b)) <> p.objectid_to_uuid(p.objectid(b))) AS to_uuid,
	count(*) FILTER (WHERE c.uuid_to_objectid(c.objectid_to_uuid(c.objectid(b)))::text
		<> p.uuid_to_objectid(p.objectid_to_uuid(p.objectid(b)))::text) AS from_uuid,
	count(*) FILTER (WHERE c.objectid_to_extjson(c.objectid(b)) <> p.objectid_to_extjson(p.objectid(b))) AS extjson,
	count(*) FILTER (WHERE c.objectid_from_extjson(c.objectid_to_extjson(c.objectid(b)))::text
		<> p.objectid_from_extjson(p.objectid_to_extjson(p.objectid(b)))::text) AS from_extjson,
	count(*) FILTER (WHERE c.objectid_in(upper(encode(b, 'hex'))::cstring)::text
		<> p.objectid_in(upper(encode(b, 'hex')))::text) AS upper_input
FROM b12;
SELECT count(*) FILTER (WHERE rc <> rp) AS order_differs
FROM (SELECT row_number() OVER (ORDER BY c.objectid(b)) AS rc,
             row_number() OVER (ORDER BY p.objectid(b)) AS rp FROM b12) s;

-- UUID readers and conversions
SELECT count(*) AS uuids,
	count(*) FILTER (WHERE c.uuid_extract_version(u) IS DISTINCT FROM p.uuid_extract_version(u)) AS version,
	count(*) FILTER (WHERE c.uuid_extract_timestamp(u) IS DISTINCT FROM p.uuid_extract_timestamp(u)) AS extract_timestamp,
	count(*) FILTER (WHERE c.uuid_timestamp(u) IS DISTINCT FROM p.uuid_timestamp(u)) AS uuid_timestamp,
	count(*) FILTER (WHERE c.uuidv6_extract_timestamp(u) IS DISTINCT FROM p.uuidv6_extract_timestamp(u)) AS v6_timestamp,
	count(*) FILTER (WHERE c.uuidv8_extract_timestamp(u) IS DISTINCT FROM p.uuidv8_extract_timestamp(u)) AS v8_timestamp,
	count(*) FILTER (WHERE c.uuidv8(uuid_send(u)) <> p.uuidv8(uuid_send(u))) AS v8_bytes
FROM uuids;
SELECT pg_temp.differ(f, array_agg(quote_literal(u::text) || '::uuid')) AS differ, f
FROM uuids, unnest('{uuid_v1_to_v6,uuid_v6_to_v1,uuid_to_objectid}'::text[]) f
GROUP BY f ORDER BY f;
SELECT pg_temp.differ(f, array_agg(quote_literal(u::text) || '::uuid, ' || quote_literal(r))) AS differ, f
FROM (SELECT u FROM uuids LIMIT 20) u, reprs, unnest('{uuid_to_bytea,uuid_to_extjson}'::text[]) f
GROUP BY f ORDER BY f;
SELECT pg_temp.differ('uuid_from_bytea', array_agg(quote_literal(b::text) || '::bytea, ' || quote_literal(r))) AS differ
FROM bytes, reprs;

-- uuid_representations on every UUID's bytes in every byte order
SELECT count(*) FILTER (WHERE c.uuid_representations(b) <> p.uuid_representations(b)) AS representations_differ
FROM (SELECT c.uuid_to_bytea(u, r) AS b FROM uuids,
	unnest('{standard,javaLegacy,csharpLegacy}'::text[]) r) s;
SELECT pg_temp.differ('uuid_representations', array_agg(quote_literal(b::text) || '::bytea')) AS differ FROM bytes;

-- Extended JSON UUIDs: every form each edition writes, and malformed ones,
-- read with every representation name
CREATE TEMP TABLE docs AS
SELECT c.uuid_to_extjson(u, r) AS j
FROM (SELECT u FROM uuids LIMIT 10) u, unnest('{standard,javaLegacy,csharpLegacy,pythonLegacy}'::text[]) r
UNION ALL SELECT jsonb_build_object('$uuid', u::text) FROM (SELECT u FROM uuids LIMIT 5) u
UNION ALL SELECT jsonb_build_object('$binary', c.uuid_to_extjson(u, 'javaLegacy') #> '{$binary,base64}', '$type', '3')
FROM (SELECT u FROM uuids LIMIT 5) u
UNION ALL SELECT j::jsonb FROM unnest(ARRAY[
	'[]', '"x"', 'null', '{}', '{"$type": "04"}', '{"$binary": {}}', '{"$binary": 1.5}',
	'{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w==", "subType": "05"}}',
	'{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w==", "subType": "g"}}',
	'{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w==", "subType": ""}}',
	'{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w==", "subType": 4}}',
	'{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w==", "subType": "04", "base": 1}}',
	'{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/wAA", "subType": "04"}}',
	'{"$binary": {"base64": "", "subType": "03"}}',
	'{"$binary": {"base64": "ABEiM0RVZneI\nmaq7zN3u/w==", "subType": "04"}}',
	'{"$binary": "ABEiM0RVZneImaq7zN3u/w=", "$type": "03"}',
	'{"$binary": "ABEiM0RVZneImaq7zN3u_w==", "$type": "03"}',
	'{"$binary": "ABEiM0RVZneImaq7zN3u/w==", "$type": 3}',
	'{"$uuid": "00112233-4455-6677-8899-aabbccddeef"}', '{"$uuid": "{00112233-4455-6677-8899-aabbccddeeff}"}',
	'{"$uuid": "00112233-4455-6677-8899-aabbccddeeff", "$binary": "x"}', '{"$UUID": "x", "$uuid": 1}'
	]) j;
SELECT pg_temp.differ('uuid_from_extjson', array_agg(quote_literal(j::text) || '::jsonb, ' || quote_literal(r))) AS differ,
	count(*) AS calls
FROM docs, reprs;

-- the setting, for the one-argument forms (each value the C extension
-- accepts in SET)
SELECT pg_temp.differ(f, array_agg(quote_literal(u::text) || '::uuid')) AS differ, f, r
FROM (SELECT u FROM uuids LIMIT 10) u, unnest('{uuid_to_bytea,uuid_to_extjson}'::text[]) f,
	(VALUES ('standard'), ('javaLegacy'), ('csharpLegacy'), ('pythonLegacy'), ('unspecified')) r(r),
	LATERAL (SELECT set_config('objectid.uuid_representation', r, true)) s
GROUP BY f, r ORDER BY f, r;
RESET objectid.uuid_representation;

-- bytes of every length: objectid(bytea), uuidv8(bytea)
SELECT pg_temp.differ(f, array_agg(quote_literal(b::text) || '::bytea')) AS differ, f
FROM bytes, unnest('{objectid,uuidv8}'::text[]) f
GROUP BY f ORDER BY f;

-- instants: the boundaries, and the generators that take one (their
-- random parts cut off: the seconds of objectid(t), the first 18 digits
-- of uuidv7_at(t)), errors alike
SELECT pg_temp.differ(f, array_agg(quote_literal(t::text) || '::timestamptz')) AS differ, f
FROM instants, unnest('{objectid_from_timestamp,uuidv7_from_timestamp,objectid_first_at_or_after,objectid_first_after,objectid_last_before,objectid_last_at_or_before,objectid_first_in_second}'::text[]) f
GROUP BY f ORDER BY f;
-- the same bounds of the instants as a date and as a timestamp, read in
-- a time zone ahead of UTC
SET timezone = 'Asia/Kolkata';
SELECT pg_temp.differ(f, array_agg(quote_literal(t::date::text) || '::date')) AS differ_date,
	pg_temp.differ(f, array_agg(quote_literal(t::timestamp::text) || '::timestamp')) AS differ_timestamp, f
FROM instants, unnest('{objectid_first_at_or_after,objectid_first_after,objectid_last_before,objectid_last_at_or_before}'::text[]) f
WHERE t < '294276-12-30+00'
GROUP BY f ORDER BY f;
SET timezone = 'UTC';
SELECT count(*) FILTER (WHERE pg_temp.outcome(format('SELECT substr(c.objectid(%L::timestamptz)::text, 1, 8)', t))
	<> pg_temp.outcome(format('SELECT substr(p.objectid(%L::timestamptz)::text, 1, 8)', t))) AS objectid_at,
	count(*) FILTER (WHERE pg_temp.outcome(format('SELECT substr(c.uuidv7_at(%L::timestamptz)::text, 1, 18)', t))
	<> pg_temp.outcome(format('SELECT substr(p.uuidv7_at(%L::timestamptz)::text, 1, 18)', t))) AS uuidv7_at
FROM instants;
-- shifts: the error, or the same instant to the second
SELECT count(*) FILTER (WHERE pg_temp.outcome(format('SELECT date_trunc(''minute'', c.uuid_timestamp(c.uuidv7(%L::interval)))', s))
	<> pg_temp.outcome(format('SELECT date_trunc(''minute'', p.uuid_timestamp(p.uuidv7(%L::interval)))', s))) AS uuidv7_shift
FROM unnest('{0,1 day,-1 day,-56 years,-57 years,-100 years,8000 years,9000 years,200000 years,300000 years}'::text[]) s;

-- generated values: both editions' ids of the same moment carry the same
-- second (objectid), millisecond (uuidv7, within 50 ms), version and variant
SELECT abs(extract(epoch FROM c.objectid_timestamp(c.objectid()) - p.objectid_timestamp(p.objectid()))) <= 1 AS objectid_second,
	abs(extract(epoch FROM c.uuid_timestamp(c.uuidv7()) - p.uuid_timestamp(p.uuidv7()))) < 0.05 AS uuidv7_ms,
	abs(extract(epoch FROM c.uuid_timestamp(c.uuidv6()) - p.uuid_timestamp(p.uuidv6()))) < 0.05 AS uuidv6_time,
	abs(extract(epoch FROM c.uuidv8_extract_timestamp(c.uuidv8()) - p.uuidv8_extract_timestamp(p.uuidv8()))) < 0.05 AS uuidv8_time,
	c.uuid_extract_version(p.uuidv7()) || ',' || c.uuid_extract_version(p.uuidv6()) || ','
		|| c.uuid_extract_version(p.uuidv8()) || ',' || c.uuid_extract_version(p.uuidv4()) AS portable_versions;

-- moving a column to the C type and back: one ALTER TABLE each, values,
-- order, the index, uniqueness and the DEFAULT kept (the default is
-- replaced in the same statement: a default returning one type cannot be
-- cast to the other automatically)
CREATE TABLE public.moving (id p.objectid PRIMARY KEY DEFAULT p.objectid(), n int);
INSERT INTO public.moving (n) SELECT g FROM generate_series(1, 1000) g;
INSERT INTO public.moving SELECT encode(b, 'hex'), 0 FROM b12 ON CONFLICT DO NOTHING;
CREATE TEMP TABLE before AS SELECT id::text AS id, n FROM public.moving;
ALTER TABLE public.moving
	ALTER COLUMN id DROP DEFAULT,
	ALTER COLUMN id TYPE c.objectid USING id::text::c.objectid,
	ALTER COLUMN id SET DEFAULT c.objectid();
SELECT format_type(atttypid, atttypmod) AS moved_to,
	(SELECT count(*) FROM public.moving m JOIN before b ON m.id::text = b.id AND m.n = b.n) AS rows_kept,
	(SELECT count(*) FROM before) AS rows_before,
	pg_get_expr(adbin, adrelid) AS default
FROM pg_attribute JOIN pg_attrdef ON adrelid = attrelid AND adnum = attnum
WHERE attrelid = 'public.moving'::regclass AND attname = 'id';
-- the same order, the index used, uniqueness enforced, the default works
SELECT count(*) FILTER (WHERE rc <> rp) AS order_differs
FROM (SELECT row_number() OVER (ORDER BY m.id) AS rc, row_number() OVER (ORDER BY b.id COLLATE "C") AS rp
      FROM public.moving m JOIN before b ON m.id::text = b.id) s;
SET enable_seqscan = off;
SET enable_bitmapscan = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM public.moving
WHERE id OPERATOR(c.>=) c.objectid_from_timestamp('2000-01-01') AND n > 0;
SELECT count(*) AS found_by_index FROM public.moving
WHERE id OPERATOR(c.>=) c.objectid_from_timestamp('2000-01-01') AND n > 0;
RESET enable_seqscan;
RESET enable_bitmapscan;
INSERT INTO public.moving VALUES ('507f1f77bcf86cd799439011', -1);	-- error: duplicate key
INSERT INTO public.moving (n) VALUES (-2) RETURNING c.objectid_timestamp(id) > now() - interval '1 minute' AS default_works;
-- and back to the portable edition
ALTER TABLE public.moving
	ALTER COLUMN id DROP DEFAULT,
	ALTER COLUMN id TYPE p.objectid USING id::text::p.objectid,
	ALTER COLUMN id SET DEFAULT p.objectid();
SELECT count(*) AS rows_kept_back FROM public.moving m JOIN before b ON m.id::text = b.id AND m.n = b.n;
SELECT count(*) FILTER (WHERE rc <> rp) AS order_differs_back
FROM (SELECT row_number() OVER (ORDER BY m.id) AS rc, row_number() OVER (ORDER BY m.id::text::c.objectid) AS rp
      FROM public.moving m) s;
DROP TABLE public.moving;

-- uuid_detect_representation: the same report (verdict, reason, chances,
-- counts) on columns written in each byte order, of versions 4, 7 and 1, on
-- too few rows, random bytes, mixtures, nil/max/null/short values, more
-- than 256 distinct values, no rows, and Extended JSON documents (0)
SET search_path = pg_catalog, public;
CREATE TEMP TABLE detect_sets (name text, b bytea);
INSERT INTO detect_sets
SELECT 'v4 ' || r, c.uuid_to_bytea(gen_random_uuid(), r)
FROM generate_series(1, 40), unnest('{standard,javaLegacy,csharpLegacy}'::text[]) r;
INSERT INTO detect_sets
SELECT 'v7 ' || r, c.uuid_to_bytea(c.uuidv7_at(timestamptz '2001-01-01' + g * interval '17 days'), r)
FROM generate_series(1, 40) g, unnest('{standard,javaLegacy,csharpLegacy}'::text[]) r;
INSERT INTO detect_sets
SELECT 'v1 ' || r, c.uuid_to_bytea(c.uuid_v6_to_v1(c.uuidv6()), r)
FROM generate_series(1, 30) g, unnest('{standard,javaLegacy,csharpLegacy}'::text[]) r;
INSERT INTO detect_sets
SELECT 'few ' || n, c.uuid_to_bytea(gen_random_uuid(), 'javaLegacy') FROM generate_series(1, 3) n, generate_series(1, n);
INSERT INTO detect_sets
SELECT 'random', substr(uuid_send(gen_random_uuid()), 9, 8) || substr(uuid_send(gen_random_uuid()), 1, 8)
FROM generate_series(1, 100);
INSERT INTO detect_sets
SELECT 'mixed', c.uuid_to_bytea(gen_random_uuid(), CASE WHEN g % 2 = 0 THEN 'javaLegacy' ELSE 'csharpLegacy' END)
FROM generate_series(1, 60) g;
INSERT INTO detect_sets VALUES ('odd', '\x00000000000000000000000000000000'), ('odd', '\xffffffffffffffffffffffffffffffff'),
	('odd', NULL), ('odd', '\x0011'), ('odd', c.uuid_to_bytea('017f22e2-79b0-7cc3-98c4-dc0c0c07398f', 'standard')),
	('odd', c.uuid_to_bytea('017f22e2-79b0-7cc3-98c4-dc0c0c07398f', 'standard'));
INSERT INTO detect_sets SELECT 'many', c.uuid_to_bytea(gen_random_uuid(), 'csharpLegacy') FROM generate_series(1, 300);
INSERT INTO detect_sets SELECT 'many', b FROM detect_sets WHERE name = 'many' LIMIT 50;
SELECT count(*) AS sets, count(*) FILTER (WHERE rc IS DISTINCT FROM rp) AS reports_differ,
	string_agg(name || ': ' || coalesce(rc->>'verdict', rc->>'reason'), ', ' ORDER BY name)
		FILTER (WHERE name <> 'random' AND name NOT LIKE 'v1 %') AS verdicts
FROM (SELECT name, c.uuid_detect_representation(b) AS rc, p.uuid_detect_representation(b) AS rp
      FROM detect_sets GROUP BY name) s;
SELECT c.uuid_detect_representation(b) = p.uuid_detect_representation(b) AS no_rows_same
FROM detect_sets WHERE false;
CREATE TEMP TABLE detect_docs AS
SELECT 'java' AS name, c.uuid_to_extjson(gen_random_uuid(), 'javaLegacy') AS j FROM generate_series(1, 20)
UNION ALL SELECT 'standard', c.uuid_to_extjson(gen_random_uuid(), 'standard') FROM generate_series(1, 3)
UNION ALL SELECT 'python', c.uuid_to_extjson(gen_random_uuid(), 'pythonLegacy') FROM generate_series(1, 20)
UNION ALL SELECT 'odd', '{"$binary": {"base64": "ABEiM0RVZneImaq7zN3u/w==", "subType": "05"}}'
UNION ALL SELECT 'odd', '{"$binary": {"base64": "ABEi", "subType": "04"}}'
UNION ALL SELECT 'odd', '{"$uuid": "00112233-4455-6677-8899-aabbccddeeff"}'
UNION ALL SELECT 'odd', NULL;
SELECT count(*) AS sets, count(*) FILTER (WHERE rc IS DISTINCT FROM rp) AS reports_differ,
	string_agg(name || ': ' || coalesce(rc->>'verdict', rc->>'reason'), ', ' ORDER BY name) AS verdicts
FROM (SELECT name, c.uuid_detect_representation(j) AS rc, p.uuid_detect_representation(j) AS rp
      FROM detect_docs GROUP BY name) s;
-- a malformed document is an error in both
SELECT pg_temp.outcome('SELECT c.uuid_detect_representation(j) FROM (VALUES (''{"x": 1}''::jsonb)) v(j)')
	= pg_temp.outcome('SELECT p.uuid_detect_representation(j) FROM (VALUES (''{"x": 1}''::jsonb)) v(j)') AS same_error;
-- markings: every function of the C extension that the portable edition has
-- (the same name and argument type names) is marked alike (volatility,
-- strictness, parallel safety), but for the generators with session state,
-- PARALLEL UNSAFE in the portable edition (portable/README.md); and no
-- C function callable from SQL (no internal argument: support functions
-- differ by major) is missing but the type's own (its operators and I/O are
-- text's in the portable edition)
CREATE TEMP VIEW markings AS
SELECT pronamespace::regnamespace::text AS edition, proname,
	(SELECT string_agg(t.typname, ', ' ORDER BY a.n)
	   FROM unnest(proargtypes::oid[]) WITH ORDINALITY a(typ, n)
	   JOIN pg_type t ON t.oid = a.typ) AS args,
	concat(provolatile, ' ', CASE WHEN proisstrict THEN 'strict' ELSE 'called' END, ' ', proparallel) AS marks
FROM pg_proc WHERE pronamespace IN ('c'::regnamespace, 'p'::regnamespace) AND prokind = 'f'
	AND NOT 'internal'::regtype = ANY (proargtypes::oid[]);
SELECT mc.proname, mc.args, mc.marks AS c, mp.marks AS p
FROM (SELECT * FROM markings WHERE edition = 'c') mc
LEFT JOIN (SELECT * FROM markings WHERE edition = 'p') mp
	ON mp.proname = mc.proname AND mp.args IS NOT DISTINCT FROM mc.args
WHERE mp.marks IS DISTINCT FROM mc.marks
ORDER BY 1, 2;
