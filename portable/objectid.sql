/*
 * portable/objectid.sql: the portable edition of objectid, plain SQL route.
 *
 * Installs with SQL and PL/pgSQL alone: no C, no superuser, no other
 * language.  A database owner (or any role with CREATE on the target
 * schema) runs it with psql, in one transaction, in the schema of their
 * choice (the first of search_path):
 *
 *     psql -d mydb -c 'CREATE SCHEMA ids'
 *     PGOPTIONS='-c search_path=ids' psql -d mydb -1 -v ON_ERROR_STOP=1 -f portable/objectid.sql
 *
 * or, in psql: SET search_path = ids; BEGIN; \i portable/objectid.sql
 * then COMMIT.  Its first statement refuses to run outside a transaction
 * block.
 *
 * It mirrors the C extension's version 1.3: the same names, argument
 * types, results, errors (SQLSTATE and message) and markings, except where
 * SQL cannot; portable/README.md lists each difference.  The type objectid is a domain over text COLLATE "C" holding
 * the C type's text form (24 lowercase hex digits): same text, same order
 * (bytewise), so that ALTER TABLE ... ALTER COLUMN id TYPE <c>.objectid
 * USING id::text::<c>.objectid moves a column to the C type in one statement
 * (portable/README.md has the measurements behind the choice).
 *
 * Safety: every function runs with search_path = pg_catalog, pg_temp and
 * calls its install schema's helpers by name, so objects planted there or in
 * pg_temp cannot change what it does (pg_temp last: no function or operator
 * is ever looked up in it).  Five one-line SQL functions (objectid_out,
 * bytea, objectid_timestamp, uuidv4, objectid_to_extjson) instead name
 * every function, operator and type with its schema and pin no path, so
 * that the planner inlines them (a SET clause forbids it): objectid_timestamp
 * costs 0.2 us a call that way instead of 2.5 us.  The generators of the
 * server (below) and their helpers have a body in standard SQL (RETURN
 * ...), whose names PostgreSQL binds when this file creates them: inlined
 * too, and as safe as a pinned path.
 *
 * The generators are the server's, as the C extension's objectid(): the
 * clock's time, then a value of the server's lifetime and a counter every
 * session advances, a sequence of the install schema
 * (objectid_portable_counter), so that every session's ids are in one
 * order and none repeats; no state a session can set.  Where the
 * transaction is read-only, where no sequence can advance, a generator of
 * the session serves, with its state (the last id of each generator, the
 * v6 clock sequence) in session-level custom settings objectid_portable.*:
 * a setting is rolled back with the transaction that changed it, so it
 * takes its order from the clock, which no rollback takes back, and uses
 * the state only within a clock tick; the session can set it, so its
 * process values and v6 node are derived from the session, never read
 * from it, and no state ahead of the clock is followed.  Randomness comes
 * from gen_random_uuid() (core's CSPRNG).
 */

-- psql stops at the first error (and this file sets the setting back at
-- its end): by default it goes on, and the statements after a refusal
-- below would run
\set objectid_on_error_stop :ON_ERROR_STOP
\set ON_ERROR_STOP on

-- One transaction (psql -1, or BEGIN and COMMIT around \i), or nothing.
-- Run statement by statement, each function would be committed on its own,
-- its body naming objectid_install_schema until the file's last block puts
-- the install schema's name there: meanwhile, other sessions' calls would
-- fail, or run the functions of whoever creates a schema of that name.  In
-- autocommit mode a statement starts its own transaction, whose timestamp
-- is the statement's; in a transaction block the transaction began before
-- (BEGIN).
DO $one$
BEGIN
	IF pg_catalog.statement_timestamp() OPERATOR(pg_catalog.=) pg_catalog.transaction_timestamp() THEN
		RAISE EXCEPTION 'portable/objectid.sql can only be run in a transaction block'
			USING ERRCODE = '25P01',
			DETAIL = 'Run statement by statement, its functions would be committed one at a time, and other sessions could call them half installed or half updated.',
			HINT = 'Run it with psql -1 (psql -1 -v ON_ERROR_STOP=1 -f portable/objectid.sql), or in psql between BEGIN and COMMIT (BEGIN; \i portable/objectid.sql then COMMIT).';
	END IF;
END
$one$;

-- The install schema is the first schema of the path; fail before anything
-- is created when there is none.
--
-- Then, before anything is created there, the schema must be one that no
-- other role can use to run code as the installer (portable/README.md,
-- "Safety where others can create objects"):
-- - no other role may create objects in it.  CREATE granted to PUBLIC is
--   refused outright: it is every role's, of those made later too.  The
--   other holders of CREATE are the schema's owner and its grantees.  A
--   role is a threat when it can log in, is not a superuser, cannot become
--   the installer anyway (SET ROLE), and is a member of a holder (on 15, a
--   CREATEROLE role can make itself a member of any role that is not a
--   superuser).  A role that cannot log in acts only through its members,
--   who are checked themselves;
-- - it holds no function, aggregate or type named like this file's own
--   and no operator owned by a role other than the installer or a
--   superuser: this file would take it over, or call it;
-- - pg_catalog is searched before it (as it is unless search_path names
--   pg_catalog later): this file names built-in types and functions
--   without their schema.
-- Nothing in the schema is run: the installed version is read from the
-- text of objectid_portable_version().
--
-- Run again in a schema that holds this edition, the file updates it in
-- place: every function is created or replaced (same OID, so the defaults,
-- indexes and views that use it stay), the domain and types are kept, and
-- the private helpers of an older version that this one no longer has are
-- dropped at the end: here their comments are cleared, each helper this
-- file creates gets its comment back, and the ones left without are the
-- old ones (only the installer's own functions; not the C functions pg_tle
-- makes around a type's I/O functions: those are the type's).  A newer
-- version installed there, or an objectid type that is not this edition's,
-- stops the file before it changes anything.
DO $$
DECLARE
	target pg_catalog.name := pg_catalog.current_schema();
	schemas pg_catalog.name[] := pg_catalog.current_schemas(true);
	path pg_catalog.text := pg_catalog.current_setting('search_path');
	-- SET ROLE to another role: on 15 every member may
	become pg_catalog.text := CASE WHEN pg_catalog.current_setting('server_version_num')::pg_catalog.int4
		OPERATOR(pg_catalog.>=) 160000 THEN 'SET' ELSE 'MEMBER' END;
	ns pg_catalog.oid;
	problem pg_catalog.text;
	src pg_catalog.text;
	installed pg_catalog.text;
	f pg_catalog.regprocedure;
BEGIN
	IF target IS NULL THEN
		RAISE EXCEPTION 'no schema to install objectid into'
			USING ERRCODE = '3F000',
			HINT = 'Set search_path to the target schema first, e.g. SET search_path = ids.';
	END IF;
	-- from here on, names are looked up in pg_catalog alone
	PERFORM pg_catalog.set_config('search_path', 'pg_catalog, pg_temp', true);
	ns := to_regnamespace(quote_ident(target));
	IF array_position(schemas, 'pg_catalog') > array_position(schemas, target) THEN
		RAISE EXCEPTION 'search_path puts schema "%" before pg_catalog', target
			USING ERRCODE = '22023',
			DETAIL = 'This file names built-in types and functions without their schema, which must not be found in the install schema first.',
			HINT = format('Set search_path to the install schema alone, e.g. SET search_path = %s.', quote_ident(target));
	END IF;

	-- CREATE granted to PUBLIC: every role, and every role made later
	IF EXISTS (SELECT FROM pg_namespace n, aclexplode(coalesce(n.nspacl, acldefault('n', n.nspowner))) a
			   WHERE n.oid = ns AND a.privilege_type = 'CREATE' AND a.grantee = 0) THEN
		problem := 'CREATE on it is granted to PUBLIC: every role, and every role created later, can create objects in it, and an object created there could run with your privileges.';
	ELSE
		SELECT format('Role "%s" can create objects in it (%s), and an object created there could run with your privileges.',
					  r.rolname,
					  CASE WHEN h.holder = r.oid AND h.owns THEN 'it owns the schema'
						   WHEN h.holder = r.oid THEN 'it has CREATE on the schema'
						   WHEN pg_has_role(r.oid, h.holder, 'MEMBER') THEN
							   format('as a member of role "%s", which %s', hr.rolname,
									  CASE WHEN h.owns THEN 'owns the schema' ELSE 'has CREATE on it' END)
						   WHEN h.holder = 'pg_database_owner'::regrole THEN
							   format('with CREATEROLE it can make itself a member of role "%s", the database''s owner, which owns the schema through pg_database_owner',
									  gr.rolname)
						   ELSE format('with CREATEROLE it can make itself a member of role "%s", which %s', hr.rolname,
									   CASE WHEN h.owns THEN 'owns the schema' ELSE 'has CREATE on it' END) END)
		INTO problem
		FROM (SELECT n.nspowner AS holder, true AS owns FROM pg_namespace n WHERE n.oid = ns
			  UNION ALL
			  SELECT a.grantee, false FROM pg_namespace n, aclexplode(coalesce(n.nspacl, acldefault('n', n.nspowner))) a
			  WHERE n.oid = ns AND a.privilege_type = 'CREATE' AND a.grantee <> 0) h
			LEFT JOIN pg_roles hr ON hr.oid = h.holder
			-- the role a member of the holder is granted: the database's owner
			-- for pg_database_owner
			LEFT JOIN pg_roles gr ON gr.oid = CASE WHEN h.holder = 'pg_database_owner'::regrole
												   THEN (SELECT d.datdba FROM pg_database d
														 WHERE d.datname = current_database())
												   ELSE h.holder END,
			pg_roles r
		WHERE r.rolcanlogin AND NOT r.rolsuper
		  AND NOT (pg_has_role(r.oid, CURRENT_USER, become)
				   OR (become = 'MEMBER' AND r.rolcreaterole
					   AND NOT (SELECT u.rolsuper FROM pg_roles u WHERE u.rolname = CURRENT_USER)))
		  AND CASE WHEN pg_has_role(r.oid, h.holder, 'MEMBER') THEN true
				   -- on 15, CREATEROLE grants any role but a superuser
				   ELSE become = 'MEMBER' AND r.rolcreaterole AND NOT gr.rolsuper END
		ORDER BY r.rolname, h.owns DESC, hr.rolname
		LIMIT 1;
	END IF;
	IF problem IS NULL THEN
		SELECT format('%s %s in it belongs to role "%s", not to you or a superuser.', x.kind, x.obj, r.rolname)
		INTO problem
		FROM (SELECT CASE p.prokind WHEN 'a' THEN 'Aggregate' WHEN 'p' THEN 'Procedure' ELSE 'Function' END AS kind,
					 p.oid::regprocedure::text AS obj, p.proowner AS owner
			  FROM pg_proc p
			  WHERE p.pronamespace = ns AND (p.proname LIKE 'objectid%' OR p.proname LIKE 'uuid%' OR p.proname = 'bytea')
			  UNION ALL
			  SELECT 'Type', t.oid::regtype::text, t.typowner FROM pg_type t
			  WHERE t.typnamespace = ns AND t.typname LIKE 'objectid%'
			  UNION ALL
			  SELECT 'Operator', o.oid::regoperator::text, o.oprowner FROM pg_operator o
			  WHERE o.oprnamespace = ns) x
			JOIN pg_roles r ON r.oid = x.owner
		WHERE r.rolname <> CURRENT_USER AND NOT r.rolsuper
		ORDER BY x.kind, x.obj
		LIMIT 1;
		IF problem IS NOT NULL THEN
			RAISE EXCEPTION 'schema "%" is not safe to install objectid into', target
				USING ERRCODE = '42501', DETAIL = problem,
				HINT = 'Install into a schema that holds no objects of other roles, e.g. CREATE SCHEMA ids, or drop them.';
		END IF;
	ELSE
		RAISE EXCEPTION 'schema "%" is not safe to install objectid into', target
			USING ERRCODE = '42501', DETAIL = problem,
			HINT = 'Install into a schema in which only you can create objects, e.g. CREATE SCHEMA ids, or revoke CREATE on this one from the others.';
	END IF;

	-- the installed version, as objectid_portable_version() says it (owned
	-- by the installer or a superuser, checked above), not run
	SELECT p.prosrc INTO src FROM pg_proc p
	WHERE p.oid = to_regprocedure(quote_ident(target) || '.objectid_portable_version()');
	IF src IS NOT NULL THEN
		installed := substring(src FROM '^\s*SELECT ''(\d+(?:\.\d+)*)''\s*$');
		IF installed IS NULL THEN
			RAISE EXCEPTION 'cannot read the version of objectid installed in schema "%"', target
				USING ERRCODE = '55000',
				DETAIL = format('The body of %s.objectid_portable_version() is "%s", not SELECT ''<version>''.',
								quote_ident(target), btrim(src));
		END IF;
		IF string_to_array(installed, '.')::int4[] > string_to_array('1.3', '.')::int4[] THEN
			RAISE EXCEPTION 'objectid % is installed in schema %, a newer version than this file''s 1.3',
				installed, target
				USING ERRCODE = '55000',
				HINT = 'Run the file of that version or a later one.';
		END IF;
	ELSIF to_regtype(quote_ident(target) || '.objectid') IS NOT NULL THEN
		RAISE EXCEPTION 'schema % has a type objectid that is not the portable edition''s', target
			USING ERRCODE = '42710',
			HINT = 'Install the portable edition into another schema.';
	END IF;
	FOR f IN
		SELECT p.oid FROM pg_proc p JOIN pg_roles r ON r.oid = p.proowner
		WHERE p.pronamespace = ns AND p.proname LIKE 'objectid\_portable\_%'
		  AND p.prolang <> (SELECT l.oid FROM pg_language l WHERE l.lanname = 'c')
		  AND r.rolname = CURRENT_USER
	LOOP
		EXECUTE format('COMMENT ON FUNCTION %s IS NULL', f);
	END LOOP;
	PERFORM set_config('search_path', path, true);
END
$$;

--
-- The server's counter (portable/README.md, "The generators"): a sequence
-- every generator of the server's order advances (objectid(),
-- objectid(timestamptz), uuidv6(), uuidv7() and uuidv7(interval)), one
-- value an id, in one order for every session.  CACHE 1: a backend that
-- cached values would hand them out after another's later ones.  MAXVALUE
-- 2^60 - 1, which keeps a counter and the server's value added to it
-- below the bit that tells the session's generator's values apart
-- (objectid_portable_session_objectid).  USAGE for everyone (nextval, the
-- right every user of objectid() has in the C extension, where a call
-- advances the server's counter too); UPDATE (setval) and ALTER for the
-- installer alone, whose functions these are anyway.
--
-- Created once, kept by an update (its value goes on); every run sets its
-- properties and grants again.  Before that, the relation of that name must
-- be this file's: a sequence of the installer's (one of another role could
-- be set back by it, and the keys repeat), and not hidden by a temporary
-- relation of the session, where the functions below would find it when
-- they are created.
DO $$
DECLARE
	seq pg_catalog.text := pg_catalog.quote_ident(pg_catalog.current_schema())
		OPERATOR(pg_catalog.||) '.objectid_portable_counter';
	kind pg_catalog."char";
	owner pg_catalog.name;
	super pg_catalog.bool;
BEGIN
	SELECT c.relkind, r.rolname, r.rolsuper INTO kind, owner, super
	FROM pg_catalog.pg_class c JOIN pg_catalog.pg_roles r ON r.oid OPERATOR(pg_catalog.=) c.relowner
	WHERE c.oid OPERATOR(pg_catalog.=) pg_catalog.to_regclass(seq);
	IF owner OPERATOR(pg_catalog.<>) CURRENT_USER AND NOT super THEN
		RAISE EXCEPTION 'schema "%" is not safe to install objectid into', pg_catalog.current_schema()
			USING ERRCODE = '42501',
			DETAIL = pg_catalog.format('Relation %s in it belongs to role "%s", not to you or a superuser.',
									   seq, owner),
			HINT = 'Install into a schema that holds no objects of other roles, e.g. CREATE SCHEMA ids, or drop them.';
	ELSIF kind OPERATOR(pg_catalog.<>) 'S' THEN
		RAISE EXCEPTION '"%" is not a sequence', seq
			USING ERRCODE = '42809',
			DETAIL = 'The portable edition keeps the server''s counter in a sequence of that name.';
	ELSIF pg_catalog.to_regclass('objectid_portable_counter') IS DISTINCT FROM pg_catalog.to_regclass(seq)
		AND pg_catalog.to_regclass('objectid_portable_counter') IS NOT NULL THEN
		RAISE EXCEPTION 'relation "objectid_portable_counter" of this session hides the install schema''s'
			USING ERRCODE = '42P07',
			HINT = 'Drop the temporary relation, or install from a new session.';
	ELSIF kind IS NULL THEN
		EXECUTE pg_catalog.format('CREATE SEQUENCE %s AS pg_catalog.int8', seq);
	END IF;
	EXECUTE pg_catalog.format('ALTER SEQUENCE %s AS pg_catalog.int8 INCREMENT 1 MINVALUE 1 MAXVALUE 1152921504606846975 '
							  'NO CYCLE CACHE 1 OWNED BY NONE', seq);
	EXECUTE pg_catalog.format('REVOKE ALL ON SEQUENCE %s FROM PUBLIC', seq);
	EXECUTE pg_catalog.format('GRANT USAGE ON SEQUENCE %s TO PUBLIC', seq);
	EXECUTE pg_catalog.format('COMMENT ON SEQUENCE %s IS %L', seq,
		'private: the server''s counter, which objectid(), objectid(timestamptz), uuidv6() and uuidv7() advance');
END
$$;

--
-- The objectid type: a domain over text COLLATE "C", 24 lowercase hex
-- digits.  Anything else is refused with the C type's error (22P02,
-- invalid input syntax for type objectid); the fast path is the regular
-- expression, the error comes from objectid_portable_invalid (STRICT: a
-- null passes the check, as every null passes a domain's CHECK).
--

-- A domain has no casts: bytes::objectid and ts::objectid reach the check
-- as the text of a bytea or a timestamptz, and the error names the
-- function to use instead (portable/README.md, item 3)
CREATE OR REPLACE FUNCTION objectid_portable_invalid(value text)
RETURNS boolean
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
	instant boolean := false;
BEGIN
	IF value ~ '^[0-9A-Fa-f]{24}$' THEN
		RAISE EXCEPTION 'invalid input syntax for type objectid: "%"', value
			USING ERRCODE = '22P02',
			HINT = 'The portable edition''s objectid is lowercase; objectid_in() accepts either case.';
	ELSIF value ~ '^\\x([0-9a-f]{2})*$' THEN
		RAISE EXCEPTION 'invalid input syntax for type objectid: "%"', value
			USING ERRCODE = '22P02',
			DETAIL = 'An objectid is written as 24 hexadecimal digits.',
			HINT = 'The portable edition''s objectid has no cast from bytea: objectid(bytes) takes 12 bytes.';
	ELSIF value ~ '^[0-9]{4}-[0-9]{1,2}-[0-9]' THEN
		-- a year-month-day date, as the C extension reads one (#48)
		RAISE EXCEPTION 'invalid input syntax for type objectid: "%"', value
			USING ERRCODE = '22P02',
			DETAIL = 'An objectid is written as 24 hexadecimal digits.',
			HINT = format('To make a new objectid for that instant, write objectid(timestamptz %s); objectid_from_timestamp() gives the smallest objectid of its second.', quote_literal(value));
	END IF;
	IF value ~ '^[0-9A-Za-z]' AND value ~ '[0-9]' THEN
		BEGIN
			PERFORM value::timestamptz;
			instant := true;
		EXCEPTION WHEN OTHERS THEN
			NULL;
		END;
	END IF;
	IF instant THEN
		RAISE EXCEPTION 'invalid input syntax for type objectid: "%"', value
			USING ERRCODE = '22P02',
			DETAIL = 'An objectid is written as 24 hexadecimal digits.',
			HINT = 'The portable edition''s objectid has no cast from timestamptz: objectid_from_timestamp(ts) gives the smallest objectid of its second.';
	END IF;
	RAISE EXCEPTION 'invalid input syntax for type objectid: "%"', value
		USING ERRCODE = '22P02', DETAIL = 'An objectid is written as 24 hexadecimal digits.';
END
$$;

COMMENT ON FUNCTION objectid_portable_invalid(text) IS 'objectid domain check: raises the C type''s input error';

-- created once: an update keeps it, and the columns of that type with it
DO $$
BEGIN
	IF pg_catalog.to_regtype(pg_catalog.quote_ident(pg_catalog.current_schema())
							 OPERATOR(pg_catalog.||) '.objectid') IS NULL THEN
		CREATE DOMAIN objectid AS text COLLATE "C"
			CHECK (VALUE OPERATOR(pg_catalog.~) '^[0-9a-f]{24}$' OR objectid_portable_invalid(VALUE));
	END IF;
END
$$;

COMMENT ON DOMAIN objectid IS 'MongoDB ObjectId (portable edition): 24 lowercase hex digits, ordered bytewise';

CREATE OR REPLACE FUNCTION objectid_in(text)
RETURNS objectid
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
	IF $1 ~ '^[0-9A-Fa-f]{24}$' THEN
		RETURN lower($1);
	ELSIF $1 ~ '^[0-9]{4}-[0-9]{1,2}-[0-9]' THEN
		RAISE EXCEPTION 'invalid input syntax for type objectid: "%"', $1
			USING ERRCODE = '22P02',
			DETAIL = 'An objectid is written as 24 hexadecimal digits.',
			HINT = format('To make a new objectid for that instant, write objectid(timestamptz %s); objectid_from_timestamp() gives the smallest objectid of its second.', quote_literal($1));
	END IF;
	RAISE EXCEPTION 'invalid input syntax for type objectid: "%"', $1
		USING ERRCODE = '22P02', DETAIL = 'An objectid is written as 24 hexadecimal digits.';
END
$$;

COMMENT ON FUNCTION objectid_in(text) IS 'objectid input: 24 hex digits, either case';

CREATE OR REPLACE FUNCTION objectid_out(objectid)
RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT $1::pg_catalog.text $$;

COMMENT ON FUNCTION objectid_out(objectid) IS 'objectid output: 24 lowercase hex digits';

--
-- bytea(objectid) and objectid(bytea): the C type's explicit casts, as
-- functions (a domain carries no casts; id::bytea would be the 24 ASCII
-- digits, so use bytea(id))
--

CREATE OR REPLACE FUNCTION bytea(objectid)
RETURNS bytea
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT pg_catalog.decode($1, 'hex') $$;

COMMENT ON FUNCTION bytea(objectid) IS 'the 12 bytes of an objectid';

CREATE OR REPLACE FUNCTION objectid(bytea)
RETURNS objectid
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
	IF octet_length($1) <> 12 THEN
		RAISE EXCEPTION 'invalid input length for type objectid'
			USING ERRCODE = '22P03',
			DETAIL = format('Expected 12 bytes, got %s.', octet_length($1));
	END IF;
	RETURN encode($1, 'hex');
END
$$;

COMMENT ON FUNCTION objectid(bytea) IS 'an objectid from exactly 12 bytes';

--
-- Private helpers.  Functions call them by the install schema's name: the
-- bodies say objectid_install_schema, which the block at the end of this
-- file replaces with the schema's quoted name (PL/pgSQL checks a body's
-- syntax when it is created, and resolves names only when it runs).
--

-- the error of an instant a layout cannot hold (22008), in generators and
-- boundaries alike
CREATE OR REPLACE FUNCTION objectid_portable_range_error(layout text)
RETURNS void
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
	CASE layout
		WHEN 'objectid' THEN
			RAISE EXCEPTION 'timestamp out of range for type objectid' USING ERRCODE = '22008',
				DETAIL = 'An objectid holds seconds from 1970-01-01 00:00:00 UTC to 2106-02-07 06:28:15 UTC.';
		WHEN 'v7' THEN
			RAISE EXCEPTION 'timestamp out of range for UUID version 7' USING ERRCODE = '22008',
				DETAIL = 'UUID version 7 supports timestamps from 1970-01-01 to approximately year 10889.';
		WHEN 'v6' THEN
			RAISE EXCEPTION 'timestamp out of range for UUID version 6' USING ERRCODE = '22008',
				DETAIL = 'UUID version 6 holds instants from 1582-10-15 00:00:00 UTC to 5236-03-31 21:21:00.684697 UTC.';
		ELSE
			RAISE EXCEPTION 'timestamp out of range for UUID version 8' USING ERRCODE = '22008',
				DETAIL = 'The time-based UUID version 8 holds instants from 1970-01-01 00:00:00 UTC to 2335-05-07 23:44:06.068469 UTC.';
	END CASE;
END
$$;

COMMENT ON FUNCTION objectid_portable_range_error(text) IS 'private: raises the out-of-range error of a layout (objectid, v7, v6, v8)';

-- the seconds of an instant an objectid can hold, else the range error
CREATE OR REPLACE FUNCTION objectid_portable_seconds(ts timestamptz)
RETURNS int8
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
	IF ts >= '1970-01-01 00:00:00+00' AND ts < '2106-02-07 06:28:16+00' THEN
		RETURN floor(extract(epoch FROM ts));
	END IF;
	PERFORM objectid_install_schema.objectid_portable_range_error('objectid');
END
$$;

COMMENT ON FUNCTION objectid_portable_seconds(timestamptz) IS 'private: the seconds since 1970 of an instant an objectid holds';

-- the microseconds since 1970 of an instant a v7 can hold (1970-01-01 to
-- 10889-08-02 05:31:50.655999 UTC), else the range error
CREATE OR REPLACE FUNCTION objectid_portable_v7_us(ts timestamptz)
RETURNS int8
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
	IF ts >= '1970-01-01 00:00:00+00' AND ts < '10889-08-02 05:31:50.656+00' THEN
		RETURN (extract(epoch FROM ts) * 1000000)::int8;
	END IF;
	PERFORM objectid_install_schema.objectid_portable_range_error('v7');
END
$$;

COMMENT ON FUNCTION objectid_portable_v7_us(timestamptz) IS 'private: the microseconds since 1970 of an instant a UUID version 7 holds';

-- a v7 of millisecond ms and sub-millisecond nanoseconds sub_ns: the 12-bit
-- fraction (RFC 9562 6.2 method 3, as PostgreSQL 18), 62 random bits
CREATE OR REPLACE FUNCTION objectid_portable_v7(ms int8, sub_ns int8)
RETURNS uuid
LANGUAGE plpgsql VOLATILE PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
	IF ms < 0 OR ms > 281474976710655 THEN
		PERFORM objectid_install_schema.objectid_portable_range_error('v7');
	END IF;
	RETURN (lpad(to_hex(ms), 12, '0') || to_hex(28672 | ((sub_ns << 12) / 1000000)) ||
			encode(substr(uuid_send(gen_random_uuid()), 9), 'hex'))::uuid;
END
$$;

COMMENT ON FUNCTION objectid_portable_v7(int8, int8) IS 'private: a UUID version 7 of a millisecond and a sub-millisecond fraction';

-- the instant of a UUID whose version is one of "versions" (of 1, 6, 7, 8),
-- else null: v1 and v6 count 100 ns since 1582-10-15 (12219292800000000 us
-- before 1970), v7 milliseconds, v8 (RFC 9562 B.1) 10 ns since 1970; to the
-- microsecond, truncated (to_timestamp of whole seconds plus the
-- microseconds, exact to 294276 AD)
CREATE OR REPLACE FUNCTION objectid_portable_uuid_time(u uuid, versions text)
RETURNS timestamptz
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
	h text := replace(u::text, '-', '');
	v text := substr(h, 13, 1);
	us int8;
BEGIN
	IF substr(h, 17, 1) NOT IN ('8', '9', 'a', 'b') OR strpos(versions, v) = 0 THEN
		RETURN NULL;
	END IF;
	CASE v
		WHEN '1' THEN
			us := ('x' || substr(h, 14, 3) || substr(h, 9, 4) || substr(h, 1, 8))::bit(60)::int8 / 10
				- 12219292800000000;
		WHEN '6' THEN
			us := ('x' || substr(h, 1, 12) || substr(h, 14, 3))::bit(60)::int8 / 10 - 12219292800000000;
		WHEN '7' THEN
			us := ('x' || substr(h, 1, 12))::bit(48)::int8 * 1000;
		WHEN '8' THEN
			us := ('x' || substr(h, 1, 12) || substr(h, 14, 3))::bit(60)::int8 / 100;
		ELSE
			RETURN NULL;
	END CASE;
	RETURN to_timestamp(((us - ((us % 1000000) + 1000000) % 1000000) / 1000000)::float8) +
		(((us % 1000000) + 1000000) % 1000000) * interval '1 microsecond';
END
$$;

COMMENT ON FUNCTION objectid_portable_uuid_time(uuid, text) IS 'private: the instant of a UUID of the given versions, else null';

-- the 32 hex digits of a UUID of version want, else the C extension's error
-- naming the version found
CREATE OR REPLACE FUNCTION objectid_portable_require_version(u uuid, want int4, func text)
RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
	h text := replace(u::text, '-', '');
BEGIN
	IF substr(h, 17, 1) NOT IN ('8', '9', 'a', 'b') THEN
		RAISE EXCEPTION 'UUID is not of the RFC 9562 variant'
			USING ERRCODE = '22023', DETAIL = format('%s accepts version %s UUIDs only.', func, want);
	ELSIF substr(h, 13, 1) <> want::text THEN
		RAISE EXCEPTION 'UUID is version %, not version %', ('x' || substr(h, 13, 1))::bit(4)::int4, want
			USING ERRCODE = '22023', DETAIL = format('%s accepts version %s UUIDs only.', func, want);
	END IF;
	RETURN h;
END
$$;

COMMENT ON FUNCTION objectid_portable_require_version(uuid, int4, text) IS 'private: the hex digits of a UUID of one version, else an error';

-- the next objectid() of the session's generator (where the transaction
-- is read-only), of second s and microsecond us.  State:
-- objectid_portable.objectid = 'k last_s last_c': the number (0 to 255) of
-- the process value in use, and the second and counter of the last id.
-- The process value is never read from the state, which the session can
-- set: it is 5 bytes of a SHA-256 of what tells this session from every
-- other (objectid_portable_session) and k, 0 until the clock goes back,
-- with the top bit set (the server's ids have it clear).  So a session
-- finds the same one again when its setting is gone (rolled back, RESET
-- ALL, DISCARD ALL), cannot choose another backend's, and no other role
-- can compute it.
--
-- A setting changed in a transaction that rolls back is rolled back too, so
-- this generator does not count from its state: its counter is the clock's
-- microsecond within the second scaled to 23 bits, 0x000000 to 0x7ffff7,
-- and a later call reads a later microsecond, also after a rollback.  The
-- state only adds what the clock cannot: within one microsecond the next
-- id continues after the last one.  The second is always the clock's: a
-- state ahead of the clock (the clock went back, or a state this function
-- did not write: a second ahead, a counter more than a millisecond ahead)
-- and a counter past 0x7fffff take the next process value instead (k + 1,
-- modulo 256), with the clock's counter.
CREATE OR REPLACE FUNCTION objectid_portable_next(s int8, us int8)
RETURNS text
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
	st text[] := string_to_array(current_setting('objectid_portable.objectid', true), ' ');
	c int8 := us * 8388608 / 1000000;
	k int4 := 0;
	h bytea;
BEGIN
	IF cardinality(st) = 3 AND st[1] ~ '^\d{1,3}$' AND st[2] ~ '^\d{1,10}$' AND st[3] ~ '^\d{1,7}$'
		AND st[1]::int4 <= 255 AND st[3]::int8 <= 8388607 THEN
		k := st[1]::int4;
		IF st[2]::int8 > s OR (st[2]::int8 = s AND st[3]::int8 >= c + 8389) OR
			(st[2]::int8 = s AND st[3]::int8 = 8388607) THEN
			k := (k + 1) % 256;
		ELSIF st[2]::int8 = s AND st[3]::int8 >= c THEN
			c := st[3]::int8 + 1;
		END IF;
	END IF;
	PERFORM set_config('objectid_portable.objectid', concat_ws(' ', k, s, c), false);
	h := substr(sha256(convert_to(concat_ws(' ', 'objectid', objectid_install_schema.objectid_portable_session(),
		nullif(k, 0)), 'UTF8')), 1, 5);
	RETURN lpad(to_hex(s), 8, '0') || encode(set_byte(h, 0, get_byte(h, 0) | 128), 'hex') || lpad(to_hex(c), 6, '0');
END
$$;

COMMENT ON FUNCTION objectid_portable_next(int8, int8) IS 'private: the next objectid() of the session''s generator in a second, from the clock';

--
-- Reading ids and range boundaries
--

CREATE OR REPLACE FUNCTION objectid_timestamp(objectid)
RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
	SELECT pg_catalog.to_timestamp(('x' OPERATOR(pg_catalog.||) pg_catalog.substr($1, 1, 8))
		::pg_catalog.bit(32)::pg_catalog.int8::pg_catalog.float8)
$$;

COMMENT ON FUNCTION objectid_timestamp(objectid) IS 'the second embedded in an objectid';

CREATE OR REPLACE FUNCTION objectid_from_timestamp(timestamptz)
RETURNS objectid
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
	RETURN lpad(to_hex(objectid_install_schema.objectid_portable_seconds($1)), 8, '0') || '0000000000000000';
END
$$;

COMMENT ON FUNCTION objectid_from_timestamp(timestamptz) IS 'the smallest objectid of the given second, for range scans';

-- The bounds of windows through an id's second (the C extension's planner
-- writes objectid_timestamp(id) >= t as id >= objectid_first_at_or_after(t),
-- and so on; here they are functions only): NULL where no id qualifies,
-- never an error.  which: 0 the first id at or after t, 1 the first after,
-- 2 the last before, 3 the last at or before, 4 the first of t's second.
CREATE OR REPLACE FUNCTION objectid_portable_window_bound(t timestamptz, which int)
RETURNS objectid
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
	lower bool := which IN (0, 1, 4);
	us numeric;
	s numeric;
BEGIN
	IF NOT isfinite(t) THEN
		IF which = 4 OR (t > 'epoch'::timestamptz) = lower THEN
			RETURN NULL;
		END IF;
		s := CASE WHEN lower THEN 0 ELSE 4294967295 END;
	ELSE
		us := extract(epoch FROM t) * 1000000;
		s := floor(us / 1000000);
		IF (which = 0 AND s * 1000000 <> us) OR which = 1 THEN
			s := s + 1;
		ELSIF which = 2 AND s * 1000000 = us THEN
			s := s - 1;
		END IF;
		IF (lower AND s > 4294967295) OR (NOT lower AND s < 0) OR (which = 4 AND s < 0) THEN
			RETURN NULL;
		END IF;
		s := least(greatest(s, 0), 4294967295);
	END IF;
	RETURN lpad(to_hex(s::int8), 8, '0') ||
		CASE WHEN lower THEN '0000000000000000' ELSE 'ffffffffffffffff' END;
END
$$;

COMMENT ON FUNCTION objectid_portable_window_bound(timestamptz, int) IS 'private: the bounds of windows through an id''s second';

CREATE OR REPLACE FUNCTION objectid_first_at_or_after(timestamptz)
RETURNS objectid
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$ BEGIN RETURN objectid_install_schema.objectid_portable_window_bound($1, 0); END $$;

COMMENT ON FUNCTION objectid_first_at_or_after(timestamptz) IS 'the smallest objectid whose second is at or after the instant, null if none: id >= it is objectid_timestamp(id) >= the instant';

CREATE OR REPLACE FUNCTION objectid_first_after(timestamptz)
RETURNS objectid
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$ BEGIN RETURN objectid_install_schema.objectid_portable_window_bound($1, 1); END $$;

COMMENT ON FUNCTION objectid_first_after(timestamptz) IS 'the smallest objectid whose second is after the instant, null if none: id >= it is objectid_timestamp(id) > the instant';

CREATE OR REPLACE FUNCTION objectid_last_before(timestamptz)
RETURNS objectid
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$ BEGIN RETURN objectid_install_schema.objectid_portable_window_bound($1, 2); END $$;

COMMENT ON FUNCTION objectid_last_before(timestamptz) IS 'the largest objectid whose second is before the instant, null if none: id <= it is objectid_timestamp(id) < the instant';

CREATE OR REPLACE FUNCTION objectid_last_at_or_before(timestamptz)
RETURNS objectid
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$ BEGIN RETURN objectid_install_schema.objectid_portable_window_bound($1, 3); END $$;

COMMENT ON FUNCTION objectid_last_at_or_before(timestamptz) IS 'the largest objectid whose second is at or before the instant, null if none: id <= it is objectid_timestamp(id) <= the instant';

CREATE OR REPLACE FUNCTION objectid_first_in_second(timestamptz)
RETURNS objectid
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$ BEGIN RETURN objectid_install_schema.objectid_portable_window_bound($1, 4); END $$;

COMMENT ON FUNCTION objectid_first_in_second(timestamptz) IS 'the smallest objectid of the second containing the instant, null if ids carry no such second: objectid_from_timestamp() without its error';

-- The same bounds of a date or a timestamp, the instant a comparison of a
-- timestamptz with one reads: the value in the session's time zone (so
-- STABLE); more than two days beyond the seconds ids carry, an infinity,
-- as the comparison reads a value too far for a timestamptz

CREATE OR REPLACE FUNCTION objectid_first_at_or_after(date)
RETURNS objectid
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$ BEGIN RETURN objectid_install_schema.objectid_portable_window_bound(
	CASE WHEN $1 < date '1969-12-30' THEN '-infinity' WHEN $1 > date '2106-02-09' THEN 'infinity' ELSE $1::timestamptz END, 0); END $$;

COMMENT ON FUNCTION objectid_first_at_or_after(date) IS 'the smallest objectid whose second is at or after the date in the session''s time zone, null if none: id >= it is objectid_timestamp(id) >= the date';

CREATE OR REPLACE FUNCTION objectid_first_after(date)
RETURNS objectid
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$ BEGIN RETURN objectid_install_schema.objectid_portable_window_bound(
	CASE WHEN $1 < date '1969-12-30' THEN '-infinity' WHEN $1 > date '2106-02-09' THEN 'infinity' ELSE $1::timestamptz END, 1); END $$;

COMMENT ON FUNCTION objectid_first_after(date) IS 'the smallest objectid whose second is after the date in the session''s time zone, null if none: id >= it is objectid_timestamp(id) > the date';

CREATE OR REPLACE FUNCTION objectid_last_before(date)
RETURNS objectid
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$ BEGIN RETURN objectid_install_schema.objectid_portable_window_bound(
	CASE WHEN $1 < date '1969-12-30' THEN '-infinity' WHEN $1 > date '2106-02-09' THEN 'infinity' ELSE $1::timestamptz END, 2); END $$;

COMMENT ON FUNCTION objectid_last_before(date) IS 'the largest objectid whose second is before the date in the session''s time zone, null if none: id <= it is objectid_timestamp(id) < the date';

CREATE OR REPLACE FUNCTION objectid_last_at_or_before(date)
RETURNS objectid
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$ BEGIN RETURN objectid_install_schema.objectid_portable_window_bound(
	CASE WHEN $1 < date '1969-12-30' THEN '-infinity' WHEN $1 > date '2106-02-09' THEN 'infinity' ELSE $1::timestamptz END, 3); END $$;

COMMENT ON FUNCTION objectid_last_at_or_before(date) IS 'the largest objectid whose second is at or before the date in the session''s time zone, null if none: id <= it is objectid_timestamp(id) <= the date';

CREATE OR REPLACE FUNCTION objectid_first_at_or_after(timestamp)
RETURNS objectid
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$ BEGIN RETURN objectid_install_schema.objectid_portable_window_bound(
	CASE WHEN $1 < timestamp '1969-12-30' THEN '-infinity' WHEN $1 > timestamp '2106-02-09 06:28:15' THEN 'infinity' ELSE $1::timestamptz END, 0); END $$;

COMMENT ON FUNCTION objectid_first_at_or_after(timestamp) IS 'the smallest objectid whose second is at or after the timestamp in the session''s time zone, null if none: id >= it is objectid_timestamp(id) >= the timestamp';

CREATE OR REPLACE FUNCTION objectid_first_after(timestamp)
RETURNS objectid
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$ BEGIN RETURN objectid_install_schema.objectid_portable_window_bound(
	CASE WHEN $1 < timestamp '1969-12-30' THEN '-infinity' WHEN $1 > timestamp '2106-02-09 06:28:15' THEN 'infinity' ELSE $1::timestamptz END, 1); END $$;

COMMENT ON FUNCTION objectid_first_after(timestamp) IS 'the smallest objectid whose second is after the timestamp in the session''s time zone, null if none: id >= it is objectid_timestamp(id) > the timestamp';

CREATE OR REPLACE FUNCTION objectid_last_before(timestamp)
RETURNS objectid
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$ BEGIN RETURN objectid_install_schema.objectid_portable_window_bound(
	CASE WHEN $1 < timestamp '1969-12-30' THEN '-infinity' WHEN $1 > timestamp '2106-02-09 06:28:15' THEN 'infinity' ELSE $1::timestamptz END, 2); END $$;

COMMENT ON FUNCTION objectid_last_before(timestamp) IS 'the largest objectid whose second is before the timestamp in the session''s time zone, null if none: id <= it is objectid_timestamp(id) < the timestamp';

CREATE OR REPLACE FUNCTION objectid_last_at_or_before(timestamp)
RETURNS objectid
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$ BEGIN RETURN objectid_install_schema.objectid_portable_window_bound(
	CASE WHEN $1 < timestamp '1969-12-30' THEN '-infinity' WHEN $1 > timestamp '2106-02-09 06:28:15' THEN 'infinity' ELSE $1::timestamptz END, 3); END $$;

COMMENT ON FUNCTION objectid_last_at_or_before(timestamp) IS 'the largest objectid whose second is at or before the timestamp in the session''s time zone, null if none: id <= it is objectid_timestamp(id) <= the timestamp';

--
-- Generators.  objectid(), objectid(timestamptz), uuidv6() and uuidv7()
-- keep the C server generator's promises (portable/README.md, "The
-- generators"): the clock's time, the server's counter (the sequence
-- objectid_portable_counter, created at the top) and the server's value
-- (objectid_portable_lifetime), so that every session's ids are in one
-- order and none repeats while the server lives, and nothing a session can
-- set.  nextval cannot run where the transaction is read-only (a standby,
-- SET TRANSACTION READ ONLY): there each falls back to a generator of the
-- session (objectid_portable_session_*), whose values never meet the
-- server's.  The generators that call nextval or set a setting are
-- PARALLEL UNSAFE: neither may run in parallel mode, in a worker nor in the
-- leader while workers run.
--
-- objectid(), uuidv6() and uuidv7() are SQL functions with a body in
-- standard SQL (RETURN ...), which PostgreSQL parses when the function is
-- created: every name in it is bound then, in this file's path, so objects
-- planted later in the install schema or in pg_temp change nothing, as
-- for the functions that pin their path; and the planner inlines them into
-- the calling query, where they cost their expression alone.
--

-- The server's value: a 64-bit hash, of seed, of what tells this
-- installation in this server lifetime from every other one: the
-- postmaster's start (a new one at each start, and on a standby its own),
-- the last reset of the background writer's statistics (a new one after a
-- crash of any process, when the postmaster makes shared memory anew, and
-- at pg_stat_reset_shared), the database's name and the counter's OID (an
-- installation in another database or schema counts on its own counter).
-- Every id shows it, as the C extension's show its server's random value.
CREATE OR REPLACE FUNCTION objectid_portable_lifetime(seed int8)
RETURNS int8
LANGUAGE sql STABLE PARALLEL RESTRICTED
RETURN hashfloat8extended(date_part('epoch', pg_postmaster_start_time()),
	hashfloat8extended(date_part('epoch', pg_stat_get_bgwriter_stat_reset_time()),
		hashtextextended(current_database()::text, hashoidextended('objectid_portable_counter'::regclass, seed))));

COMMENT ON FUNCTION objectid_portable_lifetime(int8) IS 'private: a hash of the server''s lifetime (its start, the last reset of shared memory) and of this installation';

-- the server's next counter value
CREATE OR REPLACE FUNCTION objectid_portable_count()
RETURNS int8
LANGUAGE sql VOLATILE PARALLEL UNSAFE
RETURN nextval('objectid_portable_counter');

COMMENT ON FUNCTION objectid_portable_count() IS 'private: the next value of the server''s counter';

-- The 8 bytes after an objectid's second: the server's value (38 bits of
-- its lifetime's hash) times 2^24 plus the counter, so that the low 24 bits
-- are the counter and a counter past 2^24 carries into the process value,
-- which moves on by one (the C extension's rule at a spent counter).  Below
-- 2^62 + 2^60 (the value below 2^38, the counter below 2^60): the process
-- value's top bit is 0, where the session's generator's is 1.
CREATE OR REPLACE FUNCTION objectid_portable_tail()
RETURNS int8
LANGUAGE sql VOLATILE PARALLEL UNSAFE
RETURN ((objectid_portable_lifetime(1) & 274877906943) << 24) + objectid_portable_count();

COMMENT ON FUNCTION objectid_portable_tail() IS 'private: the process value and counter of the server''s next objectid';

-- What tells this session from every other one, for the values the
-- session's generators hash: the server's start, the backend's process ID
-- and its start, to the microsecond, which only the session's role, the
-- roles that have its privileges and pg_read_all_stats may read (where the
-- current role may not, after SET ROLE to another one, the backend's start
-- is left out).  The session can set none of them.
CREATE OR REPLACE FUNCTION objectid_portable_session()
RETURNS text
LANGUAGE sql STABLE PARALLEL RESTRICTED
RETURN concat_ws(' ', extract(epoch FROM pg_postmaster_start_time()), pg_backend_pid(),
	(SELECT extract(epoch FROM a.backend_start) FROM pg_stat_get_activity(pg_backend_pid()) a));

COMMENT ON FUNCTION objectid_portable_session() IS 'private: what tells this session from every other one (the server''s start, the backend''s process ID and start)';

-- Whether the server's generator serves a call: the transaction may write
-- (nextval cannot run where it is read-only), and the clock is within the
-- range of the layout, [since, before) (where it is not, the session's
-- generator raises the layout's range error)
CREATE OR REPLACE FUNCTION objectid_portable_serves(since timestamptz, before timestamptz)
RETURNS boolean
LANGUAGE sql VOLATILE PARALLEL SAFE
RETURN current_setting('transaction_read_only') = 'off' AND clock_timestamp() >= since
	AND clock_timestamp() < before;

COMMENT ON FUNCTION objectid_portable_serves(timestamptz, timestamptz) IS 'private: whether the server''s generator serves a call (a transaction that may write, the clock within a range)';

-- the session's generator of objectid(), where the transaction is
-- read-only (objectid_portable_next)
CREATE OR REPLACE FUNCTION objectid_portable_session_objectid()
RETURNS objectid
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
	us int8 := (extract(epoch FROM clock_timestamp()) * 1000000)::int8;
BEGIN
	IF us < 0 OR us >= 4294967296000000 THEN
		PERFORM objectid_install_schema.objectid_portable_range_error('objectid');
	END IF;
	RETURN objectid_install_schema.objectid_portable_next(us / 1000000, us % 1000000);
END
$$;

COMMENT ON FUNCTION objectid_portable_session_objectid() IS 'private: objectid() of the session''s generator, where the transaction is read-only';

-- The second, then the server's value and counter.  The second as 32
-- unsigned bits: the int4 cast raises where the clock has passed the
-- range after the test (the XOR gives the int4 its top bit back).
CREATE OR REPLACE FUNCTION objectid()
RETURNS objectid
LANGUAGE sql VOLATILE PARALLEL UNSAFE
RETURN CASE WHEN objectid_portable_serves('1970-01-01 00:00:00+00', '2106-02-07 06:28:16+00')
	THEN (lpad(to_hex(((floor(date_part('epoch', clock_timestamp())) - 2147483648)::int4 # (-2147483648)::int4)), 8, '0')
		|| lpad(to_hex(objectid_portable_tail()), 16, '0'))::objectid
	ELSE objectid_portable_session_objectid() END;

COMMENT ON FUNCTION objectid() IS 'a new ObjectId, greater than every one made before it on the server (in a read-only transaction: in the session)';

-- The given second, then the server's value and counter, as objectid()'s:
-- unique however many ids carry one second, and never one of objectid()'s.
-- Where the transaction is read-only, the session's generator: state
-- objectid_portable.objectid_timestamptz = 'k n'.  n: the last id's
-- position in time, the clock's microseconds since 1970 times 8 (one more
-- than the last when the clock has not moved); its low 24 bits are the
-- counter, and its other bits, with k and what tells the session from
-- every other (objectid_portable_session), make the process value (5 bytes
-- of a SHA-256, the top bit set): a new one every 2^21 microseconds (2.1
-- s).  So the pair of process value and counter never comes again in a
-- session, nor in a later one on a reused process ID, while the clock goes
-- forward (a state a millisecond or more ahead of the clock, which went
-- back or is not this function's, moves k on, modulo 256).
CREATE OR REPLACE FUNCTION objectid(timestamptz)
RETURNS objectid
LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
	s int8 := objectid_install_schema.objectid_portable_seconds($1);
	st text[];
	n int8;
	k int4 := 0;
	h bytea;
BEGIN
	IF current_setting('transaction_read_only') = 'off' THEN
		RETURN lpad(to_hex(s), 8, '0') || lpad(to_hex(objectid_install_schema.objectid_portable_tail()), 16, '0');
	END IF;
	st := string_to_array(current_setting('objectid_portable.objectid_timestamptz', true), ' ');
	n := (extract(epoch FROM clock_timestamp()) * 1000000)::int8 * 8;
	IF cardinality(st) = 2 AND st[1] ~ '^\d{1,3}$' AND st[2] ~ '^\d{1,18}$' AND st[1]::int4 <= 255 THEN
		k := st[1]::int4;
		IF st[2]::int8 >= n + 8000 THEN
			k := (k + 1) % 256;
		ELSIF st[2]::int8 >= n THEN
			n := st[2]::int8 + 1;
		END IF;
	END IF;
	PERFORM set_config('objectid_portable.objectid_timestamptz', concat_ws(' ', k, n), false);
	h := substr(sha256(convert_to(concat_ws(' ', 'objectid(timestamptz)', objectid_install_schema.objectid_portable_session(),
		nullif(k, 0), n >> 24), 'UTF8')), 1, 5);
	RETURN lpad(to_hex(s), 8, '0') || encode(set_byte(h, 0, get_byte(h, 0) | 128), 'hex') ||
		lpad(to_hex(n & 16777215), 6, '0');
END
$$;

COMMENT ON FUNCTION objectid(timestamptz) IS 'a new, unique ObjectId carrying the given second';

-- which generator objectid() uses: the server's, but where the transaction
-- is read-only
CREATE OR REPLACE FUNCTION objectid_generator()
RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE
RETURN CASE WHEN current_setting('transaction_read_only') = 'off' THEN 'server' ELSE 'session' END;

COMMENT ON FUNCTION objectid_generator() IS 'the generator objectid() uses in this session: server, or session where the transaction is read-only';

--
-- UUID generators.  uuidv6() and uuidv7() take the clock's time and the
-- server's counter (above).  Where the transaction is read-only, they and
-- uuidv8() (always) keep state in session settings: objectid_portable.uuidv7
-- (nanoseconds of the last v7, as PostgreSQL 18 counts them),
-- objectid_portable.uuidv6 ('clock_seq node last_time last_clock'),
-- objectid_portable.uuidv8 ('last_tick last_seq').  The clock is
-- clock_timestamp(), to the microsecond.  The state lifts a value above the
-- clock only when the clock has not moved since the last call, and a value
-- runs into the next microsecond only after more calls within one
-- microsecond than PL/pgSQL makes (v7: 5, v6: 10, v8: 25,600).  A call
-- after a rollback reads a later microsecond, so a rolled-back state takes
-- nothing back.  The session can set the state, so it is read only while
-- less than a millisecond ahead of the clock (the clock went back less than
-- that), and the v6 node never: a caller gets the clock's instant and its
-- own node, whatever it set.
--

-- As the C extension, this file creates uuidv7(), uuidv7(interval), uuidv4(),
-- uuid_extract_timestamp() and uuid_extract_version() on every major.  Core
-- has functions of those names in pg_catalog (17+:
-- uuid_extract_timestamp, uuid_extract_version; 18+: uuidv4, uuidv7,
-- uuidv7(interval)), which is searched first: a COMMENT ON would describe
-- core's.  So their comments name the install schema (current_schema(), in
-- a DO block: the file changes no setting that would outlive it, such as
-- search_path), and their types are qualified.
-- the 16 hex digits after a v7's fraction: the variant, 30 bits of the
-- server's counter (one more an id: ids of one microsecond in the order
-- they were counted), 32 random bits
CREATE OR REPLACE FUNCTION objectid_portable_v7_tail()
RETURNS text
LANGUAGE sql VOLATILE PARALLEL UNSAFE
RETURN to_hex(objectid_portable_count() & 1073741823 | 2147483648) || substr(gen_random_uuid()::text, 29);

COMMENT ON FUNCTION objectid_portable_v7_tail() IS 'private: the variant, counter and random bits of a UUID version 7';

-- uuidv7() of the session's generator, where the transaction is read-only
CREATE OR REPLACE FUNCTION objectid_portable_session_uuidv7()
RETURNS uuid
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
	prev text := current_setting('objectid_portable.uuidv7', true);
	ns int8 := (extract(epoch FROM clock_timestamp()) * 1000000)::int8 * 1000;
BEGIN
	-- PostgreSQL 18: at least one fraction step (245 ns) above the last,
	-- unless that is a millisecond or more ahead of the clock (the clock
	-- went back, or the state is not this function's): then the clock's
	IF prev ~ '^\d{1,19}$' AND prev::numeric + 245 >= ns AND prev::numeric + 245 < ns + 1000000 THEN
		ns := prev::int8 + 245;
	END IF;
	PERFORM set_config('objectid_portable.uuidv7', ns::text, false);
	RETURN objectid_install_schema.objectid_portable_v7(ns / 1000000, ns % 1000000);
END
$$;

COMMENT ON FUNCTION objectid_portable_session_uuidv7() IS 'private: uuidv7() of the session''s generator, where the transaction is read-only';

-- PostgreSQL 18's layout: the clock's millisecond and 12-bit fraction
-- (its microseconds times 4.096, as core computes them from a clock of
-- microseconds), then objectid_portable_v7_tail
CREATE OR REPLACE FUNCTION uuidv7()
RETURNS pg_catalog.uuid
LANGUAGE sql VOLATILE PARALLEL UNSAFE
RETURN CASE WHEN objectid_portable_serves('1970-01-01 00:00:00+00', '10889-08-02 05:31:50.656+00')
	THEN (pg_catalog.overlay(lpad(to_hex(floor(extract(epoch FROM clock_timestamp()) * 4096000)::int8), 15, '0'), '7', 13, 0)
		|| objectid_portable_v7_tail())::pg_catalog.uuid
	ELSE objectid_portable_session_uuidv7() END;

DO $$ BEGIN EXECUTE pg_catalog.format('COMMENT ON FUNCTION %I.uuidv7() IS %L', pg_catalog.current_schema(),
	'a new UUID version 7 (PostgreSQL 18 layout: 12-bit sub-millisecond fraction), increasing within the session'); END $$;

-- the current time plus shift, as uuidv7() lays it out; where the
-- transaction is read-only, the session's generator (one step above its
-- last v7, the step's nanoseconds kept below the microsecond)
CREATE OR REPLACE FUNCTION uuidv7(shift pg_catalog.interval)
RETURNS pg_catalog.uuid
LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
	prev text;
	ns int8;
	us int8;
	u uuid;
BEGIN
	IF current_setting('transaction_read_only') = 'off' THEN
		us := objectid_install_schema.objectid_portable_v7_us(clock_timestamp() + shift);
		RETURN (lpad(to_hex(us / 1000), 12, '0') || to_hex(28672 | (us % 1000 * 512 / 125)) ||
				objectid_install_schema.objectid_portable_v7_tail())::uuid;
	END IF;
	prev := current_setting('objectid_portable.uuidv7', true);
	ns := (extract(epoch FROM clock_timestamp()) * 1000000)::int8 * 1000;
	IF prev ~ '^\d{1,19}$' AND prev::numeric + 245 >= ns AND prev::numeric + 245 < ns + 1000000 THEN
		ns := prev::int8 + 245;
	END IF;
	us := objectid_install_schema.objectid_portable_v7_us(to_timestamp((ns / 1000000000)::float8) +
		((ns / 1000) % 1000000) * interval '1 microsecond' + shift);
	u := objectid_install_schema.objectid_portable_v7(us / 1000, (us % 1000) * 1000 + ns % 1000);
	PERFORM set_config('objectid_portable.uuidv7', ns::text, false);
	RETURN u;
END
$$;

DO $$ BEGIN EXECUTE pg_catalog.format('COMMENT ON FUNCTION %I.uuidv7(pg_catalog.interval) IS %L', pg_catalog.current_schema(),
	'a new UUID version 7 for the current time shifted by the interval'); END $$;

CREATE OR REPLACE FUNCTION uuidv7_at(ts timestamptz)
RETURNS uuid
LANGUAGE plpgsql VOLATILE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
	us int8 := objectid_install_schema.objectid_portable_v7_us(ts);
BEGIN
	RETURN objectid_install_schema.objectid_portable_v7(us / 1000, (us % 1000) * 1000);
END
$$;

COMMENT ON FUNCTION uuidv7_at(timestamptz) IS 'a new UUID version 7 carrying the given instant to the microsecond';

-- uuidv6() of the session's generator, where the transaction is read-only:
-- the clock sequence's top bit set, never in the server's ids
CREATE OR REPLACE FUNCTION objectid_portable_session_uuidv6()
RETURNS uuid
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
	st text[] := string_to_array(current_setting('objectid_portable.uuidv6', true), ' ');
	-- 100 ns since 1582-10-15 (the clock has microseconds)
	now int8 := (extract(epoch FROM clock_timestamp()) * 1000000)::int8 * 10 + 122192928000000000;
	t int8 := now;
	seq int4;
	-- the node: 6 bytes of a SHA-256 of what tells this session from every
	-- other (objectid_portable_session), multicast bit set (never read from
	-- the state)
	node bytea := substr(sha256(convert_to(concat_ws(' ', 'uuidv6', objectid_install_schema.objectid_portable_session()),
		'UTF8')), 1, 6);
	r bytea;
BEGIN
	node := set_byte(node, 0, get_byte(node, 0) | 1);
	IF now < 0 OR now > 1152921504606846975 THEN
		PERFORM objectid_install_schema.objectid_portable_range_error('v6');
	END IF;
	IF cardinality(st) = 4 AND st[1] ~ '^\d{1,5}$' AND st[3] ~ '^\d{1,19}$' AND st[4] ~ '^\d{1,19}$'
		AND st[1]::int4 <= 16383 AND st[3]::numeric <= 1152921504606846975
		AND st[4]::numeric <= 1152921504606846975 THEN
		seq := st[1]::int4 | 8192;
		-- the clock went back, or the last timestamp is a millisecond or more
		-- ahead of it (a state this function did not write): say so in the
		-- clock sequence (RFC 9562)
		IF now < st[4]::int8 OR st[3]::int8 >= now + 10000 THEN
			seq := (seq + 1) & 8191 | 8192;
		END IF;
		-- count within a tick, and never let the timestamp go back
		IF t <= st[3]::int8 AND st[3]::int8 < now + 10000 THEN
			IF st[3]::int8 = 1152921504606846975 THEN
				PERFORM objectid_install_schema.objectid_portable_range_error('v6');
			END IF;
			t := st[3]::int8 + 1;
		END IF;
	ELSE
		-- a new session draws its own clock sequence
		r := uuid_send(gen_random_uuid());
		seq := ((get_byte(r, 0) << 8) | get_byte(r, 1)) & 8191 | 8192;
	END IF;
	PERFORM set_config('objectid_portable.uuidv6', concat_ws(' ', seq, encode(node, 'hex'), t, now), false);
	RETURN (lpad(to_hex(t >> 12), 12, '0') || '6' || lpad(to_hex(t & 4095), 3, '0') ||
			to_hex(32768 | seq) || encode(node, 'hex'))::uuid;
END
$$;

COMMENT ON FUNCTION objectid_portable_session_uuidv6() IS 'private: uuidv6() of the session''s generator, where the transaction is read-only';

-- The clock's time in 100 ns ticks (its microseconds times 10), then in
-- clock_seq and node the server's value (60 bits of its lifetime's hash)
-- plus the counter: no random bits, ids of one tick in the order they were
-- counted.  The top bit of the 62 is 0, where the session's generator has
-- it set.
CREATE OR REPLACE FUNCTION uuidv6()
RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL UNSAFE
RETURN CASE WHEN objectid_portable_serves('1582-10-15 00:00:00+00', '5236-03-31 21:21:00.684698+00')
	THEN (pg_catalog.overlay(lpad(to_hex((extract(epoch FROM clock_timestamp()) * 10000000)::int8 + 122192928000000000), 15, '0'), '6', 13, 0)
		|| to_hex((objectid_portable_lifetime(6) & 1152921504606846975) + objectid_portable_count()
			| (-9223372036854775808)::int8))::uuid
	ELSE objectid_portable_session_uuidv6() END;

COMMENT ON FUNCTION uuidv6() IS 'a new UUID version 6 (clock sequence and node: the server''s value and counter), increasing across the server''s sessions';

CREATE OR REPLACE FUNCTION uuidv8()
RETURNS uuid
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
	st text[] := string_to_array(current_setting('objectid_portable.uuidv8', true), ' ');
	-- 10 ns since the Unix epoch (the clock has microseconds)
	tick int8 := (extract(epoch FROM clock_timestamp()) * 1000000)::int8 * 100;
	seq int4 := 0;
	r bytea := substr(uuid_send(gen_random_uuid()), 9);
BEGIN
	IF tick < 0 THEN
		PERFORM objectid_install_schema.objectid_portable_range_error('v8');
	END IF;
	-- a state a millisecond or more ahead of the clock (the clock went back,
	-- or the state is not this function's): the clock's tick
	IF cardinality(st) = 2 AND st[1] ~ '^\d{1,18}$' AND st[2] ~ '^\d{1,3}$' AND st[2]::int4 <= 255
		AND tick <= st[1]::int8 AND st[1]::int8 < tick + 100000 THEN
		-- same tick, or the clock went back: next sequence number
		tick := st[1]::int8;
		seq := st[2]::int4 + 1;
		IF seq > 255 THEN
			tick := tick + 1;
			seq := 0;
		END IF;
	END IF;
	IF tick > 1152921504606846975 THEN
		PERFORM objectid_install_schema.objectid_portable_range_error('v8');
	END IF;
	PERFORM set_config('objectid_portable.uuidv8', tick || ' ' || seq, false);
	-- custom_a + custom_b: the tick; custom_c: 8-bit sequence, 54 random bits
	RETURN (lpad(to_hex(tick >> 12), 12, '0') || '8' || lpad(to_hex(tick & 4095), 3, '0') ||
			to_hex(32768 | (seq << 6) | (get_byte(r, 1) & 63)) ||
			encode(substr(r, 3, 6), 'hex'))::uuid;
END
$$;

COMMENT ON FUNCTION uuidv8() IS 'a new time-based UUID version 8 (RFC 9562 B.1: 10 ns ticks, 8-bit sequence), increasing within the session';

-- the result depends only on the argument: IMMUTABLE, not VOLATILE
CREATE OR REPLACE FUNCTION uuidv8(bytes bytea)
RETURNS uuid
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
	IF octet_length(bytes) <> 16 THEN
		RAISE EXCEPTION 'invalid input length for type uuid'
			USING ERRCODE = '22P03',
			DETAIL = format('Expected 16 bytes, got %s.', octet_length(bytes));
	END IF;
	RETURN encode(set_byte(set_byte(bytes, 6, (get_byte(bytes, 6) & 15) | 128),
						   8, (get_byte(bytes, 8) & 63) | 128), 'hex')::uuid;
END
$$;

COMMENT ON FUNCTION uuidv8(bytea) IS 'the 16 given bytes with the version 8 and variant bits set';

CREATE OR REPLACE FUNCTION uuidv4()
RETURNS pg_catalog.uuid
LANGUAGE sql VOLATILE PARALLEL SAFE
AS $$ SELECT pg_catalog.gen_random_uuid() $$;

DO $$ BEGIN EXECUTE pg_catalog.format('COMMENT ON FUNCTION %I.uuidv4() IS %L', pg_catalog.current_schema(),
	'a new random UUID version 4'); END $$;

--
-- UUID readers (null for other versions and for non-RFC variants)
--

CREATE OR REPLACE FUNCTION uuid_extract_version(pg_catalog.uuid)
RETURNS pg_catalog.int2
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
	SELECT CASE WHEN get_byte(b, 8) & 192 = 128 THEN (get_byte(b, 6) >> 4)::int2 END
	FROM uuid_send($1) b
$$;

DO $$ BEGIN EXECUTE pg_catalog.format('COMMENT ON FUNCTION %I.uuid_extract_version(pg_catalog.uuid) IS %L', pg_catalog.current_schema(),
	'the version of an RFC 9562 UUID, else null'); END $$;

CREATE OR REPLACE FUNCTION uuid_extract_timestamp(pg_catalog.uuid)
RETURNS pg_catalog.timestamptz
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$ BEGIN RETURN objectid_install_schema.objectid_portable_uuid_time($1, '17'); END $$;

DO $$ BEGIN EXECUTE pg_catalog.format('COMMENT ON FUNCTION %I.uuid_extract_timestamp(pg_catalog.uuid) IS %L', pg_catalog.current_schema(),
	'the instant of a version 1 or 7 UUID (v7 to the millisecond), else null, as core''s'); END $$;

CREATE OR REPLACE FUNCTION uuidv6_extract_timestamp(uuid)
RETURNS timestamptz
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$ BEGIN RETURN objectid_install_schema.objectid_portable_uuid_time($1, '6'); END $$;

COMMENT ON FUNCTION uuidv6_extract_timestamp(uuid) IS 'the instant of a version 6 UUID, else null';

CREATE OR REPLACE FUNCTION uuid_timestamp(uuid)
RETURNS timestamptz
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$ BEGIN RETURN objectid_install_schema.objectid_portable_uuid_time($1, '167'); END $$;

COMMENT ON FUNCTION uuid_timestamp(uuid) IS 'the instant of a version 1, 6 or 7 UUID (v7 to the millisecond), else null';

-- uuid_timestamp() of a UUID written as text: pg_partman's time decoder for
-- uuid keys, beside uuidv7_from_timestamp() as its encoder
CREATE OR REPLACE FUNCTION uuid_timestamp_from_text(text)
RETURNS timestamptz
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$ BEGIN RETURN objectid_install_schema.objectid_portable_uuid_time($1::uuid, '167'); END $$;

COMMENT ON FUNCTION uuid_timestamp_from_text(text) IS 'the instant of a version 1, 6 or 7 UUID written as text, else null (pg_partman''s time decoder)';

CREATE OR REPLACE FUNCTION uuidv8_extract_timestamp(uuid)
RETURNS timestamptz
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$ BEGIN RETURN objectid_install_schema.objectid_portable_uuid_time($1, '8'); END $$;

COMMENT ON FUNCTION uuidv8_extract_timestamp(uuid) IS 'the instant of a time-based (RFC 9562 B.1) version 8 UUID, else null';

CREATE OR REPLACE FUNCTION uuidv7_from_timestamp(timestamptz)
RETURNS uuid
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
	RETURN (lpad(to_hex(objectid_install_schema.objectid_portable_v7_us($1) / 1000), 12, '0') ||
			'70008000000000000000')::uuid;
END
$$;

COMMENT ON FUNCTION uuidv7_from_timestamp(timestamptz) IS 'the smallest UUID version 7 of the given millisecond, for range scans';

--
-- v1 <-> v6: the 60-bit time, high bits first in v6 (time_hi, time_mid,
-- time_low of v1), clock sequence and node kept
--

CREATE OR REPLACE FUNCTION uuid_v1_to_v6(uuid)
RETURNS uuid
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
	h text := objectid_install_schema.objectid_portable_require_version($1, 1, 'uuid_v1_to_v6');
	t text := substr(h, 14, 3) || substr(h, 9, 4) || substr(h, 1, 8);
BEGIN
	RETURN (substr(t, 1, 12) || '6' || substr(t, 13, 3) || substr(h, 17))::uuid;
END
$$;

COMMENT ON FUNCTION uuid_v1_to_v6(uuid) IS 'a version 1 UUID as version 6: same instant, clock sequence and node';

CREATE OR REPLACE FUNCTION uuid_v6_to_v1(uuid)
RETURNS uuid
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
	h text := objectid_install_schema.objectid_portable_require_version($1, 6, 'uuid_v6_to_v1');
	t text := substr(h, 1, 12) || substr(h, 14, 3);
BEGIN
	RETURN (substr(t, 8, 8) || substr(t, 4, 4) || '1' || substr(t, 1, 3) || substr(h, 17))::uuid;
END
$$;

COMMENT ON FUNCTION uuid_v6_to_v1(uuid) IS 'a version 6 UUID as version 1: the inverse of uuid_v1_to_v6';

--
-- UUID representations (MongoDB UUID-representation spec).  The
-- two-argument forms take the representation (standard, javaLegacy,
-- csharpLegacy, pythonLegacy, unspecified; the spec's enum spellings too,
-- any ASCII case, as the C extension: lowercased under the C collation,
-- which folds A-Z alone, where Turkish rules lowercase I to ı and most
-- collations İ to i); the one-argument forms read the setting
-- objectid.uuid_representation (default standard) and are therefore STABLE.
--

-- the representation of a conversion, as one letter (s j c p u): the
-- argument, or the setting when the argument is null.  An unknown name is an
-- error here; unspecified is returned, for objectid_portable_reorder to
-- reject when it matters.
CREATE OR REPLACE FUNCTION objectid_portable_repr(name text)
RETURNS text
LANGUAGE plpgsql STABLE PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
	v text := coalesce(name, nullif(current_setting('objectid.uuid_representation', true), ''), 'standard');
	r text := CASE lower(v COLLATE "C")
		WHEN 'standard' THEN 's'
		WHEN 'javalegacy' THEN 'j' WHEN 'java_legacy' THEN 'j'
		WHEN 'csharplegacy' THEN 'c' WHEN 'c_sharp_legacy' THEN 'c' WHEN 'csharp_legacy' THEN 'c'
		WHEN 'pythonlegacy' THEN 'p' WHEN 'python_legacy' THEN 'p'
		WHEN 'unspecified' THEN 'u' END;
BEGIN
	IF r IS NOT NULL THEN
		RETURN r;
	ELSIF name IS NOT NULL THEN
		RAISE EXCEPTION 'unrecognized UUID representation: "%"', name
			USING ERRCODE = '22023',
			HINT = 'Valid representations are: standard, javaLegacy, csharpLegacy, pythonLegacy, unspecified.';
	END IF;
	-- the C extension refuses this value in SET already
	RAISE EXCEPTION 'invalid value for parameter "objectid.uuid_representation": "%"', v
		USING ERRCODE = '22023',
		HINT = 'Available values: standard, javaLegacy, csharpLegacy, pythonLegacy, unspecified.';
END
$$;

COMMENT ON FUNCTION objectid_portable_repr(text) IS 'private: a UUID representation''s name (or the setting''s, for null) as one letter';

-- the 16 bytes in (or from: each reordering is its own inverse) the byte
-- order of representation r; unspecified is an error, which says where it
-- came from
CREATE OR REPLACE FUNCTION objectid_portable_reorder(b bytea, r text, from_setting boolean)
RETURNS bytea
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
	CASE r
		WHEN 's', 'p' THEN
			RETURN b;
		WHEN 'j' THEN
			RETURN decode(string_agg(lpad(to_hex(get_byte(b, i)), 2, '0'), '' ORDER BY k), 'hex')
			FROM unnest('{7,6,5,4,3,2,1,0,15,14,13,12,11,10,9,8}'::int[]) WITH ORDINALITY u(i, k);
		WHEN 'c' THEN
			RETURN decode(string_agg(lpad(to_hex(get_byte(b, i)), 2, '0'), '' ORDER BY k), 'hex')
			FROM unnest('{3,2,1,0,5,4,7,6,8,9,10,11,12,13,14,15}'::int[]) WITH ORDINALITY u(i, k);
		ELSE
			NULL;
	END CASE;
	IF from_setting THEN
		RAISE EXCEPTION 'cannot convert a UUID with UUID representation "unspecified"'
			USING ERRCODE = '22023',
			DETAIL = 'The representation comes from "objectid.uuid_representation", which is "unspecified"; that representation has no byte order.',
			HINT = 'Set objectid.uuid_representation to standard, javaLegacy, csharpLegacy or pythonLegacy, or pass the representation as the second argument.';
	END IF;
	RAISE EXCEPTION 'cannot convert a UUID with UUID representation "unspecified"'
		USING ERRCODE = '22023',
		DETAIL = 'The "unspecified" representation has no byte order; use standard, javaLegacy, csharpLegacy or pythonLegacy.';
END
$$;

COMMENT ON FUNCTION objectid_portable_reorder(bytea, text, boolean) IS 'private: 16 bytes in a UUID representation''s byte order';

CREATE OR REPLACE FUNCTION uuid_to_bytea(uuid, text)
RETURNS bytea
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
	RETURN objectid_install_schema.objectid_portable_reorder(uuid_send($1),
		objectid_install_schema.objectid_portable_repr($2), false);
END
$$;

COMMENT ON FUNCTION uuid_to_bytea(uuid, text) IS 'the 16 bytes of a UUID in a MongoDB UUID representation''s byte order';

CREATE OR REPLACE FUNCTION uuid_to_bytea(uuid)
RETURNS bytea
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
	RETURN objectid_install_schema.objectid_portable_reorder(uuid_send($1),
		objectid_install_schema.objectid_portable_repr(NULL), true);
END
$$;

COMMENT ON FUNCTION uuid_to_bytea(uuid) IS 'the 16 bytes of a UUID in the byte order of objectid.uuid_representation';

-- an unknown name first, then the length, then unspecified
CREATE OR REPLACE FUNCTION uuid_from_bytea(bytea, text)
RETURNS uuid
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
	r text := objectid_install_schema.objectid_portable_repr($2);
BEGIN
	IF octet_length($1) <> 16 THEN
		RAISE EXCEPTION 'invalid input length for type uuid'
			USING ERRCODE = '22P03',
			DETAIL = format('Expected 16 bytes, got %s.', octet_length($1));
	END IF;
	RETURN encode(objectid_install_schema.objectid_portable_reorder($1, r, false), 'hex')::uuid;
END
$$;

COMMENT ON FUNCTION uuid_from_bytea(bytea, text) IS 'a UUID from exactly 16 bytes in a MongoDB UUID representation''s byte order';

CREATE OR REPLACE FUNCTION uuid_from_bytea(bytea)
RETURNS uuid
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
	r text := objectid_install_schema.objectid_portable_repr(NULL);
BEGIN
	IF octet_length($1) <> 16 THEN
		RAISE EXCEPTION 'invalid input length for type uuid'
			USING ERRCODE = '22P03',
			DETAIL = format('Expected 16 bytes, got %s.', octet_length($1));
	END IF;
	RETURN encode(objectid_install_schema.objectid_portable_reorder($1, r, true), 'hex')::uuid;
END
$$;

COMMENT ON FUNCTION uuid_from_bytea(bytea) IS 'a UUID from exactly 16 bytes in the byte order of objectid.uuid_representation';

CREATE OR REPLACE FUNCTION uuid_to_extjson(uuid, text)
RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
	r text := objectid_install_schema.objectid_portable_repr($2);
BEGIN
	RETURN jsonb_build_object('$binary', jsonb_build_object(
		'base64', encode(objectid_install_schema.objectid_portable_reorder(uuid_send($1), r, false), 'base64'),
		'subType', CASE r WHEN 's' THEN '04' ELSE '03' END));
END
$$;

COMMENT ON FUNCTION uuid_to_extjson(uuid, text) IS 'MongoDB Extended JSON v2 binary (subtype 04 standard, 03 legacy) of a UUID';

CREATE OR REPLACE FUNCTION uuid_to_extjson(uuid)
RETURNS jsonb
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
	r text := objectid_install_schema.objectid_portable_repr(NULL);
BEGIN
	RETURN jsonb_build_object('$binary', jsonb_build_object(
		'base64', encode(objectid_install_schema.objectid_portable_reorder(uuid_send($1), r, true), 'base64'),
		'subType', CASE r WHEN 's' THEN '04' ELSE '03' END));
END
$$;

COMMENT ON FUNCTION uuid_to_extjson(uuid) IS 'MongoDB Extended JSON v2 binary of a UUID, in objectid.uuid_representation';

-- the bytes and subtype of one of the three Extended JSON forms of a BSON
-- binary a UUID comes in; anything else is an error that says what was wrong
CREATE OR REPLACE FUNCTION objectid_portable_extjson_binary(j jsonb, OUT b bytea, OUT sub int4)
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
	k text;
	v jsonb;
	b64 text;
	b64key text;
	st text;
	stkey text;
	bad text := 'invalid Extended JSON for type uuid';
BEGIN
	IF jsonb_typeof(j) <> 'object' THEN
		RAISE EXCEPTION '%', bad USING ERRCODE = '22P02',
			DETAIL = format('Expected a JSON object, not %s.', jsonb_typeof(j));
	END IF;
	SELECT key INTO k FROM jsonb_object_keys(j) key
	WHERE key NOT IN ('$binary', '$type', '$uuid') LIMIT 1;
	IF k IS NOT NULL THEN
		RAISE EXCEPTION '%', bad USING ERRCODE = '22P02',
			DETAIL = format('Unexpected key "%s" in the top-level object.', k);
	END IF;
	IF j ? '$uuid' THEN
		v := j -> '$uuid';
		IF jsonb_typeof(v) <> 'string' THEN
			RAISE EXCEPTION '%', bad USING ERRCODE = '22P02',
				DETAIL = format('Value of "$uuid" must be a string, not %s.', jsonb_typeof(v));
		ELSIF j ? '$binary' OR j ? '$type' THEN
			RAISE EXCEPTION '%', bad USING ERRCODE = '22P02',
				DETAIL = format('Key "$uuid" cannot be combined with "%s".',
								CASE WHEN j ? '$binary' THEN '$binary' ELSE '$type' END);
		ELSIF NOT (v #>> '{}') ~ '^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$' THEN
			RAISE EXCEPTION '%', bad USING ERRCODE = '22P02',
				DETAIL = format('Value of "$uuid" must be a UUID of the form xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx, not "%s".', v #>> '{}');
		END IF;
		sub := 4;
		b := decode(replace(v #>> '{}', '-', ''), 'hex');
	ELSE
		IF NOT j ? '$binary' AND j ? '$type' THEN
			RAISE EXCEPTION '%', bad USING ERRCODE = '22P02', DETAIL = 'Key "$binary" is missing.';
		ELSIF NOT j ? '$binary' THEN
			RAISE EXCEPTION '%', bad USING ERRCODE = '22P02', DETAIL = 'Expected key "$binary" or "$uuid".';
		END IF;
		v := j -> '$binary';
		IF jsonb_typeof(v) = 'object' THEN
			-- canonical: {"$binary": {"base64": ..., "subType": ...}}
			IF j ? '$type' THEN
				RAISE EXCEPTION '%', bad USING ERRCODE = '22P02',
					DETAIL = 'Key "$type" belongs only to the legacy form {"$binary": "<base64>", "$type": "<subtype>"}.';
			END IF;
			SELECT key INTO k FROM jsonb_object_keys(v) key
			WHERE key NOT IN ('base64', 'subType') LIMIT 1;
			IF k IS NOT NULL THEN
				RAISE EXCEPTION '%', bad USING ERRCODE = '22P02',
					DETAIL = format('Unexpected key "%s" in "$binary".', k);
			ELSIF NOT (v ? 'base64' AND v ? 'subType') THEN
				RAISE EXCEPTION '%', bad USING ERRCODE = '22P02',
					DETAIL = format('Key "%s" is missing in "$binary".',
									CASE WHEN v ? 'base64' THEN 'subType' ELSE 'base64' END);
			END IF;
			b64key := 'base64';
			stkey := 'subType';
			b64 := v -> 'base64';
			st := v -> 'subType';
		ELSIF jsonb_typeof(v) = 'string' THEN
			-- legacy: {"$binary": "<base64>", "$type": "<hex>"}
			IF NOT j ? '$type' THEN
				RAISE EXCEPTION '%', bad USING ERRCODE = '22P02',
					DETAIL = 'Key "$type" is missing: the legacy form is {"$binary": "<base64>", "$type": "<subtype>"}.';
			END IF;
			b64key := '$binary';
			stkey := '$type';
			b64 := v;
			st := j -> '$type';
		ELSE
			RAISE EXCEPTION '%', bad USING ERRCODE = '22P02',
				DETAIL = format('Value of "$binary" must be an object or a string, not %s.', jsonb_typeof(v));
		END IF;
		-- b64 and st hold JSON text here: strings only
		IF jsonb_typeof(b64::jsonb) <> 'string' THEN
			RAISE EXCEPTION '%', bad USING ERRCODE = '22P02',
				DETAIL = format('Value of "%s" must be a string, not %s.', b64key, jsonb_typeof(b64::jsonb));
		END IF;
		b64 := b64::jsonb #>> '{}';
		IF jsonb_typeof(st::jsonb) <> 'string' THEN
			RAISE EXCEPTION '%', bad USING ERRCODE = '22P02',
				DETAIL = format('Value of "%s" must be a string, not %s.', stkey, jsonb_typeof(st::jsonb));
		END IF;
		st := st::jsonb #>> '{}';
		IF NOT st ~ '^[0-9A-Fa-f]{1,2}$' THEN
			RAISE EXCEPTION '%', bad USING ERRCODE = '22P02',
				DETAIL = format('Value of "%s" must be a BSON binary subtype of one or two hex digits, not "%s".', stkey, st);
		END IF;
		sub := ('x' || lpad(st, 2, '0'))::bit(8)::int4;
		-- canonical base64: RFC 4648 alphabet, "=" padding, no whitespace,
		-- and the bits past the last byte zero (what encode() writes back)
		IF b64 ~ '^([A-Za-z0-9+/]{4})*([A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$' THEN
			b := decode(b64, 'base64');
		END IF;
		IF b IS NULL OR replace(encode(b, 'base64'), E'\n', '') <> b64 THEN
			RAISE EXCEPTION '%', bad USING ERRCODE = '22P02',
				DETAIL = format('Value of "%s" is not canonical base64 (RFC 4648 alphabet, "=" padding, no whitespace): "%s".', b64key, b64);
		END IF;
	END IF;
END
$$;

COMMENT ON FUNCTION objectid_portable_extjson_binary(jsonb) IS 'private: the bytes and subtype of an Extended JSON binary ($binary v2 or v1, $uuid)';

-- uuid_from_extjson, checked in the C extension's order: the
-- representation's name, the shape, the subtype, the length, unspecified,
-- the subtype against the representation
CREATE OR REPLACE FUNCTION objectid_portable_from_extjson(j jsonb, name text)
RETURNS uuid
LANGUAGE plpgsql STABLE PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
	r text := objectid_install_schema.objectid_portable_repr(name);
	b bytea;
	sub int4;
	k text;
	st text;
BEGIN
	SELECT x.b, x.sub INTO b, sub FROM objectid_install_schema.objectid_portable_extjson_binary(j) x;
	IF sub NOT IN (3, 4) THEN
		RAISE EXCEPTION 'BSON binary subtype % is not a UUID subtype', lpad(to_hex(sub), 2, '0')
			USING ERRCODE = '22023', DETAIL = 'A UUID is stored as subtype 04 (standard) or 03 (legacy).';
	ELSIF octet_length(b) <> 16 THEN
		RAISE EXCEPTION 'invalid input length for type uuid'
			USING ERRCODE = '22P03', DETAIL = format('Expected 16 bytes, got %s.', octet_length(b));
	ELSIF r = 'u' THEN
		-- the reorder raises the error of unspecified
		PERFORM objectid_install_schema.objectid_portable_reorder(b, r, name IS NULL);
	ELSIF (sub = 4) <> (r = 's') THEN
		k := format('cannot decode a BSON binary of subtype 0%s as a UUID with UUID representation "%s"', sub,
			CASE r WHEN 's' THEN 'standard' WHEN 'j' THEN 'javaLegacy' WHEN 'c' THEN 'csharpLegacy' ELSE 'pythonLegacy' END);
		st := CASE sub WHEN 4 THEN 'Subtype 04 decodes only with the standard representation.'
			ELSE 'Subtype 03 decodes only with a legacy representation: javaLegacy, csharpLegacy or pythonLegacy.' END;
		IF name IS NULL THEN
			RAISE EXCEPTION '%', k USING ERRCODE = '22023', DETAIL = st,
				HINT = format('Set objectid.uuid_representation to %s, or pass the representation as the second argument.',
					CASE sub WHEN 4 THEN 'standard' ELSE 'javaLegacy, csharpLegacy or pythonLegacy' END);
		END IF;
		RAISE EXCEPTION '%', k USING ERRCODE = '22023', DETAIL = st;
	END IF;
	RETURN encode(objectid_install_schema.objectid_portable_reorder(b, r, name IS NULL), 'hex')::uuid;
END
$$;

COMMENT ON FUNCTION objectid_portable_from_extjson(jsonb, text) IS 'private: uuid_from_extjson, the representation''s name or null for the setting';

CREATE OR REPLACE FUNCTION uuid_from_extjson(jsonb, text)
RETURNS uuid
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$ BEGIN RETURN objectid_install_schema.objectid_portable_from_extjson($1, $2); END $$;

COMMENT ON FUNCTION uuid_from_extjson(jsonb, text) IS 'a UUID from MongoDB Extended JSON ($binary v2 or v1, $uuid), subtype checked against the representation';

CREATE OR REPLACE FUNCTION uuid_from_extjson(jsonb)
RETURNS uuid
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$ BEGIN RETURN objectid_install_schema.objectid_portable_from_extjson($1, NULL); END $$;

COMMENT ON FUNCTION uuid_from_extjson(jsonb) IS 'a UUID from MongoDB Extended JSON, in objectid.uuid_representation';

-- which representations decode 16 bytes to a well-formed RFC 9562 UUID
-- (variant 10, version 1 to 8), in the order standard, javaLegacy,
-- csharpLegacy, pythonLegacy
CREATE OR REPLACE FUNCTION uuid_representations(bytea)
RETURNS text[]
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
	res text[] := '{}';
	u bytea;
	r text;
BEGIN
	IF octet_length($1) <> 16 THEN
		RAISE EXCEPTION 'invalid input length for type uuid'
			USING ERRCODE = '22P03', DETAIL = format('Expected 16 bytes, got %s.', octet_length($1));
	END IF;
	FOREACH r IN ARRAY '{s,j,c,p}'::text[] LOOP
		u := objectid_install_schema.objectid_portable_reorder($1, r, false);
		IF get_byte(u, 8) & 192 = 128 AND (get_byte(u, 6) >> 4) BETWEEN 1 AND 8 THEN
			res := res || CASE r WHEN 's' THEN 'standard' WHEN 'j' THEN 'javaLegacy'
				WHEN 'c' THEN 'csharpLegacy' ELSE 'pythonLegacy' END;
		END IF;
	END LOOP;
	RETURN res;
END
$$;

COMMENT ON FUNCTION uuid_representations(bytea) IS 'the representations under which 16 bytes decode to a well-formed RFC 9562 UUID (variant 10, version 1-8)';

--
-- Finding the representation that wrote legacy UUID bytes: the aggregate
-- uuid_detect_representation(bytea | jsonb) weighs a column and returns the
-- C extension's report as jsonb.  Its state: counts (rows, nil_or_max,
-- not_uuid, fits_none, standard_04, then per representation standard,
-- javaLegacy, csharpLegacy, pythonLegacy: fits, timestamped, plausible, the
-- versions seen as bits) and the first 256 distinct evidence values
-- ("hex:slot", slot 0 unknown, 1 subtype 03, 2 subtype 04) with the set of
-- representations each fits (bits 1 2 4 8).  No combine function: the
-- aggregate runs in the leader (the C one combines parallel workers').
--

DO $$
BEGIN
	IF pg_catalog.to_regtype(pg_catalog.quote_ident(pg_catalog.current_schema())
							 OPERATOR(pg_catalog.||) '.objectid_portable_detect_state') IS NULL THEN
		CREATE TYPE objectid_portable_detect_state AS (counts int8[], keys text[], fits int4[]);
	END IF;
END
$$;

COMMENT ON TYPE objectid_portable_detect_state IS 'private: uuid_detect_representation''s state';

-- count one value (subtype -1 when unknown)
CREATE OR REPLACE FUNCTION objectid_portable_detect_add(st objectid_portable_detect_state, b bytea, sub int4)
RETURNS objectid_portable_detect_state
LANGUAGE plpgsql STABLE PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
	c int8[] := st.counts;
	fitset int4 := 0;
	slot int4 := CASE sub WHEN 3 THEN 1 WHEN 4 THEN 2 ELSE 0 END;
	u bytea;
	v int4;
	t timestamptz;
	i int4;
	k text;
BEGIN
	IF b IS NULL THEN
		RETURN st;
	END IF;
	c[1] := c[1] + 1;
	IF octet_length(b) <> 16 OR (sub >= 0 AND sub NOT IN (3, 4)) THEN
		c[3] := c[3] + 1;
		c[4] := c[4] + 1;
		st.counts := c;
		RETURN st;
	END IF;
	IF b IN ('\x00000000000000000000000000000000', '\xffffffffffffffffffffffffffffffff') THEN
		c[2] := c[2] + 1;
		st.counts := c;
		RETURN st;
	END IF;
	FOR i IN 1..4 LOOP
		IF sub >= 0 AND sub <> (CASE i WHEN 1 THEN 4 ELSE 3 END) THEN
			CONTINUE;
		END IF;
		u := objectid_install_schema.objectid_portable_reorder(b, substr('sjcp', i, 1), false);
		v := get_byte(u, 6) >> 4;
		IF get_byte(u, 8) & 192 <> 128 OR v NOT BETWEEN 1 AND 8 THEN
			CONTINUE;
		END IF;
		-- well-formed: it fits, whatever instant it carries
		c[5 + i] := c[5 + i] + 1;
		c[17 + i] := c[17 + i] | (1 << v);
		fitset := fitset | (1 << (i - 1));
		IF v IN (1, 6, 7) THEN
			c[9 + i] := c[9 + i] + 1;
			t := objectid_install_schema.objectid_portable_uuid_time(encode(u, 'hex')::uuid, '167');
			IF t >= '1990-01-01 00:00:00+00' AND t <= now() + interval '1 day' THEN
				c[13 + i] := c[13 + i] + 1;
			END IF;
		END IF;
	END LOOP;
	IF fitset = 0 THEN
		c[4] := c[4] + 1;
	END IF;
	IF slot = 2 AND fitset & 1 = 1 THEN
		c[5] := c[5] + 1;
	END IF;
	st.counts := c;
	k := encode(b, 'hex') || ':' || slot;
	IF coalesce(cardinality(st.keys), 0) < 256 AND NOT k = ANY (st.keys) THEN
		st.keys := st.keys || k;
		st.fits := st.fits || fitset;
	END IF;
	RETURN st;
END
$$;

COMMENT ON FUNCTION objectid_portable_detect_add(objectid_portable_detect_state, bytea, int4) IS 'private: uuid_detect_representation, one value';

-- P(X >= k), X ~ Binomial(n, p), as the C extension computes it (n is at
-- most 256 here, so the sums of logarithms stand in for lgamma)
CREATE OR REPLACE FUNCTION objectid_portable_binomial_tail(n int8, k int8, p float8)
RETURNS float8
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
	term float8;
	sm float8;
	i int8;
	lf float8[];
BEGIN
	IF k <= 0 THEN
		RETURN 1.0;
	ELSIF n <= 0 OR k > n OR NOT p > 0.0 THEN
		RETURN 0.0;
	ELSIF p >= 1.0 THEN
		RETURN 1.0;
	END IF;
	-- lf[i + 1] = ln(i!)
	lf := ARRAY[0.0::float8];
	FOR i IN 1..n LOOP
		lf := lf || (lf[i] + ln(i::float8));
	END LOOP;
	IF k > n * p THEN
		-- the upper tail itself: terms fall from k on
		term := exp(lf[n + 1] - lf[k + 1] - lf[n - k + 1] + k * ln(p) + (n - k) * ln(1.0 - p));
		sm := term;
		i := k;
		WHILE i < n AND term > sm * 1e-17 LOOP
			term := term * ((n - i)::float8 / (i + 1)::float8) * (p / (1.0 - p));
			sm := sm + term;
			i := i + 1;
		END LOOP;
	ELSE
		-- one minus the lower tail P(X <= k - 1): terms fall from k - 1 down
		term := exp(lf[n + 1] - lf[k] - lf[n - k + 2] + (k - 1) * ln(p) + (n - k + 1) * ln(1.0 - p));
		sm := term;
		i := k - 1;
		WHILE i > 0 AND term > sm * 1e-17 LOOP
			term := term * (i::float8 / (n - i + 1)::float8) * ((1.0 - p) / p);
			sm := sm + term;
			i := i - 1;
		END LOOP;
		sm := 1.0 - sm;
	END IF;
	RETURN greatest(0.0, least(1.0, sm));
END
$$;

COMMENT ON FUNCTION objectid_portable_binomial_tail(int8, int8, float8) IS 'private: the upper tail of a binomial distribution';

CREATE OR REPLACE FUNCTION uuid_detect_accum(objectid_portable_detect_state, bytea)
RETURNS objectid_portable_detect_state
LANGUAGE plpgsql STABLE PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$ BEGIN RETURN objectid_install_schema.objectid_portable_detect_add($1, $2, -1); END $$;

COMMENT ON FUNCTION uuid_detect_accum(objectid_portable_detect_state, bytea) IS 'uuid_detect_representation(bytea) transition function';

-- a document that is not one of the three forms is an error, as in
-- uuid_from_extjson; a subtype other than 03 and 04, or a length other
-- than 16, counts as not a UUID
CREATE OR REPLACE FUNCTION uuid_detect_accum(objectid_portable_detect_state, jsonb)
RETURNS objectid_portable_detect_state
LANGUAGE plpgsql STABLE PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
	x record;
BEGIN
	IF $2 IS NULL THEN
		RETURN $1;
	END IF;
	SELECT * INTO x FROM objectid_install_schema.objectid_portable_extjson_binary($2);
	RETURN objectid_install_schema.objectid_portable_detect_add($1, x.b, x.sub);
END
$$;

COMMENT ON FUNCTION uuid_detect_accum(objectid_portable_detect_state, jsonb) IS 'uuid_detect_representation(jsonb) transition function';

-- the report: counts, verdict and chance (the C extension's keys; chances
-- to two significant digits, 0 below 1e-15, null when there is none)
CREATE OR REPLACE FUNCTION uuid_detect_final(objectid_portable_detect_state)
RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
	c int8[] := $1.counts;
	names text[] := '{standard,javaLegacy,csharpLegacy,pythonLegacy}';
	n int8 := coalesce(cardinality($1.keys), 0);
	allowed int8[] := '{0,0,0,0}';
	fitted int8[] := '{0,0,0,0}';
	rchance float8[] := '{0,0,0,0}';
	covered int8 := 0;
	evidence int8 := c[1] - c[2];
	chance float8 := -1.0;
	fewest int8 := 9223372036854775807;
	fit_all int4 := 0;
	best int4 := 0;
	rfc boolean := false;
	orders int4 := 0;
	reason text;
	slot int4;
	i int4;
	j int4;
	reprs jsonb := '{}';
BEGIN
	FOR j IN 1..n LOOP
		slot := split_part($1.keys[j], ':', 2)::int4;
		IF $1.fits[j] <> 0 THEN
			covered := covered + 1;
		END IF;
		FOR i IN 1..4 LOOP
			IF slot = 0 OR slot = (CASE i WHEN 1 THEN 2 ELSE 1 END) THEN
				allowed[i] := allowed[i] + 1;
			END IF;
			IF $1.fits[j] & (1 << (i - 1)) <> 0 THEN
				fitted[i] := fitted[i] + 1;
			END IF;
		END LOOP;
	END LOOP;
	FOR i IN 1..4 LOOP
		rchance[i] := objectid_install_schema.objectid_portable_binomial_tail(allowed[i], fitted[i],
			CASE i WHEN 2 THEN 0.125 ELSE 0.5 END);
		-- no other representation writes subtype 04
		IF i = 1 AND c[5] > 0 THEN
			rchance[i] := 0.0;
		END IF;
		IF evidence > 0 AND c[5 + i] = evidence THEN
			fit_all := fit_all | (1 << (i - 1));
			fewest := least(fewest, c[9 + i] - c[13 + i]);
		END IF;
	END LOOP;
	FOR i IN 1..4 LOOP
		CONTINUE WHEN fit_all & (1 << (i - 1)) = 0 OR c[9 + i] - c[13 + i] <> fewest;
		best := best | (1 << (i - 1));
		chance := greatest(chance, rchance[i]);
		-- standard and pythonLegacy are one byte order
		IF i IN (1, 4) THEN
			rfc := true;
		ELSE
			orders := orders + 1;
		END IF;
	END LOOP;
	IF evidence <= 0 THEN
		reason := 'too few rows';
	ELSIF best <> 0 THEN
		orders := orders + rfc::int4;
		IF chance > 0.001 THEN
			reason := 'too few rows';
		ELSIF orders <> 1 THEN
			reason := 'ambiguous';
		END IF;
	ELSIF objectid_install_schema.objectid_portable_binomial_tail(n, covered, 37.0 / 128.0) <= 0.001 THEN
		reason := 'mixed';
	ELSIF c[4] = 0 OR (SELECT min(x) FROM unnest(rchance) x) <= 0.001 THEN
		-- more rows would tell (uuid_detect.c, uuid_detect_verdict)
		reason := 'too few rows';
	ELSE
		reason := 'not UUIDs';
	END IF;
	FOR i IN 1..4 LOOP
		reprs := reprs || jsonb_build_object(names[i], jsonb_build_object(
			'fits', c[5 + i], 'well_formed', c[5 + i], 'timestamped', c[9 + i], 'plausible', c[13 + i],
			'versions', (SELECT coalesce(jsonb_agg(v ORDER BY v), '[]') FROM generate_series(1, 8) v
						 WHERE c[17 + i] & (1 << v) <> 0),
			'chance', CASE WHEN rchance[i] < 1e-15 THEN 0
				ELSE trim_scale(to_char(rchance[i], '9.9EEEE')::numeric) END));
	END LOOP;
	RETURN jsonb_build_object(
		'verdict', CASE WHEN reason IS NULL THEN
			(SELECT jsonb_agg(names[x] ORDER BY x) FROM generate_series(1, 4) g(x) WHERE best & (1 << (x - 1)) <> 0) END,
		'reason', reason,
		'fit_all', (SELECT coalesce(jsonb_agg(names[x] ORDER BY x), '[]') FROM generate_series(1, 4) g(x)
					WHERE fit_all & (1 << (x - 1)) <> 0),
		'chance', CASE WHEN chance < 0 THEN NULL WHEN chance < 1e-15 THEN 0
			ELSE trim_scale(to_char(chance, '9.9EEEE')::numeric) END,
		'rows', c[1], 'distinct', n, 'nil_or_max', c[2], 'not_uuid', c[3], 'fits_none', c[4],
		'representations', reprs);
END
$$;

COMMENT ON FUNCTION uuid_detect_final(objectid_portable_detect_state) IS 'uuid_detect_representation final function: the report';

CREATE OR REPLACE AGGREGATE uuid_detect_representation(bytea) (
	SFUNC     = uuid_detect_accum,
	STYPE     = objectid_portable_detect_state,
	FINALFUNC = uuid_detect_final,
	INITCOND  = '("{0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0}",{},{})',
	PARALLEL  = SAFE
);

COMMENT ON AGGREGATE uuid_detect_representation(bytea) IS 'which UUID representation wrote a column of 16-byte values: counts, verdict and chance as jsonb';

CREATE OR REPLACE AGGREGATE uuid_detect_representation(jsonb) (
	SFUNC     = uuid_detect_accum,
	STYPE     = objectid_portable_detect_state,
	FINALFUNC = uuid_detect_final,
	INITCOND  = '("{0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0}",{},{})',
	PARALLEL  = SAFE
);

COMMENT ON AGGREGATE uuid_detect_representation(jsonb) IS 'which UUID representation wrote a column of Extended JSON binaries (subtype included): counts, verdict and chance as jsonb';

--
-- objectid Extended JSON and the ObjectId <-> UUID mapping
--

CREATE OR REPLACE FUNCTION objectid_to_extjson(objectid)
RETURNS jsonb
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT pg_catalog.jsonb_build_object('$oid', $1::pg_catalog.text) $$;

COMMENT ON FUNCTION objectid_to_extjson(objectid) IS 'MongoDB Extended JSON {"$oid": "..."} of an objectid';

CREATE OR REPLACE FUNCTION objectid_from_extjson(jsonb)
RETURNS objectid
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
	k text;
	v jsonb;
BEGIN
	IF jsonb_typeof($1) <> 'object' THEN
		RAISE EXCEPTION 'invalid Extended JSON for type objectid'
			USING ERRCODE = '22P02', DETAIL = format('Expected a JSON object, not %s.', jsonb_typeof($1));
	END IF;
	SELECT key INTO k FROM jsonb_object_keys($1) key WHERE key <> '$oid' LIMIT 1;
	IF k IS NOT NULL THEN
		RAISE EXCEPTION 'invalid Extended JSON for type objectid'
			USING ERRCODE = '22P02', DETAIL = format('Unexpected key "%s" in the top-level object.', k);
	END IF;
	v := $1 -> '$oid';
	IF v IS NULL THEN
		RAISE EXCEPTION 'invalid Extended JSON for type objectid'
			USING ERRCODE = '22P02', DETAIL = 'Expected key "$oid".';
	ELSIF jsonb_typeof(v) <> 'string' THEN
		RAISE EXCEPTION 'invalid Extended JSON for type objectid'
			USING ERRCODE = '22P02', DETAIL = format('Value of "$oid" must be a string, not %s.', jsonb_typeof(v));
	ELSIF NOT (v #>> '{}') ~ '^[0-9A-Fa-f]{24}$' THEN
		RAISE EXCEPTION 'invalid Extended JSON for type objectid'
			USING ERRCODE = '22P02', DETAIL = format('Value of "$oid" must be 24 hex digits, not "%s".', v #>> '{}');
	END IF;
	RETURN lower(v #>> '{}');
END
$$;

COMMENT ON FUNCTION objectid_from_extjson(jsonb) IS 'an objectid from MongoDB Extended JSON {"$oid": "..."}';

-- the ObjectId's 96 bits fill the UUID's free bits in order (48 bits, the
-- version 8 nibble, 12 bits, the variant bits 10, 36 bits), the last 26 free
-- bits are zero
CREATE OR REPLACE FUNCTION objectid_to_uuid(objectid)
RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
	SELECT (substr($1, 1, 12) || '8' || substr($1, 13, 3) ||
			lpad(to_hex(b | (2::int8 << 62)), 16, '0'))::uuid
	FROM (SELECT ('x' || substr($1, 16, 9))::bit(36)::int8 << 26 AS b) s
$$;

COMMENT ON FUNCTION objectid_to_uuid(objectid) IS 'the order-preserving version 8 UUID holding an objectid';

CREATE OR REPLACE FUNCTION uuid_to_objectid(uuid)
RETURNS objectid
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
	h text := replace($1::text, '-', '');
	tail int8 := ('x' || substr(h, 17))::bit(64)::int8;
BEGIN
	IF substr(h, 17, 1) NOT IN ('8', '9', 'a', 'b') THEN
		RAISE EXCEPTION 'UUID "%" does not hold an objectid', $1
			USING ERRCODE = '22023', DETAIL = 'Its variant is not the RFC 9562 variant.';
	ELSIF substr(h, 13, 1) <> '8' THEN
		RAISE EXCEPTION 'UUID "%" does not hold an objectid', $1
			USING ERRCODE = '22023',
			DETAIL = format('Its version is %s, not 8.', ('x' || substr(h, 13, 1))::bit(4)::int4);
	ELSIF tail & 67108863 <> 0 THEN
		RAISE EXCEPTION 'UUID "%" does not hold an objectid', $1
			USING ERRCODE = '22023', DETAIL = 'Its last 26 bits are not all zero.';
	END IF;
	RETURN substr(h, 1, 12) || substr(h, 14, 3) ||
		lpad(to_hex((tail >> 26) & 68719476735), 9, '0');
END
$$;

COMMENT ON FUNCTION uuid_to_objectid(uuid) IS 'the objectid held by a UUID made by objectid_to_uuid';

--
-- The version installed in this schema, which a later run of this file
-- reads; then the private helpers an older version had and this one has not
-- (the ones whose comment the first block cleared and no statement above
-- gave back) go.
--

CREATE OR REPLACE FUNCTION objectid_portable_version()
RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$ SELECT '1.3' $$;

COMMENT ON FUNCTION objectid_portable_version() IS 'private: the version of the portable edition in this schema';

DO $$
DECLARE
	f regprocedure;
BEGIN
	FOR f IN
		SELECT p.oid FROM pg_catalog.pg_proc p
		WHERE p.pronamespace OPERATOR(pg_catalog.=) (SELECT n.oid FROM pg_catalog.pg_namespace n
								 WHERE n.nspname OPERATOR(pg_catalog.=) pg_catalog.current_schema())
		  AND p.proname OPERATOR(pg_catalog.~~) 'objectid\_portable\_%'
		  AND p.prolang OPERATOR(pg_catalog.<>) (SELECT l.oid FROM pg_catalog.pg_language l
												 WHERE l.lanname OPERATOR(pg_catalog.=) 'c')
		  AND pg_catalog.obj_description(p.oid, 'pg_proc') IS NULL
		  AND pg_catalog.pg_get_userbyid(p.proowner) OPERATOR(pg_catalog.=) CURRENT_USER
	LOOP
		EXECUTE pg_catalog.format('DROP FUNCTION %s', f);
	END LOOP;
END
$$;

--
-- Last: name the install schema in the bodies that call its helpers
-- (objectid_install_schema above)
--

DO $$
DECLARE
	f oid;
BEGIN
	FOR f IN
		SELECT p.oid FROM pg_catalog.pg_proc p
		WHERE p.pronamespace OPERATOR(pg_catalog.=) (SELECT n.oid FROM pg_catalog.pg_namespace n
								 WHERE n.nspname OPERATOR(pg_catalog.=) pg_catalog.current_schema())
		  AND p.prosrc OPERATOR(pg_catalog.~~) '%objectid\_install\_schema.%'
		  AND pg_catalog.pg_get_userbyid(p.proowner) OPERATOR(pg_catalog.=) CURRENT_USER
	LOOP
		EXECUTE pg_catalog.replace(pg_catalog.pg_get_functiondef(f), 'objectid_install_schema.',
								   pg_catalog.quote_ident(pg_catalog.current_schema()) OPERATOR(pg_catalog.||) '.');
	END LOOP;
END
$$;

\set ON_ERROR_STOP :objectid_on_error_stop
\unset objectid_on_error_stop
