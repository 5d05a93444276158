/*-------------------------------------------------------------------------
 *
 * uuid_detect.c
 *	  Which MongoDB UUID representation wrote legacy UUID bytes: the
 *	  per-value uuid_representations(bytea) and the aggregate
 *	  uuid_detect_representation(bytea | jsonb) with its support functions.
 *
 * The logic is in src/pure/uuid_detect.c; this file reads arguments, keeps
 * the aggregate's state (a fixed-size uuid_detect_tally of counters and the
 * first distinct values, free of pointers, copied as bytes between parallel
 * workers) and writes the report as jsonb.
 *
 * IDENTIFICATION
 *	  src/uuid_detect.c
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "access/xact.h"
#include "catalog/pg_type.h"
#include "lib/stringinfo.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/fmgrprotos.h"
#include "utils/uuid.h"

#include "pure/uuid_detect.h"
#include "objectid.h"
#include "objectid_util.h"
#include "extjson.h"

/*
 * chances below this are reported as 0 (README, "Detecting which driver
 * wrote the bytes")
 */
#define OBJECTID_DETECT_CHANCE_FLOOR	1e-15

static uuid_detect_tally *objectid_detect_state(FunctionCallInfo fcinfo,
												MemoryContext *aggcontext);
static int64 objectid_detect_now_us(void);
static Datum objectid_detect_accum(FunctionCallInfo fcinfo, const uint8 *bytes,
								   size_t len, int subtype);
static void objectid_detect_append_chance(StringInfo buf, double chance);
static void objectid_detect_append_names(StringInfo buf, unsigned set);

/* uuid_representations(bytea): the representations 16 bytes fit */
PG_FUNCTION_INFO_V1(objectid_uuid_representations);

Datum
objectid_uuid_representations(PG_FUNCTION_ARGS)
{
	bytea	   *b = PG_GETARG_BYTEA_PP(0);
	Datum		names[UUID_DETECT_NREPR];
	unsigned	set;
	int			n = 0;
	int			r;

	objectid_check_input_length(VARSIZE_ANY_EXHDR(b), UUID_LEN, "uuid");
	set = uuid_detect_representations((const uint8 *) VARDATA_ANY(b));
	for (r = UUID_DETECT_FIRST; r <= UUID_DETECT_LAST; r++)
	{
		if (set & UUID_DETECT_BIT(r))
			names[n++] = CStringGetTextDatum(uuid_repr_name((uuid_repr) r));
	}
	PG_RETURN_ARRAYTYPE_P(construct_array(names, n, TEXTOID, -1, false,
										  TYPALIGN_INT));
}

/*
 * The transition state: argument 0, or a new empty tally in the aggregate's
 * memory context on the first row.
 */
static uuid_detect_tally *
objectid_detect_state(FunctionCallInfo fcinfo, MemoryContext *aggcontext)
{
	uuid_detect_tally *t;

	if (!AggCheckCallContext(fcinfo, aggcontext))
		elog(ERROR, "aggregate function called in non-aggregate context");
	if (!PG_ARGISNULL(0))
		return (uuid_detect_tally *) PG_GETARG_POINTER(0);
	t = MemoryContextAlloc(*aggcontext, sizeof(uuid_detect_tally));
	uuid_detect_tally_init(t);
	return t;
}

/*
 * "The current time" of the timestamp test: the start of the transaction,
 * as now(), so that every row of a statement (and every parallel worker)
 * is judged against the same instant.
 */
static int64
objectid_detect_now_us(void)
{
	int64		now_us;

	if (!objectid_timestamptz_to_unix_us(GetCurrentTransactionStartTimestamp(),
										 &now_us))
		elog(ERROR, "transaction start time is not finite");
	return now_us;
}

/*
 * One transition step: count a value (subtype -1 when unknown) into the
 * state, or nothing for a NULL (bytes NULL), and return the state.
 */
static Datum
objectid_detect_accum(FunctionCallInfo fcinfo, const uint8 *bytes,
					  size_t len, int subtype)
{
	MemoryContext aggcontext;
	uuid_detect_tally *t = objectid_detect_state(fcinfo, &aggcontext);

	if (bytes != NULL)
		uuid_detect_tally_add(t, bytes, len, subtype,
							  objectid_detect_now_us());
	PG_RETURN_POINTER(t);
}

/* uuid_detect_accum(internal, bytea): count one row of raw bytes */
PG_FUNCTION_INFO_V1(objectid_uuid_detect_accum_bytea);

Datum
objectid_uuid_detect_accum_bytea(PG_FUNCTION_ARGS)
{
	bytea	   *b;

	if (PG_ARGISNULL(1))
		return objectid_detect_accum(fcinfo, NULL, 0, -1);
	b = PG_GETARG_BYTEA_PP(1);
	return objectid_detect_accum(fcinfo, (const uint8 *) VARDATA_ANY(b),
								 VARSIZE_ANY_EXHDR(b), -1);
}

/*
 * uuid_detect_accum(internal, jsonb): count one Extended JSON binary, its
 * subtype included.  A document that is not one of the three forms is an
 * error, as in uuid_from_extjson; a subtype other than 03 and 04, or a
 * length other than 16, is counted as not a UUID.
 */
PG_FUNCTION_INFO_V1(objectid_uuid_detect_accum_jsonb);

Datum
objectid_uuid_detect_accum_jsonb(PG_FUNCTION_ARGS)
{
	objectid_bson_binary bin;

	if (PG_ARGISNULL(1))
		return objectid_detect_accum(fcinfo, NULL, 0, -1);
	objectid_extjson_binary(PG_GETARG_JSONB_P(1), &bin);
	return objectid_detect_accum(fcinfo, bin.data, bin.len, bin.subtype);
}

/* uuid_detect_combine(internal, internal): two partial tallies in one */
PG_FUNCTION_INFO_V1(objectid_uuid_detect_combine);

Datum
objectid_uuid_detect_combine(PG_FUNCTION_ARGS)
{
	MemoryContext aggcontext;
	uuid_detect_tally *t;

	if (!AggCheckCallContext(fcinfo, &aggcontext))
		elog(ERROR, "aggregate function called in non-aggregate context");
	if (PG_ARGISNULL(1))
		PG_RETURN_DATUM(PG_GETARG_DATUM(0));	/* NULL or the first */
	if (PG_ARGISNULL(0))
	{
		t = MemoryContextAlloc(aggcontext, sizeof(uuid_detect_tally));
		uuid_detect_tally_init(t);
	}
	else
		t = (uuid_detect_tally *) PG_GETARG_POINTER(0);
	uuid_detect_tally_merge(t, (uuid_detect_tally *) PG_GETARG_POINTER(1));
	PG_RETURN_POINTER(t);
}

/*
 * uuid_detect_serialize(internal): the tally's bytes.  Serialized states
 * only travel between processes of one server, which run the same build.
 */
PG_FUNCTION_INFO_V1(objectid_uuid_detect_serialize);

Datum
objectid_uuid_detect_serialize(PG_FUNCTION_ARGS)
{
	uuid_detect_tally *t;
	bytea	   *result;

	if (!AggCheckCallContext(fcinfo, NULL))
		elog(ERROR, "aggregate function called in non-aggregate context");
	t = (uuid_detect_tally *) PG_GETARG_POINTER(0);
	result = palloc(VARHDRSZ + sizeof(uuid_detect_tally));
	SET_VARSIZE(result, VARHDRSZ + sizeof(uuid_detect_tally));
	memcpy(VARDATA(result), t, sizeof(uuid_detect_tally));
	PG_RETURN_BYTEA_P(result);
}

/* uuid_detect_deserialize(bytea, internal): the inverse */
PG_FUNCTION_INFO_V1(objectid_uuid_detect_deserialize);

Datum
objectid_uuid_detect_deserialize(PG_FUNCTION_ARGS)
{
	bytea	   *b;
	uuid_detect_tally *t;

	if (!AggCheckCallContext(fcinfo, NULL))
		elog(ERROR, "aggregate function called in non-aggregate context");
	b = PG_GETARG_BYTEA_PP(0);
	if (VARSIZE_ANY_EXHDR(b) != sizeof(uuid_detect_tally))
		elog(ERROR, "serialized uuid_detect_representation state has %d bytes, not %d",
			 (int) VARSIZE_ANY_EXHDR(b), (int) sizeof(uuid_detect_tally));
	t = palloc(sizeof(uuid_detect_tally));
	memcpy(t, VARDATA_ANY(b), sizeof(uuid_detect_tally));
	PG_RETURN_POINTER(t);
}

/* a chance as a JSON number: two significant digits, or null if none */
static void
objectid_detect_append_chance(StringInfo buf, double chance)
{
	if (chance < 0.0)
		appendStringInfoString(buf, "null");
	else if (chance < OBJECTID_DETECT_CHANCE_FLOOR)
		appendStringInfoString(buf, "0");
	else
		appendStringInfo(buf, "%.2g", chance);
}

/* a set of representations as a JSON array of their names */
static void
objectid_detect_append_names(StringInfo buf, unsigned set)
{
	bool		first = true;
	int			r;

	appendStringInfoChar(buf, '[');
	for (r = UUID_DETECT_FIRST; r <= UUID_DETECT_LAST; r++)
	{
		if (!(set & UUID_DETECT_BIT(r)))
			continue;
		appendStringInfo(buf, "%s\"%s\"", first ? "" : ", ",
						 uuid_repr_name((uuid_repr) r));
		first = false;
	}
	appendStringInfoChar(buf, ']');
}

/* uuid_detect_final(internal): the report */
PG_FUNCTION_INFO_V1(objectid_uuid_detect_final);

Datum
objectid_uuid_detect_final(PG_FUNCTION_ARGS)
{
	uuid_detect_tally empty;
	const uuid_detect_tally *t;
	uuid_detect_result res;
	StringInfoData buf;
	const char *reason;
	int			r;
	int			v;

	if (PG_ARGISNULL(0))
	{
		uuid_detect_tally_init(&empty);
		t = &empty;
	}
	else
		t = (const uuid_detect_tally *) PG_GETARG_POINTER(0);
	uuid_detect_verdict(t, &res);
	reason = uuid_detect_reason_name(res.reason);

	initStringInfo(&buf);
	appendStringInfoString(&buf, "{\"verdict\": ");
	if (res.reason == UUID_DETECT_FOUND)
		objectid_detect_append_names(&buf, res.best);
	else
		appendStringInfoString(&buf, "null");
	if (reason != NULL)
		appendStringInfo(&buf, ", \"reason\": \"%s\"", reason);
	else
		appendStringInfoString(&buf, ", \"reason\": null");
	appendStringInfoString(&buf, ", \"fit_all\": ");
	objectid_detect_append_names(&buf, res.fit_all);
	appendStringInfoString(&buf, ", \"chance\": ");
	objectid_detect_append_chance(&buf, res.chance);
	appendStringInfo(&buf,
					 ", \"rows\": " INT64_FORMAT
					 ", \"distinct\": " INT64_FORMAT
					 ", \"nil_or_max\": " INT64_FORMAT
					 ", \"not_uuid\": " INT64_FORMAT
					 ", \"fits_none\": " INT64_FORMAT
					 ", \"representations\": {",
					 t->rows, res.distinct, t->nil_or_max, t->not_uuid,
					 t->fits_none);

	/*
	 * Per representation.  "fits" and "well_formed" are one count since the
	 * timestamp test no longer decides fit; both keys stay, for readers of
	 * earlier reports.
	 */
	for (r = UUID_DETECT_FIRST; r <= UUID_DETECT_LAST; r++)
	{
		bool		first = true;

		appendStringInfo(&buf,
						 "%s\"%s\": {\"fits\": " INT64_FORMAT
						 ", \"well_formed\": " INT64_FORMAT
						 ", \"timestamped\": " INT64_FORMAT
						 ", \"plausible\": " INT64_FORMAT
						 ", \"versions\": [",
						 r == UUID_DETECT_FIRST ? "" : ", ",
						 uuid_repr_name((uuid_repr) r),
						 t->fits[r], t->fits[r], t->timestamped[r],
						 t->plausible[r]);
		for (v = 1; v <= 8; v++)
		{
			if (!(t->versions[r] & (UINT32_C(1) << v)))
				continue;
			appendStringInfo(&buf, "%s%d", first ? "" : ", ", v);
			first = false;
		}
		appendStringInfoString(&buf, "], \"chance\": ");
		objectid_detect_append_chance(&buf, res.repr_chance[r]);
		appendStringInfoChar(&buf, '}');
	}
	appendStringInfoString(&buf, "}}");

	PG_RETURN_DATUM(DirectFunctionCall1(jsonb_in, CStringGetDatum(buf.data)));
}
