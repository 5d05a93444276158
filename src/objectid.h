/*-------------------------------------------------------------------------
 *
 * objectid.h
 *	  The objectid type, its fmgr macros, and every PG_VERSION_NUM shim.
 *	  What a .c file shares is declared in its own header (objectid_gen.h,
 *	  objectid_catalog.h, objectid_selfuncs.h, objectid_util.h, uuid_repr.h
 *	  and the others).
 *
 * IDENTIFICATION
 *	  src/objectid.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef OBJECTID_H
#define OBJECTID_H

#include "fmgr.h"

#if PG_VERSION_NUM < 150000
#error "objectid needs PostgreSQL 15 or later"
#endif

#include "pure/objectid.h"	/* OBJECTID_LEN */

typedef struct pg_objectid_t
{
	unsigned char data[OBJECTID_LEN];
} pg_objectid_t;

/*
 * fmgr accessors, named after the C type: postgres.h's DatumGetObjectId and
 * ObjectIdGetDatum are for Oid
 */
#define DatumGetPgObjectidP(X)		((pg_objectid_t *) DatumGetPointer(X))
#define PgObjectidPGetDatum(X)		PointerGetDatum(X)
#define PG_GETARG_OBJECTID_P(n)		DatumGetPgObjectidP(PG_GETARG_DATUM(n))
#define PG_RETURN_OBJECTID_P(x)		return PgObjectidPGetDatum(x)

/*
 * Version shims.
 *
 * Before 16, fmgr.h does not declare _PG_init (the module's entry point, in
 * objectid.c), and there are no soft input errors (ereturn, escontext): an
 * input error is always hard.
 */
#if PG_VERSION_NUM < 160000
extern void _PG_init(void);
#define ereturn(context, dummy_value, ...)	ereport(ERROR, __VA_ARGS__)
#endif

/* varatt.h was split out of postgres.h in 16 */
#if PG_VERSION_NUM >= 160000
#include "varatt.h"
#endif

/*
 * btree skip support (support function 6) arrived in 18.  The install script
 * calls objectid_install_skipsupport(), which adds it only where this is set.
 */
#if PG_VERSION_NUM >= 180000
#define OBJECTID_SKIPSUPPORT 1
#include "utils/skipsupport.h"
#endif

/* index_beginscan() gained an instrumentation argument in 18, flags in 19 */
#if PG_VERSION_NUM >= 190000
#define objectid_index_beginscan(heap, index, snapshot, nkeys) \
	index_beginscan((heap), (index), (snapshot), NULL, (nkeys), 0, SO_NONE)
#elif PG_VERSION_NUM >= 180000
#define objectid_index_beginscan(heap, index, snapshot, nkeys) \
	index_beginscan((heap), (index), (snapshot), NULL, (nkeys), 0)
#else
#define objectid_index_beginscan(heap, index, snapshot, nkeys) \
	index_beginscan((heap), (index), (snapshot), (nkeys), 0)
#endif

/*
 * trace_sort exists behind TRACE_SORT (which pg_config_manual.h defines by
 * default) before 18, and always from 18 on
 */
#if PG_VERSION_NUM >= 180000 || defined(TRACE_SORT)
#define OBJECTID_TRACE_SORT 1
#endif

#endif							/* OBJECTID_H */
