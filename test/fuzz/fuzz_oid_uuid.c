/*
 * fuzz_oid_uuid.c
 *	  libFuzzer target for the ObjectId <-> v8 UUID mapping
 *	  (src/pure/uuid_repr.c): the first 16 bytes as a UUID must be accepted
 *	  by uuid_repr_uuid_to_oid exactly when they have the mapping's form,
 *	  and then map back to themselves; the first 12 bytes as an ObjectId
 *	  must round-trip; two ObjectIds keep their order as UUIDs.
 */
#include <stdlib.h>
#include <string.h>

#include "objectid.h"
#include "uuid_repr.h"

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int
fuzz_sign(int x)
{
	return (x > 0) - (x < 0);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t		oid[OBJECTID_LEN];
	uint8_t		u[UUID_LEN];
	uint8_t		u2[UUID_LEN];
	uint8_t		back[OBJECTID_LEN];

	if (size >= UUID_LEN)
	{
		bool		form = (data[6] >> 4) == 8 && (data[8] >> 6) == 2 &&
			(data[12] & 0x03) == 0 && data[13] == 0 && data[14] == 0 &&
			data[15] == 0;

		if (uuid_repr_uuid_to_oid(data, oid) != form)
			abort();
		if (form)
		{
			uuid_repr_oid_to_uuid(oid, u);
			if (memcmp(u, data, UUID_LEN) != 0)
				abort();
		}
	}
	if (size >= OBJECTID_LEN)
	{
		uuid_repr_oid_to_uuid(data, u);
		if (!uuid_repr_uuid_to_oid(u, back) ||
			memcmp(back, data, OBJECTID_LEN) != 0)
			abort();
	}
	if (size >= 2 * OBJECTID_LEN)
	{
		uuid_repr_oid_to_uuid(data, u);
		uuid_repr_oid_to_uuid(data + OBJECTID_LEN, u2);
		if (fuzz_sign(memcmp(data, data + OBJECTID_LEN, OBJECTID_LEN)) !=
			fuzz_sign(memcmp(u, u2, UUID_LEN)))
			abort();
	}
	return 0;
}
