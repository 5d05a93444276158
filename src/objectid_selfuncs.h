/*-------------------------------------------------------------------------
 *
 * objectid_selfuncs.h
 *	  Set-up of the restriction estimators of src/objectid_selfuncs.c.
 *
 * IDENTIFICATION
 *	  src/objectid_selfuncs.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef OBJECTID_SELFUNCS_H
#define OBJECTID_SELFUNCS_H

/* installs the planner hook that bounds the estimators' cache; _PG_init() */
extern void objectid_selfuncs_init(void);

#endif							/* OBJECTID_SELFUNCS_H */
