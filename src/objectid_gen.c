/*-------------------------------------------------------------------------
 *
 * objectid_gen.c
 *	  ObjectId generators and range boundaries (fmgr glue over
 *	  src/core/objectid.c).
 *
 * IDENTIFICATION
 *	  src/objectid_gen.c
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "miscadmin.h"
#include "utils/timestamp.h"

#include "core/idclock.h"
#include "core/objectid.h"
#include "objectid.h"
#include "objectid_util.h"

#define OBJECTID_RANGE_DETAIL \
	gettext_noop("An objectid holds seconds from 1970-01-01 00:00:00 UTC to 2106-02-07 06:28:15 UTC.")

/*
 * The generator's per-process state.  It records the process id it was drawn
 * in (see objid_prepare), so a forked child never reuses its parent's values.
 */
static objid_gen_state objectid_state;

/*
 * The field has one-second resolution, so the cheap coarse clock serves,
 * except close to the next second, where it may still show the second
 * before: there the precise clock is read (src/core/idclock.h).
 */
static id_second_clock objectid_clock = ID_SECOND_CLOCK_INIT;

static int64 objectid_seconds_of(TimestampTz ts);

/* Seconds since the Unix epoch of a timestamptz (floor), or raise. */
static int64
objectid_seconds_of(TimestampTz ts)
{
	int64		unix_us;

	if (!objectid_timestamptz_to_unix_us(ts, &unix_us))
		objectid_range_error("type objectid", OBJECTID_RANGE_DETAIL);
	return id_floor_div(unix_us, USECS_PER_SEC);
}

/* objectid(): a new ObjectId, strictly increasing within the backend */
PG_FUNCTION_INFO_V1(objectid_generate);

Datum
objectid_generate(PG_FUNCTION_ARGS)
{
	pg_objectid_t *result = palloc(sizeof(pg_objectid_t));
	int64_t		now_seconds;

	if (!id_clock_seconds(&objectid_clock, &now_seconds))
		objectid_clock_error();
	objectid_check_status(objid_generate(&objectid_state,
										 &objectid_random_pool, MyProcPid,
										 now_seconds, result->data),
						  "type objectid", OBJECTID_RANGE_DETAIL);
	PG_RETURN_OBJECTID_P(result);
}

/* objectid(timestamptz): a new, unique ObjectId carrying that second */
PG_FUNCTION_INFO_V1(objectid_generate_at);

Datum
objectid_generate_at(PG_FUNCTION_ARGS)
{
	int64		seconds = objectid_seconds_of(PG_GETARG_TIMESTAMPTZ(0));
	pg_objectid_t *result = palloc(sizeof(pg_objectid_t));

	objectid_check_status(objid_generate_at(&objectid_state,
											&objectid_random_pool, MyProcPid,
											seconds, result->data),
						  "type objectid", OBJECTID_RANGE_DETAIL);
	PG_RETURN_OBJECTID_P(result);
}

/* objectid_from_timestamp(timestamptz): the smallest id of that second */
PG_FUNCTION_INFO_V1(objectid_from_timestamp);

Datum
objectid_from_timestamp(PG_FUNCTION_ARGS)
{
	int64		seconds = objectid_seconds_of(PG_GETARG_TIMESTAMPTZ(0));
	pg_objectid_t *result = palloc(sizeof(pg_objectid_t));

	objectid_check_status(objid_min_for_seconds(seconds, result->data),
						  "type objectid", OBJECTID_RANGE_DETAIL);
	PG_RETURN_OBJECTID_P(result);
}
