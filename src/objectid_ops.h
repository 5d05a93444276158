/*-------------------------------------------------------------------------
 *
 * objectid_ops.h
 *	  The comparison functions of src/objectid_ops.c by which the
 *	  estimators in src/objectid_selfuncs.c recognise an operator of ours.
 *
 * IDENTIFICATION
 *	  src/objectid_ops.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef OBJECTID_OPS_H
#define OBJECTID_OPS_H

#include "fmgr.h"

extern PGDLLEXPORT Datum objectid_lt(PG_FUNCTION_ARGS);
extern PGDLLEXPORT Datum objectid_le(PG_FUNCTION_ARGS);
extern PGDLLEXPORT Datum objectid_gt(PG_FUNCTION_ARGS);
extern PGDLLEXPORT Datum objectid_ge(PG_FUNCTION_ARGS);

#endif							/* OBJECTID_OPS_H */
