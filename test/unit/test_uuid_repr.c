/*
 * test_uuid_repr.c
 *	  Unit tests of src/pure/uuid_repr.c: the MongoDB UUID-representation
 *	  spec's vectors, round trips and the ObjectId <-> v8 UUID mapping.
 */
#include <stdbool.h>

#include "hex.h"
#include "unit.h"
#include "uuid_repr.h"

/* the spec's test-plan UUID 00112233-4455-6677-8899-aabbccddeeff */
static const uint8_t spec_uuid[16] = {
	0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
	0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff
};

static void
random_bytes(uint8_t *p, size_t n)
{
	unit_source(p, n);
}

/* decode a hex literal of n bytes, failing the test if it is not one */
static void
hex(const char *s, uint8_t *out, size_t n)
{
	bool		ok = id_hex_decode(s, out, n);

	CHECK(ok);
}

static bool
parse(const char *name, uuid_repr *r)
{
	return uuid_repr_parse(name, strlen(name), r);
}

/* bit i (0 = most significant of byte 0) of p */
static int
get_bit(const uint8_t *p, int i)
{
	return (p[i / 8] >> (7 - i % 8)) & 1;
}

static void
set_bit(uint8_t *p, int i, int v)
{
	if (v)
		p[i / 8] |= (uint8_t) (0x80 >> (i % 8));
	else
		p[i / 8] &= (uint8_t) ~(0x80 >> (i % 8));
}

/*
 * Reference mapping, bit by bit, from README.md's "ObjectId <-> UUID": the
 * ObjectId's bits in order into every UUID bit that is not version (48-51)
 * or variant (64-65), version 8, variant 0b10, the rest zero.
 */
static void
ref_oid_to_uuid(const uint8_t *oid, uint8_t *uuid)
{
	int			p;
	int			k = 0;

	memset(uuid, 0, 16);
	for (p = 0; p < 128; p++)
	{
		if (p >= 48 && p <= 51)
			set_bit(uuid, p, p == 48);	/* 0b1000 */
		else if (p == 64 || p == 65)
			set_bit(uuid, p, p == 64);	/* 0b10 */
		else if (k < 96)
			set_bit(uuid, p, get_bit(oid, k++));
	}
}

static int
sign(int x)
{
	return (x > 0) - (x < 0);
}

static void
test_names(void)
{
	uuid_repr	r;
	static const char *const bad[] = {
		"", "charpLegacy", "java", "legacy", " standard", "standard ",
		"java-legacy", "javalegacy_", "CSHARPLEGACY_", "C_SHARPLEGACY",
		"c_sharp_legac", "unspecifiedx", "standard\n"
	};
	size_t		i;

	/* spec string values, enum constants, any case */
	CHECK(parse("standard", &r) && r == UUID_REPR_STANDARD);
	CHECK(parse("STANDARD", &r) && r == UUID_REPR_STANDARD);
	CHECK(parse("unspecified", &r) && r == UUID_REPR_UNSPECIFIED);
	CHECK(parse("UNSPECIFIED", &r) && r == UUID_REPR_UNSPECIFIED);
	CHECK(parse("javaLegacy", &r) && r == UUID_REPR_JAVA_LEGACY);
	CHECK(parse("JAVALEGACY", &r) && r == UUID_REPR_JAVA_LEGACY);
	CHECK(parse("JAVA_LEGACY", &r) && r == UUID_REPR_JAVA_LEGACY);
	CHECK(parse("java_legacy", &r) && r == UUID_REPR_JAVA_LEGACY);
	CHECK(parse("csharpLegacy", &r) && r == UUID_REPR_CSHARP_LEGACY);
	CHECK(parse("C_SHARP_LEGACY", &r) && r == UUID_REPR_CSHARP_LEGACY);
	CHECK(parse("CSHARP_LEGACY", &r) && r == UUID_REPR_CSHARP_LEGACY);
	CHECK(parse("pythonLegacy", &r) && r == UUID_REPR_PYTHON_LEGACY);
	CHECK(parse("PYTHON_LEGACY", &r) && r == UUID_REPR_PYTHON_LEGACY);
	CHECK(parse("PythonLegacy", &r) && r == UUID_REPR_PYTHON_LEGACY);

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
	{
		r = UUID_REPR_PYTHON_LEGACY;
		CHECK(!parse(bad[i], &r));
		CHECK(r == UUID_REPR_PYTHON_LEGACY);	/* untouched */
	}
	/* a NUL inside the length is not an end of string */
	CHECK(!uuid_repr_parse("standard\0x", 10, &r));
	CHECK(uuid_repr_parse("standardXYZ", 8, &r) && r == UUID_REPR_STANDARD);

	/* the spelling list: canonical names first, each parses to itself */
	{
		const char *name;
		uuid_repr	sr;
		bool		canon;
		int			ncanon = 0;

		for (i = 0; uuid_repr_spelling((int) i, &name, &sr, &canon); i++)
		{
			CHECK(parse(name, &r) && r == sr);
			if (canon)
			{
				CHECK(i == (size_t) ncanon);
				CHECK(strcmp(uuid_repr_name(sr), name) == 0);
				ncanon++;
			}
		}
		CHECK(i == 9 && ncanon == 5);
		CHECK(!uuid_repr_spelling(-1, &name, &sr, &canon));
	}

	/* names and subtypes */
	CHECK(strcmp(uuid_repr_name(UUID_REPR_JAVA_LEGACY), "javaLegacy") == 0);
	CHECK(strcmp(uuid_repr_name(UUID_REPR_CSHARP_LEGACY), "csharpLegacy") == 0);
	CHECK(uuid_repr_subtype(UUID_REPR_STANDARD) == 4);
	CHECK(uuid_repr_subtype(UUID_REPR_JAVA_LEGACY) == 3);
	CHECK(uuid_repr_subtype(UUID_REPR_CSHARP_LEGACY) == 3);
	CHECK(uuid_repr_subtype(UUID_REPR_PYTHON_LEGACY) == 3);
	CHECK(uuid_repr_subtype(UUID_REPR_UNSPECIFIED) == -1);
}

/* the spec's explicit encoding 1-6 and decoding 1-4 */
static void
test_spec_vectors(void)
{
	uint8_t		out[16];
	uint8_t		want[16];
	uint8_t		back[16];
	uuid_repr	all[] = {UUID_REPR_UNSPECIFIED, UUID_REPR_STANDARD,
		UUID_REPR_JAVA_LEGACY, UUID_REPR_CSHARP_LEGACY,
	UUID_REPR_PYTHON_LEGACY};
	int			i;

	CHECK(uuid_repr_encode(UUID_REPR_STANDARD, spec_uuid, out));
	hex("00112233445566778899aabbccddeeff", want, 16);
	CHECK_MEM(out, want, 16);

	CHECK(uuid_repr_encode(UUID_REPR_JAVA_LEGACY, spec_uuid, out));
	hex("7766554433221100ffeeddccbbaa9988", want, 16);
	CHECK_MEM(out, want, 16);
	CHECK(uuid_repr_decode(UUID_REPR_JAVA_LEGACY, want, back));
	CHECK_MEM(back, spec_uuid, 16);

	CHECK(uuid_repr_encode(UUID_REPR_CSHARP_LEGACY, spec_uuid, out));
	hex("33221100554477668899aabbccddeeff", want, 16);
	CHECK_MEM(out, want, 16);
	CHECK(uuid_repr_decode(UUID_REPR_CSHARP_LEGACY, want, back));
	CHECK_MEM(back, spec_uuid, 16);

	CHECK(uuid_repr_encode(UUID_REPR_PYTHON_LEGACY, spec_uuid, out));
	hex("00112233445566778899aabbccddeeff", want, 16);
	CHECK_MEM(out, want, 16);

	/* unspecified fails and writes nothing */
	memset(out, 0x5a, 16);
	CHECK(!uuid_repr_encode(UUID_REPR_UNSPECIFIED, spec_uuid, out));
	CHECK(!uuid_repr_decode(UUID_REPR_UNSPECIFIED, spec_uuid, out));
	CHECK(out[0] == 0x5a && out[15] == 0x5a);
	CHECK(!uuid_repr_encode((uuid_repr) 99, spec_uuid, out));

	/* the decoding table */
	for (i = 0; i < 5; i++)
	{
		uuid_repr	r = all[i];

		CHECK(uuid_repr_can_decode(r, 4) == (r == UUID_REPR_STANDARD));
		CHECK(uuid_repr_can_decode(r, 3) ==
			  (r != UUID_REPR_STANDARD && r != UUID_REPR_UNSPECIFIED));
		CHECK(!uuid_repr_can_decode(r, 0));
		CHECK(!uuid_repr_can_decode(r, -1));
		CHECK(!uuid_repr_can_decode(r, 5));
		CHECK(!uuid_repr_can_decode(r, 0x80));
	}

	/* in place */
	memcpy(out, spec_uuid, 16);
	CHECK(uuid_repr_encode(UUID_REPR_JAVA_LEGACY, out, out));
	hex("7766554433221100ffeeddccbbaa9988", want, 16);
	CHECK_MEM(out, want, 16);
}

static void
test_round_trips(void)
{
	uuid_repr	reprs[] = {UUID_REPR_STANDARD, UUID_REPR_JAVA_LEGACY,
	UUID_REPR_CSHARP_LEGACY, UUID_REPR_PYTHON_LEGACY};
	int			n;
	int			i;

	for (n = 0; n < 2000; n++)
	{
		uint8_t		u[16];
		uint8_t		e[16];
		uint8_t		d[16];

		random_bytes(u, 16);
		for (i = 0; i < 4; i++)
		{
			CHECK(uuid_repr_encode(reprs[i], u, e));
			CHECK(uuid_repr_decode(reprs[i], e, d));
			CHECK_MEM(d, u, 16);
		}
		/* java: byte 0 goes to 7, byte 8 to 15 */
		CHECK(uuid_repr_encode(UUID_REPR_JAVA_LEGACY, u, e));
		CHECK(e[7] == u[0] && e[0] == u[7] && e[15] == u[8] && e[8] == u[15]);
		/* c#: 0-3, 4-5, 6-7 reversed, 8-15 unchanged */
		CHECK(uuid_repr_encode(UUID_REPR_CSHARP_LEGACY, u, e));
		CHECK(e[0] == u[3] && e[3] == u[0] && e[4] == u[5] && e[6] == u[7]);
		CHECK_MEM(e + 8, u + 8, 8);
	}
}

static void
test_mapping(void)
{
	uint8_t		oid[12];
	uint8_t		u[16];
	uint8_t		r[16];
	uint8_t		back[12];
	uint8_t		oids[1000][12];
	uint8_t		uuids[1000][16];
	int			i;
	int			j;

	/* a worked vector: 507f1f77bcf86cd799439011 */
	hex("507f1f77bcf86cd799439011", oid, 12);
	uuid_repr_oid_to_uuid(oid, u);
	hex("507f1f77bcf886cd9e650e4044000000", r, 16);
	CHECK_MEM(u, r, 16);
	CHECK(uuid_repr_uuid_to_oid(u, back));
	CHECK_MEM(back, oid, 12);

	/* all zero and all one */
	memset(oid, 0, 12);
	uuid_repr_oid_to_uuid(oid, u);
	hex("00000000000080008000000000000000", r, 16);
	CHECK_MEM(u, r, 16);
	memset(oid, 0xff, 12);
	uuid_repr_oid_to_uuid(oid, u);
	hex("ffffffffffff8fffbffffffffc000000", r, 16);
	CHECK_MEM(u, r, 16);

	/* each single bit lands where the reference puts it */
	for (i = 0; i < 96; i++)
	{
		memset(oid, 0, 12);
		set_bit(oid, i, 1);
		uuid_repr_oid_to_uuid(oid, u);
		ref_oid_to_uuid(oid, r);
		CHECK_MEM(u, r, 16);
		CHECK(uuid_repr_uuid_to_oid(u, back));
		CHECK_MEM(back, oid, 12);
	}

	/* random ObjectIds: reference, round trip, order */
	for (i = 0; i < 1000; i++)
	{
		random_bytes(oids[i], 12);
		/* some share long prefixes, to exercise every bit position */
		if (i > 0 && i % 3 == 0)
			memcpy(oids[i], oids[i - 1], (size_t) (i % 12));
		uuid_repr_oid_to_uuid(oids[i], uuids[i]);
		ref_oid_to_uuid(oids[i], r);
		CHECK_MEM(uuids[i], r, 16);
		CHECK(uuid_repr_uuid_to_oid(uuids[i], back));
		CHECK_MEM(back, oids[i], 12);
		/* version 8, RFC variant */
		CHECK((uuids[i][6] >> 4) == 8 && (uuids[i][8] >> 6) == 2);
	}
	for (i = 0; i < 1000; i++)
		for (j = 0; j < 1000; j += 7)
			CHECK(sign(memcmp(oids[i], oids[j], 12)) ==
				  sign(memcmp(uuids[i], uuids[j], 16)));

	/* the inverse refuses every UUID not of that form */
	memset(oid, 0x11, 12);
	uuid_repr_oid_to_uuid(oid, u);
	for (i = 0; i < 128; i++)
	{
		bool		free_trailing = i >= 102;
		bool		fixed = (i >= 48 && i <= 51) || i == 64 || i == 65;

		memcpy(r, u, 16);
		set_bit(r, i, !get_bit(r, i));
		memset(back, 0x77, 12);
		if (free_trailing || fixed)
		{
			CHECK(!uuid_repr_uuid_to_oid(r, back));
			CHECK(back[0] == 0x77 && back[11] == 0x77);
		}
		else
			CHECK(uuid_repr_uuid_to_oid(r, back));
	}
	/* the nil and max UUIDs, and the spec UUID (version 6) */
	memset(r, 0, 16);
	CHECK(!uuid_repr_uuid_to_oid(r, back));
	memset(r, 0xff, 16);
	CHECK(!uuid_repr_uuid_to_oid(r, back));
	CHECK(!uuid_repr_uuid_to_oid(spec_uuid, back));
}

int
main(void)
{
	test_names();
	test_spec_vectors();
	test_round_trips();
	test_mapping();
	return unit_done("test_uuid_repr");
}
