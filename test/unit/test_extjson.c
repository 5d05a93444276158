/*
 * test_extjson.c
 *	  Unit tests of src/pure/extjson.c: the "$uuid" string form and BSON
 *	  binary subtype strings.
 */
#include <stdbool.h>

#include "extjson.h"
#include "unit.h"

/* the UUID-representation spec's test-plan UUID */
static const uint8_t spec_uuid[16] = {
	0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
	0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff
};

static bool
ustr(const char *s, uint8_t *out)
{
	return id_extjson_parse_uuid(s, strlen(s), out);
}

static void
test_uuid_string(void)
{
	uint8_t		u[16];
	int			pos;
	static const char *const bad[] = {
		"",
		"00112233445566778899aabbccddeeff",	/* no dashes */
		"{00112233-4455-6677-8899-aabbccddeeff}",
		"urn:uuid:00112233-4455-6677-8899-aabbccddeeff",
		" 00112233-4455-6677-8899-aabbccddeeff",
		"00112233-4455-6677-8899-aabbccddeeff ",
		"0011223-34455-6677-8899-aabbccddeeff",	/* dash moved */
		"00112233-4455-6677-8899aabbccddeeff-",
		"00112233-4455-6677-8899-aabbccddeefg",
		"00112233-4455-6677-8899-aabbccddeef",
		"00112233-4455-6677-8899-aabbccddeeff0",
		"00112233+4455-6677-8899-aabbccddeeff",
		"0x112233-4455-6677-8899-aabbccddeeff",
		"-0112233-4455-6677-8899-aabbccddeeff"
	};
	size_t		i;

	CHECK(ustr("00112233-4455-6677-8899-aabbccddeeff", u));
	CHECK_MEM(u, spec_uuid, 16);
	CHECK(ustr("00112233-4455-6677-8899-AABBCCDDEEFF", u));
	CHECK_MEM(u, spec_uuid, 16);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		CHECK(!ustr(bad[i], u));
	/* a NUL or any non-hex byte in any digit position */
	for (pos = 0; pos < 36; pos++)
	{
		char		s[37] = "00112233-4455-6677-8899-aabbccddeeff";

		if (pos == 8 || pos == 13 || pos == 18 || pos == 23)
			s[pos] = '0';
		else
			s[pos] = '\0';
		CHECK(!id_extjson_parse_uuid(s, 36, u));
		s[pos] = 'g';
		CHECK(!id_extjson_parse_uuid(s, 36, u));
	}
}

static void
test_subtype(void)
{
	int			st;

	CHECK(id_extjson_parse_subtype("04", 2, &st) && st == 4);
	CHECK(id_extjson_parse_subtype("03", 2, &st) && st == 3);
	CHECK(id_extjson_parse_subtype("4", 1, &st) && st == 4);
	CHECK(id_extjson_parse_subtype("0A", 2, &st) && st == 10);
	CHECK(id_extjson_parse_subtype("80", 2, &st) && st == 128);
	CHECK(id_extjson_parse_subtype("ff", 2, &st) && st == 255);
	CHECK(!id_extjson_parse_subtype("", 0, &st));
	CHECK(!id_extjson_parse_subtype("004", 3, &st));
	CHECK(!id_extjson_parse_subtype(" 4", 2, &st));
	CHECK(!id_extjson_parse_subtype("4 ", 2, &st));
	CHECK(!id_extjson_parse_subtype("x4", 2, &st));
	CHECK(!id_extjson_parse_subtype("-4", 2, &st));
	CHECK(!id_extjson_parse_subtype("\0" "4", 2, &st));
	CHECK(!id_extjson_parse_subtype("4\0", 2, &st));
}

int
main(void)
{
	test_uuid_string();
	test_subtype();
	return unit_done("test_extjson");
}
