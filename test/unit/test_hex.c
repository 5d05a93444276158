/*
 * test_hex.c
 *	  Unit tests of src/pure/hex.c.
 */
#include <stdbool.h>

#include "hex.h"
#include "unit.h"

int
main(void)
{
	uint8_t		b[12];
	uint8_t		want[12] = {0x50, 0x7f, 0x1f, 0x77, 0xbc, 0xf8, 0x6c, 0xd7,
	0x99, 0x43, 0x90, 0x11};
	char		s[25];
	int			c;

	/* both cases in, lowercase out */
	CHECK(id_hex_decode("507f1f77bcf86cd799439011", b, 12));
	CHECK_MEM(b, want, 12);
	CHECK(id_hex_decode("507F1F77BCF86CD799439011", b, 12));
	CHECK_MEM(b, want, 12);
	id_hex_encode(want, 12, s);
	CHECK(strcmp(s, "507f1f77bcf86cd799439011") == 0);

	/* every rejected form */
	CHECK(!id_hex_decode("", b, 12));
	CHECK(!id_hex_decode("507f1f77bcf86cd79943901", b, 12));	/* 23 */
	CHECK(!id_hex_decode("507f1f77bcf86cd7994390111", b, 12));	/* 25 */
	CHECK(!id_hex_decode(" 507f1f77bcf86cd799439011", b, 12));
	CHECK(!id_hex_decode("507f1f77bcf86cd799439011 ", b, 12));
	CHECK(!id_hex_decode("507f1f77-bcf86cd799439011", b, 12));
	CHECK(!id_hex_decode("0x507f1f77bcf86cd7994390", b, 12));
	CHECK(!id_hex_decode("507f1f77bcf86cd79943901g", b, 12));
	CHECK(!id_hex_decode("+07f1f77bcf86cd799439011", b, 12));

	/* every byte value in every position of a digit pair */
	for (c = 1; c < 256; c++)
	{
		char		t[25] = "000000000000000000000000";
		bool		is_hex = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') ||
			(c >= 'A' && c <= 'F');

		t[7] = (char) c;
		CHECK(id_hex_decode(t, b, 12) == is_hex);
		t[7] = '0';
		t[8] = (char) c;
		CHECK(id_hex_decode(t, b, 12) == is_hex);
	}

	/* the length-delimited form reads no further than told */
	CHECK(id_hex_decode_n("507f1f77bcf86cd799439011XYZ", 24, b, 12));
	CHECK_MEM(b, want, 12);
	CHECK(!id_hex_decode_n("507f1f77bcf86cd799439011", 23, b, 12));

	return unit_done("test_hex");
}
