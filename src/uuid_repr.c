/*-------------------------------------------------------------------------
 *
 * uuid_repr.c
 *	  MongoDB UUID representations (bytea and Extended JSON), ObjectId
 *	  Extended JSON, the ObjectId <-> version 8 UUID mapping, and the
 *	  objectid.uuid_representation setting.
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
#include "utils/jsonb.h"
#include "utils/memutils.h"
#include "utils/uuid.h"

#include "core/base64.h"
#include "core/extjson.h"
#include "core/hex.h"
#include "core/uuid_gen.h"
#include "core/uuid_repr.h"
#include "objectid.h"
#include "objectid_util.h"
#include "uuid_repr.h"

/* objectid.uuid_representation */
static int	objectid_uuid_representation = UUID_REPR_STANDARD;

/* one key an Extended JSON object may have, and what it held */
typedef struct objectid_json_field
{
	const char *key;
	bool		found;
	JsonbValue	value;
} objectid_json_field;

/*
 * Every malformed Extended JSON input gets this primary message; the detail
 * (a format and its arguments) says what was wrong.
 */
#define objectid_json_error(typname, ...) \
	ereport(ERROR, \
			(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION), \
			 errmsg("invalid Extended JSON for type %s", (typname)), \
			 errdetail(__VA_ARGS__)))

static uuid_repr objectid_uuid_repr_arg(FunctionCallInfo fcinfo, int argno,
										bool *from_setting);
static void objectid_uuid_repr_check(uuid_repr repr, bool from_setting);
static void objectid_uuid_convert(uuid_repr repr, bool from_setting,
								  bool encode, const uint8 *in, uint8 *out);
static char *objectid_json_string(JsonbValue *v, const char *typname,
								  const char *key);
static void objectid_json_fields(JsonbContainer *container,
								 const char *typname, const char *where,
								 objectid_json_field *fields, int nfields);
static void objectid_json_root_object(Jsonb *jb, const char *typname);
static int	objectid_extjson_subtype(JsonbValue *v, const char *key);
static Datum objectid_jsonb_from_cstring(const char *json);

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
static uuid_repr
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
static void
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
static void
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
	objectid_check_input_length(VARSIZE_ANY_EXHDR(b), UUID_LEN, "type uuid");
	objectid_uuid_convert(repr, from_setting, false,
						  (const uint8 *) VARDATA_ANY(b), result->data);
	PG_RETURN_UUID_P(result);
}

/* the value of key as a C string; anything but a JSON string is an error */
static char *
objectid_json_string(JsonbValue *v, const char *typname, const char *key)
{
	if (v->type != jbvString)
		objectid_json_error(typname, "Value of \"%s\" must be a string, not %s.",
							key, JsonbTypeName(v));
	return pnstrdup(v->val.string.val, v->val.string.len);
}

/*
 * Collect the members of an object whose keys are among fields[]; any other
 * key is an error naming it ("where" says which object it was in).
 */
static void
objectid_json_fields(JsonbContainer *container, const char *typname,
					 const char *where, objectid_json_field *fields,
					 int nfields)
{
	JsonbIterator *it = JsonbIteratorInit(container);
	JsonbValue	v;
	JsonbIteratorToken tok;
	int			current = -1;
	int			i;

	for (i = 0; i < nfields; i++)
		fields[i].found = false;

	while ((tok = JsonbIteratorNext(&it, &v, true)) != WJB_DONE)
	{
		if (tok == WJB_KEY)
		{
			current = -1;
			for (i = 0; i < nfields; i++)
			{
				if (v.val.string.len == strlen(fields[i].key) &&
					memcmp(v.val.string.val, fields[i].key,
						   v.val.string.len) == 0)
					current = i;
			}
			if (current < 0)
				objectid_json_error(typname, "Unexpected key \"%s\" in %s.",
									pnstrdup(v.val.string.val,
											 v.val.string.len),
									where);
		}
		else if (tok == WJB_VALUE && current >= 0)
		{
			fields[current].found = true;
			fields[current].value = v;
		}
	}
}

/* the top level must be an object */
static void
objectid_json_root_object(Jsonb *jb, const char *typname)
{
	JsonbValue	v;

	if (JB_ROOT_IS_OBJECT(jb))
		return;
	if (JB_ROOT_IS_SCALAR(jb) && JsonbExtractScalar(&jb->root, &v))
		objectid_json_error(typname, "Expected a JSON object, not %s.",
							JsonbTypeName(&v));
	objectid_json_error(typname, "Expected a JSON object, not %s.", "array");
}

/* "subType" or "$type": a string of one or two hex digits */
static int
objectid_extjson_subtype(JsonbValue *v, const char *key)
{
	char	   *s = objectid_json_string(v, "uuid", key);
	int			subtype;

	if (!id_extjson_parse_subtype(s, strlen(s), &subtype))
		objectid_json_error("uuid",
							"Value of \"%s\" must be a BSON binary subtype of one or two hex digits, not \"%s\".",
							key, s);
	return subtype;
}

/*
 * Read one of the three Extended JSON forms of a BSON binary a UUID can come
 * in, and nothing else:
 *
 *	{"$binary": {"base64": "<base64>", "subType": "<hex>"}}	(canonical, v2)
 *	{"$binary": "<base64>", "$type": "<hex>"}				(legacy, v1)
 *	{"$uuid": "<8-4-4-4-12 hex>"}							(subtype 4)
 *
 * Extra or missing keys, values of other JSON types, and base64 that is not
 * canonical are errors.
 */
void
objectid_extjson_binary(Jsonb *jb, objectid_bson_binary *bin)
{
	objectid_json_field top[3] = {{"$binary"}, {"$type"}, {"$uuid"}};
	char	   *b64;
	const char *b64key;
	size_t		b64len;

	objectid_json_root_object(jb, "uuid");
	objectid_json_fields(&jb->root, "uuid", "the top-level object", top, 3);

	if (top[2].found)
	{
		char	   *s = objectid_json_string(&top[2].value, "uuid", "$uuid");

		if (top[0].found || top[1].found)
			objectid_json_error("uuid",
								"Key \"$uuid\" cannot be combined with \"%s\".",
								top[0].found ? "$binary" : "$type");
		bin->subtype = UUIDREPR_SUBTYPE_STANDARD;
		bin->len = UUID_LEN;
		bin->data = palloc(UUID_LEN);
		if (!id_extjson_parse_uuid(s, strlen(s), bin->data))
			objectid_json_error("uuid",
								"Value of \"$uuid\" must be a UUID of the form xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx, not \"%s\".",
								s);
		return;
	}
	if (!top[0].found && top[1].found)
		objectid_json_error("uuid", "Key \"$binary\" is missing.");
	if (!top[0].found)
		objectid_json_error("uuid", "Expected key \"$binary\" or \"$uuid\".");

	if (top[0].value.type == jbvBinary &&
		JsonContainerIsObject(top[0].value.val.binary.data))
	{
		/* canonical: {"$binary": {"base64": ..., "subType": ...}} */
		objectid_json_field inner[2] = {{"base64"}, {"subType"}};

		if (top[1].found)
			objectid_json_error("uuid",
								"Key \"$type\" belongs only to the legacy form {\"$binary\": \"<base64>\", \"$type\": \"<subtype>\"}.");
		objectid_json_fields(top[0].value.val.binary.data, "uuid",
							 "\"$binary\"", inner, 2);
		if (!inner[0].found || !inner[1].found)
			objectid_json_error("uuid", "Key \"%s\" is missing in \"$binary\".",
								inner[0].found ? "subType" : "base64");
		b64key = "base64";
		b64 = objectid_json_string(&inner[0].value, "uuid", b64key);
		bin->subtype = objectid_extjson_subtype(&inner[1].value, "subType");
	}
	else if (top[0].value.type == jbvString)
	{
		/* legacy: {"$binary": "<base64>", "$type": "<hex>"} */
		if (!top[1].found)
			objectid_json_error("uuid",
								"Key \"$type\" is missing: the legacy form is {\"$binary\": \"<base64>\", \"$type\": \"<subtype>\"}.");
		b64key = "$binary";
		b64 = objectid_json_string(&top[0].value, "uuid", b64key);
		bin->subtype = objectid_extjson_subtype(&top[1].value, "$type");
	}
	else
	{
		objectid_json_error("uuid",
							"Value of \"$binary\" must be an object or a string, not %s.",
							JsonbTypeName(&top[0].value));
	}

	b64len = strlen(b64);
	bin->data = palloc(ID_BASE64_DECODED_MAX(b64len) + 1);
	if (!id_base64_decode(b64, b64len, bin->data, &bin->len))
		objectid_json_error("uuid",
							"Value of \"%s\" is not canonical base64 (RFC 4648 alphabet, \"=\" padding, no whitespace): \"%s\".",
							b64key, b64);
}

/* jsonb from text this file wrote itself */
static Datum
objectid_jsonb_from_cstring(const char *json)
{
	return DirectFunctionCall1(jsonb_in, CStringGetDatum(json));
}

/* uuid_to_extjson(uuid [, representation]) */
PG_FUNCTION_INFO_V1(objectid_uuid_to_extjson);

Datum
objectid_uuid_to_extjson(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *u = PG_GETARG_UUID_P(0);
	uint8		bytes[UUID_LEN];
	char		b64[ID_BASE64_ENCODED_LEN(UUID_LEN) + 1];
	bool		from_setting;
	uuid_repr	repr = objectid_uuid_repr_arg(fcinfo, 1, &from_setting);

	objectid_uuid_convert(repr, from_setting, true, u->data, bytes);
	id_base64_encode(bytes, UUID_LEN, b64);
	PG_RETURN_DATUM(objectid_jsonb_from_cstring(
		psprintf("{\"$binary\": {\"base64\": \"%s\", \"subType\": \"%02x\"}}",
				 b64, uuid_repr_subtype(repr))));
}

/* uuid_from_extjson(jsonb [, representation]) */
PG_FUNCTION_INFO_V1(objectid_uuid_from_extjson);

Datum
objectid_uuid_from_extjson(PG_FUNCTION_ARGS)
{
	Jsonb	   *jb = PG_GETARG_JSONB_P(0);
	bool		from_setting;
	uuid_repr	repr = objectid_uuid_repr_arg(fcinfo, 1, &from_setting);
	objectid_bson_binary bin;
	pg_uuid_t  *result;

	objectid_extjson_binary(jb, &bin);

	if (bin.subtype != UUIDREPR_SUBTYPE_STANDARD &&
		bin.subtype != UUIDREPR_SUBTYPE_LEGACY)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("BSON binary subtype %02x is not a UUID subtype",
						bin.subtype),
				 errdetail("A UUID is stored as subtype 04 (standard) or 03 (legacy).")));
	objectid_check_input_length(bin.len, UUID_LEN, "type uuid");
	objectid_uuid_repr_check(repr, from_setting);
	if (!uuid_repr_can_decode(repr, bin.subtype))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("cannot decode a BSON binary of subtype %02x as a UUID with UUID representation \"%s\"",
						bin.subtype, uuid_repr_name(repr)),
				 bin.subtype == UUIDREPR_SUBTYPE_STANDARD ?
				 errdetail("Subtype 04 decodes only with the standard representation.") :
				 errdetail("Subtype 03 decodes only with a legacy representation: %s.",
						   UUIDREPR_LEGACY_NAMES),
				 from_setting ?
				 errhint("The representation comes from \"%s\".",
						 "objectid.uuid_representation") : 0));

	result = palloc(sizeof(pg_uuid_t));
	if (!uuid_repr_decode(repr, bin.data, result->data))
		elog(ERROR, "unexpected UUID representation %d", (int) repr);
	PG_RETURN_UUID_P(result);
}

/* objectid_to_extjson(objectid): {"$oid": "<24 hex digits>"} */
PG_FUNCTION_INFO_V1(objectid_to_extjson);

Datum
objectid_to_extjson(PG_FUNCTION_ARGS)
{
	pg_objectid_t *id = PG_GETARG_OBJECTID_P(0);
	char		hex[OBJID_HEX_LEN + 1];

	id_hex_encode(id->data, OBJECTID_LEN, hex);
	PG_RETURN_DATUM(objectid_jsonb_from_cstring(
		psprintf("{\"$oid\": \"%s\"}", hex)));
}

/* objectid_from_extjson(jsonb): exactly {"$oid": "<24 hex digits>"} */
PG_FUNCTION_INFO_V1(objectid_from_extjson);

Datum
objectid_from_extjson(PG_FUNCTION_ARGS)
{
	Jsonb	   *jb = PG_GETARG_JSONB_P(0);
	objectid_json_field oid[1] = {{"$oid"}};
	pg_objectid_t *result = palloc(sizeof(pg_objectid_t));
	char	   *s;

	objectid_json_root_object(jb, "objectid");
	objectid_json_fields(&jb->root, "objectid", "the top-level object",
						 oid, 1);
	if (!oid[0].found)
		objectid_json_error("objectid", "Expected key \"$oid\".");
	s = objectid_json_string(&oid[0].value, "objectid", "$oid");
	if (!id_hex_decode_n(s, strlen(s), result->data, OBJECTID_LEN))
		objectid_json_error("objectid",
							"Value of \"$oid\" must be %d hex digits, not \"%s\".",
							OBJID_HEX_LEN, s);
	PG_RETURN_OBJECTID_P(result);
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
