--
-- core_names: installing the extension changes the meaning of no query that
-- works without it, and where core has a function of the same name, the
-- extension's gives the same results.
--
-- Core has uuid_extract_timestamp(uuid) and uuid_extract_version(uuid) from
-- 17 on, and uuidv4(), uuidv7() and uuidv7(interval) from 18 on; the
-- extension brings the same names to older servers.  pg_catalog is searched
-- first, so on a server that has them, unqualified calls reach core's.
-- What this file prints differs by major: expected/core_names.out is 15 and
-- 16, core_names_1.out 17, core_names_2.out 18 and 19.
--
-- It runs in a database of its own, first without the extension.
\set regress_db :DBNAME
CREATE DATABASE objectid_core_names;
\c objectid_core_names
SET timezone = 'UTC';

-- the names core has on this server
SELECT p.oid::regprocedure AS core_function
FROM pg_proc p
WHERE p.pronamespace = 'pg_catalog'::regnamespace
  AND p.proname IN ('uuidv4', 'uuidv7', 'uuid_extract_timestamp', 'uuid_extract_version')
ORDER BY 1::text;

-- resolve(call): the functions a call reaches, read from the parse tree a
-- view stores (pg_depend would not do: it records no core functions), or
-- the error that parsing it raises
CREATE FUNCTION resolve(call text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
	fn text;
BEGIN
	EXECUTE format('CREATE TEMP VIEW resolve_v AS SELECT %s', call);
	SELECT string_agg(p.pronamespace::regnamespace || '.' || p.proname || '('
					  || pg_get_function_identity_arguments(p.oid) || ')', ', '
					  ORDER BY m.n)
	INTO fn
	FROM pg_rewrite r,
		 regexp_matches(r.ev_action::text, ':funcid (\d+)', 'g') WITH ORDINALITY m(id, n),
		 pg_proc p
	WHERE r.ev_class = 'resolve_v'::regclass AND p.oid = m.id[1]::oid;
	DROP VIEW resolve_v;
	RETURN fn;
EXCEPTION
	WHEN undefined_function OR ambiguous_function THEN
		RETURN 'error: ' || SQLERRM;
END
$$;

-- calls as applications write them: untyped literals and NULLs included
CREATE TABLE calls (call text);
INSERT INTO calls VALUES
	('uuidv7()'),
	($$uuidv7('-1 hour')$$),
	('uuidv7(NULL)'),
	($$uuidv7(interval '1 day')$$),
	('uuidv4()'),
	($$uuid_extract_timestamp('017f22e2-79b0-7cc3-98c4-dc0c0c07398f')$$),
	('uuid_extract_timestamp(NULL)'),
	($$uuid_extract_version('017f22e2-79b0-7cc3-98c4-dc0c0c07398f')$$),
	('uuid_extract_version(gen_random_uuid())');
CREATE TABLE resolved_before AS SELECT call, resolve(call) AS fn FROM calls;

-- untyped parameters of prepared statements (drivers send them all the time)
CREATE TABLE prepared_before AS
SELECT name, parameter_types::text FROM pg_prepared_statements WHERE false;
PREPARE shift_v7 AS SELECT uuid_extract_timestamp(uuidv7($1)) - now() > interval '59 minutes';
PREPARE version_of AS SELECT uuid_extract_version($1);
PREPARE time_of AS SELECT uuid_extract_timestamp($1);
INSERT INTO prepared_before
SELECT name, parameter_types::text FROM pg_prepared_statements;
DEALLOCATE ALL;

-- core's own descriptions of those functions (\df+)
CREATE TABLE core_comments AS
SELECT p.oid, obj_description(p.oid, 'pg_proc') AS description
FROM pg_proc p
WHERE p.pronamespace = 'pg_catalog'::regnamespace
  AND p.proname IN ('uuidv4', 'uuidv7', 'uuid_extract_timestamp', 'uuid_extract_version');

SET objectid.generator = session;  -- no WARNING on 15 and 16 (see init.sql)
CREATE EXTENSION objectid;

-- the extension's COMMENT ON statements reached its own functions, not
-- core's of the same name
SELECT count(*) AS core_comments_changed
FROM core_comments
WHERE description IS DISTINCT FROM obj_description(oid, 'pg_proc');  -- 0

-- every call reaches the function it reached before, or, where it failed
-- before, the extension's
SELECT c.call, b.fn AS before, resolve(c.call) AS after
FROM calls c JOIN resolved_before b USING (call)
ORDER BY c.call;
SELECT count(*) AS changed_meaning
FROM calls c JOIN resolved_before b USING (call)
WHERE b.fn NOT LIKE 'error:%' AND b.fn IS DISTINCT FROM resolve(c.call);  -- 0

-- the same untyped parameters now: same parameter types as before, and the
-- calls work (the last two on the RFC 9562 v7 vector)
PREPARE shift_v7 AS SELECT uuid_extract_timestamp(uuidv7($1)) - now() > interval '59 minutes';
PREPARE version_of AS SELECT uuid_extract_version($1);
PREPARE time_of AS SELECT uuid_extract_timestamp($1);
SELECT p.name, b.parameter_types AS before, p.parameter_types AS after
FROM pg_prepared_statements p LEFT JOIN prepared_before b USING (name)
ORDER BY p.name;
EXECUTE shift_v7('1 hour');	-- t (17: null, core 17's reader reads v1 only)
EXECUTE version_of('017f22e2-79b0-7cc3-98c4-dc0c0c07398f');	-- 7
EXECUTE time_of('017f22e2-79b0-7cc3-98c4-dc0c0c07398f');	-- 2022-02-22 19:22:22 (17: null)
DEALLOCATE ALL;

-- Where core has the name: the same results as core's.  The samples cover
-- every version nibble under every variant, random otherwise, plus the
-- RFC 9562 vectors and the nil and max UUIDs.
CREATE TABLE samples AS
SELECT encode(set_byte(set_byte(b, 6, v * 16 + (get_byte(b, 6) & 15)),
					   8, var * 64 + (get_byte(b, 8) & 63)), 'hex')::uuid AS u
FROM (SELECT v, var, uuid_send(gen_random_uuid()) AS b
	  FROM generate_series(0, 15) v, generate_series(0, 3) var,
		   generate_series(1, 50) n) r
UNION ALL
VALUES ('c232ab00-9414-11ec-b3c8-9f6bdeced846'::uuid), ('1ec9414c-232a-6b00-b3c8-9f6bdeced846'),
	   ('017f22e2-79b0-7cc3-98c4-dc0c0c07398f'), ('2489e9ad-2ee2-8e00-8ec9-32d5f69181c0'),
	   ('00000000-0000-0000-0000-000000000000'), ('ffffffff-ffff-ffff-ffff-ffffffffffff');

SELECT format($$SELECT %1$L AS reader, count(*) AS samples,
	count(*) FILTER (WHERE pg_catalog.%1$I(u) IS DISTINCT FROM public.%1$I(u)) AS differ
	FROM samples$$, p.proname)
FROM pg_proc p
WHERE p.pronamespace = 'pg_catalog'::regnamespace
  AND p.proname IN ('uuid_extract_timestamp', 'uuid_extract_version')
ORDER BY p.proname \gexec

-- where they differ, by version (17's core reads v1 only; 18's reads v7 too)
SELECT format($$SELECT public.uuid_extract_version(u) AS version, count(*) AS differ
	FROM samples WHERE pg_catalog.%1$I(u) IS DISTINCT FROM public.%1$I(u)
	GROUP BY 1 ORDER BY 1$$, p.proname)
FROM pg_proc p
WHERE p.pronamespace = 'pg_catalog'::regnamespace
  AND p.proname = 'uuid_extract_timestamp' \gexec

-- generators: the same version, variant and clock as core's (values differ
-- by nature; both from each of 1000 calls)
SELECT format($$SELECT %1$L AS generator,
	bool_and(uuid_extract_version(a) = uuid_extract_version(b)) AS same_version,
	bool_and(get_byte(uuid_send(a), 8) & 192 = get_byte(uuid_send(b), 8) & 192) AS same_variant,
	count(DISTINCT a) + count(DISTINCT b) AS distinct_values
	FROM (SELECT pg_catalog.%1$s AS a, public.%1$s AS b FROM generate_series(1, 1000)) s$$,
	g.call)
FROM (VALUES (1, 'uuidv4()'), (2, 'uuidv7()'), (3, $$uuidv7('-1 day')$$)) g(n, call)
WHERE EXISTS (SELECT FROM pg_proc p WHERE p.pronamespace = 'pg_catalog'::regnamespace
			  AND p.proname = 'uuidv7')
ORDER BY g.n \gexec

-- v7 timestamps of both agree with the clock, shifted or not
SELECT format($$SELECT %1$L AS call,
	pg_catalog.uuid_extract_timestamp(pg_catalog.%1$s) BETWEEN date_trunc('milliseconds', now() %2$s) AND clock_timestamp() %2$s AS core_in_window,
	pg_catalog.uuid_extract_timestamp(public.%1$s) BETWEEN date_trunc('milliseconds', now() %2$s) AND clock_timestamp() %2$s AS ours_in_window$$,
	g.call, g.shift)
FROM (VALUES (1, 'uuidv7()', ''), (2, $$uuidv7('-1 day')$$, $$- interval '1 day'$$),
			 (3, $$uuidv7('100 years')$$, $$+ interval '100 years'$$)) g(n, call, shift)
WHERE EXISTS (SELECT FROM pg_proc p WHERE p.pronamespace = 'pg_catalog'::regnamespace
			  AND p.proname = 'uuidv7')
ORDER BY g.n \gexec

-- errors: the same SQLSTATE and message for shifts out of v7's range
-- (error_of gives SQLSTATE, message and detail)
CREATE FUNCTION error_of(call text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
	detail text;
BEGIN
	EXECUTE 'SELECT ' || call;
	RETURN 'no error';
EXCEPTION
	WHEN OTHERS THEN
		GET STACKED DIAGNOSTICS detail = PG_EXCEPTION_DETAIL;
		RETURN SQLSTATE || ': ' || SQLERRM || coalesce(' / ' || nullif(detail, ''), '');
END
$$;
SELECT format($$SELECT %1$L AS shift, error_of(%2$L) AS core,
	error_of(%2$L) = error_of(%3$L) AS same$$,
	s.shift, 'pg_catalog.uuidv7(' || s.shift || ')', 'public.uuidv7(' || s.shift || ')')
FROM (VALUES (1, $$interval '-100 years'$$), (2, $$interval '10000 years'$$),
			 (3, $$interval '300000 years'$$)) s(n, shift)
WHERE EXISTS (SELECT FROM pg_proc p WHERE p.pronamespace = 'pg_catalog'::regnamespace
			  AND p.proname = 'uuidv7')
ORDER BY s.n \gexec

\c :regress_db
DROP DATABASE objectid_core_names;
