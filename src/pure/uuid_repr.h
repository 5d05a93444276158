/*-------------------------------------------------------------------------
 *
 * uuid_repr.h
 *	  MongoDB UUID representations and the ObjectId <-> version 8 UUID
 *	  mapping (pure C).
 *
 * Every parser takes a pointer and a length (the input need not be
 * NUL-terminated, and may contain NUL bytes, which are rejected) and returns
 * false, never raising, on anything it does not accept.
 *
 * IDENTIFICATION
 *	  src/pure/uuid_repr.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef ID_UUID_REPR_H
#define ID_UUID_REPR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "uuid_gen.h"			/* UUID_LEN */

/*
 * The representations of the MongoDB UUID-representation spec.  The values
 * are also those of the objectid.uuid_representation GUC.
 */
typedef enum uuid_repr
{
	UUID_REPR_UNSPECIFIED = 0,	/* every conversion fails */
	UUID_REPR_STANDARD,			/* RFC 9562 byte order, subtype 4 */
	UUID_REPR_JAVA_LEGACY,		/* 0-7 and 8-15 reversed, subtype 3 */
	UUID_REPR_CSHARP_LEGACY,	/* 0-3, 4-5, 6-7 reversed, subtype 3 */
	UUID_REPR_PYTHON_LEGACY		/* RFC 9562 byte order, subtype 3 */
} uuid_repr;

/* BSON binary subtypes of a UUID */
#define UUIDREPR_SUBTYPE_LEGACY		3
#define UUIDREPR_SUBTYPE_STANDARD	4

/*
 * Look up a representation name.  Accepted, ignoring ASCII case and nothing
 * else (no surrounding spaces): the spec's string values "unspecified",
 * "standard", "javaLegacy", "csharpLegacy", "pythonLegacy", and its enum
 * constants "UNSPECIFIED", "STANDARD", "JAVA_LEGACY", "C_SHARP_LEGACY",
 * "PYTHON_LEGACY", plus "CSHARP_LEGACY" (the spelling of the spec's test
 * plan).  The test plan's typo "charpLegacy" is not accepted.
 */
extern bool uuid_repr_parse(const char *name, size_t len, uuid_repr *repr);

/*
 * The i-th accepted spelling (i from 0), for building other lookup tables
 * such as a GUC's: false past the last one.  *canonical is true for the
 * spec's five string values, which come first, false for the others.
 */
extern bool uuid_repr_spelling(int i, const char **name, uuid_repr *repr,
							   bool *canonical);

/* The spec's string value of a representation ("javaLegacy", ...). */
extern const char *uuid_repr_name(uuid_repr repr);

/* The names uuid_repr_parse accepts, for hints: "standard, javaLegacy, ..." */
#define UUIDREPR_VALID_NAMES \
	"standard, javaLegacy, csharpLegacy, pythonLegacy, unspecified"

/* The ones with a byte order (all but unspecified), and the legacy ones */
#define UUIDREPR_LEGACY_NAMES	"javaLegacy, csharpLegacy or pythonLegacy"
#define UUIDREPR_BYTE_ORDER_NAMES	"standard, " UUIDREPR_LEGACY_NAMES

/*
 * The BSON binary subtype a representation encodes to: 4 for standard, 3
 * for the legacy ones, -1 for unspecified.
 */
extern int	uuid_repr_subtype(uuid_repr repr);

/*
 * Whether a BSON binary of the given subtype decodes to a UUID under repr
 * (the spec's decoding table: 4 only with standard, 3 only with a legacy
 * representation, never with unspecified, no other subtype ever).
 */
extern bool uuid_repr_can_decode(uuid_repr repr, int subtype);

/*
 * The 16 bytes of a UUID (RFC 9562 order) in repr's byte order, and back.
 * False for unspecified (and an out-of-range value), leaving out untouched.
 * in and out may be the same buffer.
 */
extern bool uuid_repr_encode(uuid_repr repr, const uint8_t *uuid,
							 uint8_t *out);
extern bool uuid_repr_decode(uuid_repr repr, const uint8_t *bytes,
							 uint8_t *uuid);

/*
 * The order-preserving ObjectId <-> UUID mapping: the 96 ObjectId bits fill,
 * in order, the 122 bits of a version 8 (RFC 9562 variant) UUID that are
 * not version or variant bits; the last 26 of those are zero.  Comparing two
 * such UUIDs bytewise gives the order of their ObjectIds.
 *
 * uuid_repr_uuid_to_oid returns false, leaving oid untouched, for any UUID
 * that is not of that form (other version, other variant, or any of the 26
 * trailing bits set).
 */
extern void uuid_repr_oid_to_uuid(const uint8_t *oid, uint8_t *uuid);
extern bool uuid_repr_uuid_to_oid(const uint8_t *uuid, uint8_t *oid);

#endif							/* ID_UUID_REPR_H */
