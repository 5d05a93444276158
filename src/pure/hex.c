/*-------------------------------------------------------------------------
 *
 * hex.c
 *	  Hexadecimal codec for fixed-length identifiers (pure C).
 *
 * IDENTIFICATION
 *	  src/pure/hex.c
 *
 *-------------------------------------------------------------------------
 */
#include "hex.h"

/* value of a hex digit, or -1; indexed by unsigned char */
static const int8_t id_hex_value[256] = {
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, -1, -1, -1, -1, -1, -1,
	-1, 10, 11, 12, 13, 14, 15, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, 10, 11, 12, 13, 14, 15, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1
};

static const char id_hex_digits[] = "0123456789abcdef";

bool
id_hex_decode_n(const char *src, size_t srclen, uint8_t *dst, size_t len)
{
	size_t		i;

	if (srclen != 2 * len)
		return false;

	for (i = 0; i < len; i++)
	{
		int			hi = id_hex_value[(unsigned char) src[2 * i]];
		int			lo = id_hex_value[(unsigned char) src[2 * i + 1]];

		if (hi < 0 || lo < 0)
			return false;
		dst[i] = (uint8_t) ((hi << 4) | lo);
	}
	return true;
}

bool
id_hex_decode(const char *src, uint8_t *dst, size_t len)
{
	size_t		i;

	/*
	 * Read at most 2 * len + 1 bytes: a NUL before that ends the string early,
	 * anything but a NUL after the digits makes it too long.
	 */
	for (i = 0; i < 2 * len; i++)
	{
		if (src[i] == '\0')
			return false;
	}
	if (src[2 * len] != '\0')
		return false;
	return id_hex_decode_n(src, 2 * len, dst, len);
}

void
id_hex_encode(const uint8_t *src, size_t len, char *dst)
{
	size_t		i;

	for (i = 0; i < len; i++)
	{
		dst[2 * i] = id_hex_digits[src[i] >> 4];
		dst[2 * i + 1] = id_hex_digits[src[i] & 0x0F];
	}
	dst[2 * len] = '\0';
}
