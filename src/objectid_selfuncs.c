/*-------------------------------------------------------------------------
 *
 * objectid_selfuncs.c
 *	  Restriction selectivity of <, <=, > and >= on objectid: interpolating
 *	  inside histogram bins, and pairing the bounds of a range as core does.
 *
 * Interpolation.  Core's scalarltsel and friends interpolate inside a
 * histogram bin only for the types convert_to_scalar() knows; for any other
 * type a constant inside a bin counts as the middle of the bin.  For
 * objectid that makes a time window narrower than one bin (a hundredth of
 * the table at the default statistics target) come out as zero rows.  Our
 * estimate of one bound is core's scalarineqsel() with one change: the
 * position inside the bin comes from objid_bin_fraction() (src/pure/objectid.c),
 * which reads an id as the number its leading bytes spell, as core reads a
 * timestamp.  Everything else is core's: the null fraction, the MCV list,
 * bounds that are not constants, columns without statistics, histograms of
 * another ordering; for those we call core's estimator itself.  As in core,
 * a search that reaches the first or last histogram bound replaces it with
 * the column's current minimum or maximum, the first key of a btree index
 * on it whose row is not dead to every snapshot, and a constant beyond that
 * counts none or all of the column; without such an index, constants
 * outside the histogram go to core's ineq_histogram_selectivity().  A
 * histogram of two values is searched as any other.
 *
 * Pairing.  clauselist_selectivity() estimates "x >= a AND x < b", in any
 * list of ANDed clauses (a relation's restrictions, an arm of an OR, ...),
 * as one range, lower + upper - 1, and of two bounds on one side it keeps
 * the tighter: but only when the operators' estimators are core's
 * scalarXXsel, by OID.  Bounds with any other estimator are multiplied as
 * if independent, lower * upper, which for a narrow window in a year of ids
 * is thousands of times the real count.  So each of our bounds returns its
 * share of core's arithmetic, such that the product the planner forms is
 * core's estimate: in each list of ANDed clauses of a relation's
 * restrictions (the top-level list, and the AND arms of ORs at any depth),
 * of the ORs among its join conditions, and of the conditions of one join
 * (an outer join's ON), for each expression bounded by our comparisons
 * with pseudo-constants, the tightest lower bound returns its own
 * selectivity, the tightest upper bound returns range / lower, and every
 * other bound 1.  A bound of a partial index's predicate returns what
 * makes the product of the list that costs a scan of the index the range
 * (objectid_est_pred()).
 *
 * An estimator is handed one clause, not its list; it finds the list by the
 * address of the clause's arguments.  To stay linear in the number of
 * clauses, the first estimate for a relation works out the share of every
 * bound of that relation at once and keeps them, keyed by the planner run
 * and the clause, until the planning ends: the planner hook below empties
 * the cache when a top-level planning starts and ends.  An estimator asks
 * the cache first, so a bound is examined once.  A clause found in none of
 * those lists (an element of "x < ANY (array)") gets its own selectivity.
 *
 * The generator as a bound, "x >= objectid(t)" (volatile: a new id in t's
 * second on each row), is estimated as the bound on t's second that the
 * planner hook adds beside it (src/objectid_window.c), and pairs as one
 * with it; of equal bounds the one that is not the generator takes the
 * share, so that the index scan on the added bound is costed on it.
 *
 * What core does not let an extension do: extended statistics (CREATE
 * STATISTICS) are only given clauses whose estimator is core's own, so they
 * never apply to our bounds (README, Known limitations).
 *
 * IDENTIFICATION
 *	  src/objectid_selfuncs.c
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "access/genam.h"
#include "access/htup_details.h"
#include "access/relscan.h"
#include "access/skey.h"
#include "access/table.h"
#include "access/tableam.h"
#include "access/visibilitymap.h"
#include "catalog/pg_am_d.h"
#include "catalog/pg_class_d.h"
#include "catalog/pg_statistic.h"
#include "catalog/pg_type_d.h"
#include "common/hashfn.h"
#include "executor/tuptable.h"
#include "miscadmin.h"
#include "nodes/makefuncs.h"
#include "nodes/nodeFuncs.h"
#include "nodes/pathnodes.h"
#include "optimizer/optimizer.h"
#include "optimizer/paths.h"
#include "optimizer/planner.h"
#include "parser/parsetree.h"
#include "storage/bufmgr.h"
#include "utils/fmgrprotos.h"
#include "utils/hsearch.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"
#include "utils/rel.h"
#include "utils/selfuncs.h"
#include "utils/snapmgr.h"
#include "utils/timestamp.h"

#include "pure/idclock.h"
#include "pure/objectid.h"
#include "objectid.h"
#include "objectid_ops.h"
#include "objectid_selfuncs.h"
#include "objectid_util.h"
#include "objectid_window.h"

/* which of the four comparisons an operator of ours is */
typedef enum objectid_ineq
{
	OBJECTID_NOT_INEQ,
	OBJECTID_LT,
	OBJECTID_LE,
	OBJECTID_GT,
	OBJECTID_GE
} objectid_ineq;

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

typedef struct objectid_est_op
{
	Oid			opno;			/* hash key */
	objectid_ineq kind;
	Oid			commutator;
	FmgrInfo	proc;			/* valid if kind is not OBJECTID_NOT_INEQ */
} objectid_est_op;

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
static HTAB *objectid_est_ops = NULL;
static PlannerInfo *objectid_est_root = NULL;
static int	objectid_planner_depth = 0;
static int	objectid_est_busy = 0;
static uint64 objectid_planning = 0;	/* the planner() call running */
static uint64 objectid_plannings = 0;	/* planner() calls so far */
static planner_hook_type objectid_prev_planner_hook = NULL;

static void objectid_est_reset(void);
static double objectid_ineqsel(PlannerInfo *root, Oid operator, List *args,
							   int varRelid, Oid collation,
							   objectid_ineq kind);
static void objectid_est_begin(PlannerInfo *root);
static objectid_est_op *objectid_est_op_of(Oid operator);
static bool objectid_index_end(Relation heapRel, Relation indexRel,
							   ScanDirection dir, pg_objectid_t *end);
static bool objectid_actual_end(PlannerInfo *root, VariableStatData *vardata,
								Oid operator, bool max, pg_objectid_t *end);
static double objectid_core_sel(PlannerInfo *root, Oid operator, List *args,
								int varRelid, Oid collation,
								objectid_ineq kind);
static double objectid_hist_selec(PlannerInfo *root,
								  VariableStatData *vardata, Oid operator,
								  FmgrInfo *opproc, bool isgt, bool iseq,
								  Oid collation, Datum constval,
								  Oid consttype);
static double objectid_scalarineqsel(PlannerInfo *root, Oid operator,
									 FmgrInfo *opproc, bool isgt, bool iseq,
									 Oid collation,
									 VariableStatData *vardata,
									 Datum constval, Oid consttype);
static double objectid_bound_sel(PlannerInfo *root, objectid_est_op *op,
								 List *args, int varRelid, Oid collation,
								 VariableStatData *vardata, Node *other,
								 bool varonleft);
static Node *objectid_generated_bound(PlannerInfo *root, Node *other,
									  bool lower);
static double objectid_generated_sel(PlannerInfo *root, objectid_est_op *op,
									 List *args, int varRelid, Oid collation,
									 VariableStatData *vardata, Node *other,
									 bool varonleft);
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
 * The planner hook: the cache of estimates lasts one top-level planning.
 * Nested plannings (a function planned while its caller is) share it, each
 * under its own serial number, so that a nested planning's entries never
 * answer a later one whose nodes reuse the freed addresses.
 */
#if PG_VERSION_NUM >= 190000
static PlannedStmt *
objectid_planner(Query *parse, const char *query_string, int cursorOptions,
				 ParamListInfo boundParams, ExplainState *es)
#define OBJECTID_PLANNER_ARGS parse, query_string, cursorOptions, boundParams, es
#else
static PlannedStmt *
objectid_planner(Query *parse, const char *query_string, int cursorOptions,
				 ParamListInfo boundParams)
#define OBJECTID_PLANNER_ARGS parse, query_string, cursorOptions, boundParams
#endif
{
	PlannedStmt *result;
	uint64		outer = objectid_planning;

	if (objectid_planner_depth == 0)
		objectid_est_reset();
	objectid_planner_depth++;
	/* a nested planning's entries are its own, also at recycled addresses */
	objectid_planning = ++objectid_plannings;
	PG_TRY();
	{
		/* windows through an id's second become windows on the id */
		objectid_window_rewrite(parse);
		if (objectid_prev_planner_hook)
			result = objectid_prev_planner_hook(OBJECTID_PLANNER_ARGS);
		else
			result = standard_planner(OBJECTID_PLANNER_ARGS);
	}
	PG_FINALLY();
	{
		objectid_planning = outer;
		objectid_planner_depth--;
		if (objectid_planner_depth == 0)
			objectid_est_reset();
	}
	PG_END_TRY();

	return result;
}
#undef OBJECTID_PLANNER_ARGS

/* called from _PG_init() */
void
objectid_selfuncs_init(void)
{
	objectid_prev_planner_hook = planner_hook;
	planner_hook = objectid_planner;
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
	objectid_est_ops = NULL;
	objectid_est_root = NULL;
}

/* make the cache ready for estimates of this planner run */
static void
objectid_est_begin(PlannerInfo *root)
{
	HASHCTL		ctl;

	/* outside our planner hook, one planner run at a time */
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

	ctl.keysize = sizeof(Oid);
	ctl.entrysize = sizeof(objectid_est_op);
	ctl.hcxt = objectid_est_context;
	objectid_est_ops = hash_create("objectid estimated operators", 16, &ctl,
								   HASH_ELEM | HASH_BLOBS | HASH_CONTEXT);
}

/*
 * What an operator is: one of our four comparisons (told by the C function
 * behind it, so that operators of another type that borrow these estimators
 * get core's), its commutator and its function, looked up once a planning.
 */
static objectid_est_op *
objectid_est_op_of(Oid operator)
{
	objectid_est_op *op;
	bool		found;
	RegProcedure opcode;

	op = hash_search(objectid_est_ops, &operator, HASH_ENTER, &found);
	if (found)
		return op;

	op->kind = OBJECTID_NOT_INEQ;
	op->commutator = get_commutator(operator);
	opcode = get_opcode(operator);
	if (OidIsValid(opcode))
	{
		fmgr_info_cxt(opcode, &op->proc, objectid_est_context);
		if (op->proc.fn_addr == objectid_lt)
			op->kind = OBJECTID_LT;
		else if (op->proc.fn_addr == objectid_le)
			op->kind = OBJECTID_LE;
		else if (op->proc.fn_addr == objectid_gt)
			op->kind = OBJECTID_GT;
		else if (op->proc.fn_addr == objectid_ge)
			op->kind = OBJECTID_GE;
	}
	return op;
}

/*
 * Heap pages the search for an end may visit for entries whose rows no
 * snapshot can see any more, before it gives up: core's limit
 */
#define OBJECTID_END_HEAP_PAGES 100

/*
 * The first live key of an index in direction dir, as core's
 * get_actual_variable_endpoint() finds it: an entry counts if the
 * visibility map says its page is all visible, or if a row of its HOT chain
 * is one that SnapshotNonVacuumable accepts (a live row, or one deleted or
 * inserted recently enough for a snapshot to see it).  Entries of rows no
 * snapshot sees are skipped (the index scan may mark them dead, so that a
 * later search skips them without the heap); after OBJECTID_END_HEAP_PAGES
 * heap pages of such rows it gives up.  The key is taken from the index
 * entry, not the row.
 */
static bool
objectid_index_end(Relation heapRel, Relation indexRel, ScanDirection dir,
				   pg_objectid_t *end)
{
	SnapshotData snapshot;
	ScanKeyData key;
	IndexScanDesc scan;
	TupleTableSlot *slot;
	Buffer		vmbuffer = InvalidBuffer;
	BlockNumber last_block = InvalidBlockNumber;
	int			pages = 0;
	ItemPointer tid;
	bool		found = false;

	InitNonVacuumableSnapshot(snapshot, GlobalVisTestFor(heapRel));
	slot = table_slot_create(heapRel, NULL);
	ScanKeyEntryInitialize(&key, SK_ISNULL | SK_SEARCHNOTNULL, 1,
						   InvalidStrategy, InvalidOid, InvalidOid,
						   InvalidOid, (Datum) 0);
	scan = objectid_index_beginscan(heapRel, indexRel, &snapshot, 1);
	scan->xs_want_itup = true;
	index_rescan(scan, &key, 1, NULL, 0);
	while ((tid = index_getnext_tid(scan, dir)) != NULL)
	{
		BlockNumber block = ItemPointerGetBlockNumber(tid);
		Datum		values[INDEX_MAX_KEYS];
		bool		isnull[INDEX_MAX_KEYS];

		CHECK_FOR_INTERRUPTS();
		if (!VM_ALL_VISIBLE(heapRel, block, &vmbuffer))
		{
			if (!index_fetch_heap(scan, slot))
			{
				/* no row of this entry is seen: the next entry */
				if (block != last_block)
				{
					last_block = block;
					if (++pages > OBJECTID_END_HEAP_PAGES)
						break;
				}
				continue;
			}
			ExecClearTuple(slot);
		}
		if (scan->xs_itup == NULL || scan->xs_recheck)
			break;
		index_deform_tuple(scan->xs_itup, scan->xs_itupdesc, values, isnull);
		if (!isnull[0])
		{
			memcpy(end, DatumGetPointer(values[0]), sizeof(*end));
			found = true;
		}
		break;
	}
	if (vmbuffer != InvalidBuffer)
		ReleaseBuffer(vmbuffer);
	index_endscan(scan);
	ExecDropSingleTupleTableSlot(slot);
	return found;
}

/*
 * The column's current minimum or maximum (max), from the first or last
 * live entry of a btree index on it in operator's ordering, as core finds
 * it for the types it knows (objectid_index_end()).  False where there is
 * no such index, on a partitioned table (whose indexes have no entries of
 * their own), and where the search gave up.
 */
static bool
objectid_actual_end(PlannerInfo *root, VariableStatData *vardata,
					Oid operator, bool max, pg_objectid_t *end)
{
	RelOptInfo *rel = vardata->rel;
	RangeTblEntry *rte;
	ListCell   *lc;

	if (rel == NULL || rel->rtekind != RTE_RELATION || rel->indexlist == NIL)
		return false;
	rte = planner_rt_fetch(rel->relid, root);
	if (rte->relkind == RELKIND_PARTITIONED_TABLE)
		return false;
	foreach(lc, rel->indexlist)
	{
		IndexOptInfo *index = lfirst_node(IndexOptInfo, lc);
		Relation	heapRel;
		Relation	indexRel;
		ScanDirection dir;
		bool		found;

		if (index->relam != BTREE_AM_OID || index->indpred != NIL ||
			index->hypothetical || index->sortopfamily == NULL ||
			!match_index_to_operand(vardata->var, 0, index) ||
			get_op_opfamily_strategy(operator,
									 index->sortopfamily[0]) == 0)
			continue;

		/* the last entry of an ascending index holds the maximum */
		dir = index->reverse_sort[0] == max ? ForwardScanDirection :
			BackwardScanDirection;
		heapRel = table_open(rte->relid, NoLock);
		indexRel = index_open(index->indexoid, NoLock);
		found = objectid_index_end(heapRel, indexRel, dir, end);
		index_close(indexRel, NoLock);
		table_close(heapRel, NoLock);
		return found;
	}
	return false;
}

/* core's estimator for the comparison, called with the same arguments */
static double
objectid_core_sel(PlannerInfo *root, Oid operator, List *args, int varRelid,
				  Oid collation, objectid_ineq kind)
{
	PGFunction	fn;

	switch (kind)
	{
		case OBJECTID_LT:
			fn = scalarltsel;
			break;
		case OBJECTID_LE:
			fn = scalarlesel;
			break;
		case OBJECTID_GT:
			fn = scalargtsel;
			break;
		case OBJECTID_GE:
			fn = scalargesel;
			break;
		default:
			elog(ERROR, "objectid estimator called for an unknown comparison");
			fn = NULL;			/* keep compiler quiet */
	}
	return DatumGetFloat8(DirectFunctionCall4Coll(fn, collation,
												  PointerGetDatum(root),
												  ObjectIdGetDatum(operator),
												  PointerGetDatum(args),
												  Int32GetDatum(varRelid)));
}

/*
 * Fraction of the histogram's population satisfying "var OP const", as
 * core's ineq_histogram_selectivity(), with the position inside the bin
 * interpolated.  Anything but a constant strictly inside an ordinary
 * histogram of ours goes to core's function.
 */
static double
objectid_hist_selec(PlannerInfo *root, VariableStatData *vardata,
					Oid operator, FmgrInfo *opproc, bool isgt, bool iseq,
					Oid collation, Datum constval, Oid consttype)
{
	AttStatsSlot sslot;
	int			lobound = 0;
	int			hibound;
	int			i;
	double		eq_selec = 0.0;
	double		binfrac;
	double		histfrac;
	double		hist_selec;
	double		cutoff;
	bool		tried_min = false;
	bool		tried_max = false;
	bool		have_end = false;
	pg_objectid_t actual_min;
	pg_objectid_t actual_max;

	if (!statistic_proc_security_check(vardata, opproc->fn_oid) ||
		!get_attstatsslot(&sslot, vardata->statsTuple,
						  STATISTIC_KIND_HISTOGRAM, InvalidOid,
						  ATTSTATSSLOT_VALUES))
		return ineq_histogram_selectivity(root, vardata, operator, opproc,
										  isgt, iseq, collation,
										  constval, consttype);

	/*
	 * A histogram of one bin (statistics target 1) is searched as any
	 * other: the search reads both ends from an index, as core does
	 */
	if (sslot.nvalues < 2 || sslot.stacoll != collation ||
		!comparison_ops_are_compatible(sslot.staop, operator))
	{
		free_attstatsslot(&sslot);
		return ineq_histogram_selectivity(root, vardata, operator, opproc,
										  isgt, iseq, collation,
										  constval, consttype);
	}

	/*
	 * The right end of the bin holding the constant: the leftmost bound for
	 * which the operator fails (or, if isgt, succeeds), as core finds it.
	 * As core, a search that reaches the first or last bound replaces it
	 * with the column's current minimum or maximum, read from an index
	 * where there is one: rows added since the last ANALYZE then count.
	 */
	hibound = sslot.nvalues;
	while (lobound < hibound)
	{
		int			probe = (lobound + hibound) / 2;
		bool		ltcmp;

		if (probe == 0 && !tried_min)
		{
			tried_min = true;
			if (objectid_actual_end(root, vardata, operator, false,
									&actual_min))
			{
				sslot.values[0] = PgObjectidPGetDatum(&actual_min);
				have_end = true;
			}
		}
		else if (probe == sslot.nvalues - 1 && !tried_max)
		{
			tried_max = true;
			if (objectid_actual_end(root, vardata, operator, true,
									&actual_max))
			{
				sslot.values[probe] = PgObjectidPGetDatum(&actual_max);
				have_end = true;
			}
		}
		ltcmp = DatumGetBool(FunctionCall2Coll(opproc, collation,
											   sslot.values[probe],
											   constval));
		if (isgt)
			ltcmp = !ltcmp;
		if (ltcmp)
			lobound = probe + 1;
		else
			hibound = probe;
	}
	if (lobound <= 0 || lobound >= sslot.nvalues)
	{
		/*
		 * Outside the histogram.  With the current ends that is outside the
		 * column: none or all of it.  Otherwise core, which takes the
		 * middle of the end bin.
		 */
		free_attstatsslot(&sslot);
		if (!have_end)
			return ineq_histogram_selectivity(root, vardata, operator, opproc,
											  isgt, iseq, collation,
											  constval, consttype);
		histfrac = lobound <= 0 ? 0.0 : 1.0;
		return isgt ? 1.0 - histfrac : histfrac;
	}

	i = lobound;

	/*
	 * "x = const" for the first bin and for < and >=, as core estimates it:
	 * all distinct values outside the MCV list equally common
	 */
	if (i == 1 || isgt == iseq)
	{
		bool		isdefault;
		double		otherdistinct;
		AttStatsSlot mcvslot;

		otherdistinct = get_variable_numdistinct(vardata, &isdefault);
		if (get_attstatsslot(&mcvslot, vardata->statsTuple,
							 STATISTIC_KIND_MCV, InvalidOid,
							 ATTSTATSSLOT_NUMBERS))
		{
			otherdistinct -= mcvslot.nnumbers;
			free_attstatsslot(&mcvslot);
		}
		if (otherdistinct > 1)
			eq_selec = 1.0 / otherdistinct;
	}

	binfrac = objid_bin_fraction(DatumGetPgObjectidP(constval)->data,
								 DatumGetPgObjectidP(sslot.values[i - 1])->data,
								 DatumGetPgObjectidP(sslot.values[i])->data);
	if (binfrac < 0.0)
		binfrac = 0.5;			/* equal bounds, as core */

	/* "x <= const", then the same corrections as core's */
	histfrac = ((double) (i - 1) + binfrac) / (double) (sslot.nvalues - 1);
	if (i == 1)
		histfrac += eq_selec * (1.0 - binfrac);
	if (isgt == iseq)
		histfrac -= eq_selec;
	hist_selec = isgt ? 1.0 - histfrac : histfrac;

	/*
	 * Core's clamp: a hundredth of the histogram's resolution, unless an
	 * end came from an index
	 */
	if (have_end)
		CLAMP_PROBABILITY(hist_selec);
	else
	{
		cutoff = 0.01 / (double) (sslot.nvalues - 1);
		if (hist_selec < cutoff)
			hist_selec = cutoff;
		else if (hist_selec > 1.0 - cutoff)
			hist_selec = 1.0 - cutoff;
	}

	free_attstatsslot(&sslot);
	return hist_selec;
}

/*
 * core's scalarineqsel() for "var OP const", var on the left, with
 * statistics: MCVs and nulls as core, the histogram as above
 */
static double
objectid_scalarineqsel(PlannerInfo *root, Oid operator, FmgrInfo *opproc,
					   bool isgt, bool iseq, Oid collation,
					   VariableStatData *vardata, Datum constval,
					   Oid consttype)
{
	Form_pg_statistic stats;
	double		mcv_selec;
	double		hist_selec;
	double		sumcommon;
	double		selec;

	stats = (Form_pg_statistic) GETSTRUCT(vardata->statsTuple);

	mcv_selec = mcv_selectivity(vardata, opproc, collation, constval, true,
								&sumcommon);
	hist_selec = objectid_hist_selec(root, vardata, operator, opproc, isgt,
									 iseq, collation, constval, consttype);

	/* the histogram describes the values that are neither null nor MCVs */
	selec = 1.0 - stats->stanullfrac - sumcommon;
	if (hist_selec >= 0.0)
		selec *= hist_selec;
	else
		selec *= 0.5;
	selec += mcv_selec;

	CLAMP_PROBABILITY(selec);
	return selec;
}

/*
 * Selectivity of one bound "var OP other" on its own, var already examined:
 * ours for a constant and a column with statistics, core's otherwise
 */
static double
objectid_bound_sel(PlannerInfo *root, objectid_est_op *op, List *args,
				   int varRelid, Oid collation, VariableStatData *vardata,
				   Node *other, bool varonleft)
{
	Const	   *c = (Const *) other;
	bool		isgt = (op->kind == OBJECTID_GT || op->kind == OBJECTID_GE);
	bool		iseq = (op->kind == OBJECTID_LE || op->kind == OBJECTID_GE);
	objectid_est_op *varop = op;

	if (!IsA(other, Const) || c->constisnull ||
		!HeapTupleIsValid(vardata->statsTuple))
		return objectid_core_sel(root, op->opno, args, varRelid, collation,
								 op->kind);

	/* the var on the left, as core's scalarineqsel_wrapper does */
	if (!varonleft)
	{
		if (!OidIsValid(op->commutator))
			return objectid_core_sel(root, op->opno, args, varRelid,
									 collation, op->kind);
		varop = objectid_est_op_of(op->commutator);
		if (varop->kind == OBJECTID_NOT_INEQ)
			return objectid_core_sel(root, op->opno, args, varRelid,
									 collation, op->kind);
		isgt = !isgt;
	}

	return objectid_scalarineqsel(root, varop->opno, &varop->proc, isgt, iseq,
								  collation, vardata, c->constvalue,
								  c->consttype);
}

/*
 * If other is the generator objectid(t), t not volatile, the smallest id
 * of t's second (the largest if not lower) as a constant, t estimated as
 * core estimates a bound; NULL otherwise
 */
static Node *
objectid_generated_bound(PlannerInfo *root, Node *other, bool lower)
{
	FuncExpr   *f = (FuncExpr *) other;
	Node	   *t;
	int64		unix_us;
	pg_objectid_t *id;

	if (!IsA(other, FuncExpr) || list_length(f->args) != 1 ||
		contain_volatile_functions(linitial(f->args)) ||
		!objectid_is_c_function(f->funcid, objectid_generate_at))
		return NULL;
	t = estimate_expression_value(root, linitial(f->args));
	if (!IsA(t, Const) || ((Const *) t)->constisnull ||
		((Const *) t)->consttype != TIMESTAMPTZOID ||
		!objectid_timestamptz_to_unix_us(DatumGetTimestampTz(((Const *) t)->constvalue),
										 &unix_us))
		return NULL;
	id = palloc(sizeof(pg_objectid_t));
	if (objid_min_for_seconds(id_floor_div(unix_us, USECS_PER_SEC),
							  id->data) != ID_OK)
		return NULL;
	if (!lower)
		memset(id->data + 4, 0xff, OBJECTID_LEN - 4);
	return (Node *) makeConst(f->funcresulttype, -1, InvalidOid,
							  OBJECTID_LEN, PgObjectidPGetDatum(id),
							  false, false);
}

/*
 * The selectivity of a bound that is the generator, "var >= objectid(t)"
 * (a new id in t's second, on each row another): as the bound on t's
 * second that the planner hook adds beside it (src/objectid_window.c),
 * "var >= the first id of t's second", or "var <= its last id" for an
 * upper bound, so that the two are estimated alike and pair as one.  -1 if
 * other is not the generator or t is not known.
 */
static double
objectid_generated_sel(PlannerInfo *root, objectid_est_op *op, List *args,
					   int varRelid, Oid collation,
					   VariableStatData *vardata, Node *other,
					   bool varonleft)
{
	bool		lower = (op->kind == OBJECTID_GT || op->kind == OBJECTID_GE) ==
		varonleft;
	Node	   *bound = objectid_generated_bound(root, other, lower);
	objectid_est_op *inclusive = op;

	if (bound == NULL)
		return -1.0;
	/* >= for >, <= for <: the negator's commutator */
	if (op->kind == OBJECTID_GT || op->kind == OBJECTID_LT)
		inclusive = objectid_est_op_of(get_commutator(get_negator(op->opno)));
	if (inclusive->kind == OBJECTID_NOT_INEQ)
		return -1.0;
	return objectid_bound_sel(root, inclusive, args, varRelid, collation,
							  vardata, bound, varonleft);
}

/*
 * Is clause one of our comparisons of an expression of one relation with a
 * pseudo-constant (no variable of any relation, no volatile function)?  If
 * so, describe it in *bound.
 */
static bool
objectid_bound_of(PlannerInfo *root, OpExpr *clause, objectid_bound *bound)
{
	objectid_est_op *op;
	VariableStatData vardata;
	Node	   *other;
	bool		varonleft;

	if (list_length(clause->args) != 2)
		return false;
	op = objectid_est_op_of(clause->opno);
	if (op->kind == OBJECTID_NOT_INEQ ||
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
 * second the planner hook added beside it and which the id's index can
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
			objectid_est_op_of(((OpExpr *) rinfo->clause)->opno)->kind ==
			OBJECTID_NOT_INEQ)
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
	objectid_est_op *op;
	VariableStatData vardata;
	Node	   *other;
	bool		varonleft;
	double		selec;

	objectid_est_begin(root);
	op = objectid_est_op_of(operator);
	if (op->kind != kind)
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
