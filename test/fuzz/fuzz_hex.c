/*-------------------------------------------------------------------------
 *
 * fuzz_hex.c
 *	  libFuzzer target for src/pure/hex.c: the ObjectId text input.
 *
 * Every input is decoded as a NUL-terminated string (id_hex_decode) and as
 * a counted buffer (id_hex_decode_n), both for the 12 bytes of an ObjectId
 * and for a length taken from the first byte, and the results are checked
 * against a trivial reference decoder.  Whatever decodes must encode back
 * to the lowercase input; any 12 bytes must survive encode + decode.
 * Buffers are exactly sized heap copies, so ASan catches any read past
 * the end or past the NUL.
 *
 * IDENTIFICATION
 *	  test/fuzz/fuzz_hex.c
 *
 *-------------------------------------------------------------------------
 */
#include <stdlib.h>
#include <string.h>

#include "hex.h"
#include "objectid.h"

#define FUZZ_MAX_LEN 32

/* the obvious decoder: exactly 2 * len digits 0-9, a-f, A-F */
static bool
fuzz_ref_decode(const char *src, size_t srclen, uint8_t *dst, size_t len)
{
	size_t		i;

	if (srclen != 2 * len)
		return false;
	for (i = 0; i < srclen; i++)
	{
		char		c = src[i];
		int			v;

		if (c >= '0' && c <= '9')
			v = c - '0';
		else if (c >= 'a' && c <= 'f')
			v = c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			v = c - 'A' + 10;
		else
			return false;
		if (i % 2 == 0)
			dst[i / 2] = (uint8_t) (v << 4);
		else
			dst[i / 2] |= (uint8_t) v;
	}
	return true;
}

/* decode src both ways with length len, compare with the reference */
static void
fuzz_check(const uint8_t *data, size_t size, size_t len)
{
	char	   *str = malloc(size + 1);
	char	   *raw = malloc(size ? size : 1);
	uint8_t		got[FUZZ_MAX_LEN];
	uint8_t		want[FUZZ_MAX_LEN];
	char		text[2 * FUZZ_MAX_LEN + 1];
	bool		ok;
	size_t		i;

	memcpy(str, data, size);
	str[size] = '\0';
	memcpy(raw, data, size);

	/* NUL-terminated: the string ends at the first NUL of the input */
	ok = id_hex_decode(str, got, len);
	if (ok != fuzz_ref_decode(str, strlen(str), want, len))
		abort();
	if (ok)
	{
		if (memcmp(got, want, len) != 0)
			abort();
		id_hex_encode(got, len, text);
		for (i = 0; i < 2 * len; i++)
			if (text[i] != ((str[i] >= 'A' && str[i] <= 'F') ?
							str[i] - 'A' + 'a' : str[i]))
				abort();
		if (text[2 * len] != '\0')
			abort();
	}

	/* counted: every byte, NULs included, must be a digit */
	ok = id_hex_decode_n(raw, size, got, len);
	if (ok != fuzz_ref_decode(raw, size, want, len))
		abort();
	if (ok && memcmp(got, want, len) != 0)
		abort();

	free(str);
	free(raw);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t		back[OBJECTID_LEN];
	char		text[OBJID_HEX_LEN + 1];

	/* the objectid input: 24 digits for 12 bytes */
	fuzz_check(data, size, OBJECTID_LEN);

	/* any length, chosen by the first byte */
	if (size > 0)
		fuzz_check(data + 1, size - 1, data[0] % (FUZZ_MAX_LEN + 1));

	/* any 12 bytes round-trip through the text form */
	if (size >= OBJECTID_LEN)
	{
		id_hex_encode(data, OBJECTID_LEN, text);
		if (strlen(text) != OBJID_HEX_LEN ||
			!id_hex_decode(text, back, OBJECTID_LEN) ||
			memcmp(back, data, OBJECTID_LEN) != 0)
			abort();
	}
	return 0;
}
