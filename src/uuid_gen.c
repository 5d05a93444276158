/*-------------------------------------------------------------------------
 *
 * uuid_gen.c
 *	  UUID generators (v4, v6, v7, v8), their readers, the v7 range
 *	  boundary and v1 <-> v6 conversion (fmgr glue over src/pure/uuid_gen.c).
 *
 * Every C symbol carries an objectid_ prefix (objectid_uuidv6 for SQL
 * uuidv6()), so that none clashes with the server's own: PostgreSQL 18 has
 * uuidv4, uuidv7, uuid_extract_timestamp and uuid_extract_version, and a
 * later release may add more of these names.
 *
 * IDENTIFICATION
 *	  src/uuid_gen.c
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/fmgrprotos.h"
#include "utils/timestamp.h"
#include "utils/uuid.h"

#include "pure/idclock.h"
#include "pure/uuid_gen.h"
#include "objectid.h"
#include "objectid_util.h"

#define OBJECTID_V7_DETAIL \
	gettext_noop("UUID version 7 supports timestamps from 1970-01-01 to approximately year 10889.")
#define OBJECTID_V6_DETAIL \
	gettext_noop("UUID version 6 holds instants from 1582-10-15 00:00:00 UTC to 5236-03-31 21:21:00.684697 UTC.")
#define OBJECTID_V8_DETAIL \
	gettext_noop("The time-based UUID version 8 holds instants from 1970-01-01 00:00:00 UTC to 2335-05-07 23:44:06.068469 UTC.")

/*
 * Per-process generator state.  Each records the process id it belongs to
 * (see src/pure/uuid_gen.h), so a forked child never continues its parent's.
 */
static uuidgen_v7_state objectid_v7_state;
static uuidgen_v6_state objectid_v6_state;
static uuidgen_v8_state objectid_v8_state;

static int64 objectid_uuid_now_ns(void);
static void objectid_uuid_v7_instant(TimestampTz ts, int64 *unix_ms,
									 uint32 *sub_ms_ns);
static void objectid_uuid_require_version(const pg_uuid_t *uuid, int want,
										  const char *func);

/* CLOCK_REALTIME, in nanoseconds since the Unix epoch (a vDSO read) */
static int64
objectid_uuid_now_ns(void)
{
	int64		ns;

	if (!id_clock_realtime(&ns))
		objectid_clock_error();
	return ns;
}

/*
 * Split a timestamptz into v7's unix_ts_ms and the nanoseconds within that
 * millisecond, or raise if v7 cannot hold it.
 */
static void
objectid_uuid_v7_instant(TimestampTz ts, int64 *unix_ms, uint32 *sub_ms_ns)
{
	int64		unix_us;

	if (!objectid_timestamptz_to_unix_us(ts, &unix_us) ||
		unix_us < 0 || unix_us / 1000 > UUIDGEN_V7_MS_MAX)
		objectid_range_error(7, OBJECTID_V7_DETAIL);
	*unix_ms = unix_us / 1000;
	*sub_ms_ns = (uint32) (unix_us % 1000) * 1000;
}

/* --- generators ------------------------------------------------------- */

/* uuidv7(): PostgreSQL 18's uuidv7(), monotonic within the backend */
PG_FUNCTION_INFO_V1(objectid_uuidv7);

Datum
objectid_uuidv7(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *result = palloc(sizeof(pg_uuid_t));

	objectid_check_status(uuidgen_v7_generate(&objectid_v7_state,
											  &objectid_random_pool,
											  MyProcPid,
											  objectid_uuid_now_ns(),
											  result->data),
						  7, OBJECTID_V7_DETAIL);
	PG_RETURN_UUID_P(result);
}

/*
 * uuidv7(interval): as PostgreSQL 18, the current time (the same ascending
 * reading uuidv7() uses) shifted by the interval with timestamptz
 * arithmetic; the nanoseconds below the microsecond are carried over.
 */
PG_FUNCTION_INFO_V1(objectid_uuidv7_interval);

Datum
objectid_uuidv7_interval(PG_FUNCTION_ARGS)
{
	Interval   *shift = PG_GETARG_INTERVAL_P(0);
	pg_uuid_t  *result = palloc(sizeof(pg_uuid_t));
	int64		now_ns = objectid_uuid_now_ns();
	int64		ns;
	int64		unix_ms;
	uint32		sub_ms_ns;
	TimestampTz ts;

	if (now_ns < 0)
		objectid_range_error(7, OBJECTID_V7_DETAIL);
	ns = uuidgen_v7_next_ns(&objectid_v7_state, MyProcPid, now_ns);
	ts = objectid_unix_us_to_timestamptz(ns / ID_NS_PER_US);
	ts = DatumGetTimestampTz(DirectFunctionCall2(timestamptz_pl_interval,
												 TimestampTzGetDatum(ts),
												 IntervalPGetDatum(shift)));
	objectid_uuid_v7_instant(ts, &unix_ms, &sub_ms_ns);
	sub_ms_ns += (uint32) (ns % ID_NS_PER_US);
	objectid_check_status(uuidgen_v7_at(&objectid_random_pool, MyProcPid,
										unix_ms, sub_ms_ns, result->data),
						  7, OBJECTID_V7_DETAIL);
	uuidgen_v7_commit(&objectid_v7_state, MyProcPid, ns);
	PG_RETURN_UUID_P(result);
}

/* uuidv7_at(timestamptz): a new v7 carrying that instant to the microsecond */
PG_FUNCTION_INFO_V1(objectid_uuidv7_at);

Datum
objectid_uuidv7_at(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *result = palloc(sizeof(pg_uuid_t));
	int64		unix_ms;
	uint32		sub_ms_ns;

	objectid_uuid_v7_instant(PG_GETARG_TIMESTAMPTZ(0), &unix_ms, &sub_ms_ns);
	objectid_check_status(uuidgen_v7_at(&objectid_random_pool, MyProcPid,
										unix_ms, sub_ms_ns, result->data),
						  7, OBJECTID_V7_DETAIL);
	PG_RETURN_UUID_P(result);
}

/* uuidv6(): RFC 9562 v6, strictly increasing within the backend */
PG_FUNCTION_INFO_V1(objectid_uuidv6);

Datum
objectid_uuidv6(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *result = palloc(sizeof(pg_uuid_t));

	objectid_check_status(uuidgen_v6_generate(&objectid_v6_state,
											  &objectid_random_pool,
											  MyProcPid,
											  objectid_uuid_now_ns(),
											  result->data),
						  6, OBJECTID_V6_DETAIL);
	PG_RETURN_UUID_P(result);
}

/* uuidv8(): RFC 9562 Appendix B.1 time-based v8, 10 ns ticks + sequence */
PG_FUNCTION_INFO_V1(objectid_uuidv8);

Datum
objectid_uuidv8(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *result = palloc(sizeof(pg_uuid_t));

	objectid_check_status(uuidgen_v8_generate(&objectid_v8_state,
											  &objectid_random_pool,
											  MyProcPid,
											  objectid_uuid_now_ns(),
											  result->data),
						  8, OBJECTID_V8_DETAIL);
	PG_RETURN_UUID_P(result);
}

/* uuidv8(bytea): the 16 given bytes with version 8 and the variant set */
PG_FUNCTION_INFO_V1(objectid_uuidv8_from_bytea);

Datum
objectid_uuidv8_from_bytea(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *result = objectid_bytea_fixed(PG_GETARG_BYTEA_PP(0),
											  UUID_LEN, "uuid");

	uuidgen_stamp(result->data, 8);
	PG_RETURN_UUID_P(result);
}

/* uuidv4(): gen_random_uuid() from the buffered CSPRNG */
PG_FUNCTION_INFO_V1(objectid_uuidv4);

Datum
objectid_uuidv4(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *result = palloc(sizeof(pg_uuid_t));

	objectid_check_status(uuidgen_v4(&objectid_random_pool, MyProcPid,
									 result->data),
						  4, NULL);
	PG_RETURN_UUID_P(result);
}

/* --- readers (none can fail: every 60- or 48-bit value is a timestamptz) */

/*
 * uuid_extract_timestamp(uuid): v1 and v7 as PostgreSQL 18 (not v6, which
 * core 18 does not read either; PostgreSQL 17's own reads v1 alone)
 */
PG_FUNCTION_INFO_V1(objectid_uuid_extract_timestamp);

Datum
objectid_uuid_extract_timestamp(PG_FUNCTION_ARGS)
{
	int64		unix_us;

	if (!uuidgen_timestamp_us(PG_GETARG_UUID_P(0)->data, &unix_us))
		PG_RETURN_NULL();
	PG_RETURN_TIMESTAMPTZ(objectid_unix_us_to_timestamptz(unix_us));
}

/*
 * uuid_timestamp(uuid): the instant of every time-based version, v1, v6
 * and v7 (v7 to the millisecond, as core reads it), NULL otherwise: a name
 * core does not have, so it means the same on every major
 */
PG_FUNCTION_INFO_V1(objectid_uuid_timestamp);

static bool
objectid_uuid_time(const uint8 *data, int64 *unix_us)
{
	return uuidgen_timestamp_us(data, unix_us) ||
		uuidgen_v6_timestamp_us(data, unix_us);
}

Datum
objectid_uuid_timestamp(PG_FUNCTION_ARGS)
{
	int64		unix_us;

	if (!objectid_uuid_time(PG_GETARG_UUID_P(0)->data, &unix_us))
		PG_RETURN_NULL();
	PG_RETURN_TIMESTAMPTZ(objectid_unix_us_to_timestamptz(unix_us));
}

/*
 * uuid_timestamp_from_text(text): uuid_timestamp() of a UUID written as text
 * (uuid's input: a malformed one is its error), for callers that pass text,
 * as pg_partman passes its time decoders.  A name of its own, not an
 * overload of uuid_timestamp, so that uuid_timestamp('...') stays a call
 * with a uuid.
 */
PG_FUNCTION_INFO_V1(objectid_uuid_timestamp_text);

Datum
objectid_uuid_timestamp_text(PG_FUNCTION_ARGS)
{
	char	   *str = text_to_cstring(PG_GETARG_TEXT_PP(0));
	pg_uuid_t  *uuid = DatumGetUUIDP(DirectFunctionCall1(uuid_in,
													   CStringGetDatum(str)));
	int64		unix_us;

	if (!objectid_uuid_time(uuid->data, &unix_us))
		PG_RETURN_NULL();
	PG_RETURN_TIMESTAMPTZ(objectid_unix_us_to_timestamptz(unix_us));
}

/* uuid_extract_version(uuid): NULL unless the variant is RFC 9562's */
PG_FUNCTION_INFO_V1(objectid_uuid_extract_version);

Datum
objectid_uuid_extract_version(PG_FUNCTION_ARGS)
{
	int			version = uuidgen_version(PG_GETARG_UUID_P(0)->data);

	if (version < 0)
		PG_RETURN_NULL();
	PG_RETURN_INT16((int16) version);
}

/* uuidv6_extract_timestamp(uuid): a v6's timestamp, NULL otherwise */
PG_FUNCTION_INFO_V1(objectid_uuidv6_extract_timestamp);

Datum
objectid_uuidv6_extract_timestamp(PG_FUNCTION_ARGS)
{
	int64		unix_us;

	if (!uuidgen_v6_timestamp_us(PG_GETARG_UUID_P(0)->data, &unix_us))
		PG_RETURN_NULL();
	PG_RETURN_TIMESTAMPTZ(objectid_unix_us_to_timestamptz(unix_us));
}

/* uuidv8_extract_timestamp(uuid): a v8's B.1 timestamp, NULL otherwise */
PG_FUNCTION_INFO_V1(objectid_uuidv8_extract_timestamp);

Datum
objectid_uuidv8_extract_timestamp(PG_FUNCTION_ARGS)
{
	int64		unix_us;

	if (!uuidgen_v8_timestamp_us(PG_GETARG_UUID_P(0)->data, &unix_us))
		PG_RETURN_NULL();
	PG_RETURN_TIMESTAMPTZ(objectid_unix_us_to_timestamptz(unix_us));
}

/* uuidv7_from_timestamp(timestamptz): the smallest v7 of that millisecond */
PG_FUNCTION_INFO_V1(objectid_uuidv7_from_timestamp);

Datum
objectid_uuidv7_from_timestamp(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *result = palloc(sizeof(pg_uuid_t));
	int64		unix_ms;
	uint32		sub_ms_ns;

	objectid_uuid_v7_instant(PG_GETARG_TIMESTAMPTZ(0), &unix_ms, &sub_ms_ns);
	objectid_check_status(uuidgen_v7_min(unix_ms, result->data),
						  7, OBJECTID_V7_DETAIL);
	PG_RETURN_UUID_P(result);
}

/* --- v1 <-> v6 -------------------------------------------------------- */

static void
objectid_uuid_require_version(const pg_uuid_t *uuid, int want,
							  const char *func)
{
	int			version = uuidgen_version(uuid->data);

	if (version == want)
		return;
	if (version < 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("UUID is not of the RFC 9562 variant"),
				 errdetail("%s accepts version %d UUIDs only.", func, want)));
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("UUID is version %d, not version %d", version, want),
			 errdetail("%s accepts version %d UUIDs only.", func, want)));
}

/* uuid_v1_to_v6(uuid): the same instant, clock sequence and node as v6 */
PG_FUNCTION_INFO_V1(objectid_uuid_v1_to_v6);

Datum
objectid_uuid_v1_to_v6(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *in = PG_GETARG_UUID_P(0);
	pg_uuid_t  *result = palloc(sizeof(pg_uuid_t));

	objectid_uuid_require_version(in, 1, "uuid_v1_to_v6");
	if (!uuidgen_v1_to_v6(in->data, result->data))
		elog(ERROR, "could not convert a version 1 UUID");
	PG_RETURN_UUID_P(result);
}

/* uuid_v6_to_v1(uuid): the exact inverse of uuid_v1_to_v6 */
PG_FUNCTION_INFO_V1(objectid_uuid_v6_to_v1);

Datum
objectid_uuid_v6_to_v1(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *in = PG_GETARG_UUID_P(0);
	pg_uuid_t  *result = palloc(sizeof(pg_uuid_t));

	objectid_uuid_require_version(in, 6, "uuid_v6_to_v1");
	if (!uuidgen_v6_to_v1(in->data, result->data))
		elog(ERROR, "could not convert a version 6 UUID");
	PG_RETURN_UUID_P(result);
}
