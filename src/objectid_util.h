/*-------------------------------------------------------------------------
 *
 * objectid_util.h
 *	  fmgr glue shared by the generators and conversions (objectid_util.c):
 *	  the per-process random pool, errors from the pure-C layer's statuses,
 *	  length checks and timestamp arithmetic.  Internal: included by the
 *	  files that use it.
 *
 * IDENTIFICATION
 *	  src/objectid_util.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef OBJECTID_UTIL_H
#define OBJECTID_UTIL_H

#include "utils/timestamp.h"

#include "pure/idrandom.h"
#include "pure/idstatus.h"

/* Unix epoch (1970-01-01) as a TimestampTz, in microseconds */
#define OBJECTID_UNIX_EPOCH_US \
	((int64) (UNIX_EPOCH_JDATE - POSTGRES_EPOCH_JDATE) * USECS_PER_DAY)

extern id_random_pool objectid_random_pool;

/*
 * layout: what an instant out of range was meant for, OBJECTID_LAYOUT or a
 * UUID version (6, 7, 8).  range_detail is a sentence marked with
 * gettext_noop(); it is translated when the error is raised.
 */
#define OBJECTID_LAYOUT 0
extern void objectid_check_status(id_status status, int layout,
								  const char *range_detail);
extern void objectid_range_error(int layout, const char *range_detail);
extern void objectid_clock_error(void);
extern void objectid_check_input_length(int64 got, int expected,
										const char *typname);
extern void *objectid_bytea_fixed(bytea *b, int len, const char *typname);
extern bool objectid_timestamptz_to_unix_us(TimestampTz ts, int64 *unix_us);
extern TimestampTz objectid_unix_us_to_timestamptz(int64 unix_us);

#endif							/* OBJECTID_UTIL_H */
