--
-- init: the extension pg_regress created (--load-extension) and its
-- operator classes
--

-- On PostgreSQL 15 and 16 without objectid in shared_preload_libraries,
-- CREATE and ALTER EXTENSION warn that objectid() generates per session
-- (t/003 checks it), unless the session chose that generator.  These files
-- run on servers of both kinds, so the files that install or update choose
-- it first.

-- Core 17+ has some of the extension's function names in pg_catalog, which
-- is searched first unless the path names it later: with the extension's
-- schema first, this file lists (and names) the extension's own functions
-- the same way on every major.
SET search_path = public, pg_catalog;

-- the catalog's own validation of every opclass (no rows expected)
SELECT amname, opcname
FROM pg_opclass opc LEFT JOIN pg_am am ON am.oid = opcmethod
WHERE opc.oid >= 16384 AND NOT amvalidate(opc.oid);

-- every opclass of the type, and the families' support functions
SELECT am.amname, opc.opcname, opc.opcdefault
FROM pg_opclass opc JOIN pg_am am ON am.oid = opc.opcmethod
WHERE opc.opcintype = 'objectid'::regtype
ORDER BY 1, 2;

SELECT am.amname, amp.amprocnum, amp.amproc::regprocedure
FROM pg_amproc amp
JOIN pg_opfamily opf ON opf.oid = amp.amprocfamily
JOIN pg_am am ON am.oid = opf.opfmethod
WHERE amp.amproclefttype = 'objectid'::regtype AND opf.opfname LIKE 'objectid%'
  AND am.amname IN ('btree', 'hash') AND amp.amprocnum <> 6
ORDER BY 1, 2;

-- skip support (btree support function 6) exists from PostgreSQL 18 on, and
-- is in the opclass exactly there
SELECT count(*) = (current_setting('server_version_num')::int >= 180000)::int
       AS skip_support_iff_18
FROM pg_amproc amp
JOIN pg_opfamily opf ON opf.oid = amp.amprocfamily
WHERE opf.opfname = 'objectid_ops' AND amp.amprocnum = 6
  AND amp.amproc::regproc::text = 'objectid_skipsupport';  -- t

-- markings: every function of the extension, its volatility, strictness,
-- parallel safety and leakproofness
SELECT p.oid::regprocedure AS function, p.provolatile AS vol,
       p.proisstrict AS strict, p.proparallel AS par, p.proleakproof AS leak
FROM pg_proc p
JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'objectid'
WHERE d.deptype = 'e' AND p.proname <> 'objectid_skipsupport'
ORDER BY p.proname, p.oid::regprocedure::text;

-- the operators, with their commutators, negators and estimators
SELECT o.oprname, o.oprcom::regoperator, o.oprnegate::regoperator,
       o.oprrest, o.oprjoin, o.oprcanmerge, o.oprcanhash
FROM pg_operator o
WHERE o.oprleft = 'objectid'::regtype AND o.oprright = 'objectid'::regtype
ORDER BY 1;

-- type properties: fixed 12 bytes, by reference, char alignment, plain
SELECT typlen, typbyval, typalign, typstorage FROM pg_type WHERE typname = 'objectid';

-- the extension is trusted and relocatable
SELECT name, version, trusted, relocatable
FROM pg_available_extension_versions WHERE name = 'objectid' ORDER BY version;
-- a new install is the default version
SELECT extversion = (SELECT default_version FROM pg_available_extensions
                     WHERE name = 'objectid') AS is_default,
       extversion
FROM pg_extension WHERE extname = 'objectid';

-- every member of the extension has a comment, so that \df+, \do+ and \dT+
-- explain themselves (no rows expected; on 18+ objectid_skipsupport too)
SELECT pg_describe_object(d.classid, d.objid, d.objsubid) AS undocumented
FROM pg_depend d
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'objectid'
LEFT JOIN pg_description c
  ON c.classoid = d.classid AND c.objoid = d.objid AND c.objsubid = d.objsubid
WHERE d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e'
  AND c.description IS NULL
ORDER BY 1;
