--
-- The objectid type (pg_tle route): a base type made by
-- pgtle.create_base_type, 12 bytes (pg_tle keeps a 4-byte bytea header
-- inside: typlen 16), with text input and output in PL/pgSQL.  The input
-- raises the C type's error (22P02, invalid input syntax for type
-- objectid): pg_tle's input function refuses a NULL from it with an error
-- that names no value.  portable/pgtle/generate puts this section in place
-- of the plain-SQL edition's domain, the functions defined here replace the
-- plain edition's of the same signature, and what follows the line
-- "pgtle: after the plain edition's functions" goes at the end.
--

-- pg_tle's schema.  Every member of pgtle_admin may create in pgtle, and
-- this script runs with the rights of whoever runs CREATE or ALTER
-- EXTENSION: it refuses a pgtle holding a function or operator that is
-- neither pg_tle's (a member of extension pg_tle) nor a registration
-- (pgtle."<name>.control"(), "<name>--<version>.sql"() and
-- "<name>--<from>--<to>.sql"(), which pgtle.install_extension and its kin
-- make: no arguments, SQL, returning text).  Besides, each call into
-- pgtle below casts every argument to pg_tle's parameter type, so that an
-- overload there cannot be chosen over pg_tle's own.  portable/pgtle/generate
-- also runs this block before registering the script.
DO $pgtle$
DECLARE
	path pg_catalog.text := pg_catalog.current_setting('search_path');
	problem pg_catalog.text;
BEGIN
	PERFORM pg_catalog.set_config('search_path', 'pg_catalog, pg_temp', true);
	SELECT format('%s %s belongs to role "%s"; it is neither pg_tle''s nor an extension registered with pg_tle.',
				  x.kind, x.obj, pg_get_userbyid(x.owner))
	INTO problem
	FROM (SELECT 'Function' AS kind, p.oid::regprocedure::text AS obj, p.proowner AS owner,
				 'pg_proc'::regclass AS cls, p.oid
		  FROM pg_proc p
		  WHERE p.pronamespace = 'pgtle'::regnamespace
			AND NOT (p.pronargs = 0 AND p.prokind = 'f' AND p.prorettype = 'text'::regtype
					 AND p.prolang = (SELECT l.oid FROM pg_language l WHERE l.lanname = 'sql')
					 AND p.proname ~ '^[^.]+(\.control|--.+\.sql)$')
		  UNION ALL
		  SELECT 'Operator', o.oid::regoperator::text, o.oprowner, 'pg_operator'::regclass, o.oid
		  FROM pg_operator o
		  WHERE o.oprnamespace = 'pgtle'::regnamespace) x
	WHERE NOT EXISTS (SELECT FROM pg_depend d
					  WHERE d.classid = x.cls AND d.objid = x.oid AND d.deptype = 'e'
						AND d.refclassid = 'pg_extension'::regclass
						AND d.refobjid = (SELECT e.oid FROM pg_extension e WHERE e.extname = 'pg_tle'))
	ORDER BY x.kind, x.obj
	LIMIT 1;
	IF problem IS NOT NULL THEN
		RAISE EXCEPTION 'schema pgtle holds an object that is not pg_tle''s'
			USING ERRCODE = '42501', DETAIL = problem,
			HINT = 'Every member of pgtle_admin may create in schema pgtle, and what it creates there could run with your privileges: drop the object, and find out who made it.';
	END IF;
	PERFORM pg_catalog.set_config('search_path', path, true);
END
$pgtle$;

SELECT pgtle.create_shell_type_if_not_exists('@extschema@'::pg_catalog.regnamespace,
	'objectid'::pg_catalog.name);

-- the I/O functions pg_tle calls (it creates objectid_portable_in(cstring)
-- and objectid_portable_out(objectid) in C around them, the type's own):
-- 24 hex digits, either case, to 12 bytes; 12 bytes to 24 lowercase digits.
-- Created once: pg_tle refuses to replace a type's I/O function, so an
-- update leaves them as they are.
DO $once$
BEGIN
	IF pg_catalog.to_regprocedure('@extschema@.objectid_portable_in(text)') IS NULL THEN
		CREATE FUNCTION objectid_portable_in(text)
		RETURNS bytea
		LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
		AS $$
		BEGIN
			IF $1 OPERATOR(pg_catalog.~) '^[0-9A-Fa-f]{24}$' THEN
				RETURN pg_catalog.decode($1, 'hex');
			ELSIF $1 OPERATOR(pg_catalog.~) '^[0-9]{4}-[0-9]{1,2}-[0-9]' THEN
				RAISE EXCEPTION 'invalid input syntax for type objectid: "%"', $1
					USING ERRCODE = '22P02',
					DETAIL = 'An objectid is written as 24 hexadecimal digits.',
					HINT = pg_catalog.format('To make a new objectid for that instant, write objectid(timestamptz %s); objectid_from_timestamp() gives the smallest objectid of its second.', pg_catalog.quote_literal($1));
			END IF;
			RAISE EXCEPTION 'invalid input syntax for type objectid: "%"', $1
				USING ERRCODE = '22P02', DETAIL = 'An objectid is written as 24 hexadecimal digits.';
		END
		$$;
	END IF;
END
$once$;

COMMENT ON FUNCTION objectid_portable_in(text) IS 'private: objectid input for pg_tle, 24 hex digits to 12 bytes';

-- The output function: trusted PL/Perl where the database has the language
-- plperl (a member of extension plperl, trusted, usable by this role) and
-- that extension belongs to this role or a superuser, else PL/pgSQL.  A
-- walsender decoding changes calls it with no snapshot set: PL/pgSQL then
-- fails ("cannot execute SQL without an outer snapshot or portal"),
-- PL/Perl, which needs none, runs, so tables replicate logically with it
-- only.  Never SQL: an SQL function there reads the missing snapshot and
-- kills the walsender (signal 11), and with it every session.  The script
-- does not create plperl (CREATE EXTENSION plperl comes first, by the
-- role that creates objectid).
--
-- Whose plperl: the function depends on the language, so the extension's
-- owner, with DROP EXTENSION plperl CASCADE, would drop extension objectid
-- and every objectid column with it.  An extension plperl of another role
-- is not taken: PL/pgSQL, and a WARNING that says so (CREATE EXTENSION
-- shows nothing below WARNING from its script).
--
-- Whose interpreter: PL/Perl runs a function in the Perl interpreter of the
-- role it runs as, where that role's own PL/Perl code may have redefined
-- any sub, the compiler of the functions that come after included
-- (PostgreSQL::InServer::mkfunc).  SECURITY DEFINER runs it as this
-- function's owner, whatever the caller's code did to the caller's
-- interpreter (pg_tle's C wrapper takes the marking too); it runs nothing
-- but the Perl below, which names no SQL object, so no search_path is
-- pinned (a SET clause would cost every value).  And the Perl calls no sub
-- that could be redefined: matches of regular expressions (ops) and CORE::
-- built-ins.  It gets the bytea's text, which bytea_output shapes: hex,
-- "\x" and the 24 lowercase digits, which it returns (only hex begins with
-- "\x": escape writes a backslash "\\"), or escape, 12 tokens: "\ooo"
-- (octal), "\\" (a backslash) or the byte itself.
DO $once$
DECLARE
	plperl_owner pg_catalog.oid;
BEGIN
	IF pg_catalog.to_regprocedure('@extschema@.objectid_portable_out(bytea)') IS NULL THEN
		SELECT e.extowner INTO plperl_owner
		FROM pg_catalog.pg_language l
		JOIN pg_catalog.pg_depend d ON d.objid OPERATOR(pg_catalog.=) l.oid
			AND d.classid OPERATOR(pg_catalog.=) 'pg_catalog.pg_language'::pg_catalog.regclass
			AND d.deptype OPERATOR(pg_catalog.=) 'e'
		JOIN pg_catalog.pg_extension e ON e.oid OPERATOR(pg_catalog.=) d.refobjid
			AND d.refclassid OPERATOR(pg_catalog.=) 'pg_catalog.pg_extension'::pg_catalog.regclass
		WHERE l.lanname OPERATOR(pg_catalog.=) 'plperl' AND l.lanpltrusted
			AND e.extname OPERATOR(pg_catalog.=) 'plperl'
			AND pg_catalog.has_language_privilege(l.oid, 'USAGE');
		IF plperl_owner OPERATOR(pg_catalog.=) (SELECT r.oid FROM pg_catalog.pg_roles r
											   WHERE r.rolname OPERATOR(pg_catalog.=) CURRENT_USER)
			OR (SELECT r.rolsuper FROM pg_catalog.pg_roles r
				WHERE r.oid OPERATOR(pg_catalog.=) plperl_owner) THEN
			CREATE FUNCTION objectid_portable_out(bytea)
			RETURNS text
			LANGUAGE plperl IMMUTABLE STRICT PARALLEL SAFE SECURITY DEFINER
			AS $$
				my ($text) = @_;
				return $1 if $text =~ /\A\\x([0-9a-f]{24})\z/;
				my @tokens = $text =~ /\G(\\[0-3][0-7]{2}|\\\\|[^\\])/g;
				CORE::die("cannot read an objectid from \"$text\"\n")
				  unless @tokens == 12 && CORE::join('', @tokens) eq $text;
				return CORE::sprintf('%02x' x 12, map {
					CORE::length($_) == 4 ? CORE::oct(CORE::substr($_, 1)) : CORE::ord(CORE::substr($_, -1))
				} @tokens);
			$$;
		ELSE
			IF plperl_owner IS NOT NULL THEN
				RAISE WARNING 'extension plperl belongs to role "%": the output function of type objectid is PL/pgSQL',
					pg_catalog.pg_get_userbyid(plperl_owner)
					USING DETAIL = 'The owner of extension plperl could drop extension objectid, and every objectid column, with DROP EXTENSION plperl CASCADE: objectid takes PL/Perl only from an extension plperl of yours or of a superuser. Without PL/Perl, tables with objectid columns do not replicate logically.',
					HINT = 'To have PL/Perl, have that role drop extension plperl, create it yourself, and create extension objectid again (portable/README.md, "Moving an installation to PL/Perl").';
			END IF;
			CREATE FUNCTION objectid_portable_out(bytea)
			RETURNS text
			LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
			AS $$ BEGIN RETURN pg_catalog.encode($1, 'hex'); END $$;
		END IF;
	END IF;
END
$once$;

COMMENT ON FUNCTION objectid_portable_out(bytea) IS 'private: objectid output for pg_tle, 12 bytes to 24 lowercase hex digits';

-- which language the output function is in, fixed when the type was made
CREATE OR REPLACE FUNCTION objectid_output_language()
RETURNS text
LANGUAGE sql STABLE STRICT PARALLEL SAFE
AS $$
	SELECT l.lanname::pg_catalog.text FROM pg_catalog.pg_proc p
	JOIN pg_catalog.pg_language l ON l.oid OPERATOR(pg_catalog.=) p.prolang
	WHERE p.oid OPERATOR(pg_catalog.=) '@extschema@.objectid_portable_out(bytea)'::pg_catalog.regprocedure
$$;

COMMENT ON FUNCTION objectid_output_language() IS 'the language of the type''s output function, plperl or plpgsql: only with plperl does a table of objectid replicate logically';

-- alignment int4, not the C type's char: the 4-byte header pg_tle keeps is
-- read as a bytea's, so it stays aligned
SELECT pgtle.create_base_type_if_not_exists('@extschema@'::pg_catalog.regnamespace,
	'objectid'::pg_catalog.name,
	'@extschema@.objectid_portable_in(text)'::pg_catalog.regprocedure,
	'@extschema@.objectid_portable_out(bytea)'::pg_catalog.regprocedure,
	12::pg_catalog.int4, 'int4'::pg_catalog.text, 'plain'::pg_catalog.text);

COMMENT ON TYPE objectid IS 'MongoDB ObjectId: 4-byte seconds, 5-byte process value, 3-byte counter';

COMMENT ON TYPE objectid[] IS 'array of objectid';

--
-- Casts.  pg_tle made the cast to bytea (binary: the 12 bytes), which
-- bytea(objectid) uses; the cast from bytea, objectid(bytea), is the plain
-- edition's function (its text result goes through the type's input) and
-- is made a cast at the end.
--

CREATE OR REPLACE FUNCTION bytea(objectid)
RETURNS bytea
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT $1::pg_catalog.bytea $$;

COMMENT ON FUNCTION bytea(objectid) IS 'the 12 bytes of an objectid';

COMMENT ON CAST (objectid AS bytea) IS 'explicit: the 12 bytes of an objectid';

--
-- Comparison: bytewise, on the 12 bytes (bytea's operators through the
-- binary cast).  PL/pgSQL, not SQL: an operator over an SQL function is
-- inlined by the planner, and the inlined expression no longer matches an
-- index.  Indexes and sorts do not call these: the operator classes at the
-- end use core's byteacmp and hashvarlena.
--

CREATE OR REPLACE FUNCTION objectid_eq(objectid, objectid)
RETURNS bool
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $$ BEGIN RETURN $1::pg_catalog.bytea OPERATOR(pg_catalog.=) $2::pg_catalog.bytea; END $$;

COMMENT ON FUNCTION objectid_eq(objectid, objectid) IS 'implementation of = operator';

CREATE OR REPLACE FUNCTION objectid_ne(objectid, objectid)
RETURNS bool
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $$ BEGIN RETURN $1::pg_catalog.bytea OPERATOR(pg_catalog.<>) $2::pg_catalog.bytea; END $$;

COMMENT ON FUNCTION objectid_ne(objectid, objectid) IS 'implementation of <> operator';

CREATE OR REPLACE FUNCTION objectid_lt(objectid, objectid)
RETURNS bool
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $$ BEGIN RETURN $1::pg_catalog.bytea OPERATOR(pg_catalog.<) $2::pg_catalog.bytea; END $$;

COMMENT ON FUNCTION objectid_lt(objectid, objectid) IS 'implementation of < operator';

CREATE OR REPLACE FUNCTION objectid_le(objectid, objectid)
RETURNS bool
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $$ BEGIN RETURN $1::pg_catalog.bytea OPERATOR(pg_catalog.<=) $2::pg_catalog.bytea; END $$;

COMMENT ON FUNCTION objectid_le(objectid, objectid) IS 'implementation of <= operator';

CREATE OR REPLACE FUNCTION objectid_gt(objectid, objectid)
RETURNS bool
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $$ BEGIN RETURN $1::pg_catalog.bytea OPERATOR(pg_catalog.>) $2::pg_catalog.bytea; END $$;

COMMENT ON FUNCTION objectid_gt(objectid, objectid) IS 'implementation of > operator';

CREATE OR REPLACE FUNCTION objectid_ge(objectid, objectid)
RETURNS bool
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $$ BEGIN RETURN $1::pg_catalog.bytea OPERATOR(pg_catalog.>=) $2::pg_catalog.bytea; END $$;

COMMENT ON FUNCTION objectid_ge(objectid, objectid) IS 'implementation of >= operator';

CREATE OR REPLACE FUNCTION objectid_cmp(objectid, objectid)
RETURNS int4
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $$ BEGIN RETURN pg_catalog.sign(pg_catalog.byteacmp($1::pg_catalog.bytea, $2::pg_catalog.bytea)); END $$;

COMMENT ON FUNCTION objectid_cmp(objectid, objectid) IS 'btree comparison: bytewise, -1, 0 or 1';

CREATE OR REPLACE FUNCTION objectid_smaller(objectid, objectid)
RETURNS objectid
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $$
BEGIN
	IF $1::pg_catalog.bytea OPERATOR(pg_catalog.<=) $2::pg_catalog.bytea THEN
		RETURN $1;
	END IF;
	RETURN $2;
END
$$;

COMMENT ON FUNCTION objectid_smaller(objectid, objectid) IS 'smaller of two objectids (min() transition function)';

CREATE OR REPLACE FUNCTION objectid_larger(objectid, objectid)
RETURNS objectid
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $$
BEGIN
	IF $1::pg_catalog.bytea OPERATOR(pg_catalog.>=) $2::pg_catalog.bytea THEN
		RETURN $1;
	END IF;
	RETURN $2;
END
$$;

COMMENT ON FUNCTION objectid_larger(objectid, objectid) IS 'larger of two objectids (max() transition function)';

-- pgtle: the C extension's operators and aggregates (the base script's,
-- with core's generic estimators for < <= > >=)

-- the second: the first 4 bytes, big-endian
CREATE OR REPLACE FUNCTION objectid_timestamp(objectid)
RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
	SELECT pg_catalog.to_timestamp(((pg_catalog.get_byte($1::pg_catalog.bytea, 0)::pg_catalog.int8 OPERATOR(pg_catalog.<<) 24)
		OPERATOR(pg_catalog.|) (pg_catalog.get_byte($1::pg_catalog.bytea, 1) OPERATOR(pg_catalog.<<) 16)
		OPERATOR(pg_catalog.|) (pg_catalog.get_byte($1::pg_catalog.bytea, 2) OPERATOR(pg_catalog.<<) 8)
		OPERATOR(pg_catalog.|) pg_catalog.get_byte($1::pg_catalog.bytea, 3))::pg_catalog.float8)
$$;

COMMENT ON FUNCTION objectid_timestamp(objectid) IS 'the second embedded in an objectid';

-- pgtle: after the plain edition's functions

CREATE CAST (bytea AS objectid) WITH FUNCTION objectid(bytea);

COMMENT ON CAST (bytea AS objectid) IS 'explicit: an objectid from exactly 12 bytes';

-- the C extension's casts between an objectid and the second it carries
-- (Citus's time partitions take a key with both)
CREATE CAST (objectid AS timestamptz) WITH FUNCTION objectid_timestamp(objectid);

COMMENT ON CAST (objectid AS timestamptz) IS 'explicit: the second an objectid carries';

CREATE CAST (timestamptz AS objectid) WITH FUNCTION objectid_from_timestamp(timestamptz);

COMMENT ON CAST (timestamptz AS objectid) IS 'explicit: the smallest objectid of that second';

--
-- Operator classes: CREATE OPERATOR CLASS needs a superuser (on Amazon RDS
-- and Aurora, rds_superuser), so they come last: CREATE EXTENSION by a role
-- that may not create them fails here, having created everything else.
-- Their support functions are core's for bytea, on the 12 bytes (the type
-- is binary-coercible to bytea): byteacmp orders bytewise, as the C type;
-- hashvarlena hashes the 12 bytes, as the C type's hash.  BRIN minmax_multi
-- is not here: its distance function is C.
--

CREATE OPERATOR CLASS objectid_ops
DEFAULT FOR TYPE objectid USING btree AS
	OPERATOR 1 <,
	OPERATOR 2 <=,
	OPERATOR 3 =,
	OPERATOR 4 >=,
	OPERATOR 5 >,
	FUNCTION 1 (objectid, objectid) pg_catalog.byteacmp(pg_catalog.bytea, pg_catalog.bytea),
	FUNCTION 4 (objectid, objectid) pg_catalog.btequalimage(pg_catalog.oid);

COMMENT ON OPERATOR CLASS objectid_ops USING btree IS 'default btree operator class: bytewise order, which is creation-second order';
COMMENT ON OPERATOR FAMILY objectid_ops USING btree IS 'btree operator family of objectid';

CREATE OPERATOR CLASS objectid_ops
DEFAULT FOR TYPE objectid USING hash AS
	OPERATOR 1 =,
	FUNCTION 1 (objectid) pg_catalog.hashvarlena(internal),
	FUNCTION 2 (objectid) pg_catalog.hashvarlenaextended(internal, pg_catalog.int8);

COMMENT ON OPERATOR CLASS objectid_ops USING hash IS 'default hash operator class';
COMMENT ON OPERATOR FAMILY objectid_ops USING hash IS 'hash operator family of objectid';

-- pgtle: the C extension's BRIN operator classes (the base script's
-- minmax and bloom, the bloom's hash core's hashvarlena)
