/*-------------------------------------------------------------------------
 *
 * objectid_catalog.c
 *	  The extension's functions and operators in the current database, for
 *	  the planner code: found through the extension, kept per backend.
 *
 * The planner code recognises the id's second (objectid_timestamp()), the
 * generator objectid(timestamptz), the bounds it plans windows with and
 * the id's comparisons by their OIDs, which are looked up here once and
 * kept until the catalogs they come from change.  They are found from the
 * extension's row in pg_extension: its schema by OID, the functions there
 * by name and argument types (the syscache), the comparisons through the
 * type cache's btree operator family of the type.  No lookup goes by a
 * name a role must be allowed to see: planning a statement needs no
 * privilege its execution does not (executing a function by OID needs no
 * USAGE on its schema), whatever the schema and whoever plans.
 *
 * A function counts as ours when it is a C function of a library named
 * objectid whose symbol is the one this library defines for it; it is not
 * called or loaded to find out, so planning never loads another library.
 * SECURITY DEFINER and SET do not hide objectid_timestamp() and the
 * comparisons, whose results no setting changes; but a bound with a SET
 * clause is not used (a time zone set on a date's bound would read the
 * date in another zone than the comparison does).  What is missing (the library newer
 * than the extension's install scripts in this database, or an object
 * replaced by one that is not ours) is InvalidOid, and the code that needs
 * it does without.
 *
 * The OIDs are kept until a syscache invalidation of pg_proc, pg_operator,
 * pg_type or pg_amop in this database, which CREATE, ALTER, DROP EXTENSION
 * and ALTER EXTENSION ... SET SCHEMA all cause; so do other changes of
 * those catalogs (a table made makes its row type), after which the
 * objects are looked up again: a scan of pg_extension's index and a few
 * syscache lookups.  A change that arrives while the objects are looked up
 * marks the result stale for the next call.  The
 * struct handed out is one static struct, rewritten in place, so that a
 * caller's pointer stays usable across a nested lookup; where the
 * extension is gone, the last objects found stay in it, and
 * objectid_catalog_get() returns NULL.
 *
 * IDENTIFICATION
 *	  src/objectid_catalog.c
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "access/genam.h"
#include "access/htup_details.h"
#include "access/stratnum.h"
#include "access/table.h"
#include "catalog/indexing.h"
#include "catalog/pg_extension.h"
#include "catalog/pg_language_d.h"
#include "catalog/pg_proc.h"
#include "catalog/pg_type_d.h"
#include "utils/builtins.h"
#include "utils/fmgroids.h"
#include "utils/inval.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"
#include "utils/syscache.h"
#include "utils/typcache.h"

#include "objectid_catalog.h"

/* the bounds' SQL names, in the order of objectid_bound_fn */
static const char *const objectid_bound_names[OBJECTID_BOUND_FNS] = {
	"objectid_first_at_or_after",
	"objectid_first_after",
	"objectid_last_before",
	"objectid_last_at_or_before",
	"objectid_first_in_second"
};

/* their C symbols, per type of instant; NULL where there is no overload */
static const char *const objectid_bound_symbols[OBJECTID_BOUND_FNS][OBJECTID_INSTANTS] = {
	{"objectid_first_at_or_after", "objectid_first_at_or_after_date",
	"objectid_first_at_or_after_timestamp"},
	{"objectid_first_after", "objectid_first_after_date",
	"objectid_first_after_timestamp"},
	{"objectid_last_before", "objectid_last_before_date",
	"objectid_last_before_timestamp"},
	{"objectid_last_at_or_before", "objectid_last_at_or_before_date",
	"objectid_last_at_or_before_timestamp"},
	{"objectid_first_in_second", NULL, NULL}
};

static const Oid objectid_instant_types[OBJECTID_INSTANTS] = {
	TIMESTAMPTZOID, DATEOID, TIMESTAMPOID
};

/* the comparisons: btree strategy and C symbol, in the order of kinds */
static const struct
{
	int16		strategy;
	const char *symbol;
	objectid_ineq commutator;
}			objectid_ineq_defs[OBJECTID_INEQS] = {
	{BTLessStrategyNumber, "objectid_lt", OBJECTID_GT},
	{BTLessEqualStrategyNumber, "objectid_le", OBJECTID_GE},
	{BTGreaterStrategyNumber, "objectid_gt", OBJECTID_LT},
	{BTGreaterEqualStrategyNumber, "objectid_ge", OBJECTID_LE}
};

static objectid_catalog objectid_catalog_data;
static bool objectid_catalog_present = false;	/* installed here */
static bool objectid_catalog_valid = false;
static uint64 objectid_catalog_invalidations = 0;

static void
objectid_catalog_invalidate(Datum arg, int cacheid, uint32 hashvalue)
{
	objectid_catalog_valid = false;
	objectid_catalog_invalidations++;
}

/* called from _PG_init() */
void
objectid_catalog_init(void)
{
	CacheRegisterSyscacheCallback(PROCOID, objectid_catalog_invalidate,
								  (Datum) 0);
	CacheRegisterSyscacheCallback(OPEROID, objectid_catalog_invalidate,
								  (Datum) 0);
	CacheRegisterSyscacheCallback(TYPEOID, objectid_catalog_invalidate,
								  (Datum) 0);
	CacheRegisterSyscacheCallback(AMOPSTRATEGY, objectid_catalog_invalidate,
								  (Datum) 0);
}

/* the schema of extension objectid in this database, or InvalidOid */
static Oid
objectid_catalog_schema(void)
{
	Relation	rel;
	SysScanDesc scan;
	ScanKeyData key;
	HeapTuple	tuple;
	Oid			nsp = InvalidOid;

	rel = table_open(ExtensionRelationId, AccessShareLock);
	ScanKeyInit(&key, Anum_pg_extension_extname, BTEqualStrategyNumber,
				F_NAMEEQ, CStringGetDatum("objectid"));
	scan = systable_beginscan(rel, ExtensionNameIndexId, true, NULL, 1, &key);
	tuple = systable_getnext(scan);
	if (HeapTupleIsValid(tuple))
		nsp = ((Form_pg_extension) GETSTRUCT(tuple))->extnamespace;
	systable_endscan(scan);
	table_close(rel, AccessShareLock);
	return nsp;
}

/* a text column of a pg_proc row, or NULL */
static char *
objectid_catalog_proc_text(HeapTuple tuple, AttrNumber attnum)
{
	bool		isnull;
	Datum		d = SysCacheGetAttr(PROCOID, tuple, attnum, &isnull);

	return isnull ? NULL : TextDatumGetCString(d);
}

/* is a library path ("$libdir/objectid", with a directory or a suffix) ours? */
static bool
objectid_catalog_library(const char *path)
{
	const char *name = last_dir_separator(path);

	name = name ? name + 1 : path;
	return strcmp(name, "objectid") == 0 ||
		strcmp(name, "objectid" DLSUFFIX) == 0;
}

/*
 * Is fn a C function of this library whose symbol is symbol and whose
 * result is rettype (and, unless settings is set, with no SET clause)?
 */
static bool
objectid_catalog_is_ours(Oid fn, const char *symbol, Oid rettype,
						 bool settings)
{
	HeapTuple	tuple;
	Form_pg_proc proc;
	bool		ours;

	if (!OidIsValid(fn))
		return false;
	tuple = SearchSysCache1(PROCOID, ObjectIdGetDatum(fn));
	if (!HeapTupleIsValid(tuple))
		return false;
	proc = (Form_pg_proc) GETSTRUCT(tuple);
	ours = proc->prolang == ClanguageId && proc->prorettype == rettype &&
		(settings || heap_attisnull(tuple, Anum_pg_proc_proconfig, NULL));
	if (ours)
	{
		char	   *src = objectid_catalog_proc_text(tuple, Anum_pg_proc_prosrc);
		char	   *bin = objectid_catalog_proc_text(tuple, Anum_pg_proc_probin);

		ours = src && bin && strcmp(src, symbol) == 0 &&
			objectid_catalog_library(bin);
	}
	ReleaseSysCache(tuple);
	return ours;
}

/* the function name(argtype) in schema nsp, if it is ours; else InvalidOid */
static Oid
objectid_catalog_function(Oid nsp, const char *name, Oid argtype,
						  const char *symbol, Oid rettype, bool settings)
{
	oidvector  *args = buildoidvector(&argtype, 1);
	Oid			fn;

	fn = GetSysCacheOid3(PROCNAMEARGSNSP, Anum_pg_proc_oid,
						 CStringGetDatum(name), PointerGetDatum(args),
						 ObjectIdGetDatum(nsp));
	pfree(args);
	return objectid_catalog_is_ours(fn, symbol, rettype, settings) ?
		fn : InvalidOid;
}

/*
 * The id's comparisons, from the default btree operator family of the
 * type; false unless all four are there and ours
 */
static bool
objectid_catalog_ops(objectid_catalog *c)
{
	TypeCacheEntry *tce = lookup_type_cache(c->objectid_type,
											TYPECACHE_BTREE_OPFAMILY);
	int			i;

	if (!OidIsValid(tce->btree_opf))
		return false;
	for (i = 0; i < OBJECTID_INEQS; i++)
	{
		objectid_op *op = &c->ops[i];

		op->kind = OBJECTID_LT + i;
		op->opno = get_opfamily_member(tce->btree_opf, c->objectid_type,
									   c->objectid_type,
									   objectid_ineq_defs[i].strategy);
		if (!OidIsValid(op->opno) ||
			!objectid_catalog_is_ours(get_opcode(op->opno),
									  objectid_ineq_defs[i].symbol, BOOLOID,
									  true))
			return false;
	}
	for (i = 0; i < OBJECTID_INEQS; i++)
	{
		objectid_op *op = &c->ops[i];

		op->commuted = objectid_ineq_defs[i].commutator;
		fmgr_info_cxt(get_opcode(op->opno), &op->proc, TopMemoryContext);
	}
	return true;
}

/* look everything up; false where the extension is not installed here */
static bool
objectid_catalog_build(objectid_catalog *c)
{
	Oid			nsp = objectid_catalog_schema();
	int			i,
				k;

	memset(c, 0, sizeof(*c));
	if (!OidIsValid(nsp))
		return false;
	c->objectid_type = GetSysCacheOid2(TYPENAMENSP, Anum_pg_type_oid,
									   CStringGetDatum("objectid"),
									   ObjectIdGetDatum(nsp));
	if (!OidIsValid(c->objectid_type) || !objectid_catalog_ops(c))
		return false;

	c->timestamp_fn = objectid_catalog_function(nsp, "objectid_timestamp",
												c->objectid_type,
												"objectid_timestamp",
												TIMESTAMPTZOID, true);
	c->generate_fn = objectid_catalog_function(nsp, "objectid", TIMESTAMPTZOID,
											   "objectid_generate_at",
											   c->objectid_type, true);
	for (i = 0; i < OBJECTID_BOUND_FNS; i++)
	{
		for (k = 0; k < OBJECTID_INSTANTS; k++)
		{
			if (objectid_bound_symbols[i][k] != NULL)
				c->bound_fn[i][k] =
					objectid_catalog_function(nsp, objectid_bound_names[i],
											  objectid_instant_types[k],
											  objectid_bound_symbols[i][k],
											  c->objectid_type, false);
		}
	}
	return true;
}

const objectid_catalog *
objectid_catalog_get(void)
{
	if (!objectid_catalog_valid)
	{
		uint64		before;
		objectid_catalog c;

		/* the changes already sent, so that the lookup does not see them */
		AcceptInvalidationMessages();
		before = objectid_catalog_invalidations;
		objectid_catalog_present = objectid_catalog_build(&c);
		if (objectid_catalog_present)
			memcpy(&objectid_catalog_data, &c, sizeof(c));
		/* looked up again next time if anything changed meanwhile */
		objectid_catalog_valid = (objectid_catalog_invalidations == before);
	}
	return objectid_catalog_present ? &objectid_catalog_data : NULL;
}

const objectid_op *
objectid_catalog_op(const objectid_catalog *catalog, Oid opno)
{
	int			i;

	for (i = 0; i < OBJECTID_INEQS; i++)
	{
		if (catalog->ops[i].opno == opno)
			return &catalog->ops[i];
	}
	return NULL;
}
