/*-------------------------------------------------------------------------
 *
 * objectid_window.c
 *	  Time windows written through the second an id carries, planned as
 *	  windows on the id itself.
 *
 * An id's second (objectid_timestamp(id), or the cast id::timestamptz) is
 * its leading four bytes, which the ids' order compares first: a monotone
 * function of the id.  So "objectid_timestamp(id) >= t" holds exactly for
 * the ids at or after the smallest id whose second is at or after t, and
 * likewise for the other comparisons:
 *
 *	s >= t	<=>  id >= objectid_first_at_or_after(t)
 *	s >  t	<=>  id >= objectid_first_after(t)
 *	s <  t	<=>  id <= objectid_last_before(t)
 *	s <= t	<=>  id <= objectid_last_at_or_before(t)
 *	s =  t	<=>  both of s >= t and s <= t
 *
 * (s the id's second).  t is a timestamptz, or a date or a timestamp, which
 * the comparison (a cross-type operator) reads as an instant in the
 * session's time zone, as the bound functions of those types do.  The
 * bound functions never raise: where no id qualifies (t after the last
 * second an id can carry, or before the first) they return NULL, which
 * makes the comparison NULL where the original is false.  In a WHERE or
 * JOIN ... ON condition the two mean the same, the row is not returned,
 * and that stays so through AND and OR: the three-valued AND and OR can
 * only turn a false into a NULL when one of their inputs does, never into
 * a true, and never change a true.  So the comparisons rewritten are those
 * reachable from a WHERE or ON condition through AND and OR, never under
 * CASE or a function, nor in a target list.
 *
 * When.  The planner calls a hook (get_relation_info_hook; on 19
 * build_simple_rel_hook) for each table of a
 * query level once it has preprocessed that level's conditions: views and
 * subqueries are pulled up (a view's "id::timestamptz AS created_at" is
 * then a comparison of the id's second), SQL functions inlined, NOT pushed
 * down to the comparisons (NOT (s < t) is s >= t), constants folded,
 * sublinks made subplans (an uncorrelated one is a parameter its initplan
 * sets once), and the conditions are not yet given to the relations.  The
 * hook then rewrites the comparisons whose id belongs to that table, so
 * each table is done once, by its own call.  The rewritten clause is
 * folded again: with a constant t the bound is a constant, so partitions
 * are pruned when planning; with now() it is stable, for run-time pruning
 * and index scan keys.  The estimators of the id's comparisons
 * (src/objectid_rangesel.c) then estimate the window as one written on the
 * id.
 *
 * The library must be loaded by then, also in a connection's first
 * statement: objectid_timestamp() and objectid(timestamptz) name
 * objectid_planner_support() as their planner support function, which the
 * planner calls when it folds the conditions' constants, before any table
 * is looked at; the call loads the library, whose _PG_init() installs the
 * hook.
 *
 * Never worse than as written.  Where the table has an index on the id's
 * second (an expression index), or its second in an index predicate, a
 * partition key or a CHECK constraint (also of a table inheriting from
 * it), its comparisons are left as written: the planner can use what the
 * user built, and the plan is the one objectid.rewrite_time_windows = off
 * gives.
 *
 * Core's comparisons are recognised by their btree strategy in the
 * operator family of timestamptz, ours and the functions by their OIDs in
 * this database (src/objectid_catalog.c), so a same-named operator or
 * function in another schema is never rewritten or used.  Where a bound
 * function is missing (the library is newer than the extension's install
 * scripts in this database), the comparisons that need it are left as
 * written.  objectid.rewrite_time_windows = off turns the rewrite off.
 *
 * IDENTIFICATION
 *	  src/objectid_window.c
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "access/genam.h"
#include "access/htup_details.h"
#include "access/stratnum.h"
#include "access/table.h"
#include "catalog/pg_constraint.h"
#include "catalog/pg_index.h"
#include "catalog/pg_inherits.h"
#include "catalog/pg_partitioned_table.h"
#include "catalog/pg_proc.h"
#include "catalog/pg_type_d.h"
#include "datatype/timestamp.h"
#include "miscadmin.h"
#include "nodes/makefuncs.h"
#include "nodes/nodeFuncs.h"
#include "nodes/pathnodes.h"
#include "optimizer/clauses.h"
#include "optimizer/optimizer.h"
#include "optimizer/pathnode.h"
#include "optimizer/restrictinfo.h"
#include "parser/parsetree.h"
#include "utils/acl.h"
#include "utils/builtins.h"
#include "utils/date.h"
#include "utils/fmgrprotos.h"
#include "utils/fmgroids.h"
#include "utils/guc.h"
#include "utils/hsearch.h"
#include "utils/inval.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"
#include "utils/rel.h"
#include "utils/syscache.h"
#include "utils/timestamp.h"
#include "utils/typcache.h"

#include "pure/idclock.h"
#include "pure/objectid.h"
#include "objectid.h"
#include "objectid_catalog.h"
#include "objectid_util.h"
#include "objectid_window.h"

/* what the rewrite for one table needs */
typedef struct objectid_window_ctx
{
	PlannerInfo *root;
	Index		relid;			/* the table's range table index */
	RangeTblEntry *rte;
	bool		appendrel;		/* a UNION ALL's conditions, given already */
	const objectid_catalog *catalog;
	objectid_catalog catalog_copy;	/* pinned: see objectid_window_pin() */
} objectid_window_ctx;

/*
 * From the first comparison it rewrites, the rewrite works from a copy of
 * the extension's objects: folding a bound can plan a query of its own,
 * which may look them up again after a change
 */
static void
objectid_window_pin(objectid_window_ctx *ctx)
{
	if (ctx->catalog != &ctx->catalog_copy)
	{
		ctx->catalog_copy = *ctx->catalog;
		ctx->catalog = &ctx->catalog_copy;
	}
}

static bool objectid_rewrite_time_windows = true;

static void objectid_built_invalidate(Datum arg, Oid relid);

PG_FUNCTION_INFO_V1(objectid_first_at_or_after);
PG_FUNCTION_INFO_V1(objectid_first_after);
PG_FUNCTION_INFO_V1(objectid_last_before);
PG_FUNCTION_INFO_V1(objectid_last_at_or_before);
PG_FUNCTION_INFO_V1(objectid_first_in_second);
PG_FUNCTION_INFO_V1(objectid_first_at_or_after_date);
PG_FUNCTION_INFO_V1(objectid_first_after_date);
PG_FUNCTION_INFO_V1(objectid_last_before_date);
PG_FUNCTION_INFO_V1(objectid_last_at_or_before_date);
PG_FUNCTION_INFO_V1(objectid_first_at_or_after_timestamp);
PG_FUNCTION_INFO_V1(objectid_first_after_timestamp);
PG_FUNCTION_INFO_V1(objectid_last_before_timestamp);
PG_FUNCTION_INFO_V1(objectid_last_at_or_before_timestamp);
PG_FUNCTION_INFO_V1(objectid_planner_support);

/* called from _PG_init() */
void
objectid_window_init(void)
{
	DefineCustomBoolVariable("objectid.rewrite_time_windows",
							 "Plans comparisons of an objectid's second with "
							 "an instant as windows on the objectid.",
							 "objectid_timestamp(id) >= t, or id::timestamptz "
							 ">= t, becomes id >= objectid_first_at_or_after(t) "
							 "in WHERE and JOIN ... ON conditions.",
							 &objectid_rewrite_time_windows,
							 true,
							 PGC_USERSET,
							 GUC_EXPLAIN,
							 NULL, NULL, NULL);
	CacheRegisterRelcacheCallback(objectid_built_invalidate, (Datum) 0);
}

/*
 * The planner support function of objectid_timestamp() and
 * objectid(timestamptz).  It simplifies nothing: that the planner calls it,
 * when it folds the constants of a statement that uses either function,
 * loads the library before the statement's tables are looked at, so that
 * the rewrite applies from a connection's first statement on.
 */
Datum
objectid_planner_support(PG_FUNCTION_ARGS)
{
	PG_RETURN_POINTER(NULL);
}

/*
 * The bounds.  A bound is the smallest id of a second (the random bytes
 * zero) or the largest (all ones); the second is worked out from t's
 * microseconds since the Unix epoch, u: the first second at or after t is
 * ceil(u / 10^6), the first after t floor(u / 10^6) + 1, the last before t
 * ceil(u / 10^6) - 1, the last at or before t floor(u / 10^6).  Seconds
 * past either end of the range ids carry are clamped to it where that
 * keeps the meaning (every id is after an instant before 1970), else the
 * result is NULL (no id is after 2106-02-07 06:28:15).  The first id of
 * t's own second is NULL where ids carry no such second.
 */
static Datum
objectid_window_result(TimestampTz t, objectid_bound_fn which)
{
	bool		lower = (which != OBJECTID_LAST_BEFORE &&
						 which != OBJECTID_LAST_AT_OR_BEFORE);
	int64		unix_us;
	int64		seconds;
	bool		whole;
	pg_objectid_t *result;

	if (!objectid_timestamptz_to_unix_us(t, &unix_us))
	{
		/* an infinity (or an instant no id is near): before or after all */
		if (which == OBJECTID_FIRST_IN_SECOND || (t < 0 ? !lower : lower))
			return (Datum) 0;
		seconds = lower ? 0 : OBJID_SECONDS_MAX;
	}
	else
	{
		seconds = id_floor_div(unix_us, USECS_PER_SEC);
		whole = (unix_us == seconds * USECS_PER_SEC);
		if (which == OBJECTID_FIRST_AT_OR_AFTER && !whole)
			seconds++;
		else if (which == OBJECTID_FIRST_AFTER)
			seconds++;
		else if (which == OBJECTID_LAST_BEFORE && whole)
			seconds--;
		if (lower ? seconds > OBJID_SECONDS_MAX : seconds < 0)
			return (Datum) 0;
		if (which == OBJECTID_FIRST_IN_SECOND && seconds < 0)
			return (Datum) 0;
		seconds = Max(seconds, 0);
		seconds = Min(seconds, OBJID_SECONDS_MAX);
	}

	result = palloc(sizeof(pg_objectid_t));
	result->data[0] = (unsigned char) (seconds >> 24);
	result->data[1] = (unsigned char) (seconds >> 16);
	result->data[2] = (unsigned char) (seconds >> 8);
	result->data[3] = (unsigned char) seconds;
	memset(result->data + 4, lower ? 0x00 : 0xff, OBJECTID_LEN - 4);
	return PointerGetDatum(result);
}

/*
 * The instant a date or a timestamp stands for in a comparison with a
 * timestamptz: core's conversion in the session's time zone, where no
 * conversion can overflow.  Out there, more than two days from the range
 * ids carry, an instant is before or after every id, as -infinity or
 * infinity are, whatever the time zone: the bounds are the same, and core
 * compares such values so too, where the conversion itself would fail.
 */
#define OBJECTID_WINDOW_NEAR_DAYS	2

static TimestampTz
objectid_window_date_instant(DateADT d)
{
	DateADT		first = UNIX_EPOCH_JDATE - POSTGRES_EPOCH_JDATE;
	DateADT		last = first + (DateADT) (OBJID_SECONDS_MAX / SECS_PER_DAY);

	if (d < first - OBJECTID_WINDOW_NEAR_DAYS)
		return DT_NOBEGIN;
	if (d > last + OBJECTID_WINDOW_NEAR_DAYS)
		return DT_NOEND;
	return DatumGetTimestampTz(DirectFunctionCall1(date_timestamptz,
												   DateADTGetDatum(d)));
}

static TimestampTz
objectid_window_timestamp_instant(Timestamp ts)
{
	int64		near = OBJECTID_WINDOW_NEAR_DAYS * USECS_PER_DAY;

	if (ts < OBJECTID_UNIX_EPOCH_US - near)
		return DT_NOBEGIN;
	if (ts > OBJECTID_UNIX_EPOCH_US + OBJID_SECONDS_MAX * USECS_PER_SEC + near)
		return DT_NOEND;
	return DatumGetTimestampTz(DirectFunctionCall1(timestamp_timestamptz,
												   TimestampGetDatum(ts)));
}

/* a bound of an instant of one type: NULL where no id qualifies */
#define OBJECTID_WINDOW_FUNCTION(fn, instant, which) \
Datum \
fn(PG_FUNCTION_ARGS) \
{ \
	Datum		bound = objectid_window_result((instant), (which)); \
	\
	if (bound == (Datum) 0) \
		PG_RETURN_NULL(); \
	return bound; \
}

#define OBJECTID_TSTZ_ARG	PG_GETARG_TIMESTAMPTZ(0)
#define OBJECTID_DATE_ARG	objectid_window_date_instant(PG_GETARG_DATEADT(0))
#define OBJECTID_TS_ARG		objectid_window_timestamp_instant(PG_GETARG_TIMESTAMP(0))

OBJECTID_WINDOW_FUNCTION(objectid_first_at_or_after, OBJECTID_TSTZ_ARG, OBJECTID_FIRST_AT_OR_AFTER)
OBJECTID_WINDOW_FUNCTION(objectid_first_after, OBJECTID_TSTZ_ARG, OBJECTID_FIRST_AFTER)
OBJECTID_WINDOW_FUNCTION(objectid_last_before, OBJECTID_TSTZ_ARG, OBJECTID_LAST_BEFORE)
OBJECTID_WINDOW_FUNCTION(objectid_last_at_or_before, OBJECTID_TSTZ_ARG, OBJECTID_LAST_AT_OR_BEFORE)
OBJECTID_WINDOW_FUNCTION(objectid_first_in_second, OBJECTID_TSTZ_ARG, OBJECTID_FIRST_IN_SECOND)
OBJECTID_WINDOW_FUNCTION(objectid_first_at_or_after_date, OBJECTID_DATE_ARG, OBJECTID_FIRST_AT_OR_AFTER)
OBJECTID_WINDOW_FUNCTION(objectid_first_after_date, OBJECTID_DATE_ARG, OBJECTID_FIRST_AFTER)
OBJECTID_WINDOW_FUNCTION(objectid_last_before_date, OBJECTID_DATE_ARG, OBJECTID_LAST_BEFORE)
OBJECTID_WINDOW_FUNCTION(objectid_last_at_or_before_date, OBJECTID_DATE_ARG, OBJECTID_LAST_AT_OR_BEFORE)
OBJECTID_WINDOW_FUNCTION(objectid_first_at_or_after_timestamp, OBJECTID_TS_ARG, OBJECTID_FIRST_AT_OR_AFTER)
OBJECTID_WINDOW_FUNCTION(objectid_first_after_timestamp, OBJECTID_TS_ARG, OBJECTID_FIRST_AFTER)
OBJECTID_WINDOW_FUNCTION(objectid_last_before_timestamp, OBJECTID_TS_ARG, OBJECTID_LAST_BEFORE)
OBJECTID_WINDOW_FUNCTION(objectid_last_at_or_before_timestamp, OBJECTID_TS_ARG, OBJECTID_LAST_AT_OR_BEFORE)

/*
 * Is e an expression of this table alone (a column of it, or a function of
 * its columns), which the rewrite may evaluate as often as before?
 */
static bool
objectid_window_of_table(Node *e, objectid_window_ctx *ctx)
{
	List	   *vars;
	ListCell   *lc;
	bool		ok = true;

	if (contain_volatile_functions(e) || contain_subplans(e))
		return false;
	vars = pull_var_clause(e, PVC_RECURSE_AGGREGATES |
						   PVC_RECURSE_WINDOWFUNCS |
						   PVC_INCLUDE_PLACEHOLDERS);
	if (vars == NIL)
		return false;
	foreach(lc, vars)
	{
		Var		   *var = (Var *) lfirst(lc);

		if (!IsA(var, Var) || var->varno != (int) ctx->relid ||
			var->varlevelsup != 0)
			ok = false;
	}
	list_free(vars);
	return ok;
}

/*
 * e as an objectid: itself, a value of a domain over objectid (the cast
 * id::timestamptz takes the domain's value as it is) relabelled as the
 * parser relabels it for the id's comparisons; NULL if e is neither
 */
static Node *
objectid_window_as_objectid(Node *e, objectid_window_ctx *ctx)
{
	Oid			type = exprType(e);

	if (type == ctx->catalog->objectid_type)
		return e;
	if (getBaseType(type) != ctx->catalog->objectid_type)
		return NULL;
	return (Node *) makeRelabelType((Expr *) e, ctx->catalog->objectid_type,
									-1, InvalidOid, COERCE_IMPLICIT_CAST);
}

/* If node is objectid_timestamp(e), e; else NULL */
static Node *
objectid_window_key(Node *node, objectid_window_ctx *ctx)
{
	FuncExpr   *f = (FuncExpr *) node;

	if (!IsA(node, FuncExpr) || f->funcid != ctx->catalog->timestamp_fn ||
		list_length(f->args) != 1)
		return NULL;
	objectid_window_pin(ctx);
	return (Node *) linitial(f->args);
}

/*
 * What tables have built on the second of their columns: an index on it
 * (an expression index), an index predicate, a partition key or a CHECK
 * constraint that reads it, also through an SQL function the planner
 * inlines (the expressions are simplified as the planner simplifies a
 * query's), in the table or in any table that inherits from it (a
 * partition of any level, an inheritance child), whose comparisons are
 * then left as written; and whether a table or a descendant is a foreign
 * table, whose server plans the comparison itself.  Worked out once per
 * table and kept until any table's definition changes (a relcache
 * invalidation), so that planning a window does not read the catalogs of
 * every partition each time.  Descendants are read from the catalogs, not
 * opened or locked: the planner locks only the partitions it keeps.
 */
typedef struct objectid_built_key
{
	Oid			relid;
	bool		inh;			/* with the tables that inherit from it */
	Oid			timestamp_fn;	/* objectid_timestamp() */
} objectid_built_key;

typedef struct objectid_built_entry
{
	objectid_built_key key;
	bool		all;			/* leave every comparison as written */
	Bitmapset  *attnos;			/* the columns whose second is used */
} objectid_built_entry;

static MemoryContext objectid_built_context = NULL;
static HTAB *objectid_built_cache = NULL;
static bool objectid_built_stale = false;

/*
 * a relcache invalidation: the cache is emptied at its next use (not here,
 * where an entry may be being worked out)
 */
static void
objectid_built_invalidate(Datum arg, Oid relid)
{
	objectid_built_stale = true;
}

typedef struct objectid_built_scan
{
	Oid			top;			/* the table asked about */
	Oid			relid;			/* the table whose expressions these are */
	Oid			timestamp_fn;
	bool		all;
	Bitmapset  *attnos;			/* numbered as the top table's */
} objectid_built_scan;

/* the columns (of scan->relid, stored as varno 1) that e reads, as top's */
static void
objectid_built_columns(objectid_built_scan *scan, Node *e)
{
	Bitmapset  *attnos = NULL;
	int			k = -1;

	pull_varattnos(e, 1, &attnos);
	while ((k = bms_next_member(attnos, k)) >= 0)
	{
		AttrNumber	attno = k + FirstLowInvalidHeapAttributeNumber;

		/* a descendant's column: the top table's of the same name */
		if (scan->relid != scan->top && attno > 0)
		{
			char	   *name = get_attname(scan->relid, attno, true);

			attno = name ? get_attnum(scan->top, name) : InvalidAttrNumber;
		}
		if (attno != InvalidAttrNumber)
			scan->attnos = bms_add_member(scan->attnos,
										  attno - FirstLowInvalidHeapAttributeNumber);
	}
}

/* every objectid_timestamp(e) in an expression: e's columns */
static bool
objectid_built_walker(Node *node, objectid_built_scan *scan)
{
	if (node == NULL)
		return false;
	if (IsA(node, FuncExpr) &&
		((FuncExpr *) node)->funcid == scan->timestamp_fn)
		objectid_built_columns(scan, node);
	return expression_tree_walker(node, objectid_built_walker, scan);
}

/*
 * An expression as the catalog stores it (nodeToString), simplified:
 * whole = true, a list of an index's columns or of a partition key, where
 * only a column that is the second itself counts; else a predicate or a
 * constraint, where the second anywhere in it counts.
 */
static void
objectid_built_text(objectid_built_scan *scan, const char *text, bool whole)
{
	Node	   *node = eval_const_expressions(NULL, (Node *) stringToNode(text));

	if (whole && IsA(node, List))
	{
		ListCell   *lc;

		foreach(lc, (List *) node)
		{
			Node	   *e = (Node *) lfirst(lc);

			if (IsA(e, FuncExpr) &&
				((FuncExpr *) e)->funcid == scan->timestamp_fn)
				objectid_built_columns(scan, e);
		}
	}
	else
		(void) objectid_built_walker(node, scan);
}

/* a text column of a catalog row, when not NULL */
static void
objectid_built_attr(objectid_built_scan *scan, HeapTuple tuple, int attnum,
					TupleDesc desc, bool whole)
{
	bool		isnull;
	Datum		d = heap_getattr(tuple, attnum, desc, &isnull);

	if (!isnull)
		objectid_built_text(scan, TextDatumGetCString(d), whole);
}

/* one table's indexes, partition key and CHECK constraints */
static void
objectid_built_table(objectid_built_scan *scan, Oid relid)
{
	char		relkind = get_rel_relkind(relid);
	Relation	catalog;
	SysScanDesc sd;
	ScanKeyData key;
	HeapTuple	tuple;

	scan->relid = relid;
	if (relkind == RELKIND_FOREIGN_TABLE)
		scan->all = true;

	catalog = table_open(IndexRelationId, AccessShareLock);
	ScanKeyInit(&key, Anum_pg_index_indrelid, BTEqualStrategyNumber, F_OIDEQ,
				ObjectIdGetDatum(relid));
	sd = systable_beginscan(catalog, IndexIndrelidIndexId, true, NULL, 1, &key);
	while (HeapTupleIsValid(tuple = systable_getnext(sd)))
	{
		objectid_built_attr(scan, tuple, Anum_pg_index_indexprs,
							RelationGetDescr(catalog), true);
		objectid_built_attr(scan, tuple, Anum_pg_index_indpred,
							RelationGetDescr(catalog), false);
	}
	systable_endscan(sd);
	table_close(catalog, AccessShareLock);

	if (relkind == RELKIND_PARTITIONED_TABLE)
	{
		tuple = SearchSysCache1(PARTRELID, ObjectIdGetDatum(relid));
		if (HeapTupleIsValid(tuple))
		{
			bool		isnull;
			Datum		d = SysCacheGetAttr(PARTRELID, tuple,
											Anum_pg_partitioned_table_partexprs,
											&isnull);

			if (!isnull)
				objectid_built_text(scan, TextDatumGetCString(d), true);
			ReleaseSysCache(tuple);
		}
	}

	catalog = table_open(ConstraintRelationId, AccessShareLock);
	ScanKeyInit(&key, Anum_pg_constraint_conrelid, BTEqualStrategyNumber,
				F_OIDEQ, ObjectIdGetDatum(relid));
	sd = systable_beginscan(catalog, ConstraintRelidTypidNameIndexId, true,
							NULL, 1, &key);
	while (HeapTupleIsValid(tuple = systable_getnext(sd)))
	{
		if (((Form_pg_constraint) GETSTRUCT(tuple))->contype == CONSTRAINT_CHECK)
			objectid_built_attr(scan, tuple, Anum_pg_constraint_conbin,
								RelationGetDescr(catalog), false);
	}
	systable_endscan(sd);
	table_close(catalog, AccessShareLock);
}

/*
 * What a table (with inh, the tables that inherit from it too) has built
 * on the second of its columns, from the cache or worked out
 */
static void
objectid_built_get(Oid relid, bool inh, Oid timestamp_fn, bool *all,
				   Bitmapset **attnos)
{
	objectid_built_key key;
	objectid_built_entry *entry;
	objectid_built_scan scan;
	List	   *rels;
	ListCell   *lc;
	bool		found;

	if (objectid_built_stale || objectid_built_cache == NULL)
	{
		HASHCTL		info;

		if (objectid_built_context == NULL)
			objectid_built_context = AllocSetContextCreate(TopMemoryContext,
														   "objectid tables' seconds",
														   ALLOCSET_SMALL_SIZES);
		MemoryContextReset(objectid_built_context);
		info.keysize = sizeof(objectid_built_key);
		info.entrysize = sizeof(objectid_built_entry);
		info.hcxt = objectid_built_context;
		objectid_built_cache = hash_create("objectid tables' seconds", 16, &info,
										   HASH_ELEM | HASH_BLOBS | HASH_CONTEXT);
		objectid_built_stale = false;
	}

	memset(&key, 0, sizeof(key));
	key.relid = relid;
	key.inh = inh;
	key.timestamp_fn = timestamp_fn;
	entry = hash_search(objectid_built_cache, &key, HASH_FIND, NULL);
	if (entry != NULL)
	{
		*all = entry->all;
		*attnos = entry->attnos;
		return;
	}

	memset(&scan, 0, sizeof(scan));
	scan.top = relid;
	scan.timestamp_fn = timestamp_fn;
	rels = inh ? find_all_inheritors(relid, NoLock, NULL) : list_make1_oid(relid);
	foreach(lc, rels)
		objectid_built_table(&scan, lfirst_oid(lc));
	*all = scan.all;
	*attnos = scan.attnos;

	/* kept unless a definition changed meanwhile */
	if (!objectid_built_stale)
	{
		MemoryContext old = MemoryContextSwitchTo(objectid_built_context);

		entry = hash_search(objectid_built_cache, &key, HASH_ENTER, &found);
		entry->all = scan.all;
		entry->attnos = bms_copy(scan.attnos);
		MemoryContextSwitchTo(old);
	}
}

/*
 * Is the second of a column e reads used by what the table has built, or
 * is it (or a table that inherits from it) foreign?  For a UNION ALL (the
 * level's relation is the appendrel of its branches), by what any branch's
 * table has built on the column the branch gives.
 */
static bool
objectid_window_second_used(objectid_window_ctx *ctx, Node *e)
{
	Bitmapset  *attnos = NULL;
	Bitmapset  *built;
	bool		all;
	bool		used = false;
	int			k;
	ListCell   *lc;

	pull_varattnos(e, ctx->relid, &attnos);
	if (ctx->rte->rtekind == RTE_RELATION)
	{
		objectid_built_get(ctx->rte->relid, ctx->rte->inh,
						   ctx->catalog->timestamp_fn, &all, &built);
		return all || bms_overlap(attnos, built);
	}

	foreach(lc, ctx->root->append_rel_list)
	{
		AppendRelInfo *appinfo = lfirst_node(AppendRelInfo, lc);
		RangeTblEntry *child;

		if (appinfo->parent_relid != ctx->relid)
			continue;
		child = planner_rt_fetch(appinfo->child_relid, ctx->root);
		if (child->rtekind != RTE_RELATION)
			continue;
		objectid_built_get(child->relid, child->inh,
						   ctx->catalog->timestamp_fn, &all, &built);
		if (all)
			return true;
		k = -1;
		while ((k = bms_next_member(attnos, k)) >= 0)
		{
			AttrNumber	attno = k + FirstLowInvalidHeapAttributeNumber;
			Var		   *var;

			if (attno <= 0 || attno > list_length(appinfo->translated_vars))
				return true;
			var = (Var *) list_nth(appinfo->translated_vars, attno - 1);
			/* a branch's expression, not its column: as written */
			if (var == NULL || !IsA(var, Var))
				return true;
			if (bms_is_member(var->varattno - FirstLowInvalidHeapAttributeNumber,
							  built))
				used = true;
		}
	}
	return used;
}

/*
 * May the current user run fn?  A bound or an operator of ours the role
 * may not execute (EXECUTE revoked, or default privileges that never
 * granted it) leaves the comparison as written, which needs neither.  The
 * plan then depends on the role, as a plan with row-level security does:
 * a cached plan is made again for another role.
 */
static bool
objectid_window_may_run(objectid_window_ctx *ctx, Oid fn)
{
	ctx->root->glob->dependsOnRole = true;
#if PG_VERSION_NUM >= 160000
	return object_aclcheck(ProcedureRelationId, fn, GetUserId(),
						   ACL_EXECUTE) == ACLCHECK_OK;
#else
	return pg_proc_aclcheck(fn, GetUserId(), ACL_EXECUTE) == ACLCHECK_OK;
#endif
}

/* the operator a bound is compared with: >= for a lower bound, else <= */
static const objectid_op *
objectid_window_bound_op(objectid_window_ctx *ctx, bool lower)
{
	return objectid_catalog_ineq(ctx->catalog,
								 lower ? OBJECTID_GE : OBJECTID_LE);
}

/*
 * Is the bound of which there for instants of type, and may the current
 * user run it and the operator of lower?
 */
static bool
objectid_window_may_bound(objectid_window_ctx *ctx, bool lower,
						  objectid_bound_fn which, objectid_instant type)
{
	Oid			fn = ctx->catalog->bound_fn[which][type];

	return OidIsValid(fn) && objectid_window_may_run(ctx, fn) &&
		objectid_window_may_run(ctx, objectid_window_bound_op(ctx, lower)->proc.fn_oid);
}

/* "e op bound(t)", folded */
static Node *
objectid_window_bound_clause(objectid_window_ctx *ctx, Node *e, bool lower,
							 objectid_bound_fn which, objectid_instant type,
							 Node *t)
{
	const objectid_op *op = objectid_window_bound_op(ctx, lower);
	FuncExpr   *bound;
	OpExpr	   *clause;

	bound = makeFuncExpr(ctx->catalog->bound_fn[which][type],
						 ctx->catalog->objectid_type, list_make1(t),
						 InvalidOid, InvalidOid, COERCE_EXPLICIT_CALL);
	clause = (OpExpr *) make_opclause(op->opno, BOOLOID, false, (Expr *) e,
									  (Expr *) bound, InvalidOid, InvalidOid);
	clause->opfuncid = op->proc.fn_oid;
	return eval_const_expressions(ctx->root, (Node *) clause);
}

/* If node is the generator objectid(t), t; else NULL */
static Node *
objectid_window_generator(Node *node, objectid_window_ctx *ctx)
{
	FuncExpr   *f = (FuncExpr *) node;

	if (!IsA(node, FuncExpr) || f->funcid != ctx->catalog->generate_fn ||
		list_length(f->args) != 1)
		return NULL;
	objectid_window_pin(ctx);
	return (Node *) linitial(f->args);
}

/*
 * t is an instant the rewrite may use in place of the comparison: no
 * column of this table (the bound would be no index condition, and is
 * then better left as written), no volatile function.  Columns of other
 * tables of the level are fine, as in a join's condition (a LATERAL
 * subquery's, once pulled up), and columns of outer levels are parameters
 * by now.  With twice set, t is used twice, so it must not be a subplan,
 * which would run twice.
 */
static bool
objectid_window_instant_ok(Node *t, bool twice, objectid_window_ctx *ctx)
{
	Bitmapset  *attnos = NULL;
	bool		mine;

	if (contain_volatile_functions(t) || (twice && contain_subplans(t)))
		return false;
	pull_varattnos(t, ctx->relid, &attnos);
	mine = !bms_is_empty(attnos);
	bms_free(attnos);
	return !mine;
}

/*
 * A bound on an id that is the generator, "e >= objectid(t)": a new id in
 * t's second, a different one on each row.  Its result cannot change, but
 * it implies a bound on t's second, which is added before it so that the
 * id's index and partitions apply: "e >= objectid_first_in_second(t) AND e
 * >= objectid(t)" (the same for >), "e <= objectid_last_at_or_before(t)
 * AND e <= objectid(t)" (the same for <).  Where t is out of the range ids
 * carry, objectid(t) raises and the added bound is NULL: the rows that
 * would have raised are not read.
 */
static Node *
objectid_window_generated(OpExpr *op, objectid_window_ctx *ctx)
{
	const objectid_op *cmp;
	Node	   *e;
	Node	   *t;
	bool		varonleft;
	bool		lower;

	if ((t = objectid_window_generator(lsecond(op->args), ctx)) != NULL)
	{
		e = linitial(op->args);
		varonleft = true;
	}
	else if ((t = objectid_window_generator(linitial(op->args), ctx)) != NULL)
	{
		e = lsecond(op->args);
		varonleft = false;
	}
	else
		return (Node *) op;

	cmp = objectid_catalog_op(ctx->catalog, op->opno);
	if (cmp == NULL || (e = objectid_window_as_objectid(e, ctx)) == NULL ||
		!objectid_window_instant_ok(t, true, ctx) ||
		!objectid_window_of_table(e, ctx))
		return (Node *) op;
	lower = (cmp->kind == OBJECTID_GE || cmp->kind == OBJECTID_GT) ==
		varonleft;
	if (!objectid_window_may_bound(ctx, lower,
								   lower ? OBJECTID_FIRST_IN_SECOND :
								   OBJECTID_LAST_AT_OR_BEFORE,
								   OBJECTID_INSTANT_TIMESTAMPTZ))
		return (Node *) op;

	return (Node *) make_andclause(list_make2(objectid_window_bound_clause(ctx, copyObject(e), lower,
																		   lower ? OBJECTID_FIRST_IN_SECOND :
																		   OBJECTID_LAST_AT_OR_BEFORE,
																		   OBJECTID_INSTANT_TIMESTAMPTZ,
																		   copyObject(t)),
											  op));
}

/* the type index of an instant type, or -1 */
static int
objectid_window_instant_of(Oid type)
{
	switch (type)
	{
		case TIMESTAMPTZOID:
			return OBJECTID_INSTANT_TIMESTAMPTZ;
		case DATEOID:
			return OBJECTID_INSTANT_DATE;
		case TIMESTAMPOID:
			return OBJECTID_INSTANT_TIMESTAMP;
		default:
			return -1;
	}
}

/*
 * One comparison: the window on the key, or the comparison as it was.  A
 * comparison is one of core's btree operators on instants (of the type
 * cache's btree operator family of timestamptz, which holds the
 * comparisons of timestamptz, date and timestamp with one another), with
 * the key of this table on one side.
 */
static Node *
objectid_window_op(OpExpr *op, objectid_window_ctx *ctx)
{
	int16		strategy;
	int			lo,
				hi;
	Node	   *e = NULL;
	Node	   *t = NULL;
	int			type;
	int			side;
	Oid			opf;
	Oid			types[2];

	if (list_length(op->args) != 2)
		return (Node *) op;

	/* the key of this table on either side, the instant on the other */
	for (side = 0; side < 2; side++)
	{
		if ((e = objectid_window_key(list_nth(op->args, side), ctx)) != NULL)
			break;
	}
	if (e == NULL)
		return ctx->appendrel ? (Node *) op : objectid_window_generated(op, ctx);
	t = (Node *) list_nth(op->args, 1 - side);

	opf = lookup_type_cache(TIMESTAMPTZOID, TYPECACHE_BTREE_OPFAMILY)->btree_opf;
	strategy = OidIsValid(opf) ? get_op_opfamily_strategy(op->opno, opf) : 0;
	if (strategy == 0)
		return (Node *) op;
	op_input_types(op->opno, &types[0], &types[1]);
	type = objectid_window_instant_of(types[1 - side]);

	/*
	 * = with another table's column is a join's equality, which a hash or
	 * merge join (a FULL join has no other) needs as written
	 */
	if (types[side] != TIMESTAMPTZOID || type < 0 ||
		(e = objectid_window_as_objectid(e, ctx)) == NULL ||
		!objectid_window_of_table(e, ctx) ||
		!objectid_window_instant_ok(t, strategy == BTEqualStrategyNumber, ctx) ||
		(strategy == BTEqualStrategyNumber && contain_var_clause(t)))
		return (Node *) op;

	/* with the key on the right, the operator as if commuted */
	if (side == 1)
		strategy = BTMaxStrategyNumber + 1 - strategy;

	if (objectid_window_second_used(ctx, e))
		return (Node *) op;

	/* a lower bound, an upper bound, or both (=) */
	lo = hi = -1;
	if (strategy == BTGreaterEqualStrategyNumber ||
		strategy == BTEqualStrategyNumber)
		lo = OBJECTID_FIRST_AT_OR_AFTER;
	else if (strategy == BTGreaterStrategyNumber)
		lo = OBJECTID_FIRST_AFTER;
	if (strategy == BTLessEqualStrategyNumber ||
		strategy == BTEqualStrategyNumber)
		hi = OBJECTID_LAST_AT_OR_BEFORE;
	else if (strategy == BTLessStrategyNumber)
		hi = OBJECTID_LAST_BEFORE;
	if ((lo >= 0 && !objectid_window_may_bound(ctx, true, lo, type)) ||
		(hi >= 0 && !objectid_window_may_bound(ctx, false, hi, type)))
		return (Node *) op;
	if (hi < 0)
		return objectid_window_bound_clause(ctx, e, true, lo, type, t);
	if (lo < 0)
		return objectid_window_bound_clause(ctx, e, false, hi, type, t);
	return (Node *) make_andclause(list_make2(objectid_window_bound_clause(ctx, e, true,
																		   lo, type, t),
											  objectid_window_bound_clause(ctx, copyObject(e), false,
																		   hi, type, copyObject(t))));
}

static Node *objectid_window_qual(Node *node, objectid_window_ctx *ctx);

/*
 * A list of conditions, ANDed (a query's or a join's, or the arguments of
 * an AND), each rewritten, an AND a rewrite makes spliced into the list;
 * the list itself where nothing is rewritten (no allocation in a planning
 * that has no window through the second)
 */
static List *
objectid_window_and_list(List *quals, objectid_window_ctx *ctx)
{
	List	   *result = NIL;
	bool		changed = false;
	ListCell   *lc;

	foreach(lc, quals)
	{
		Node	   *orig = (Node *) lfirst(lc);
		Node	   *q = objectid_window_qual(orig, ctx);

		if (!changed)
		{
			if (q == orig)
				continue;
			changed = true;
			result = list_truncate(list_copy(quals), foreach_current_index(lc));
		}
		if (is_andclause(q))
			result = list_concat(result, ((BoolExpr *) q)->args);
		else
			result = lappend(result, q);
	}
	return changed ? result : quals;
}

/* A WHERE or ON condition: its comparisons reachable through AND and OR */
static Node *
objectid_window_qual(Node *node, objectid_window_ctx *ctx)
{
	check_stack_depth();
	if (node == NULL)
		return NULL;
	if (is_andclause(node))
	{
		List	   *args = ((BoolExpr *) node)->args;
		List	   *rewritten = objectid_window_and_list(args, ctx);

		return rewritten == args ? node : (Node *) make_andclause(rewritten);
	}
	if (is_orclause(node))
	{
		ListCell   *lc;

		foreach(lc, ((BoolExpr *) node)->args)
			lfirst(lc) = objectid_window_qual((Node *) lfirst(lc), ctx);
		return node;
	}
	if (IsA(node, OpExpr))
		return objectid_window_op((OpExpr *) node, ctx);
	return node;
}

/* the conditions of the level's FROM and WHERE, lists of ANDed clauses */
static void
objectid_window_jointree(Node *node, objectid_window_ctx *ctx)
{
	ListCell   *lc;

	check_stack_depth();
	if (node == NULL)
		return;
	if (IsA(node, FromExpr))
	{
		FromExpr   *f = (FromExpr *) node;

		if (f->quals != NULL && IsA(f->quals, List))
			f->quals = (Node *) objectid_window_and_list((List *) f->quals, ctx);
		foreach(lc, f->fromlist)
			objectid_window_jointree((Node *) lfirst(lc), ctx);
	}
	else if (IsA(node, JoinExpr))
	{
		JoinExpr   *j = (JoinExpr *) node;

		if (j->quals != NULL && IsA(j->quals, List))
			j->quals = (Node *) objectid_window_and_list((List *) j->quals, ctx);
		objectid_window_jointree(j->larg, ctx);
		objectid_window_jointree(j->rarg, ctx);
	}
}

/*
 * A UNION ALL flattened into an appendrel (a view of several tables): its
 * conditions are given to the appendrel when its branches' tables are
 * made, so they are rewritten there, in the appendrel's restrictions, from
 * which the branches take theirs right after (once: the first branch's
 * call leaves nothing for the others).  Not the generator as a bound (its
 * added bound would be added again), and not a restriction that an
 * equivalence class made (its equality is the class's) or a security
 * barrier's.
 */
static void
objectid_window_appendrel(objectid_window_ctx *ctx, RelOptInfo *parent)
{
	PlannerInfo *root = ctx->root;
	List	   *result = NIL;
	ListCell   *lc;

	ctx->relid = parent->relid;
	ctx->rte = planner_rt_fetch(parent->relid, root);
	ctx->appendrel = true;
	foreach(lc, parent->baserestrictinfo)
	{
		RestrictInfo *rinfo = lfirst_node(RestrictInfo, lc);
		Node	   *clause;

		if (rinfo->parent_ec != NULL || rinfo->security_level > 0 ||
			rinfo->pseudoconstant ||
			(clause = objectid_window_qual((Node *) rinfo->clause, ctx)) ==
			(Node *) rinfo->clause)
		{
			result = lappend(result, rinfo);
			continue;
		}
		if (is_andclause(clause))
		{
			ListCell   *lc2;

			foreach(lc2, ((BoolExpr *) clause)->args)
				result = lappend(result,
								 make_simple_restrictinfo(root, (Expr *) lfirst(lc2)));
		}
		else
			result = lappend(result, make_simple_restrictinfo(root, (Expr *) clause));
	}
	parent->baserestrictinfo = result;
}

/*
 * A relation the planner makes (called by the hook, src/objectid_planner.c):
 * for a table of a query level, whose conditions are preprocessed and not
 * yet given to the relations, the comparisons of its key's second in
 * them.  Only a table of the level itself (not a partition or child, which
 * take the conditions of their parent), and a branch of a UNION ALL for
 * the appendrel's conditions.
 */
void
objectid_window_relation(PlannerInfo *root, RelOptInfo *rel,
						 RangeTblEntry *rte)
{
	objectid_window_ctx ctx;
	const objectid_catalog *catalog;

	if (!objectid_rewrite_time_windows || rte->rtekind != RTE_RELATION ||
		root->parse->jointree == NULL)
		return;
	catalog = objectid_catalog_get();
	if (catalog == NULL || !OidIsValid(catalog->timestamp_fn))
		return;
	ctx.root = root;
	ctx.relid = 0;
	ctx.rte = NULL;
	ctx.appendrel = false;
	ctx.catalog = catalog;
	if (rel->reloptkind == RELOPT_OTHER_MEMBER_REL)
	{
		/* a branch of a UNION ALL: the appendrel's conditions */
		AppendRelInfo *appinfo = root->append_rel_array[rel->relid];

		if (appinfo != NULL &&
			planner_rt_fetch(appinfo->parent_relid, root)->rtekind == RTE_SUBQUERY)
			objectid_window_appendrel(&ctx, find_base_rel(root, appinfo->parent_relid));
		return;
	}
	if (rel->reloptkind != RELOPT_BASEREL)
		return;
	ctx.relid = rel->relid;
	ctx.rte = rte;
	objectid_window_jointree((Node *) root->parse->jointree, &ctx);
}
