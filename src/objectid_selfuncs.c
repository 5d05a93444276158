/*-------------------------------------------------------------------------
 *
 * objectid_selfuncs.c
 *	  Restriction selectivity of <, <=, > and >= on objectid, interpolating
 *	  inside histogram bins.
 *
 * Core's scalarltsel and friends interpolate inside a histogram bin only for
 * the types convert_to_scalar() knows; for any other type a constant inside
 * a bin counts as the middle of the bin.  For objectid that makes a time
 * window narrower than one bin (a hundredth of the table at the default
 * statistics target) come out as zero rows.  These estimators are core's
 * scalarineqsel() with one change: the position inside the bin comes from
 * objid_bin_fraction() (src/core/objid.c), which reads an id as the number
 * its leading bytes spell, as core reads a timestamp.
 *
 * Everything else is core's: the null fraction, the MCV list, clauses whose
 * other side is not a constant, columns without statistics, histograms of
 * another ordering; for those we call core's estimator itself.  Constants
 * outside the histogram go to core's ineq_histogram_selectivity(), which
 * looks up the column's current minimum or maximum in an index where there
 * is one.  Constants in the first or last bin interpolate between the
 * histogram's own bounds (core would look in the index for those too, a
 * static function we cannot call, and would then take the middle of the
 * bin anyway).
 *
 * Ranges.  clauselist_selectivity() pairs "x >= a AND x < b" into one range
 * estimate (lower + upper - 1) only when the operators' estimators are
 * core's scalarXXsel by OID; any other estimator is combined as if the two
 * clauses were independent, lower * upper, which for a narrow window in a
 * year of ids is thousands of times the real count.  So an upper bound
 * whose relation also restricts the same expression by exactly one lower
 * bound (and by no other upper bound) returns range / lower, with range
 * computed as core computes it for a pair; the product the planner forms is
 * then core's range estimate.  A lower bound always returns its own
 * selectivity.
 *
 * IDENTIFICATION
 *	  src/objectid_selfuncs.c
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "access/htup_details.h"
#include "catalog/pg_statistic.h"
#include "nodes/pathnodes.h"
#include "utils/fmgrprotos.h"
#include "utils/lsyscache.h"
#include "utils/selfuncs.h"

#include "objectid.h"

/* which of the four comparisons an operator of ours is */
typedef enum objectid_ineq
{
	OBJECTID_NOT_INEQ,
	OBJECTID_LT,
	OBJECTID_LE,
	OBJECTID_GT,
	OBJECTID_GE
} objectid_ineq;

static objectid_ineq objectid_ineq_of(Oid operator);
static double objectid_core_sel(PlannerInfo *root, Oid operator, List *args,
								int varRelid, Oid collation,
								objectid_ineq kind);
static double objectid_hist_selec(PlannerInfo *root,
								  VariableStatData *vardata, Oid operator,
								  FmgrInfo *opproc, bool isgt, bool iseq,
								  Oid collation, Datum constval,
								  Oid consttype);
static double objectid_scalarineqsel(PlannerInfo *root, Oid operator,
									 bool isgt, bool iseq, Oid collation,
									 VariableStatData *vardata,
									 Datum constval, Oid consttype);
static double objectid_clause_sel(PlannerInfo *root, Oid operator,
								  List *args, int varRelid, Oid collation,
								  objectid_ineq kind);
static bool objectid_range_partner(PlannerInfo *root, Oid operator,
								   List *args, int varRelid,
								   OpExpr **lower, double *nullfrac);
static Datum objectid_ineqsel_wrapper(FunctionCallInfo fcinfo,
									  objectid_ineq kind);

/*
 * The comparison an operator stands for, if its function is one of ours:
 * told by the C function behind it, so that operators of another type that
 * borrow these estimators get core's.
 */
static objectid_ineq
objectid_ineq_of(Oid operator)
{
	RegProcedure opcode = get_opcode(operator);
	FmgrInfo	flinfo;

	if (!OidIsValid(opcode))
		return OBJECTID_NOT_INEQ;
	fmgr_info(opcode, &flinfo);
	if (flinfo.fn_addr == objectid_lt)
		return OBJECTID_LT;
	if (flinfo.fn_addr == objectid_le)
		return OBJECTID_LE;
	if (flinfo.fn_addr == objectid_gt)
		return OBJECTID_GT;
	if (flinfo.fn_addr == objectid_ge)
		return OBJECTID_GE;
	return OBJECTID_NOT_INEQ;
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

	if (!statistic_proc_security_check(vardata, opproc->fn_oid) ||
		!get_attstatsslot(&sslot, vardata->statsTuple,
						  STATISTIC_KIND_HISTOGRAM, InvalidOid,
						  ATTSTATSSLOT_VALUES))
		return ineq_histogram_selectivity(root, vardata, operator, opproc,
										  isgt, iseq, collation,
										  constval, consttype);

	/* two bounds only: core replaces both with the index's min and max */
	if (sslot.nvalues < 3 || sslot.stacoll != collation ||
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
	 */
	hibound = sslot.nvalues;
	while (lobound < hibound)
	{
		int			probe = (lobound + hibound) / 2;
		bool		ltcmp;

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
		/* outside the histogram: core, which may ask an index */
		free_attstatsslot(&sslot);
		return ineq_histogram_selectivity(root, vardata, operator, opproc,
										  isgt, iseq, collation,
										  constval, consttype);
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
	 * Core's clamp for bounds that did not come from an index: a hundredth
	 * of the histogram's resolution
	 */
	cutoff = 0.01 / (double) (sslot.nvalues - 1);
	if (hist_selec < cutoff)
		hist_selec = cutoff;
	else if (hist_selec > 1.0 - cutoff)
		hist_selec = 1.0 - cutoff;

	free_attstatsslot(&sslot);
	return hist_selec;
}

/*
 * core's scalarineqsel() for "var OP const", var on the left, with
 * statistics: MCVs and nulls as core, the histogram as above
 */
static double
objectid_scalarineqsel(PlannerInfo *root, Oid operator, bool isgt,
					   bool iseq, Oid collation, VariableStatData *vardata,
					   Datum constval, Oid consttype)
{
	Form_pg_statistic stats;
	FmgrInfo	opproc;
	double		mcv_selec;
	double		hist_selec;
	double		sumcommon;
	double		selec;

	stats = (Form_pg_statistic) GETSTRUCT(vardata->statsTuple);
	fmgr_info(get_opcode(operator), &opproc);

	mcv_selec = mcv_selectivity(vardata, &opproc, collation, constval, true,
								&sumcommon);
	hist_selec = objectid_hist_selec(root, vardata, operator, &opproc, isgt,
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
 * Selectivity of one clause "a OP b" on its own: ours for a column of ours
 * compared with a constant that has statistics, core's otherwise
 */
static double
objectid_clause_sel(PlannerInfo *root, Oid operator, List *args,
					int varRelid, Oid collation, objectid_ineq kind)
{
	VariableStatData vardata;
	Node	   *other;
	bool		varonleft;
	Const	   *c;
	bool		isgt = (kind == OBJECTID_GT || kind == OBJECTID_GE);
	bool		iseq = (kind == OBJECTID_LE || kind == OBJECTID_GE);
	Oid			varop = operator;
	double		selec;

	if (!get_restriction_variable(root, args, varRelid, &vardata, &other,
								  &varonleft))
		return objectid_core_sel(root, operator, args, varRelid, collation,
								 kind);

	c = (Const *) other;
	if (!IsA(other, Const) || c->constisnull ||
		!HeapTupleIsValid(vardata.statsTuple) ||
		objectid_ineq_of(operator) != kind)
	{
		ReleaseVariableStats(vardata);
		return objectid_core_sel(root, operator, args, varRelid, collation,
								 kind);
	}

	/* the var on the left, as core's scalarineqsel_wrapper does */
	if (!varonleft)
	{
		varop = get_commutator(operator);
		if (!OidIsValid(varop))
		{
			ReleaseVariableStats(vardata);
			return objectid_core_sel(root, operator, args, varRelid,
									 collation, kind);
		}
		isgt = !isgt;
	}

	selec = objectid_scalarineqsel(root, varop, isgt, iseq, collation,
								   &vardata, c->constvalue, c->consttype);
	ReleaseVariableStats(vardata);
	return selec;
}

/*
 * Is "operator(args)" an upper bound of an expression that its relation
 * restricts by this one upper bound and exactly one lower bound, all of
 * them our comparisons with a pseudo-constant?  If so, return that lower
 * bound and the expression's null fraction.
 */
static bool
objectid_range_partner(PlannerInfo *root, Oid operator, List *args,
					   int varRelid, OpExpr **lower, double *nullfrac)
{
	VariableStatData vardata;
	Node	   *other;
	bool		varonleft;
	ListCell   *lc;
	int			nlower = 0;
	int			nupper = 0;
	bool		self_seen = false;
	objectid_ineq kind = objectid_ineq_of(operator);
	bool		isgt = (kind == OBJECTID_GT || kind == OBJECTID_GE);

	if (kind == OBJECTID_NOT_INEQ ||
		!get_restriction_variable(root, args, varRelid, &vardata, &other,
								  &varonleft))
		return false;

	/* only an upper bound pairs: "var < c" or "c > var" */
	if (isgt == varonleft || vardata.rel == NULL)
	{
		ReleaseVariableStats(vardata);
		return false;
	}

	foreach(lc, vardata.rel->baserestrictinfo)
	{
		RestrictInfo *rinfo = lfirst_node(RestrictInfo, lc);
		OpExpr	   *op = (OpExpr *) rinfo->clause;
		objectid_ineq k;
		VariableStatData pdata;
		Node	   *pother;
		bool		pvaronleft;
		bool		same;

		if (!IsA(op, OpExpr) || list_length(op->args) != 2)
			continue;
		k = objectid_ineq_of(op->opno);
		if (k == OBJECTID_NOT_INEQ)
			continue;
		if (!get_restriction_variable(root, op->args, varRelid, &pdata,
									  &pother, &pvaronleft))
			continue;
		same = equal(pdata.var, vardata.var);
		ReleaseVariableStats(pdata);
		if (!same)
			continue;
		if ((k == OBJECTID_GT || k == OBJECTID_GE) == pvaronleft)
		{
			nlower++;
			*lower = op;
		}
		else
		{
			nupper++;
			if (op->opno == operator && equal(op->args, args))
				self_seen = true;
		}
	}

	*nullfrac = HeapTupleIsValid(vardata.statsTuple) ?
		((Form_pg_statistic) GETSTRUCT(vardata.statsTuple))->stanullfrac : 0.0;
	ReleaseVariableStats(vardata);
	return nlower == 1 && nupper == 1 && self_seen;
}

/* the four estimators */
static Datum
objectid_ineqsel_wrapper(FunctionCallInfo fcinfo, objectid_ineq kind)
{
	PlannerInfo *root = (PlannerInfo *) PG_GETARG_POINTER(0);
	Oid			operator = PG_GETARG_OID(1);
	List	   *args = (List *) PG_GETARG_POINTER(2);
	int			varRelid = PG_GETARG_INT32(3);
	Oid			collation = PG_GET_COLLATION();
	double		selec;
	OpExpr	   *lower;
	double		nullfrac;

	selec = objectid_clause_sel(root, operator, args, varRelid, collation,
								kind);

	if (objectid_range_partner(root, operator, args, varRelid, &lower,
							   &nullfrac))
	{
		double		losel = objectid_clause_sel(root, lower->opno,
												lower->args, varRelid,
												lower->inputcollid,
												objectid_ineq_of(lower->opno));
		double		range;

		/* clauselist_selectivity()'s arithmetic for a pair */
		if (selec == DEFAULT_INEQ_SEL || losel == DEFAULT_INEQ_SEL)
			range = DEFAULT_RANGE_INEQ_SEL;
		else
		{
			range = selec + losel - 1.0 + nullfrac;
			if (range <= 0.0)
				range = range < -0.01 ? DEFAULT_RANGE_INEQ_SEL : 1.0e-10;
		}
		if (losel > 0.0)
		{
			selec = range / losel;
			CLAMP_PROBABILITY(selec);
		}
	}

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
