/*-------------------------------------------------------------------------
 *
 * idstatus.h
 *	  Outcome codes shared by the pure-C generators and converters.
 *
 * The pure-C layer never raises errors: it returns one of these and the fmgr glue
 * turns it into an ereport with the right SQLSTATE.
 *
 * IDENTIFICATION
 *	  src/pure/idstatus.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef ID_STATUS_H
#define ID_STATUS_H

typedef enum id_status
{
	ID_OK = 0,
	ID_ERR_RANDOM,				/* the strong random source failed */
	ID_ERR_RANGE				/* the instant does not fit the layout */
} id_status;

#endif							/* ID_STATUS_H */
