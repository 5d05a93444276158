/*-------------------------------------------------------------------------
 *
 * objectid_catalog.h
 *	  The extension's functions and operators in the current database, as
 *	  the planner code needs them: found through the extension, kept per
 *	  backend (src/objectid_catalog.c).
 *
 * IDENTIFICATION
 *	  src/objectid_catalog.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef OBJECTID_CATALOG_H
#define OBJECTID_CATALOG_H

#include "fmgr.h"

/* which of the four comparisons an operator is */
typedef enum objectid_ineq
{
	OBJECTID_NOT_INEQ,
	OBJECTID_LT,
	OBJECTID_LE,
	OBJECTID_GT,
	OBJECTID_GE
} objectid_ineq;

#define OBJECTID_INEQS 4

/* one of the id's comparisons */
typedef struct objectid_op
{
	Oid			opno;
	objectid_ineq kind;
	objectid_ineq commuted;		/* the commutator's: > for <, and so on */
	FmgrInfo	proc;
} objectid_op;

/* the bounds of a window through the second, by what they bound */
typedef enum objectid_bound_fn
{
	OBJECTID_FIRST_AT_OR_AFTER,
	OBJECTID_FIRST_AFTER,
	OBJECTID_LAST_BEFORE,
	OBJECTID_LAST_AT_OR_BEFORE,
	OBJECTID_FIRST_IN_SECOND,
	OBJECTID_BOUND_FNS
} objectid_bound_fn;

/* the types of instant a bound takes, in the order of their overloads */
typedef enum objectid_instant
{
	OBJECTID_INSTANT_TIMESTAMPTZ,
	OBJECTID_INSTANT_DATE,
	OBJECTID_INSTANT_TIMESTAMP,
	OBJECTID_INSTANTS
} objectid_instant;

/*
 * What the planner code uses.  InvalidOid for what this database's install
 * scripts have not made (the library newer than the extension), and for
 * an object that is not this library's C function.
 */
typedef struct objectid_catalog
{
	Oid			objectid_type;
	Oid			timestamp_fn;	/* objectid_timestamp(objectid) */
	Oid			generate_fn;	/* objectid(timestamptz) */
	objectid_op ops[OBJECTID_INEQS];	/* by kind, from OBJECTID_LT */
	Oid			bound_fn[OBJECTID_BOUND_FNS][OBJECTID_INSTANTS];
} objectid_catalog;

/* registers the invalidation callbacks; _PG_init() */
extern void objectid_catalog_init(void);

/* the extension's objects in this database; NULL where it is not installed */
extern const objectid_catalog *objectid_catalog_get(void);

/* operator opno, if it is one of the id's comparisons; else NULL */
extern const objectid_op *objectid_catalog_op(const objectid_catalog *catalog,
											  Oid opno);

/* the comparison of a kind */
#define objectid_catalog_ineq(catalog, kind) \
	(&(catalog)->ops[(kind) - OBJECTID_LT])

#endif							/* OBJECTID_CATALOG_H */
