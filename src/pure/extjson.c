/*-------------------------------------------------------------------------
 *
 * extjson.c
 *	  The strings inside MongoDB Extended JSON that are not base64: the
 *	  "$uuid" form of a UUID and a BSON binary subtype (pure C).
 *
 * IDENTIFICATION
 *	  src/pure/extjson.c
 *
 *-------------------------------------------------------------------------
 */
#include "extjson.h"
#include "hex.h"

bool
id_extjson_parse_uuid(const char *src, size_t len, uint8_t *uuid)
{
	/* offset of each dash-separated group and its byte count */
	static const struct
	{
		size_t		offset;
		size_t		bytes;
	}			groups[5] = {{0, 4}, {9, 2}, {14, 2}, {19, 2}, {24, 6}};
	int			g;
	size_t		done = 0;

	if (len != ID_EXTJSON_UUID_STRING_LEN)
		return false;
	if (src[8] != '-' || src[13] != '-' || src[18] != '-' || src[23] != '-')
		return false;
	for (g = 0; g < 5; g++)
	{
		if (!id_hex_decode_n(src + groups[g].offset, 2 * groups[g].bytes,
							 uuid + done, groups[g].bytes))
			return false;
		done += groups[g].bytes;
	}
	return true;
}

bool
id_extjson_parse_subtype(const char *src, size_t len, int *subtype)
{
	uint8_t		b;
	char		two[2];

	if (len == 1)
	{
		/* "4" is "04" */
		two[0] = '0';
		two[1] = src[0];
	}
	else if (len == 2)
	{
		two[0] = src[0];
		two[1] = src[1];
	}
	else
		return false;
	if (!id_hex_decode_n(two, 2, &b, 1))
		return false;
	*subtype = b;
	return true;
}
