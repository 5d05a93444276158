/*-------------------------------------------------------------------------
 *
 * objectid_selfuncs.h
 *	  The restriction estimators of <, <=, > and >= on objectid: what the
 *	  estimate of one bound (src/objectid_selfuncs.c) and the pairing of a
 *	  range's bounds (src/objectid_rangesel.c) share.
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

/* which of the four comparisons an operator of ours is */
typedef enum objectid_ineq
{
	OBJECTID_NOT_INEQ,
	OBJECTID_LT,
	OBJECTID_LE,
	OBJECTID_GT,
	OBJECTID_GE
} objectid_ineq;

/* an operator, looked up once a planning (objectid_est_op_of()) */
typedef struct objectid_est_op
{
	Oid			opno;			/* hash key */
	objectid_ineq kind;
	Oid			commutator;
	FmgrInfo	proc;			/* valid if kind is not OBJECTID_NOT_INEQ */
} objectid_est_op;

/* src/objectid_rangesel.c */

/* installs the planner hook that bounds the estimators' cache; _PG_init() */
extern void objectid_selfuncs_init(void);
extern objectid_est_op *objectid_est_op_of(Oid operator);

/* src/objectid_selfuncs.c */
extern double objectid_core_sel(PlannerInfo *root, Oid operator, List *args,
								int varRelid, Oid collation,
								objectid_ineq kind);
extern double objectid_bound_sel(PlannerInfo *root, objectid_est_op *op,
								 List *args, int varRelid, Oid collation,
								 VariableStatData *vardata, Node *other,
								 bool varonleft);
extern double objectid_generated_sel(PlannerInfo *root, objectid_est_op *op,
									 List *args, int varRelid, Oid collation,
									 VariableStatData *vardata, Node *other,
									 bool varonleft);

#endif							/* OBJECTID_SELFUNCS_H */
