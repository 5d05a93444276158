/*-------------------------------------------------------------------------
 *
 * extjson.c
 *	  MongoDB Extended JSON: a UUID as a BSON binary ({"$binary": ...} or
 *	  {"$uuid": ...}) in any representation, an objectid as {"$oid": ...},
 *	  and the reader of a BSON binary that uuid_detect.c shares.
 *
 * As in uuid_repr.c, each uuid conversion has a one- and a two-argument SQL
 * form sharing one C function, and every C symbol carries an objectid_
 * prefix.
 *
 * IDENTIFICATION
 *	  src/extjson.c
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "utils/fmgrprotos.h"
#include "utils/jsonb.h"
#include "utils/uuid.h"

#include "pure/base64.h"
#include "pure/extjson.h"
#include "pure/hex.h"
#include "pure/objectid.h"
#include "pure/uuid_repr.h"
#include "extjson.h"
#include "objectid.h"
#include "objectid_util.h"
#include "uuid_repr.h"

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

static char *objectid_json_string(JsonbValue *v, const char *typname,
								  const char *key);
static void objectid_json_fields(JsonbContainer *container,
								 const char *typname, const char *where,
								 objectid_json_field *fields, int nfields);
static void objectid_json_root_object(Jsonb *jb, const char *typname);
static int	objectid_extjson_subtype(JsonbValue *v, const char *key);
static Datum objectid_jsonb_from_cstring(const char *json);

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
	objectid_check_input_length(bin.len, UUID_LEN, "uuid");
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
				 errhint("Set %s to %s, or pass the representation as the second argument.",
						 "objectid.uuid_representation",
						 bin.subtype == UUIDREPR_SUBTYPE_STANDARD ?
						 "standard" : UUIDREPR_LEGACY_NAMES) : 0));

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
