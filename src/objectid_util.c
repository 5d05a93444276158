/*-------------------------------------------------------------------------
 *
 * objectid_util.c
 *	  Pieces of fmgr glue shared by every generator and conversion: the
 *	  per-process random pool, status and clock errors, timestamp arithmetic.
 *
 * IDENTIFICATION
 *	  src/objectid_util.c
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "common/int.h"
#include "datatype/timestamp.h"

#include "objectid.h"
#include "objectid_util.h"

/*
 * The one buffer of CSPRNG output every generator draws from.  It records
 * the process id it was filled in, so a backend forked from a postmaster
 * that preloaded this library discards whatever it inherited.
 */
id_random_pool objectid_random_pool =
ID_RANDOM_POOL_INIT(pg_strong_random);

/*
 * Turn a pure-C layer status into the error a user sees.  layout names what
 * an instant out of range was meant for: OBJECTID_LAYOUT (the objectid
 * type) or a UUID version.
 */
void
objectid_check_status(id_status status, int layout, const char *range_detail)
{
	switch (status)
	{
		case ID_OK:
			return;
		case ID_ERR_RANDOM:
			ereport(ERROR,
					(errcode(ERRCODE_INTERNAL_ERROR),
					 errmsg("could not generate random values")));
			break;
		case ID_ERR_RANGE:
			objectid_range_error(layout, range_detail);
			break;
	}
	elog(ERROR, "unexpected status %d", (int) status);
}

/*
 * An instant a layout cannot hold (OBJECTID_LAYOUT or a UUID version), and
 * range_detail says which instants it holds.  Never returns.
 */
void
objectid_range_error(int layout, const char *range_detail)
{
	if (layout == OBJECTID_LAYOUT)
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("timestamp out of range for type %s", "objectid"),
				 errdetail("%s", _(range_detail))));
	ereport(ERROR,
			(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
			 errmsg("timestamp out of range for UUID version %d", layout),
			 errdetail("%s", _(range_detail))));
}

/* The clock could not be read (errno tells why); never returns. */
void
objectid_clock_error(void)
{
	ereport(ERROR,
			(errcode(ERRCODE_SYSTEM_ERROR),
			 errmsg("could not read the system clock: %m")));
}

/*
 * Bytes that must hold one value of type typname, of a fixed length.
 */
void
objectid_check_input_length(int64 got, int expected, const char *typname)
{
	if (got != expected)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid input length for type %s", typname),
				 errdetail("Expected %d bytes, got " INT64_FORMAT ".",
						   expected, got)));
}

/*
 * A palloc'd copy of the bytes of a bytea that must hold exactly len of
 * them; any other length is an error, as objectid_check_input_length says.
 */
void *
objectid_bytea_fixed(bytea *b, int len, const char *typname)
{
	void	   *result;

	objectid_check_input_length(VARSIZE_ANY_EXHDR(b), len, typname);
	result = palloc(len);
	memcpy(result, VARDATA_ANY(b), len);
	return result;
}

/*
 * Microseconds since the Unix epoch; false for infinities and for instants
 * whose shift to the Unix epoch would overflow.
 */
bool
objectid_timestamptz_to_unix_us(TimestampTz ts, int64 *unix_us)
{
	if (TIMESTAMP_NOT_FINITE(ts))
		return false;
	return !pg_sub_s64_overflow(ts, OBJECTID_UNIX_EPOCH_US, unix_us);
}

/* The inverse, for values the layouts can hold (no overflow possible). */
TimestampTz
objectid_unix_us_to_timestamptz(int64 unix_us)
{
	return (TimestampTz) (unix_us + OBJECTID_UNIX_EPOCH_US);
}
