/*-------------------------------------------------------------------------
 *
 * objectid.c
 *	  The objectid type: text and binary I/O, bytea casts, and reading the
 *	  timestamp field.
 *
 * IDENTIFICATION
 *	  src/objectid.c
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "libpq/pqformat.h"
#include "utils/builtins.h"

#include "pure/hex.h"
#include "pure/objectid.h"
#include "objectid.h"
#include "objectid_catalog.h"
#include "objectid_gen.h"
#include "objectid_install.h"
#include "objectid_planner.h"
#include "objectid_util.h"
#include "objectid_window.h"
#include "uuid_repr.h"

/* OBJECTID_VERSION: META.json's "version", which the Makefile passes */
#if PG_VERSION_NUM >= 180000
PG_MODULE_MAGIC_EXT(.name = "objectid", .version = OBJECTID_VERSION);
#else
PG_MODULE_MAGIC;
#endif

/*
 * Module load, the one entry point: each part that needs set-up at load time
 * has an init function called from here.  Per-backend state (generators,
 * the random pool) is never made here but on first use, so a postmaster that
 * preloads the library hands no state to the processes it forks; what it
 * makes is shared memory (the server generator's, on 15 and 16), which
 * every process is meant to share.
 */
void
_PG_init(void)
{
	/* before objectid_uuid_repr_init(), which reserves "objectid." */
	objectid_gen_init();
	objectid_window_init();
	objectid_uuid_repr_init();
	objectid_catalog_init();
	objectid_planner_init();
	objectid_install_init();
}

PG_FUNCTION_INFO_V1(objectid_in);

Datum
objectid_in(PG_FUNCTION_ARGS)
{
	char	   *str = PG_GETARG_CSTRING(0);
	pg_objectid_t *result = palloc(sizeof(pg_objectid_t));

	/*
	 * Text that reads as an instant most likely came from objectid('...')
	 * with an untyped literal, which PostgreSQL parses as this input (a
	 * cast), not as the generator objectid(timestamptz): the hint says what
	 * to write.  The portable edition gives the same hint.
	 */
	if (!id_hex_decode(str, result->data, OBJECTID_LEN))
		ereturn(fcinfo->context, (Datum) 0,
				errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
				errmsg("invalid input syntax for type %s: \"%s\"",
					   "objectid", str),
				errdetail("An objectid is written as 24 hexadecimal digits."),
				objid_reads_as_instant(str) ?
				errhint("To make a new objectid for that instant, write objectid(timestamptz %s); objectid_from_timestamp() gives the smallest objectid of its second.",
						quote_literal_cstr(str)) : 0);
	PG_RETURN_OBJECTID_P(result);
}

PG_FUNCTION_INFO_V1(objectid_out);

Datum
objectid_out(PG_FUNCTION_ARGS)
{
	pg_objectid_t *id = PG_GETARG_OBJECTID_P(0);
	char	   *result = palloc(OBJID_HEX_LEN + 1);

	id_hex_encode(id->data, OBJECTID_LEN, result);
	PG_RETURN_CSTRING(result);
}

PG_FUNCTION_INFO_V1(objectid_recv);

Datum
objectid_recv(PG_FUNCTION_ARGS)
{
	StringInfo	buf = (StringInfo) PG_GETARG_POINTER(0);
	pg_objectid_t *result = palloc(sizeof(pg_objectid_t));

	/* the message is this one value: anything but 12 bytes is wrong */
	objectid_check_input_length(buf->len - buf->cursor, OBJECTID_LEN,
								"objectid");
	memcpy(result->data, pq_getmsgbytes(buf, OBJECTID_LEN), OBJECTID_LEN);
	PG_RETURN_OBJECTID_P(result);
}

PG_FUNCTION_INFO_V1(objectid_send);

Datum
objectid_send(PG_FUNCTION_ARGS)
{
	pg_objectid_t *id = PG_GETARG_OBJECTID_P(0);
	StringInfoData buf;

	pq_begintypsend(&buf);
	pq_sendbytes(&buf, (char *) id->data, OBJECTID_LEN);
	PG_RETURN_BYTEA_P(pq_endtypsend(&buf));
}

/* objectid::bytea */
PG_FUNCTION_INFO_V1(objectid_to_bytea);

Datum
objectid_to_bytea(PG_FUNCTION_ARGS)
{
	pg_objectid_t *id = PG_GETARG_OBJECTID_P(0);
	bytea	   *result = palloc(VARHDRSZ + OBJECTID_LEN);

	SET_VARSIZE(result, VARHDRSZ + OBJECTID_LEN);
	memcpy(VARDATA(result), id->data, OBJECTID_LEN);
	PG_RETURN_BYTEA_P(result);
}

/* bytea::objectid */
PG_FUNCTION_INFO_V1(objectid_from_bytea);

Datum
objectid_from_bytea(PG_FUNCTION_ARGS)
{
	PG_RETURN_OBJECTID_P(objectid_bytea_fixed(PG_GETARG_BYTEA_PP(0),
											  OBJECTID_LEN, "objectid"));
}

/*
 * objectid_timestamp: the embedded second.  Every 32-bit value is a valid
 * timestamptz, so this cannot fail (and is leakproof).
 */
PG_FUNCTION_INFO_V1(objectid_timestamp);

Datum
objectid_timestamp(PG_FUNCTION_ARGS)
{
	pg_objectid_t *id = PG_GETARG_OBJECTID_P(0);
	int64		seconds = objid_seconds(id->data);

	PG_RETURN_TIMESTAMPTZ(objectid_unix_us_to_timestamptz(seconds *
														  USECS_PER_SEC));
}
