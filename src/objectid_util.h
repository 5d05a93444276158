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
 * range_detail is a sentence marked with gettext_noop(); it is translated
 * when the error is raised
 */
extern void objectid_check_status(id_status status, const char *what,
								  const char *range_detail);
extern void objectid_range_error(const char *what, const char *range_detail);
extern void objectid_clock_error(void);
extern void objectid_check_input_length(int64 got, int expected,
										const char *what);
extern void *objectid_bytea_fixed(bytea *b, int len, const char *what);
extern bool objectid_timestamptz_to_unix_us(TimestampTz ts, int64 *unix_us);
extern TimestampTz objectid_unix_us_to_timestamptz(int64 unix_us);

#endif							/* OBJECTID_UTIL_H */
