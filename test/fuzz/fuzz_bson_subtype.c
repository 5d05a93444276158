/*
 * fuzz_bson_subtype.c
 *	  libFuzzer target for id_extjson_parse_subtype (src/pure/extjson.c),
 *	  the "subType" / "$type" string of Extended JSON binary: whatever is
 *	  accepted must be one or two hex digits naming a value 0-255 that
 *	  prints back the same.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "extjson.h"

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	int			st = -1;
	char		lo[3];
	char		in[3] = {'0', '0', '\0'};
	int			i;

	if (!id_extjson_parse_subtype((const char *) data, size, &st))
		return 0;
	if (size < 1 || size > 2 || st < 0 || st > 255)
		abort();

	memcpy(in + 2 - size, data, size);
	for (i = 0; i < 2; i++)
	{
		if (in[i] >= 'A' && in[i] <= 'F')
			in[i] = (char) (in[i] - 'A' + 'a');
	}
	snprintf(lo, sizeof(lo), "%02x", (unsigned) st);
	if (strcmp(in, lo) != 0)
		abort();
	return 0;
}
