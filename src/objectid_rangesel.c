/*-------------------------------------------------------------------------
 *
 * objectid_rangesel.c
 *	  The estimators of <, <=, > and >= on objectid: the bounds of a range
 *	  paired as core pairs its own, through a cache of one planning.
 *
 * clauselist_selectivity_ext() (src/backend/optimizer/path/clausesel.c)
 * estimates "x >= a AND x < b", in any list of ANDed clauses, as one range,
 * lower + upper - 1 with the nulls counted back, and of two bounds on one
 * side keeps the tighter (addRangeClause()): but only when the operators'
 * estimators are core's scalarltsel ... scalargesel, which it tells by OID.
 * Bounds with any other estimator are multiplied as if independent, lower *
 * upper, which for a narrow window in a year of ids is thousands of times
 * the real count.  So each of our bounds returns its share of core's
 * arithmetic, such that the product the planner forms is core's estimate:
 * per expression bounded by our comparisons with pseudo-constants, the
 * tightest lower bound returns its own selectivity (objectid_selfuncs.c),
 * the tightest upper bound range / lower, every other bound 1.  What each
 * part mirrors:
 *
 *	objectid_range()			the range arithmetic of
 *								clauselist_selectivity_ext(), with its
 *								DEFAULT_RANGE_INEQ_SEL and 1.0e-10 floor
 *	objectid_est_group_pair()	addRangeClause(): the tightest bound a side
 *	objectid_est_list()			the lists core estimates: a relation's
 *	objectid_est_or()			restrictions and the AND arms of ORs at any
 *	objectid_est_rel()			depth (clause_selectivity_ext()), the ORs
 *								among its join conditions, of which
 *								extract_restriction_or_clauses() makes
 *								restrictions (orclauses.c), and the
 *								conditions of one join (an outer join's ON)
 *	objectid_est_pred()			the list genericcostestimate() costs a
 *								partial index with: the predicate's clauses
 *								the conditions do not imply, then the
 *								conditions (add_predicate_to_index_quals())
 *	objectid_bound_of()			get_restriction_variable(), as core's
 *								estimators examine a clause
 *
 * An estimator is handed one clause, not its list; it finds the list by the
 * address of the clause's arguments.  To stay linear in the number of
 * clauses, the first estimate for a relation works out the share of every
 * bound of that relation at once and keeps them, keyed by the planner run
 * and the clause, until the planning ends: the planner hook empties the
 * cache when a top-level planning starts and ends
 * (objectid_est_planning_begin() and objectid_est_planning_end(), called
 * by src/objectid_planner.c).  An estimator asks the
 * cache first, so a bound is examined once.  A clause found in none of
 * those lists (an element of "x < ANY (array)") gets its own selectivity.
 * Of equal bounds, one that is not the generator objectid(t) takes the
 * share, so that the index scan on the bound the window rewrite adds beside
 * the generator (src/objectid_window.c) is costed on it.
 *
 * What core does not let an extension do: extended statistics (CREATE
 * STATISTICS) are only given clauses whose estimator is core's own, so they
 * never apply to our bounds (README, Known limitations).
 *
 * Majors: the functions mirrored are the same on 15 to 19.  An
 * expression's hash is taken from its columns, not its text, which holds
 * token locations before 17 (objectid_var_hash()).
 *
 * IDENTIFICATION
 *	  src/objectid_rangesel.c
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "access/htup_details.h"
#include "catalog/pg_statistic.h"
#include "common/hashfn.h"
#include "miscadmin.h"
#include "nodes/nodeFuncs.h"
#include "nodes/pathnodes.h"
#include "optimizer/optimizer.h"
#include "optimizer/paths.h"
#include "utils/hsearch.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"
#include "utils/selfuncs.h"

#include "objectid_catalog.h"
#include "objectid_rangesel.h"
#include "objectid_selfuncs.h"

/*
 * The cache of one planning: each bound's share, each relation and each
 * partial index already worked out (ptr is then the RelOptInfo or the
 * IndexOptInfo), and the operators seen.
 */
typedef struct objectid_est_key
{
	uint64		planning;		/* the planner() call: its serial number */
	PlannerInfo *root;
	const void *ptr;			/* a clause's arguments, a relation, an index */
} objectid_est_key;

typedef struct objectid_est_entry
{
	objectid_est_key key;
	double		selec;			/* a bound's share; 0 for the others */
} objectid_est_entry;

/* one of our comparisons with a pseudo-constant, in a list of ANDed clauses */
typedef struct objectid_bound
{
	const List *args;			/* the clause's arguments: its cache key */
	Node	   *var;			/* the expression bounded */
	uint32		varhash;		/* bounds of one expression hash alike */
	int			pos;			/* its place in the list */
	bool		lower;			/* var > c, var >= c, c < var or c <= var */
	double		selec;			/* its selectivity on its own */
	double		nullfrac;		/* the expression's null fraction */
	bool		fixed;			/* its share is set (objectid_est_pred()) */
	bool		generated;		/* a bound that is the generator objectid(t) */
} objectid_bound;

/*
 * The cache lives in its own context, so that estimates made in a
 * short-lived context (GEQO's) stay valid for the whole planning.
 * objectid_planner_depth counts nested planner calls: the cache is emptied
 * only around the outermost, and never while an estimator is running
 * (objectid_est_busy): estimating a bound can evaluate a function, which can
 * plan a query of its own.  Outside any planning of ours (the library
 * loaded halfway through one), the cache holds one planner run at a time.
 */
static MemoryContext objectid_est_context = NULL;
static HTAB *objectid_est_cache = NULL;
static PlannerInfo *objectid_est_root = NULL;
static int	objectid_planner_depth = 0;
static int	objectid_est_busy = 0;
static uint64 objectid_planning = 0;	/* the planner() call running */
static uint64 objectid_plannings = 0;	/* planner() calls so far */

static void objectid_est_reset(void);
static double objectid_ineqsel(PlannerInfo *root, Oid operator, List *args,
							   int varRelid, Oid collation,
							   objectid_ineq kind);
static void objectid_est_begin(PlannerInfo *root);
static bool objectid_bound_of(PlannerInfo *root, OpExpr *clause,
							  objectid_bound *bound);
static uint32 objectid_var_hash(Node *var);
static int	objectid_bound_cmp(const void *a, const void *b);
static void objectid_est_list(PlannerInfo *root, List *clauses);
static void objectid_est_or(PlannerInfo *root, BoolExpr *orclause);
static double objectid_range(const objectid_bound *lo,
							 const objectid_bound *hi);
static void objectid_est_group_pair(PlannerInfo *root,
									objectid_bound **group, int n);
static void objectid_est_group_fit(PlannerInfo *root,
								   objectid_bound **group, int n);
static void objectid_est_groups(PlannerInfo *root, objectid_bound *bounds,
								int n,
								void (*fn) (PlannerInfo *root,
											objectid_bound **group, int n));
static bool objectid_index_can_use(IndexOptInfo *index, Node *clause);
static void objectid_est_pred(PlannerInfo *root, IndexOptInfo *index);
static void objectid_est_rel(PlannerInfo *root, RelOptInfo *rel);
static void objectid_est_preds(PlannerInfo *root, RelOptInfo *rel,
							   const List *args);
static void objectid_est_store(PlannerInfo *root, const void *ptr,
							   double selec);
static Datum objectid_ineqsel_wrapper(FunctionCallInfo fcinfo,
									  objectid_ineq kind);

/*
 * A planning begins (src/objectid_planner.c): the cache of estimates lasts
 * one top-level planning.  Nested plannings (a function planned while its
 * caller is) share it, each under its own serial number, so that a nested
 * planning's entries never answer a later one whose nodes reuse the freed
 * addresses.  Returns what objectid_est_planning_end() restores.
 */
uint64
objectid_est_planning_begin(void)
{
	uint64		outer = objectid_planning;

	if (objectid_planner_depth == 0)
		objectid_est_reset();
	objectid_planner_depth++;
	objectid_planning = ++objectid_plannings;
	return outer;
}

/* a planning ends, also by an error: outer is what the begin returned */
void
objectid_est_planning_end(uint64 outer)
{
	objectid_planning = outer;
	objectid_planner_depth--;
	if (objectid_planner_depth == 0)
		objectid_est_reset();
}

/* forget every estimate, unless an estimator is using them */
static void
objectid_est_reset(void)
{
	if (objectid_est_busy > 0)
		return;
	if (objectid_est_context != NULL)
		MemoryContextReset(objectid_est_context);
	objectid_est_cache = NULL;
	objectid_est_root = NULL;
}

/* make the cache ready for estimates of this planner run */
static void
objectid_est_begin(PlannerInfo *root)
{
	HASHCTL		ctl;

	/* outside a planning the hook saw begin, one planner run at a time */
	if (objectid_planner_depth == 0 && objectid_est_busy == 1 &&
		root != objectid_est_root)
		objectid_est_reset();
	objectid_est_root = root;

	if (objectid_est_cache != NULL)
		return;
	if (objectid_est_context == NULL)
		objectid_est_context = AllocSetContextCreate(TopMemoryContext,
													 "objectid estimates",
													 ALLOCSET_DEFAULT_SIZES);

	ctl.keysize = sizeof(objectid_est_key);
	ctl.entrysize = sizeof(objectid_est_entry);
	ctl.hcxt = objectid_est_context;
	objectid_est_cache = hash_create("objectid estimates", 256, &ctl,
									 HASH_ELEM | HASH_BLOBS | HASH_CONTEXT);
}

/*
 * operator, if it is one of the id's four comparisons (operators of
 * another type that borrow these estimators get core's); else NULL
 */
static const objectid_op *
objectid_est_op(Oid operator)
{
	const objectid_catalog *catalog = objectid_catalog_get();

	return catalog ? objectid_catalog_op(catalog, operator) : NULL;
}

/*
 * Is clause one of our comparisons of an expression of one relation with a
 * pseudo-constant (no variable of any relation, no volatile function)?  If
 * so, describe it in *bound.
 */
static bool
objectid_bound_of(PlannerInfo *root, OpExpr *clause, objectid_bound *bound)
{
	const objectid_op *op;
	VariableStatData vardata;
	Node	   *other;
	bool		varonleft;

	if (list_length(clause->args) != 2)
		return false;
	op = objectid_est_op(clause->opno);
	if (op == NULL ||
		!get_restriction_variable(root, clause->args, 0, &vardata, &other,
								  &varonleft))
		return false;
	/*
	 * core pairs only pseudo-constants: no volatile function on that side;
	 * but the generator objectid(t) counts as a bound on t's second
	 */
	bound->generated = contain_volatile_functions(other);
	if (bound->generated)
		bound->selec = objectid_generated_sel(root, op, clause->args, 0,
											  clause->inputcollid, &vardata,
											  other, varonleft);
	else
		bound->selec = objectid_bound_sel(root, op, clause->args, 0,
										  clause->inputcollid, &vardata,
										  other, varonleft);
	if (bound->selec < 0.0)
	{
		ReleaseVariableStats(vardata);
		return false;
	}

	bound->args = clause->args;
	bound->var = vardata.var;
	bound->varhash = objectid_var_hash(vardata.var);
	bound->lower = (op->kind == OBJECTID_GT || op->kind == OBJECTID_GE) ==
		varonleft;
	bound->nullfrac = HeapTupleIsValid(vardata.statsTuple) ?
		((Form_pg_statistic) GETSTRUCT(vardata.statsTuple))->stanullfrac : 0.0;
	ReleaseVariableStats(vardata);
	return true;
}

/*
 * A hash that equal() expressions share: a column by its relation and
 * number; any other expression by its node type, result type and the
 * columns it reads (not its text, which holds token locations before 17)
 */
static uint32
objectid_var_hash(Node *var)
{
	List	   *vars;
	ListCell   *lc;
	uint32		h;

	if (IsA(var, Var))
	{
		Var		   *v = (Var *) var;

		return hash_combine(hash_uint32((uint32) v->varno),
							hash_uint32((uint32) v->varattno));
	}
	h = hash_combine(hash_uint32((uint32) nodeTag(var)),
					 hash_uint32((uint32) exprType(var)));
	vars = pull_var_clause(var, PVC_RECURSE_AGGREGATES |
						   PVC_RECURSE_WINDOWFUNCS |
						   PVC_RECURSE_PLACEHOLDERS);
	foreach(lc, vars)
	{
		Var		   *v = lfirst_node(Var, lc);

		h = hash_combine(h, hash_combine(hash_uint32((uint32) v->varno),
										 hash_uint32((uint32) v->varattno)));
	}
	list_free(vars);
	return h;
}

/* bounds by expression hash, then by position in their list */
static int
objectid_bound_cmp(const void *a, const void *b)
{
	const objectid_bound *x = (const objectid_bound *) a;
	const objectid_bound *y = (const objectid_bound *) b;

	if (x->varhash != y->varhash)
		return x->varhash < y->varhash ? -1 : 1;
	if (x->pos != y->pos)
		return x->pos < y->pos ? -1 : 1;
	return 0;
}

/*
 * Work out the share of every bound in a list of ANDed clauses, and in the
 * AND arms of the ORs among them
 */
static void
objectid_est_list(PlannerInfo *root, List *clauses)
{
	objectid_bound *bounds;
	int			n = 0;
	ListCell   *lc;

	check_stack_depth();
	bounds = palloc(Max(list_length(clauses), 1) * sizeof(objectid_bound));
	foreach(lc, clauses)
	{
		Node	   *clause = (Node *) lfirst(lc);

		CHECK_FOR_INTERRUPTS();
		if (IsA(clause, RestrictInfo))
		{
			RestrictInfo *rinfo = (RestrictInfo *) clause;

			/* an OR's arms hold the same clauses as sub-RestrictInfos */
			if (rinfo->orclause != NULL)
			{
				objectid_est_or(root, (BoolExpr *) rinfo->orclause);
				continue;
			}
			clause = (Node *) rinfo->clause;
		}
		if (is_orclause(clause))
			objectid_est_or(root, (BoolExpr *) clause);
		else if (is_opclause(clause) &&
				 objectid_bound_of(root, (OpExpr *) clause, &bounds[n]))
		{
			bounds[n].pos = n;
			n++;
		}
	}
	objectid_est_groups(root, bounds, n, objectid_est_group_pair);
	pfree(bounds);
}

static void
objectid_est_or(PlannerInfo *root, BoolExpr *orclause)
{
	ListCell   *lc;

	foreach(lc, orclause->args)
	{
		Node	   *arm = (Node *) lfirst(lc);

		CHECK_FOR_INTERRUPTS();
		if (is_andclause(arm))
			objectid_est_list(root, ((BoolExpr *) arm)->args);
		else
			objectid_est_list(root, list_make1(arm));
	}
}

/*
 * The selectivity of a range, as clauselist_selectivity() forms it from the
 * tightest lower and upper bound of an expression: lower + upper - 1 with
 * the nulls counted back, core's default where a bound was not estimated,
 * and a tiny positive value where rounding made it zero or less
 */
static double
objectid_range(const objectid_bound *lo, const objectid_bound *hi)
{
	double		range;

	if (hi->selec == DEFAULT_INEQ_SEL || lo->selec == DEFAULT_INEQ_SEL)
		return DEFAULT_RANGE_INEQ_SEL;
	range = hi->selec + lo->selec - 1.0 + lo->nullfrac;
	if (range <= 0.0)
		range = range < -0.01 ? DEFAULT_RANGE_INEQ_SEL : 1.0e-10;
	return range;
}

/*
 * The shares of one expression's bounds in a list, as clauselist_
 * selectivity() pairs them: the tightest lower bound (the first of equal
 * ones, a bound on a constant before the generator's, whose bound on its
 * second the window rewrite added beside it and which the id's index can
 * use) returns its selectivity, the tightest upper bound range / lower,
 * every other bound 1
 */
static void
objectid_est_group_pair(PlannerInfo *root, objectid_bound **group, int n)
{
	objectid_bound *lo = NULL;
	objectid_bound *hi = NULL;
	int			i;

	for (i = 0; i < n; i++)
	{
		objectid_bound *b = group[i];
		objectid_bound **side = b->lower ? &lo : &hi;

		if (*side == NULL || b->selec < (*side)->selec ||
			(b->selec == (*side)->selec && (*side)->generated &&
			 !b->generated))
			*side = b;
	}
	for (i = 0; i < n; i++)
		if (group[i] != lo && group[i] != hi)
			objectid_est_store(root, group[i]->args, 1.0);

	if (lo != NULL && hi != NULL)
	{
		double		range = objectid_range(lo, hi);

		/* the product of the two shares is the range */
		if (lo->selec > 0.0 && range <= lo->selec)
		{
			objectid_est_store(root, lo->args, lo->selec);
			objectid_est_store(root, hi->args, range / lo->selec);
		}
		else
		{
			objectid_est_store(root, lo->args, range);
			objectid_est_store(root, hi->args, 1.0);
		}
	}
	else if (lo != NULL)
		objectid_est_store(root, lo->args, lo->selec);
	else if (hi != NULL)
		objectid_est_store(root, hi->args, hi->selec);
}

/*
 * The shares of one expression's bounds in an index's selectivity list
 * (objectid_est_pred()): the bounds that are conditions of the index
 * (fixed) keep the shares their relation's restrictions gave them; the
 * first bound of the predicate returns what makes the product of all the
 * range that clauselist_selectivity() forms from the tightest of them, and
 * every other bound of the predicate 1.
 */
static void
objectid_est_group_fit(PlannerInfo *root, objectid_bound **group, int n)
{
	objectid_bound *lo = NULL;
	objectid_bound *hi = NULL;
	objectid_bound *first = NULL;
	double		fixed = 1.0;
	double		range;
	int			i;

	for (i = 0; i < n; i++)
	{
		objectid_bound *b = group[i];
		objectid_bound **side = b->lower ? &lo : &hi;

		if (*side == NULL || b->selec < (*side)->selec)
			*side = b;
		if (b->fixed)
		{
			objectid_est_key key;
			objectid_est_entry *e;

			key.planning = objectid_planning;
			key.root = root;
			key.ptr = b->args;
			e = hash_search(objectid_est_cache, &key, HASH_FIND, NULL);
			fixed *= e != NULL ? e->selec : b->selec;
		}
		else if (first == NULL)
			first = b;
		else
			objectid_est_store(root, b->args, 1.0);
	}
	if (first == NULL)
		return;

	if (lo != NULL && hi != NULL)
		range = objectid_range(lo, hi);
	else
		range = lo != NULL ? lo->selec : hi->selec;
	if (fixed > 0.0)
		range /= fixed;
	CLAMP_PROBABILITY(range);
	objectid_est_store(root, first->args, range);
}

/*
 * Split the bounds of one list into groups, one per expression bounded,
 * and work out each group's shares with fn
 */
static void
objectid_est_groups(PlannerInfo *root, objectid_bound *bounds, int n,
					void (*fn) (PlannerInfo *root, objectid_bound **group,
								int n))
{
	objectid_bound **group;
	int			start = 0;

	if (n == 0)
		return;
	if (n > 1)
		qsort(bounds, n, sizeof(objectid_bound), objectid_bound_cmp);
	group = palloc(n * sizeof(objectid_bound *));

	/* runs of bounds with one hash; within a run, groups of equal() ones */
	while (start < n)
	{
		int			end = start;
		int			i;

		while (end < n && bounds[end].varhash == bounds[start].varhash)
			end++;
		for (i = start; i < end; i++)
		{
			int			m = 0;
			int			j;

			CHECK_FOR_INTERRUPTS();
			if (bounds[i].var == NULL)
				continue;		/* in an earlier group */
			for (j = i; j < end; j++)
			{
				if (bounds[j].var == NULL ||
					(j > i && !equal(bounds[j].var, bounds[i].var)))
					continue;
				group[m++] = &bounds[j];
				if (j > i)
					bounds[j].var = NULL;
			}
			bounds[i].var = NULL;
			fn(root, group, m);
		}
		start = end;
	}
	pfree(group);
}

static void
objectid_est_store(PlannerInfo *root, const void *ptr, double selec)
{
	objectid_est_key key;
	objectid_est_entry *e;

	key.planning = objectid_planning;
	key.root = root;
	key.ptr = ptr;
	e = hash_search(objectid_est_cache, &key, HASH_ENTER, NULL);
	e->selec = selec;
}

/*
 * Can a plain scan of index use clause as a condition: an operator of the
 * operator family of a key column that it compares with something else?
 */
static bool
objectid_index_can_use(IndexOptInfo *index, Node *clause)
{
	OpExpr	   *opclause = (OpExpr *) clause;
	int			col;

	if (!is_opclause(clause) || list_length(opclause->args) != 2)
		return false;
	for (col = 0; col < index->nkeycolumns; col++)
	{
		Oid			commutator;

		if (match_index_to_operand(linitial(opclause->args), col, index) &&
			op_in_opfamily(opclause->opno, index->opfamily[col]))
			return true;
		if (match_index_to_operand(lsecond(opclause->args), col, index) &&
			OidIsValid(commutator = get_commutator(opclause->opno)) &&
			op_in_opfamily(commutator, index->opfamily[col]))
			return true;
	}
	return false;
}

/*
 * The shares of the bounds of a partial index's predicate.  Core estimates
 * the rows an index scan reads as the selectivity of one list: the clauses
 * of the predicate that the scan's conditions do not imply, then those
 * conditions (add_predicate_to_index_quals()); and it pairs the bounds in
 * that list.  The conditions are among the relation's restrictions and
 * keep their shares, so a bound of the predicate returns what makes its
 * key's product the range (objectid_est_group_fit()).  The conditions are
 * taken as they are for a plain scan of the index: the restrictions that
 * the predicate does not imply (core's indrestrictinfo) and that the index
 * can use.  Bounds of the predicate that the conditions imply are not in
 * the list and keep their own selectivity.
 */
static void
objectid_est_pred(PlannerInfo *root, IndexOptInfo *index)
{
	List	   *quals = NIL;
	List	   *clauses;
	objectid_bound *bounds;
	int			n = 0;
	ListCell   *lc;

	foreach(lc, index->indrestrictinfo)
	{
		RestrictInfo *rinfo = lfirst_node(RestrictInfo, lc);

		if (objectid_index_can_use(index, (Node *) rinfo->clause))
			quals = lappend(quals, rinfo);
	}
	clauses = add_predicate_to_index_quals(index, quals);
	bounds = palloc(Max(list_length(clauses), 1) * sizeof(objectid_bound));
	foreach(lc, clauses)
	{
		Node	   *clause = (Node *) lfirst(lc);
		bool		fixed = IsA(clause, RestrictInfo);

		CHECK_FOR_INTERRUPTS();
		if (fixed)
			clause = (Node *) ((RestrictInfo *) clause)->clause;
		if (is_opclause(clause) &&
			objectid_bound_of(root, (OpExpr *) clause, &bounds[n]))
		{
			bounds[n].pos = n;
			bounds[n].fixed = fixed;
			n++;
		}
	}
	objectid_est_groups(root, bounds, n, objectid_est_group_fit);
	pfree(bounds);
}

/*
 * Work out the shares of the bounds of a relation: in its restrictions and
 * in its join conditions.  Of the join conditions, the ORs: the planner may
 * extract from one an OR of the relation's own clauses as a new
 * restriction (extract_restriction_or_clauses()), which keeps the same
 * clauses in the same AND arms less the other relations' clauses, so the
 * shares of the join condition's arms are its shares too.  The others are
 * estimated as one list per join, the conditions the join evaluates (the
 * clauses of an outer join's ON that bound only one side, as in an anti
 * join): those with the same required relations.
 */
static void
objectid_est_rel(PlannerInfo *root, RelOptInfo *rel)
{
	List	   *joins = NIL;
	ListCell   *lc;

	objectid_est_list(root, rel->baserestrictinfo);
	foreach(lc, rel->joininfo)
	{
		RestrictInfo *rinfo = lfirst_node(RestrictInfo, lc);
		ListCell   *lj;

		CHECK_FOR_INTERRUPTS();
		if (rinfo->orclause != NULL)
		{
			objectid_est_or(root, (BoolExpr *) rinfo->orclause);
			continue;
		}
		if (!is_opclause(rinfo->clause) ||
			objectid_est_op(((OpExpr *) rinfo->clause)->opno) == NULL)
			continue;
		foreach(lj, joins)
		{
			List	   *join = (List *) lfirst(lj);

			if (bms_equal(linitial_node(RestrictInfo, join)->required_relids,
						  rinfo->required_relids))
			{
				lfirst(lj) = lappend(join, rinfo);
				break;
			}
		}
		if (lj == NULL)
			joins = lappend(joins, list_make1(rinfo));
	}
	foreach(lc, joins)
	{
		objectid_est_list(root, (List *) lfirst(lc));
		list_free((List *) lfirst(lc));
	}
	list_free(joins);
}

/*
 * If args are those of a clause of the predicate of one of rel's partial
 * indexes, work out the shares of that predicate's bounds (once)
 */
static void
objectid_est_preds(PlannerInfo *root, RelOptInfo *rel, const List *args)
{
	ListCell   *lc;

	foreach(lc, rel->indexlist)
	{
		IndexOptInfo *index = lfirst_node(IndexOptInfo, lc);
		ListCell   *lp;

		foreach(lp, index->indpred)
		{
			Node	   *clause = (Node *) lfirst(lp);

			if (is_opclause(clause) && ((OpExpr *) clause)->args == args)
			{
				objectid_est_key key;
				objectid_est_entry *index_entry;
				bool		done;

				key.planning = objectid_planning;
				key.root = root;
				key.ptr = index;
				index_entry = hash_search(objectid_est_cache, &key,
										  HASH_ENTER, &done);
				if (!done)
				{
					index_entry->selec = 0.0;
					objectid_est_pred(root, index);
				}
				return;
			}
		}
	}
}

/*
 * The selectivity of "operator(args)": its share of its list's ranges if it
 * is among its relation's restrictions, its join conditions or the
 * top-level clauses of a partial index's predicate; else its own.  The
 * cache is asked first: a bound whose share is known is not examined
 * again.
 */
static double
objectid_ineqsel(PlannerInfo *root, Oid operator, List *args, int varRelid,
				 Oid collation, objectid_ineq kind)
{
	objectid_est_key key;
	objectid_est_entry *e;
	const objectid_op *op;
	VariableStatData vardata;
	Node	   *other;
	bool		varonleft;
	double		selec;

	objectid_est_begin(root);
	op = objectid_est_op(operator);
	if (op == NULL || op->kind != kind)
		return objectid_core_sel(root, operator, args, varRelid, collation,
								 kind);

	key.planning = objectid_planning;
	key.root = root;
	key.ptr = args;
	e = hash_search(objectid_est_cache, &key, HASH_FIND, NULL);
	if (e != NULL)
		return e->selec;

	if (!get_restriction_variable(root, args, varRelid, &vardata, &other,
								  &varonleft))
		return objectid_core_sel(root, operator, args, varRelid, collation,
								 kind);

	if (vardata.rel != NULL)
	{
		objectid_est_entry *rel_entry;
		bool		walked;

		/* the first bound of this relation: work out all of them */
		key.ptr = vardata.rel;
		rel_entry = hash_search(objectid_est_cache, &key, HASH_ENTER,
								&walked);
		if (!walked)
		{
			rel_entry->selec = 0.0;
			objectid_est_rel(root, vardata.rel);
		}
		key.ptr = args;
		e = hash_search(objectid_est_cache, &key, HASH_FIND, NULL);
		if (e == NULL)
		{
			objectid_est_preds(root, vardata.rel, args);
			e = hash_search(objectid_est_cache, &key, HASH_FIND, NULL);
		}
	}

	if (e != NULL)
		selec = e->selec;
	else
	{
		selec = -1.0;
		if (contain_volatile_functions(other))
			selec = objectid_generated_sel(root, op, args, varRelid,
										   collation, &vardata, other,
										   varonleft);
		if (selec < 0.0)
			selec = objectid_bound_sel(root, op, args, varRelid, collation,
									   &vardata, other, varonleft);
	}
	ReleaseVariableStats(vardata);
	return selec;
}

/* the four estimators; the cache stays while one of them runs */
static Datum
objectid_ineqsel_wrapper(FunctionCallInfo fcinfo, objectid_ineq kind)
{
	double		selec;

	objectid_est_busy++;
	PG_TRY();
	{
		selec = objectid_ineqsel((PlannerInfo *) PG_GETARG_POINTER(0),
								 PG_GETARG_OID(1),
								 (List *) PG_GETARG_POINTER(2),
								 PG_GETARG_INT32(3), PG_GET_COLLATION(), kind);
	}
	PG_FINALLY();
	{
		objectid_est_busy--;
	}
	PG_END_TRY();

	PG_RETURN_FLOAT8((float8) selec);
}

PG_FUNCTION_INFO_V1(objectid_ltsel);

Datum
objectid_ltsel(PG_FUNCTION_ARGS)
{
	return objectid_ineqsel_wrapper(fcinfo, OBJECTID_LT);
}

PG_FUNCTION_INFO_V1(objectid_lesel);

Datum
objectid_lesel(PG_FUNCTION_ARGS)
{
	return objectid_ineqsel_wrapper(fcinfo, OBJECTID_LE);
}

PG_FUNCTION_INFO_V1(objectid_gtsel);

Datum
objectid_gtsel(PG_FUNCTION_ARGS)
{
	return objectid_ineqsel_wrapper(fcinfo, OBJECTID_GT);
}

PG_FUNCTION_INFO_V1(objectid_gesel);

Datum
objectid_gesel(PG_FUNCTION_ARGS)
{
	return objectid_ineqsel_wrapper(fcinfo, OBJECTID_GE);
}
