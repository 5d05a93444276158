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
 * The operators are recognised by OID (core's, fixed in its catalog) and
 * the functions by the C function behind them, so a same-named operator or
 * function in another schema is never rewritten or used.  Where the bound
 * functions are missing (the library is newer than the extension's install
 * scripts in this database), nothing is rewritten.
 * objectid.rewrite_time_windows = off turns the rewrite off.
 *
 * IDENTIFICATION
 *	  src/objectid_window.c
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "access/htup_details.h"
#include "access/stratnum.h"
#include "access/table.h"
#include "catalog/pg_am_d.h"
#include "access/genam.h"
#include "catalog/pg_constraint.h"
#include "catalog/pg_index.h"
#include "catalog/pg_partitioned_table.h"
#include "catalog/pg_inherits.h"
#include "catalog/pg_language_d.h"
#include "catalog/pg_proc.h"
#include "catalog/pg_type_d.h"
#include "commands/defrem.h"
#include "datatype/timestamp.h"
#include "miscadmin.h"
#include "nodes/makefuncs.h"
#include "nodes/nodeFuncs.h"
#include "nodes/pathnodes.h"
#include "optimizer/clauses.h"
#include "optimizer/optimizer.h"
#include "optimizer/restrictinfo.h"
#include "optimizer/pathnode.h"
#if PG_VERSION_NUM < 190000
#include "optimizer/plancat.h"
#endif
#include "parser/parse_func.h"
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

#include "pure/idclock.h"
#include "pure/objectid.h"
#include "objectid.h"
#include "objectid_ops.h"
#include "objectid_util.h"
#include "objectid_window.h"

/* the bounds, in the order of objectid_window_names */
typedef enum objectid_window_bound
{
	OBJECTID_FIRST_AT_OR_AFTER,
	OBJECTID_FIRST_AFTER,
	OBJECTID_LAST_BEFORE,
	OBJECTID_LAST_AT_OR_BEFORE,
	OBJECTID_FIRST_IN_SECOND,
	OBJECTID_WINDOW_BOUNDS
} objectid_window_bound;

static const char *const objectid_window_names[OBJECTID_WINDOW_BOUNDS] = {
	"objectid_first_at_or_after",
	"objectid_first_after",
	"objectid_last_before",
	"objectid_last_at_or_before",
	"objectid_first_in_second"
};

/* the types of instant a bound takes, in the order of their overloads */
typedef enum objectid_window_instant
{
	OBJECTID_INSTANT_TIMESTAMPTZ,
	OBJECTID_INSTANT_DATE,
	OBJECTID_INSTANT_TIMESTAMP,
	OBJECTID_INSTANTS
} objectid_window_instant;

static const Oid objectid_window_instant_types[OBJECTID_INSTANTS] = {
	TIMESTAMPTZOID, DATEOID, TIMESTAMPOID
};

/*
 * Core's comparisons of a timestamptz with an instant, by their OIDs in
 * pg_operator (the same on 15 to 19): the btree strategy and the two types
 */
typedef struct objectid_window_opr
{
	Oid			opno;
	int16		strategy;
	Oid			left;
	Oid			right;
} objectid_window_opr;

static const objectid_window_opr objectid_window_oprs[] = {
	{1320, BTEqualStrategyNumber, TIMESTAMPTZOID, TIMESTAMPTZOID},
	{1322, BTLessStrategyNumber, TIMESTAMPTZOID, TIMESTAMPTZOID},
	{1323, BTLessEqualStrategyNumber, TIMESTAMPTZOID, TIMESTAMPTZOID},
	{1324, BTGreaterStrategyNumber, TIMESTAMPTZOID, TIMESTAMPTZOID},
	{1325, BTGreaterEqualStrategyNumber, TIMESTAMPTZOID, TIMESTAMPTZOID},
	{2358, BTLessStrategyNumber, DATEOID, TIMESTAMPTZOID},
	{2359, BTLessEqualStrategyNumber, DATEOID, TIMESTAMPTZOID},
	{2360, BTEqualStrategyNumber, DATEOID, TIMESTAMPTZOID},
	{2361, BTGreaterEqualStrategyNumber, DATEOID, TIMESTAMPTZOID},
	{2362, BTGreaterStrategyNumber, DATEOID, TIMESTAMPTZOID},
	{2384, BTLessStrategyNumber, TIMESTAMPTZOID, DATEOID},
	{2385, BTLessEqualStrategyNumber, TIMESTAMPTZOID, DATEOID},
	{2386, BTEqualStrategyNumber, TIMESTAMPTZOID, DATEOID},
	{2387, BTGreaterEqualStrategyNumber, TIMESTAMPTZOID, DATEOID},
	{2388, BTGreaterStrategyNumber, TIMESTAMPTZOID, DATEOID},
	{2534, BTLessStrategyNumber, TIMESTAMPOID, TIMESTAMPTZOID},
	{2535, BTLessEqualStrategyNumber, TIMESTAMPOID, TIMESTAMPTZOID},
	{2536, BTEqualStrategyNumber, TIMESTAMPOID, TIMESTAMPTZOID},
	{2537, BTGreaterEqualStrategyNumber, TIMESTAMPOID, TIMESTAMPTZOID},
	{2538, BTGreaterStrategyNumber, TIMESTAMPOID, TIMESTAMPTZOID},
	{2540, BTLessStrategyNumber, TIMESTAMPTZOID, TIMESTAMPOID},
	{2541, BTLessEqualStrategyNumber, TIMESTAMPTZOID, TIMESTAMPOID},
	{2542, BTEqualStrategyNumber, TIMESTAMPTZOID, TIMESTAMPOID},
	{2543, BTGreaterEqualStrategyNumber, TIMESTAMPTZOID, TIMESTAMPOID},
	{2544, BTGreaterStrategyNumber, TIMESTAMPTZOID, TIMESTAMPOID}
};

/* what the rewrite for one table needs, looked up when first needed */
typedef struct objectid_window_ctx
{
	PlannerInfo *root;
	Index		relid;			/* the table's range table index */
	RangeTblEntry *rte;
	bool		appendrel;		/* a UNION ALL's conditions, given already */
	bool		looked_up;
	bool		usable;			/* the functions and operators were found */
	Oid			timestamp_fn;	/* objectid_timestamp(objectid) */
	Oid			generate_fn;	/* objectid(timestamptz) */
	Oid			objectid_type;
	Oid			ge_op;			/* objectid >= objectid */
	Oid			ge_fn;
	Oid			le_op;			/* objectid <= objectid */
	Oid			le_fn;
	Oid			gt_op;			/* objectid > objectid */
	Oid			lt_op;			/* objectid < objectid */
	/* InvalidOid where an overload is missing */
	Oid			bound_fn[OBJECTID_WINDOW_BOUNDS][OBJECTID_INSTANTS];
} objectid_window_ctx;

static bool objectid_rewrite_time_windows = true;

/*
 * The hook called for each table as the planner makes its relation:
 * get_relation_info_hook on 15 to 18, build_simple_rel_hook on 19.
 */
#if PG_VERSION_NUM >= 190000
static build_simple_rel_hook_type objectid_prev_relation_hook = NULL;
static void objectid_window_relation(PlannerInfo *root, RelOptInfo *rel,
									 RangeTblEntry *rte);
#define OBJECTID_RELATION_HOOK build_simple_rel_hook
#else
static get_relation_info_hook_type objectid_prev_relation_hook = NULL;
static void objectid_window_relation(PlannerInfo *root, Oid relationObjectId,
									 bool inhparent, RelOptInfo *rel);
#define OBJECTID_RELATION_HOOK get_relation_info_hook
#endif

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
							 0,
							 NULL, NULL, NULL);
	objectid_prev_relation_hook = OBJECTID_RELATION_HOOK;
	OBJECTID_RELATION_HOOK = objectid_window_relation;
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
objectid_window_result(TimestampTz t, objectid_window_bound which)
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

/* Is funcid a C function of this library whose symbol is fn? */
bool
objectid_is_c_function(Oid funcid, PGFunction fn)
{
	HeapTuple	tuple;
	bool		is_c;
	FmgrInfo	flinfo;

	tuple = SearchSysCache1(PROCOID, ObjectIdGetDatum(funcid));
	if (!HeapTupleIsValid(tuple))
		return false;
	is_c = ((Form_pg_proc) GETSTRUCT(tuple))->prolang == ClanguageId;
	ReleaseSysCache(tuple);
	if (!is_c)
		return false;
	fmgr_info(funcid, &flinfo);
	return flinfo.fn_addr == fn;
}

/*
 * The bound functions and the id's operators, found from a function of
 * ours, anchor_fn (objectid_timestamp() or objectid(timestamptz)): the
 * functions in its schema, the operators in the default btree operator
 * class of the objectid type.  The overloads for date and timestamp may be
 * missing; the timestamptz ones must be there.
 */
static bool
objectid_window_lookup(objectid_window_ctx *ctx, Oid anchor_fn,
					   Oid objectid_type)
{
	static const PGFunction fns[OBJECTID_WINDOW_BOUNDS][OBJECTID_INSTANTS] = {
		{objectid_first_at_or_after, objectid_first_at_or_after_date,
		objectid_first_at_or_after_timestamp},
		{objectid_first_after, objectid_first_after_date,
		objectid_first_after_timestamp},
		{objectid_last_before, objectid_last_before_date,
		objectid_last_before_timestamp},
		{objectid_last_at_or_before, objectid_last_at_or_before_date,
		objectid_last_at_or_before_timestamp},
		{objectid_first_in_second, NULL, NULL}
	};
	Oid			nsp;
	Oid			opclass;
	Oid			opfamily;
	int			i,
				k;

	if (ctx->looked_up)
		return ctx->usable;
	ctx->looked_up = true;

	/*
	 * In the schema of the anchor, found by name there through the catalog
	 * (a lookup by qualified name would ask for USAGE on the schema, which
	 * a role reading through a view may not have)
	 */
	ctx->objectid_type = objectid_type;
	nsp = get_func_namespace(anchor_fn);
	for (i = 0; i < OBJECTID_WINDOW_BOUNDS; i++)
	{
		for (k = 0; k < OBJECTID_INSTANTS; k++)
		{
			Oid			argtype = objectid_window_instant_types[k];
			Oid			fn;

			ctx->bound_fn[i][k] = InvalidOid;
			if (fns[i][k] == NULL)
				continue;
			fn = GetSysCacheOid3(PROCNAMEARGSNSP, Anum_pg_proc_oid,
								 CStringGetDatum(objectid_window_names[i]),
								 PointerGetDatum(buildoidvector(&argtype, 1)),
								 ObjectIdGetDatum(nsp));
			if (OidIsValid(fn) && objectid_is_c_function(fn, fns[i][k]) &&
				get_func_rettype(fn) == ctx->objectid_type)
				ctx->bound_fn[i][k] = fn;
			else if (k == OBJECTID_INSTANT_TIMESTAMPTZ)
				return false;
		}
	}

	opclass = GetDefaultOpClass(ctx->objectid_type, BTREE_AM_OID);
	if (!OidIsValid(opclass))
		return false;
	opfamily = get_opclass_family(opclass);
	ctx->ge_op = get_opfamily_member(opfamily, ctx->objectid_type,
									 ctx->objectid_type,
									 BTGreaterEqualStrategyNumber);
	ctx->le_op = get_opfamily_member(opfamily, ctx->objectid_type,
									 ctx->objectid_type,
									 BTLessEqualStrategyNumber);
	ctx->gt_op = get_opfamily_member(opfamily, ctx->objectid_type,
									 ctx->objectid_type,
									 BTGreaterStrategyNumber);
	ctx->lt_op = get_opfamily_member(opfamily, ctx->objectid_type,
									 ctx->objectid_type,
									 BTLessStrategyNumber);
	if (!OidIsValid(ctx->ge_op) || !OidIsValid(ctx->le_op) ||
		!OidIsValid(ctx->gt_op) || !OidIsValid(ctx->lt_op))
		return false;
	ctx->ge_fn = get_opcode(ctx->ge_op);
	ctx->le_fn = get_opcode(ctx->le_op);
	if (!objectid_is_c_function(ctx->ge_fn, objectid_ge) ||
		!objectid_is_c_function(ctx->le_fn, objectid_le))
		return false;

	ctx->usable = true;
	return true;
}

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

/* If node is objectid_timestamp(e), e; else NULL */
static Node *
objectid_window_key(Node *node, objectid_window_ctx *ctx)
{
	FuncExpr   *f = (FuncExpr *) node;

	if (!IsA(node, FuncExpr) || f->funcresulttype != TIMESTAMPTZOID ||
		list_length(f->args) != 1)
		return NULL;
	if (f->funcid != ctx->timestamp_fn)
	{
		/* the first found is the one; a later other is not */
		if (OidIsValid(ctx->timestamp_fn) ||
			!objectid_is_c_function(f->funcid, objectid_timestamp))
			return NULL;
		ctx->timestamp_fn = f->funcid;
	}
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
		objectid_built_get(ctx->rte->relid, ctx->rte->inh, ctx->timestamp_fn,
						   &all, &built);
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
		objectid_built_get(child->relid, child->inh, ctx->timestamp_fn,
						   &all, &built);
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
 * granted it) leaves the comparison as written, which needs neither.
 */
static bool
objectid_window_may_run(Oid fn)
{
#if PG_VERSION_NUM >= 160000
	return object_aclcheck(ProcedureRelationId, fn, GetUserId(),
						   ACL_EXECUTE) == ACLCHECK_OK;
#else
	return pg_proc_aclcheck(fn, GetUserId(), ACL_EXECUTE) == ACLCHECK_OK;
#endif
}

/* may the current user run the bound of which and the operator of lower? */
static bool
objectid_window_may_bound(objectid_window_ctx *ctx, bool lower,
						  objectid_window_bound which,
						  objectid_window_instant type)
{
	return objectid_window_may_run(ctx->bound_fn[which][type]) &&
		objectid_window_may_run(lower ? ctx->ge_fn : ctx->le_fn);
}

/* "e op bound(t)", folded */
static Node *
objectid_window_bound_clause(objectid_window_ctx *ctx, Node *e, bool lower,
							 objectid_window_bound which,
							 objectid_window_instant type, Node *t)
{
	FuncExpr   *bound;
	OpExpr	   *clause;

	bound = makeFuncExpr(ctx->bound_fn[which][type], ctx->objectid_type,
						 list_make1(t), InvalidOid, InvalidOid,
						 COERCE_EXPLICIT_CALL);
	clause = (OpExpr *) make_opclause(lower ? ctx->ge_op : ctx->le_op,
									  BOOLOID, false, (Expr *) e,
									  (Expr *) bound, InvalidOid, InvalidOid);
	clause->opfuncid = lower ? ctx->ge_fn : ctx->le_fn;
	return eval_const_expressions(ctx->root, (Node *) clause);
}

/* If node is the generator objectid(t), t; else NULL */
static Node *
objectid_window_generator(Node *node, objectid_window_ctx *ctx)
{
	FuncExpr   *f = (FuncExpr *) node;

	if (!IsA(node, FuncExpr) || list_length(f->args) != 1 ||
		f->funcresulttype == TIMESTAMPTZOID ||
		exprType(linitial(f->args)) != TIMESTAMPTZOID)
		return NULL;
	if (f->funcid != ctx->generate_fn)
	{
		if (OidIsValid(ctx->generate_fn) ||
			!objectid_is_c_function(f->funcid, objectid_generate_at))
			return NULL;
		ctx->generate_fn = f->funcid;
	}
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
	Node	   *e;
	Node	   *t;
	bool		varonleft;
	bool		lower;

	if (list_length(op->args) != 2)
		return (Node *) op;
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

	if (!objectid_window_instant_ok(t, true, ctx) ||
		!objectid_window_of_table(e, ctx) ||
		!objectid_window_lookup(ctx, ctx->generate_fn, exprType(e)) ||
		exprType(e) != ctx->objectid_type)
		return (Node *) op;
	if (op->opno == ctx->ge_op || op->opno == ctx->gt_op)
		lower = varonleft;
	else if (op->opno == ctx->le_op || op->opno == ctx->lt_op)
		lower = !varonleft;
	else
		return (Node *) op;
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
	int			k;

	for (k = 0; k < OBJECTID_INSTANTS; k++)
	{
		if (objectid_window_instant_types[k] == type)
			return k;
	}
	return -1;
}

/* One comparison: the window on the key, or the comparison as it was */
static Node *
objectid_window_op(OpExpr *op, objectid_window_ctx *ctx)
{
	const objectid_window_opr *opr = NULL;
	int16		strategy;
	int			lo,
				hi;
	Node	   *e = NULL;
	Node	   *t = NULL;
	int			type = -1;
	int			side;
	int			i;

	for (i = 0; i < lengthof(objectid_window_oprs); i++)
	{
		if (objectid_window_oprs[i].opno == op->opno)
			opr = &objectid_window_oprs[i];
	}
	if (opr == NULL)
		return ctx->appendrel ? (Node *) op : objectid_window_generated(op, ctx);
	if (list_length(op->args) != 2)
		return (Node *) op;

	/* the key of this table on either side, the instant on the other */
	for (side = 0; side < 2 && e == NULL; side++)
	{
		Oid			keytype = side == 0 ? opr->left : opr->right;
		Node	   *key = (Node *) list_nth(op->args, side);

		if (keytype != TIMESTAMPTZOID ||
			(e = objectid_window_key(key, ctx)) == NULL)
			continue;
		t = (Node *) list_nth(op->args, 1 - side);
		type = objectid_window_instant_of(side == 0 ? opr->right : opr->left);
		/*
		 * = with another table's column is a join's equality, which a hash
		 * or merge join (a FULL join has no other) needs as written
		 */
		if (!objectid_window_of_table(e, ctx) ||
			!objectid_window_instant_ok(t, opr->strategy == BTEqualStrategyNumber,
										ctx) ||
			(opr->strategy == BTEqualStrategyNumber && contain_var_clause(t)))
			e = NULL;
	}
	if (e == NULL || type < 0)
		return (Node *) op;
	side--;

	/* with the key on the right, the operator as if commuted */
	strategy = opr->strategy;
	if (side == 1)
		strategy = BTMaxStrategyNumber + 1 - strategy;

	if (!objectid_window_lookup(ctx, ctx->timestamp_fn, exprType(e)) ||
		!OidIsValid(ctx->bound_fn[OBJECTID_FIRST_AT_OR_AFTER][type]) ||
		objectid_window_second_used(ctx, e))
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
 * an AND), each rewritten, an AND a rewrite makes spliced into the list
 */
static List *
objectid_window_and_list(List *quals, objectid_window_ctx *ctx)
{
	List	   *result = NIL;
	ListCell   *lc;

	foreach(lc, quals)
	{
		Node	   *q = objectid_window_qual((Node *) lfirst(lc), ctx);

		if (is_andclause(q))
			result = list_concat(result, ((BoolExpr *) q)->args);
		else
			result = lappend(result, q);
	}
	return result;
}

/* A WHERE or ON condition: its comparisons reachable through AND and OR */
static Node *
objectid_window_qual(Node *node, objectid_window_ctx *ctx)
{
	check_stack_depth();
	if (node == NULL)
		return NULL;
	if (is_andclause(node))
		return (Node *) make_andclause(objectid_window_and_list(((BoolExpr *) node)->args,
																ctx));
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
 * The relation hook: a table of a query level, whose conditions are
 * preprocessed and not yet given to the relations.  Only a table of the
 * level itself (not a partition or child, which take the conditions of
 * their parent).
 */
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
objectid_window_appendrel(PlannerInfo *root, RelOptInfo *parent)
{
	objectid_window_ctx ctx;
	List	   *result = NIL;
	ListCell   *lc;

	memset(&ctx, 0, sizeof(ctx));
	ctx.root = root;
	ctx.relid = parent->relid;
	ctx.rte = planner_rt_fetch(parent->relid, root);
	ctx.appendrel = true;
	foreach(lc, parent->baserestrictinfo)
	{
		RestrictInfo *rinfo = lfirst_node(RestrictInfo, lc);
		Node	   *clause;

		if (rinfo->parent_ec != NULL || rinfo->security_level > 0 ||
			rinfo->pseudoconstant ||
			(clause = objectid_window_qual((Node *) rinfo->clause, &ctx)) ==
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

#if PG_VERSION_NUM >= 190000
static void
objectid_window_relation(PlannerInfo *root, RelOptInfo *rel,
						 RangeTblEntry *rte)
{
	objectid_window_ctx ctx;

	if (objectid_prev_relation_hook)
		objectid_prev_relation_hook(root, rel, rte);
#else
static void
objectid_window_relation(PlannerInfo *root, Oid relationObjectId,
						 bool inhparent, RelOptInfo *rel)
{
	objectid_window_ctx ctx;
	RangeTblEntry *rte = planner_rt_fetch(rel->relid, root);

	if (objectid_prev_relation_hook)
		objectid_prev_relation_hook(root, relationObjectId, inhparent, rel);
#endif
	if (!objectid_rewrite_time_windows || rte->rtekind != RTE_RELATION ||
		root->parse->jointree == NULL)
		return;
	if (rel->reloptkind == RELOPT_OTHER_MEMBER_REL)
	{
		/* a branch of a UNION ALL: the appendrel's conditions */
		AppendRelInfo *appinfo = root->append_rel_array[rel->relid];

		if (appinfo != NULL &&
			planner_rt_fetch(appinfo->parent_relid, root)->rtekind == RTE_SUBQUERY)
			objectid_window_appendrel(root, find_base_rel(root, appinfo->parent_relid));
		return;
	}
	if (rel->reloptkind != RELOPT_BASEREL)
		return;
	memset(&ctx, 0, sizeof(ctx));
	ctx.root = root;
	ctx.relid = rel->relid;
	ctx.rte = rte;
	objectid_window_jointree((Node *) root->parse->jointree, &ctx);
}
