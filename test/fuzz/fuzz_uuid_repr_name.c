/*
 * fuzz_uuid_repr_name.c
 *	  libFuzzer target for uuid_repr_parse (src/pure/uuid_repr.c): any bytes
 *	  in; an accepted name must be one of the documented spellings, its
 *	  canonical name must parse to the same value, and its byte order must
 *	  round-trip.
 */
#include <stdlib.h>
#include <string.h>

#include "uuid_repr.h"

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uuid_repr	r;
	uuid_repr	again;
	const char *name;
	uint8_t		u[UUID_LEN] = {0};
	uint8_t		e[UUID_LEN];
	uint8_t		d[UUID_LEN];
	size_t		i;

	if (!uuid_repr_parse((const char *) data, size, &r))
		return 0;

	/* the longest spelling is C_SHARP_LEGACY; no NUL, no space */
	if (size == 0 || size > 14 || memchr(data, '\0', size) != NULL ||
		memchr(data, ' ', size) != NULL)
		abort();

	name = uuid_repr_name(r);
	if (!uuid_repr_parse(name, strlen(name), &again) || again != r)
		abort();

	for (i = 0; i < UUID_LEN; i++)
		u[i] = (uint8_t) (i * 17 + size);
	if (r == UUID_REPR_UNSPECIFIED)
	{
		if (uuid_repr_encode(r, u, e) || uuid_repr_subtype(r) != -1)
			abort();
		return 0;
	}
	if (!uuid_repr_encode(r, u, e) || !uuid_repr_decode(r, e, d) ||
		memcmp(d, u, UUID_LEN) != 0)
		abort();
	if (!uuid_repr_can_decode(r, uuid_repr_subtype(r)))
		abort();
	return 0;
}
