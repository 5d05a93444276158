/*-------------------------------------------------------------------------
 *
 * objectid_rangesel.h
 *	  The estimators of <, <=, > and >= on objectid, which pair a range's
 *	  bounds through a cache of one planning (src/objectid_rangesel.c).
 *
 * IDENTIFICATION
 *	  src/objectid_rangesel.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef OBJECTID_RANGESEL_H
#define OBJECTID_RANGESEL_H

/*
 * A planning begins and ends (the planner hook, src/objectid_planner.c):
 * the end takes what the begin returned, also when the planning fails
 */
extern uint64 objectid_est_planning_begin(void);
extern void objectid_est_planning_end(uint64 outer);

#endif							/* OBJECTID_RANGESEL_H */
