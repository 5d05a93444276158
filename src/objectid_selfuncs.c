/*-------------------------------------------------------------------------
 *
 * objectid_selfuncs.c
 *	  Selectivity of one bound "x < c", "x <= c", "x > c", "x >= c" on
 *	  objectid: core's estimate with the position inside a histogram bin
 *	  interpolated.
 *
 * Core's scalarltsel and friends interpolate inside a histogram bin only for
 * the types convert_to_scalar() knows; for any other type a constant inside
 * a bin counts as the middle of the bin.  For objectid that makes a time
 * window narrower than one bin (a hundredth of the table at the default
 * statistics target) come out as zero rows.  Our estimate of one bound is
 * core's, with the position inside the bin taken from objid_bin_fraction()
 * (src/pure/objectid.c), which reads an id as the number its leading bytes
 * spell, as core reads a timestamp.  What each function mirrors, in
 * src/backend/utils/adt/selfuncs.c:
 *
 *	objectid_bound_sel()		scalarineqsel_wrapper(): the variable on the
 *								left through the commutator; core's own
 *								estimator (objectid_core_sel()) for a bound
 *								that is not a constant or a column without
 *								statistics
 *	objectid_scalarineqsel()	scalarineqsel(): null fraction and MCVs by
 *								core's mcv_selectivity(), the histogram below
 *	objectid_hist_selec()		ineq_histogram_selectivity(): the same binary
 *								search, "x = c" corrections and clamp; the
 *								bin fraction from objid_bin_fraction() where
 *								core would call convert_to_scalar(); anything
 *								but a constant strictly inside a histogram of
 *								ours goes to core's function itself
 *	objectid_actual_end()		get_actual_variable_range(): a search that
 *								reaches the first or last bound replaces it
 *								with the column's current minimum or maximum
 *								from a btree index, and a constant beyond
 *								that counts none or all of the column
 *	objectid_index_end()		get_actual_variable_endpoint(): the first
 *								entry whose row SnapshotNonVacuumable sees,
 *								giving up after core's 100 heap pages
 *
 * A histogram of two values (statistics target 1) is interpolated too, its
 * ends read from an index first, as core reads them.
 * objectid_generated_sel() estimates the generator as a bound, "x >=
 * objectid(t)", as the bound on t's second that the window rewrite adds
 * beside it (src/objectid_window.c).
 *
 * Majors: these functions are the same on 15 to 19; only index_beginscan()
 * changed (an instrumentation argument in 18, flags in 19), which
 * objectid_index_beginscan() in objectid.h hides.
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
#include "executor/tuptable.h"
#include "miscadmin.h"
#include "nodes/makefuncs.h"
#include "optimizer/optimizer.h"
#include "optimizer/paths.h"
#include "parser/parsetree.h"
#include "storage/bufmgr.h"
#include "utils/fmgrprotos.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"
#include "utils/rel.h"
#include "utils/selfuncs.h"
#include "utils/snapmgr.h"
#include "utils/timestamp.h"

#include "pure/idclock.h"
#include "pure/objectid.h"
#include "objectid.h"
#include "objectid_selfuncs.h"
#include "objectid_util.h"

static bool objectid_index_end(Relation heapRel, Relation indexRel,
							   ScanDirection dir, pg_objectid_t *end);
static bool objectid_actual_end(PlannerInfo *root, VariableStatData *vardata,
								Oid operator, bool max, pg_objectid_t *end);
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
static Node *objectid_generated_bound(PlannerInfo *root, Node *other,
									  bool lower);

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
 * entry, not the row.  What the scan allocates goes with a context of its
 * own, as in core's get_actual_variable_range(): a planning may search
 * many times.
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
	MemoryContext scratch;
	MemoryContext old;

	scratch = AllocSetContextCreate(CurrentMemoryContext,
									"objectid_index_end workspace",
									ALLOCSET_DEFAULT_SIZES);
	old = MemoryContextSwitchTo(scratch);
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
	MemoryContextSwitchTo(old);
	MemoryContextDelete(scratch);
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
double
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

/* the comparison of a kind; NULL where the extension is gone meanwhile */
static const objectid_op *
objectid_sel_ineq(objectid_ineq kind)
{
	const objectid_catalog *catalog = objectid_catalog_get();

	return catalog ? objectid_catalog_ineq(catalog, kind) : NULL;
}

/*
 * Selectivity of one bound "var OP other" on its own, var already examined:
 * ours for a constant and a column with statistics, core's otherwise
 */
double
objectid_bound_sel(PlannerInfo *root, const objectid_op *op, List *args,
				   int varRelid, Oid collation, VariableStatData *vardata,
				   Node *other, bool varonleft)
{
	Const	   *c = (Const *) other;
	bool		isgt = (op->kind == OBJECTID_GT || op->kind == OBJECTID_GE);
	bool		iseq = (op->kind == OBJECTID_LE || op->kind == OBJECTID_GE);
	const objectid_op *varop = op;
	FmgrInfo	proc;

	if (!IsA(other, Const) || c->constisnull ||
		!HeapTupleIsValid(vardata->statsTuple))
		return objectid_core_sel(root, op->opno, args, varRelid, collation,
								 op->kind);

	/* the var on the left, as core's scalarineqsel_wrapper does */
	if (!varonleft)
	{
		varop = objectid_sel_ineq(op->commuted);
		if (varop == NULL)
			return objectid_core_sel(root, op->opno, args, varRelid,
									 collation, op->kind);
		isgt = !isgt;
	}

	proc = varop->proc;
	return objectid_scalarineqsel(root, varop->opno, &proc, isgt, iseq,
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
	const objectid_catalog *catalog;
	Node	   *t;
	int64		unix_us;
	pg_objectid_t *id;

	if (!IsA(other, FuncExpr) || list_length(f->args) != 1 ||
		(catalog = objectid_catalog_get()) == NULL ||
		f->funcid != catalog->generate_fn ||
		contain_volatile_functions(linitial(f->args)))
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
 * second that the window rewrite adds beside it (src/objectid_window.c),
 * "var >= the first id of t's second", or "var <= its last id" for an
 * upper bound, so that the two are estimated alike and pair as one.  -1 if
 * other is not the generator or t is not known.
 */
double
objectid_generated_sel(PlannerInfo *root, const objectid_op *op, List *args,
					   int varRelid, Oid collation,
					   VariableStatData *vardata, Node *other,
					   bool varonleft)
{
	bool		lower = (op->kind == OBJECTID_GT || op->kind == OBJECTID_GE) ==
		varonleft;
	Node	   *bound = objectid_generated_bound(root, other, lower);
	const objectid_op *inclusive = op;

	if (bound == NULL)
		return -1.0;
	/* >= for >, <= for < */
	if (op->kind == OBJECTID_GT)
		inclusive = objectid_sel_ineq(OBJECTID_GE);
	else if (op->kind == OBJECTID_LT)
		inclusive = objectid_sel_ineq(OBJECTID_LE);
	if (inclusive == NULL)
		return -1.0;
	return objectid_bound_sel(root, inclusive, args, varRelid, collation,
							  vardata, bound, varonleft);
}
