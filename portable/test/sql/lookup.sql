--
-- lookup: the plain route's domain in queries (portable/README.md,
-- "Differences" item 4 and "Safety where others can create objects").
-- objectid is a domain over text: a comparison whose other side is not
-- an objectid is text's, which checks nothing.
--
\set SHOW_CONTEXT never
SET search_path = public, pg_catalog;

CREATE TABLE lookup (id objectid PRIMARY KEY, n int);
INSERT INTO lookup SELECT lpad(to_hex(g * 7919), 24, '0'), g FROM generate_series(1, 1000) g;
INSERT INTO lookup VALUES ('507f1f77bcf86cd799439011', 0);
ANALYZE lookup;

-- the documented idiom for a string from outside: cast it to objectid.
-- It finds the row (0), refuses what is not an objectid (22P02, an
-- uppercase one with its hint) and uses the primary key, in a custom plan
-- and in a generic one
PREPARE by_id(text) AS SELECT n FROM lookup WHERE id = $1::objectid;
EXECUTE by_id('507f1f77bcf86cd799439011');
EXECUTE by_id('not-an-objectid');
EXECUTE by_id('507F1F77BCF86CD799439011');
-- input that may be uppercase: lowercase it first (either edition)
PREPARE by_any_case(text) AS SELECT n FROM lookup WHERE id = lower($1)::objectid;
EXECUTE by_any_case('507F1F77BCF86CD799439011');
EXPLAIN (COSTS OFF) EXECUTE by_id('507f1f77bcf86cd799439011');
SET plan_cache_mode = force_generic_plan;
EXPLAIN (COSTS OFF) EXECUTE by_id('507f1f77bcf86cd799439011');
EXECUTE by_id('not-an-objectid');
RESET plan_cache_mode;

-- without the cast the string is compared as text, unchecked: no error and
-- no row where the C type finds the row (uppercase) or refuses the string
-- (22P02); the same for a text parameter and a range bound (0 each)
SELECT count(*) AS uppercase FROM lookup WHERE id = '507F1F77BCF86CD799439011';
SELECT count(*) AS not_an_objectid FROM lookup WHERE id = 'not-an-objectid';
PREPARE by_text(text) AS SELECT count(*) FROM lookup WHERE id = $1;
EXECUTE by_text('not-an-objectid');
SELECT count(*) AS range_bound FROM lookup WHERE id >= 'zzz';

-- An operator = on the domain wins over text's from any schema of the
-- path, pg_catalog's included (it matches the domain exactly, text's only
-- after the domain is reduced to text): here planted, after public.  It
-- runs for every row (its calls counted: 1,001) and the primary key is not
-- used.  So no untrusted role may create in a schema on the path of the
-- roles that use the edition (portable/README.md, "Safety").  min() the
-- same.
CREATE SCHEMA planted;
CREATE SEQUENCE planted.calls;
CREATE FUNCTION planted.eq(objectid, objectid) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_catalog.nextval('planted.calls');
	RETURN $1::pg_catalog.text OPERATOR(pg_catalog.=) $2::pg_catalog.text;
END
$$;
CREATE OPERATOR planted.= (LEFTARG = objectid, RIGHTARG = objectid, FUNCTION = planted.eq);
CREATE FUNCTION planted.smaller(objectid, objectid) RETURNS objectid
LANGUAGE sql AS $$ SELECT 'ffffffffffffffffffffffff'::public.objectid $$;
CREATE AGGREGATE planted.min(objectid) (SFUNC = planted.smaller, STYPE = objectid);
SET search_path = public, pg_catalog, planted;
EXPLAIN (COSTS OFF) SELECT n FROM lookup WHERE id = '507f1f77bcf86cd799439011'::objectid;
SELECT n FROM lookup WHERE id = '507f1f77bcf86cd799439011'::objectid;
SELECT last_value AS planted_calls FROM planted.calls;
SELECT min(id) FROM lookup;
-- planted off the path: text's = and min, the index
SET search_path = public, pg_catalog;
EXPLAIN (COSTS OFF) SELECT n FROM lookup WHERE id = '507f1f77bcf86cd799439011'::objectid;
SELECT min(id) FROM lookup;

SET client_min_messages = warning;
DROP SCHEMA planted CASCADE;
RESET client_min_messages;
DROP TABLE lookup;
