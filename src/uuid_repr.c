/*-------------------------------------------------------------------------
 *
 * uuid_repr.c
 *	  MongoDB UUID representations of bytea, the objectid.uuid_representation
 *	  setting, and the ObjectId <-> version 8 UUID mapping.  Their Extended
 *	  JSON forms are in extjson.c.
 *
 * Each uuid conversion has a one- and a two-argument SQL form sharing one C
 * function: without the representation argument the setting is read.  As
 * in uuid_gen.c, every C symbol carries an objectid_ prefix.
 *
 * IDENTIFICATION
 *	  src/uuid_repr.c
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "utils/builtins.h"
#include "utils/fmgrprotos.h"
#include "utils/guc.h"
#include "utils/memutils.h"
#include "utils/uuid.h"

#include "pure/uuid_gen.h"
#include "pure/uuid_repr.h"
#include "objectid.h"
#include "objectid_util.h"
#include "uuid_repr.h"

/* objectid.uuid_representation */
static int	objectid_uuid_representation = UUID_REPR_STANDARD;

/*
 * Called by _PG_init (src/objectid.c): define objectid.uuid_representation.  Its values are the
 * representation names uuid_repr_parse accepts (the GUC machinery matches
 * them ignoring case, as the two-argument functions do); the spec's five
 * string values are listed, the enum-constant spellings are hidden.
 */
void
objectid_uuid_repr_init(void)
{
	struct config_enum_entry *options;
	const char *name;
	uuid_repr	repr;
	bool		canonical;
	int			n;
	int			i;

	for (n = 0; uuid_repr_spelling(n, &name, &repr, &canonical); n++)
		;
	options = MemoryContextAllocZero(TopMemoryContext,
									 sizeof(struct config_enum_entry) * (n + 1));
	for (i = 0; i < n; i++)
	{
		uuid_repr_spelling(i, &name, &repr, &canonical);
		options[i].name = name;
		options[i].val = (int) repr;
		options[i].hidden = !canonical;
	}

	DefineCustomEnumVariable("objectid.uuid_representation",
							 "UUID representation used by the one-argument "
							 "UUID conversion functions.",
							 "Like the MongoDB drivers' uuidRepresentation "
							 "option: " UUIDREPR_VALID_NAMES ".",
							 &objectid_uuid_representation,
							 UUID_REPR_STANDARD,
							 options,
							 PGC_USERSET,
							 0,
							 NULL, NULL, NULL);
	MarkGUCPrefixReserved("objectid");
}

/*
 * The representation of a conversion: argument argno if the SQL form has
 * it, else the setting.  An unknown name is an error here; unspecified is
 * returned, for objectid_uuid_repr_check to reject when it matters.
 */
uuid_repr
objectid_uuid_repr_arg(FunctionCallInfo fcinfo, int argno, bool *from_setting)
{
	text	   *name;
	uuid_repr	repr;

	if (PG_NARGS() <= argno)
	{
		*from_setting = true;
		return (uuid_repr) objectid_uuid_representation;
	}
	*from_setting = false;
	name = PG_GETARG_TEXT_PP(argno);
	if (!uuid_repr_parse(VARDATA_ANY(name), VARSIZE_ANY_EXHDR(name), &repr))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("unrecognized UUID representation: \"%s\"",
						text_to_cstring(name)),
				 errhint("Valid representations are: %s.",
						 UUIDREPR_VALID_NAMES)));
	return repr;
}

/* "unspecified" names no byte order and no subtype: every conversion fails */
void
objectid_uuid_repr_check(uuid_repr repr, bool from_setting)
{
	if (repr != UUID_REPR_UNSPECIFIED)
		return;
	if (from_setting)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("cannot convert a UUID with UUID representation \"%s\"",
						"unspecified"),
				 errdetail("The representation comes from \"%s\", which is \"%s\"; that representation has no byte order.",
						   "objectid.uuid_representation", "unspecified"),
				 errhint("Set %s to %s, or pass the representation as the second argument.",
						 "objectid.uuid_representation",
						 UUIDREPR_BYTE_ORDER_NAMES)));
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("cannot convert a UUID with UUID representation \"%s\"",
					"unspecified"),
			 errdetail("The \"%s\" representation has no byte order; use %s.",
					   "unspecified", UUIDREPR_BYTE_ORDER_NAMES)));
}

/*
 * Encode (UUID to representation bytes) or decode 16 bytes in repr, which
 * the caller got from objectid_uuid_repr_arg before looking at its other
 * arguments (an unknown name is reported first, in every conversion).
 */
void
objectid_uuid_convert(uuid_repr repr, bool from_setting, bool encode,
					  const uint8 *in, uint8 *out)
{
	bool		ok;

	objectid_uuid_repr_check(repr, from_setting);
	ok = encode ? uuid_repr_encode(repr, in, out) :
		uuid_repr_decode(repr, in, out);
	if (!ok)
		elog(ERROR, "unexpected UUID representation %d", (int) repr);
}

/* uuid_to_bytea(uuid [, representation]) */
PG_FUNCTION_INFO_V1(objectid_uuid_to_bytea);

Datum
objectid_uuid_to_bytea(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *u = PG_GETARG_UUID_P(0);
	bool		from_setting;
	uuid_repr	repr = objectid_uuid_repr_arg(fcinfo, 1, &from_setting);
	bytea	   *result = palloc(VARHDRSZ + UUID_LEN);

	SET_VARSIZE(result, VARHDRSZ + UUID_LEN);
	objectid_uuid_convert(repr, from_setting, true, u->data,
						  (uint8 *) VARDATA(result));
	PG_RETURN_BYTEA_P(result);
}

/* uuid_from_bytea(bytea [, representation]) */
PG_FUNCTION_INFO_V1(objectid_uuid_from_bytea);

Datum
objectid_uuid_from_bytea(PG_FUNCTION_ARGS)
{
	bytea	   *b = PG_GETARG_BYTEA_PP(0);
	bool		from_setting;
	uuid_repr	repr = objectid_uuid_repr_arg(fcinfo, 1, &from_setting);
	pg_uuid_t  *result = palloc(sizeof(pg_uuid_t));

	/* an unknown name first, then the length, then unspecified */
	objectid_check_input_length(VARSIZE_ANY_EXHDR(b), UUID_LEN, "uuid");
	objectid_uuid_convert(repr, from_setting, false,
						  (const uint8 *) VARDATA_ANY(b), result->data);
	PG_RETURN_UUID_P(result);
}

/* objectid_to_uuid(objectid): the order-preserving version 8 mapping */
PG_FUNCTION_INFO_V1(objectid_to_uuid);

Datum
objectid_to_uuid(PG_FUNCTION_ARGS)
{
	pg_objectid_t *id = PG_GETARG_OBJECTID_P(0);
	pg_uuid_t  *result = palloc(sizeof(pg_uuid_t));

	uuid_repr_oid_to_uuid(id->data, result->data);
	PG_RETURN_UUID_P(result);
}

/* uuid_to_objectid(uuid): the inverse, for UUIDs of that form only */
PG_FUNCTION_INFO_V1(objectid_uuid_to_objectid);

Datum
objectid_uuid_to_objectid(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *u = PG_GETARG_UUID_P(0);
	pg_objectid_t *result = palloc(sizeof(pg_objectid_t));
	int			version;

	if (uuid_repr_uuid_to_oid(u->data, result->data))
		PG_RETURN_OBJECTID_P(result);

	/* say why: the variant, the version, or the trailing bits */
	version = uuidgen_version(u->data);
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("UUID \"%s\" does not hold an objectid",
					DatumGetCString(DirectFunctionCall1(uuid_out,
														UUIDPGetDatum(u)))),
			 version < 0 ?
			 errdetail("Its variant is not the RFC 9562 variant.") :
			 version != 8 ?
			 errdetail("Its version is %d, not 8.", version) :
			 errdetail("Its last 26 bits are not all zero.")));
}

