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
 * (s the id's second).  The four bound functions never raise: where no id
 * qualifies (t after the last second an id can carry, or before the first)
 * they return NULL, which makes the comparison NULL where the original is
 * false.  In a WHERE or JOIN ... ON condition the two mean the same, the
 * row is not returned, and that stays so through AND and OR: the
 * three-valued AND and OR can only turn a false into a NULL when one of
 * their inputs does, never into a true, and never change a true.  So the
 * rewrite, done by the planner hook before the planner runs, is applied to
 * the comparisons reachable from a WHERE or ON condition through AND and
 * OR only, never under NOT, CASE or a function, nor in a target list; in
 * every query level (subqueries, CTEs, sublinks).  The other side, t, must
 * be a pseudo-constant of that level: no variable of that level, no
 * volatile function.  With a constant t the bound folds to a constant, so
 * partitions are pruned when planning; with now() it is stable, for
 * run-time pruning and index scan keys.  The estimators of the id's
 * comparisons (src/objectid_selfuncs.c) then estimate the window as one
 * written on the id.
 *
 * The operators are recognised by OID (timestamptz's, fixed in core's
 * catalog) and the functions by the C function behind them, so a
 * same-named operator or function in another schema is never rewritten or
 * used.  Where the bound functions are missing (the library is newer than
 * the extension's install scripts in this database), nothing is rewritten.
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
#include "catalog/pg_am_d.h"
#include "catalog/pg_language_d.h"
#include "catalog/pg_proc.h"
#include "catalog/pg_type_d.h"
#include "commands/defrem.h"
#include "datatype/timestamp.h"
#include "miscadmin.h"
#include "nodes/makefuncs.h"
#include "nodes/nodeFuncs.h"
#include "optimizer/clauses.h"
#include "optimizer/optimizer.h"
#include "parser/parse_func.h"
#include "utils/builtins.h"
#include "utils/guc.h"
#include "utils/lsyscache.h"
#include "utils/syscache.h"
#include "utils/timestamp.h"

#include "pure/idclock.h"
#include "pure/objectid.h"
#include "objectid.h"
#include "objectid_ops.h"
#include "objectid_util.h"
#include "objectid_window.h"

/* timestamptz's comparisons with timestamptz, by their OIDs in pg_operator */
#define OBJECTID_TSTZ_EQ	1320
#define OBJECTID_TSTZ_LT	1322
#define OBJECTID_TSTZ_LE	1323
#define OBJECTID_TSTZ_GT	1324
#define OBJECTID_TSTZ_GE	1325

/* the four bounds, in the order of objectid_window_names */
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

/* what one rewrite needs, looked up when a first candidate is seen */
typedef struct objectid_window_ctx
{
	bool		looked_up;
	bool		usable;			/* everything below was found */
	Oid			timestamp_fn;	/* objectid_timestamp(objectid) */
	Oid			generate_fn;	/* objectid(timestamptz) */
	Oid			objectid_type;
	Oid			ge_op;			/* objectid >= objectid */
	Oid			ge_fn;
	Oid			le_op;			/* objectid <= objectid */
	Oid			le_fn;
	Oid			gt_op;			/* objectid > objectid */
	Oid			lt_op;			/* objectid < objectid */
	Oid			bound_fn[OBJECTID_WINDOW_BOUNDS];
} objectid_window_ctx;

static bool objectid_rewrite_time_windows = true;

PG_FUNCTION_INFO_V1(objectid_first_at_or_after);
PG_FUNCTION_INFO_V1(objectid_first_after);
PG_FUNCTION_INFO_V1(objectid_last_before);
PG_FUNCTION_INFO_V1(objectid_last_at_or_before);
PG_FUNCTION_INFO_V1(objectid_first_in_second);

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
objectid_window_result(FunctionCallInfo fcinfo, objectid_window_bound which)
{
	TimestampTz t = PG_GETARG_TIMESTAMPTZ(0);
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
			PG_RETURN_NULL();
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
			PG_RETURN_NULL();
		if (which == OBJECTID_FIRST_IN_SECOND && seconds < 0)
			PG_RETURN_NULL();
		seconds = Max(seconds, 0);
		seconds = Min(seconds, OBJID_SECONDS_MAX);
	}

	result = palloc(sizeof(pg_objectid_t));
	result->data[0] = (unsigned char) (seconds >> 24);
	result->data[1] = (unsigned char) (seconds >> 16);
	result->data[2] = (unsigned char) (seconds >> 8);
	result->data[3] = (unsigned char) seconds;
	memset(result->data + 4, lower ? 0x00 : 0xff, OBJECTID_LEN - 4);
	PG_RETURN_OBJECTID_P(result);
}

Datum
objectid_first_at_or_after(PG_FUNCTION_ARGS)
{
	return objectid_window_result(fcinfo, OBJECTID_FIRST_AT_OR_AFTER);
}

Datum
objectid_first_after(PG_FUNCTION_ARGS)
{
	return objectid_window_result(fcinfo, OBJECTID_FIRST_AFTER);
}

Datum
objectid_last_before(PG_FUNCTION_ARGS)
{
	return objectid_window_result(fcinfo, OBJECTID_LAST_BEFORE);
}

Datum
objectid_last_at_or_before(PG_FUNCTION_ARGS)
{
	return objectid_window_result(fcinfo, OBJECTID_LAST_AT_OR_BEFORE);
}

Datum
objectid_first_in_second(PG_FUNCTION_ARGS)
{
	return objectid_window_result(fcinfo, OBJECTID_FIRST_IN_SECOND);
}

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
 * class of the objectid type
 */
static bool
objectid_window_lookup(objectid_window_ctx *ctx, Oid anchor_fn,
					   Oid objectid_type)
{
	static const PGFunction fns[OBJECTID_WINDOW_BOUNDS] = {
		objectid_first_at_or_after,
		objectid_first_after,
		objectid_last_before,
		objectid_last_at_or_before,
		objectid_first_in_second
	};
	Oid			argtypes[1] = {TIMESTAMPTZOID};
	char	   *nspname;
	Oid			opclass;
	Oid			opfamily;
	int			i;

	if (ctx->looked_up)
		return ctx->usable;
	ctx->looked_up = true;

	ctx->objectid_type = objectid_type;
	nspname = get_namespace_name(get_func_namespace(anchor_fn));
	if (nspname == NULL)
		return false;
	for (i = 0; i < OBJECTID_WINDOW_BOUNDS; i++)
	{
		Oid			fn;

		fn = LookupFuncName(list_make2(makeString(nspname),
									   makeString(pstrdup(objectid_window_names[i]))),
							1, argtypes, true);
		if (!OidIsValid(fn) || !objectid_is_c_function(fn, fns[i]) ||
			get_func_rettype(fn) != ctx->objectid_type)
			return false;
		ctx->bound_fn[i] = fn;
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

/* "e op bound(t)" */
static Node *
objectid_window_bound_clause(objectid_window_ctx *ctx, Node *e, bool lower,
							 objectid_window_bound which, Node *t)
{
	FuncExpr   *bound;
	OpExpr	   *clause;

	bound = makeFuncExpr(ctx->bound_fn[which], ctx->objectid_type,
						 list_make1(t), InvalidOid, InvalidOid,
						 COERCE_EXPLICIT_CALL);
	clause = (OpExpr *) make_opclause(lower ? ctx->ge_op : ctx->le_op,
									  BOOLOID, false, (Expr *) e,
									  (Expr *) bound, InvalidOid, InvalidOid);
	clause->opfuncid = lower ? ctx->ge_fn : ctx->le_fn;
	return (Node *) clause;
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

	if (contain_vars_of_level(t, 0) || contain_volatile_functions(t) ||
		contain_volatile_functions(e) || contain_subplans(e) ||
		!objectid_window_lookup(ctx, ctx->generate_fn, exprType(e)) ||
		exprType(e) != ctx->objectid_type)
		return (Node *) op;
	if (op->opno == ctx->ge_op || op->opno == ctx->gt_op)
		lower = varonleft;
	else if (op->opno == ctx->le_op || op->opno == ctx->lt_op)
		lower = !varonleft;
	else
		return (Node *) op;

	return (Node *) makeBoolExpr(AND_EXPR,
								 list_make2(objectid_window_bound_clause(ctx, copyObject(e), lower,
																		 lower ? OBJECTID_FIRST_IN_SECOND :
																		 OBJECTID_LAST_AT_OR_BEFORE,
																		 copyObject(t)),
											op),
								 -1);
}

/* One comparison: the window on the key, or the comparison as it was */
static Node *
objectid_window_op(OpExpr *op, objectid_window_ctx *ctx)
{
	Oid			opno = op->opno;
	Node	   *e;
	Node	   *t;

	switch (opno)
	{
		case OBJECTID_TSTZ_EQ:
		case OBJECTID_TSTZ_LT:
		case OBJECTID_TSTZ_LE:
		case OBJECTID_TSTZ_GT:
		case OBJECTID_TSTZ_GE:
			break;
		default:
			return objectid_window_generated(op, ctx);
	}
	if (list_length(op->args) != 2)
		return (Node *) op;

	/* the key on the left, or on the right with the operator commuted */
	if ((e = objectid_window_key(linitial(op->args), ctx)) != NULL)
		t = lsecond(op->args);
	else if ((e = objectid_window_key(lsecond(op->args), ctx)) != NULL)
	{
		t = linitial(op->args);
		if (opno == OBJECTID_TSTZ_LT)
			opno = OBJECTID_TSTZ_GT;
		else if (opno == OBJECTID_TSTZ_LE)
			opno = OBJECTID_TSTZ_GE;
		else if (opno == OBJECTID_TSTZ_GT)
			opno = OBJECTID_TSTZ_LT;
		else if (opno == OBJECTID_TSTZ_GE)
			opno = OBJECTID_TSTZ_LE;
	}
	else
		return (Node *) op;

	/* t a pseudo-constant of this level; e evaluated as often as before */
	if (contain_vars_of_level(t, 0) || contain_volatile_functions(t) ||
		contain_volatile_functions(e) || contain_subplans(e) ||
		!objectid_window_lookup(ctx, ctx->timestamp_fn,
								exprType(e)))
		return (Node *) op;

	switch (opno)
	{
		case OBJECTID_TSTZ_GE:
			return objectid_window_bound_clause(ctx, e, true,
												OBJECTID_FIRST_AT_OR_AFTER, t);
		case OBJECTID_TSTZ_GT:
			return objectid_window_bound_clause(ctx, e, true,
												OBJECTID_FIRST_AFTER, t);
		case OBJECTID_TSTZ_LT:
			return objectid_window_bound_clause(ctx, e, false,
												OBJECTID_LAST_BEFORE, t);
		case OBJECTID_TSTZ_LE:
			return objectid_window_bound_clause(ctx, e, false,
												OBJECTID_LAST_AT_OR_BEFORE, t);
		default:
			return (Node *) makeBoolExpr(AND_EXPR,
										 list_make2(objectid_window_bound_clause(ctx, e, true,
																				 OBJECTID_FIRST_AT_OR_AFTER, t),
													objectid_window_bound_clause(ctx, copyObject(e), false,
																				 OBJECTID_LAST_AT_OR_BEFORE,
																				 copyObject(t))),
										 -1);
	}
}

/*
 * A WHERE or ON condition: its comparisons reachable through AND and OR,
 * and NOT of one comparison (its negator: the same value, NULL included)
 */
static Node *
objectid_window_qual(Node *node, objectid_window_ctx *ctx)
{
	ListCell   *lc;

	check_stack_depth();
	if (node == NULL)
		return NULL;
	if (is_andclause(node) || is_orclause(node))
	{
		foreach(lc, ((BoolExpr *) node)->args)
			lfirst(lc) = objectid_window_qual((Node *) lfirst(lc), ctx);
		return node;
	}
	if (is_notclause(node) && IsA(get_notclausearg(node), OpExpr))
	{
		/* NOT (s < t) is s >= t, as the planner would write it later */
		OpExpr	   *op = (OpExpr *) get_notclausearg(node);
		Oid			negator = InvalidOid;

		switch (op->opno)
		{
			case OBJECTID_TSTZ_LT:
				negator = OBJECTID_TSTZ_GE;
				break;
			case OBJECTID_TSTZ_LE:
				negator = OBJECTID_TSTZ_GT;
				break;
			case OBJECTID_TSTZ_GT:
				negator = OBJECTID_TSTZ_LE;
				break;
			case OBJECTID_TSTZ_GE:
				negator = OBJECTID_TSTZ_LT;
				break;
		}
		if (OidIsValid(negator))
		{
			OpExpr	   *negated = (OpExpr *) copyObject(op);
			Node	   *result;

			negated->opno = negator;
			negated->opfuncid = InvalidOid;
			result = objectid_window_op(negated, ctx);
			if (result != (Node *) negated)
				return result;
		}
		return node;
	}
	if (IsA(node, OpExpr))
		return objectid_window_op((OpExpr *) node, ctx);
	return node;
}

/* the conditions of a query's FROM and WHERE */
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

		f->quals = objectid_window_qual(f->quals, ctx);
		foreach(lc, f->fromlist)
			objectid_window_jointree((Node *) lfirst(lc), ctx);
	}
	else if (IsA(node, JoinExpr))
	{
		JoinExpr   *j = (JoinExpr *) node;

		j->quals = objectid_window_qual(j->quals, ctx);
		objectid_window_jointree(j->larg, ctx);
		objectid_window_jointree(j->rarg, ctx);
	}
}

/* every query level: its conditions, then its subqueries and sublinks */
static bool
objectid_window_walker(Node *node, objectid_window_ctx *ctx)
{
	if (node == NULL)
		return false;
	if (IsA(node, Query))
	{
		Query	   *query = (Query *) node;

		objectid_window_jointree((Node *) query->jointree, ctx);
		return query_tree_walker(query, objectid_window_walker, ctx, 0);
	}
	return expression_tree_walker(node, objectid_window_walker, ctx);
}

/* the planner hook's first step: rewrite parse in place */
void
objectid_window_rewrite(Query *parse)
{
	objectid_window_ctx ctx;

	if (!objectid_rewrite_time_windows)
		return;
	memset(&ctx, 0, sizeof(ctx));
	(void) objectid_window_walker((Node *) parse, &ctx);
}
