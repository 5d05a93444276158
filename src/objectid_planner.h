/*-------------------------------------------------------------------------
 *
 * objectid_planner.h
 *	  The planner hooks (src/objectid_planner.c).
 *
 * IDENTIFICATION
 *	  src/objectid_planner.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef OBJECTID_PLANNER_H
#define OBJECTID_PLANNER_H

/* installs the planner hook and the relation hook; _PG_init() */
extern void objectid_planner_init(void);

#endif							/* OBJECTID_PLANNER_H */
