/*-------------------------------------------------------------------------
 *
 * objectid_selfuncs.h
 *	  The selectivity of one bound on objectid (src/objectid_selfuncs.c),
 *	  which the estimators that pair a range's bounds
 *	  (src/objectid_rangesel.c) use.
 *
 * IDENTIFICATION
 *	  src/objectid_selfuncs.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef OBJECTID_SELFUNCS_H
#define OBJECTID_SELFUNCS_H

#include "fmgr.h"
#include "nodes/pathnodes.h"
#include "utils/selfuncs.h"

#include "objectid_catalog.h"

extern double objectid_core_sel(PlannerInfo *root, Oid operator, List *args,
								int varRelid, Oid collation,
								objectid_ineq kind);
extern double objectid_bound_sel(PlannerInfo *root, const objectid_op *op,
								 List *args, int varRelid, Oid collation,
								 VariableStatData *vardata, Node *other,
								 bool varonleft);
extern double objectid_generated_sel(PlannerInfo *root, const objectid_op *op,
									 List *args, int varRelid, Oid collation,
									 VariableStatData *vardata, Node *other,
									 bool varonleft);

#endif							/* OBJECTID_SELFUNCS_H */
