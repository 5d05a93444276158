/*
 * fuzz_base64.c
 *	  libFuzzer target for id_base64_decode (src/pure/base64.c): any bytes
 *	  in; whatever is accepted must be the canonical encoding of what it
 *	  decodes to, and every byte string must survive encode + decode.
 */
#include <stdlib.h>
#include <string.h>

#include "base64.h"

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t    *dec = malloc(ID_BASE64_DECODED_MAX(size) + 1);
	char	   *enc = malloc(ID_BASE64_ENCODED_LEN(size) + 1);
	uint8_t    *back = malloc(size + 1);
	size_t		n;

	if (dec == NULL || enc == NULL || back == NULL)
		abort();

	/* the input as base64 text: accepted only in its canonical form */
	if (id_base64_decode((const char *) data, size, dec, &n))
	{
		char	   *re = malloc(ID_BASE64_ENCODED_LEN(n) + 1);

		if (re == NULL || n > ID_BASE64_DECODED_MAX(size))
			abort();
		id_base64_encode(dec, n, re);
		if (strlen(re) != size || memcmp(re, data, size) != 0)
			abort();
		free(re);
	}

	/* the input as bytes: encode, then decode back */
	id_base64_encode(data, size, enc);
	if (strlen(enc) != ID_BASE64_ENCODED_LEN(size))
		abort();
	if (!id_base64_decode(enc, strlen(enc), back, &n) || n != size ||
		memcmp(back, data, size) != 0)
		abort();

	free(dec);
	free(enc);
	free(back);
	return 0;
}
