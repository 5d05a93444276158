/*
 * fuzz_uuid_string.c
 *	  libFuzzer target for id_extjson_parse_uuid (src/pure/extjson.c), the
 *	  string of an Extended JSON {"$uuid": "..."}: whatever is accepted must
 *	  be 36 characters that print back the same, ignoring case.
 */
#include <stdlib.h>
#include <string.h>

#include "extjson.h"
#include "hex.h"
#include "uuid_gen.h"

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int
fuzz_lower(int c)
{
	return (c >= 'A' && c <= 'Z') ? c - 'A' + 'a' : c;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t		u[UUID_LEN];
	char		hex[2 * UUID_LEN + 1];
	char		text[ID_EXTJSON_UUID_STRING_LEN + 1];
	size_t		i;

	if (!id_extjson_parse_uuid((const char *) data, size, u))
		return 0;
	if (size != ID_EXTJSON_UUID_STRING_LEN)
		abort();

	/* print it back as 8-4-4-4-12 lowercase */
	id_hex_encode(u, UUID_LEN, hex);
	memcpy(text, hex, 8);
	text[8] = '-';
	memcpy(text + 9, hex + 8, 4);
	text[13] = '-';
	memcpy(text + 14, hex + 12, 4);
	text[18] = '-';
	memcpy(text + 19, hex + 16, 4);
	text[23] = '-';
	memcpy(text + 24, hex + 20, 12);
	text[36] = '\0';
	for (i = 0; i < size; i++)
	{
		if (fuzz_lower(data[i]) != text[i])
			abort();
	}
	return 0;
}
