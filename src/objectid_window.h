/*-------------------------------------------------------------------------
 *
 * objectid_window.h
 *	  Time windows through an id's second, rewritten as windows on the id
 *	  (src/objectid_window.c).
 *
 * IDENTIFICATION
 *	  src/objectid_window.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef OBJECTID_WINDOW_H
#define OBJECTID_WINDOW_H

#include "nodes/pathnodes.h"

/* defines objectid.rewrite_time_windows; _PG_init() */
extern void objectid_window_init(void);

/*
 * The rewrite of a relation's level, as the planner makes the relation
 * (the relation hook, src/objectid_planner.c)
 */
extern void objectid_window_relation(PlannerInfo *root, RelOptInfo *rel,
									 RangeTblEntry *rte);

#endif							/* OBJECTID_WINDOW_H */
