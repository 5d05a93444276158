/*-------------------------------------------------------------------------
 *
 * uuid_repr.c
 *	  MongoDB UUID representations and the ObjectId <-> version 8 UUID
 *	  mapping (pure C).
 *
 * IDENTIFICATION
 *	  src/pure/uuid_repr.c
 *
 *-------------------------------------------------------------------------
 */
#include <string.h>

#include "bytes.h"
#include "uuid_repr.h"

/* one accepted spelling of a representation name */
typedef struct uuid_repr_name_entry
{
	const char *name;
	uuid_repr	repr;
} uuid_repr_name_entry;

static const uuid_repr_name_entry uuid_repr_spellings[] = {
	/* the spec's string values (also the enum constants, ignoring case) */
	{"standard", UUID_REPR_STANDARD},
	{"javaLegacy", UUID_REPR_JAVA_LEGACY},
	{"csharpLegacy", UUID_REPR_CSHARP_LEGACY},
	{"pythonLegacy", UUID_REPR_PYTHON_LEGACY},
	{"unspecified", UUID_REPR_UNSPECIFIED},
	/* the spec's enum constants with underscores */
	{"JAVA_LEGACY", UUID_REPR_JAVA_LEGACY},
	{"C_SHARP_LEGACY", UUID_REPR_CSHARP_LEGACY},
	{"CSHARP_LEGACY", UUID_REPR_CSHARP_LEGACY},
	{"PYTHON_LEGACY", UUID_REPR_PYTHON_LEGACY}
};

/* the first five are the spec's string values */
#define UUID_REPR_NCANONICAL	5
#define UUID_REPR_NSPELLINGS \
	(sizeof(uuid_repr_spellings) / sizeof(uuid_repr_spellings[0]))

/*
 * Byte order of each representation: out[i] = uuid[perm[i]].  Every one is
 * its own inverse, so encoding and decoding share it.
 */
static const uint8_t uuid_repr_identity[UUID_LEN] =
{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
static const uint8_t uuid_repr_java[UUID_LEN] =
{7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8};
static const uint8_t uuid_repr_csharp[UUID_LEN] =
{3, 2, 1, 0, 5, 4, 7, 6, 8, 9, 10, 11, 12, 13, 14, 15};

static int	uuid_repr_ascii_lower(int c);
static const uint8_t *uuid_repr_permutation(uuid_repr repr);

static int
uuid_repr_ascii_lower(int c)
{
	return (c >= 'A' && c <= 'Z') ? c - 'A' + 'a' : c;
}

bool
uuid_repr_parse(const char *name, size_t len, uuid_repr *repr)
{
	size_t		i;
	size_t		j;

	for (i = 0; i < UUID_REPR_NSPELLINGS; i++)
	{
		const char *s = uuid_repr_spellings[i].name;

		if (strlen(s) != len)
			continue;
		for (j = 0; j < len; j++)
		{
			if (uuid_repr_ascii_lower((unsigned char) name[j]) !=
				uuid_repr_ascii_lower((unsigned char) s[j]))
				break;
		}
		if (j == len)
		{
			*repr = uuid_repr_spellings[i].repr;
			return true;
		}
	}
	return false;
}

bool
uuid_repr_spelling(int i, const char **name, uuid_repr *repr,
				   bool *canonical)
{
	if (i < 0 || (size_t) i >= UUID_REPR_NSPELLINGS)
		return false;
	*name = uuid_repr_spellings[i].name;
	*repr = uuid_repr_spellings[i].repr;
	*canonical = i < UUID_REPR_NCANONICAL;
	return true;
}

const char *
uuid_repr_name(uuid_repr repr)
{
	switch (repr)
	{
		case UUID_REPR_UNSPECIFIED:
			return "unspecified";
		case UUID_REPR_STANDARD:
			return "standard";
		case UUID_REPR_JAVA_LEGACY:
			return "javaLegacy";
		case UUID_REPR_CSHARP_LEGACY:
			return "csharpLegacy";
		case UUID_REPR_PYTHON_LEGACY:
			return "pythonLegacy";
	}
	return "unknown";
}

int
uuid_repr_subtype(uuid_repr repr)
{
	switch (repr)
	{
		case UUID_REPR_STANDARD:
			return UUIDREPR_SUBTYPE_STANDARD;
		case UUID_REPR_JAVA_LEGACY:
		case UUID_REPR_CSHARP_LEGACY:
		case UUID_REPR_PYTHON_LEGACY:
			return UUIDREPR_SUBTYPE_LEGACY;
		case UUID_REPR_UNSPECIFIED:
			break;
	}
	return -1;
}

bool
uuid_repr_can_decode(uuid_repr repr, int subtype)
{
	int			want = uuid_repr_subtype(repr);

	return want >= 0 && subtype == want;
}

/* the byte permutation of repr, or NULL for unspecified */
static const uint8_t *
uuid_repr_permutation(uuid_repr repr)
{
	switch (repr)
	{
		case UUID_REPR_STANDARD:
		case UUID_REPR_PYTHON_LEGACY:
			return uuid_repr_identity;
		case UUID_REPR_JAVA_LEGACY:
			return uuid_repr_java;
		case UUID_REPR_CSHARP_LEGACY:
			return uuid_repr_csharp;
		case UUID_REPR_UNSPECIFIED:
			break;
	}
	return NULL;
}

bool
uuid_repr_encode(uuid_repr repr, const uint8_t *uuid, uint8_t *out)
{
	const uint8_t *perm = uuid_repr_permutation(repr);
	uint8_t		tmp[UUID_LEN];
	int			i;

	if (perm == NULL)
		return false;
	for (i = 0; i < UUID_LEN; i++)
		tmp[i] = uuid[perm[i]];
	memcpy(out, tmp, UUID_LEN);
	return true;
}

bool
uuid_repr_decode(uuid_repr repr, const uint8_t *bytes, uint8_t *uuid)
{
	/* every permutation is an involution */
	return uuid_repr_encode(repr, bytes, uuid);
}

/*
 * The UUID as two 64-bit halves, most significant bit first:
 *
 *	hi: 48 ObjectId bits (0-47) | version 0b1000 | 12 ObjectId bits (48-59)
 *	lo: variant 0b10 | 36 ObjectId bits (60-95) | 26 zero bits
 */
#define UUID_REPR_LOW26		((UINT64_C(1) << 26) - 1)
#define UUID_REPR_LOW36		((UINT64_C(1) << 36) - 1)

void
uuid_repr_oid_to_uuid(const uint8_t *oid, uint8_t *uuid)
{
	uint64_t	ohi = id_load_be(oid, 8);
	uint64_t	olo = id_load_be(oid + 8, 4);
	uint64_t	a = ohi >> 16;
	uint64_t	b = (ohi >> 4) & 0xFFF;
	uint64_t	c = ((ohi & 0xF) << 32) | olo;

	id_store_be(uuid, (a << 16) | (UINT64_C(0x8) << 12) | b, 8);
	id_store_be(uuid + 8, (UINT64_C(0x2) << 62) | (c << 26), 8);
}

bool
uuid_repr_uuid_to_oid(const uint8_t *uuid, uint8_t *oid)
{
	uint64_t	uhi = id_load_be(uuid, 8);
	uint64_t	ulo = id_load_be(uuid + 8, 8);
	uint64_t	c;
	uint64_t	ohi;

	if (((uhi >> 12) & 0xF) != 0x8 || (ulo >> 62) != 0x2 ||
		(ulo & UUID_REPR_LOW26) != 0)
		return false;
	c = (ulo >> 26) & UUID_REPR_LOW36;
	ohi = ((uhi >> 16) << 16) | ((uhi & 0xFFF) << 4) | (c >> 32);
	id_store_be(oid, ohi, 8);
	id_store_be(oid + 8, c, 4);
	return true;
}
