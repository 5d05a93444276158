/*-------------------------------------------------------------------------
 *
 * objectid_window.h
 *	  Time windows through an id's second, rewritten as windows on the id
 *	  (src/objectid_window.c), and the C functions by which the planner
 *	  code recognises ours.
 *
 * IDENTIFICATION
 *	  src/objectid_window.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef OBJECTID_WINDOW_H
#define OBJECTID_WINDOW_H

#include "fmgr.h"
#include "nodes/parsenodes.h"

/* objectid_timestamp(objectid), src/objectid.c */
extern PGDLLEXPORT Datum objectid_timestamp(PG_FUNCTION_ARGS);

/* objectid(timestamptz), src/objectid_gen.c */
extern PGDLLEXPORT Datum objectid_generate_at(PG_FUNCTION_ARGS);

/* the bounds of a window through the second */
extern PGDLLEXPORT Datum objectid_first_at_or_after(PG_FUNCTION_ARGS);
extern PGDLLEXPORT Datum objectid_first_after(PG_FUNCTION_ARGS);
extern PGDLLEXPORT Datum objectid_last_before(PG_FUNCTION_ARGS);
extern PGDLLEXPORT Datum objectid_last_at_or_before(PG_FUNCTION_ARGS);
extern PGDLLEXPORT Datum objectid_first_in_second(PG_FUNCTION_ARGS);

/*
 * defines objectid.rewrite_time_windows and installs the hook that plans
 * the windows; _PG_init()
 */
extern void objectid_window_init(void);

/* is funcid a C function of this library, the one whose symbol is fn? */
extern bool objectid_is_c_function(Oid funcid, PGFunction fn);

#endif							/* OBJECTID_WINDOW_H */
