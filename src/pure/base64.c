/*-------------------------------------------------------------------------
 *
 * base64.c
 *	  Strict base64, as Extended JSON's "$binary" needs it (pure C).
 *
 * IDENTIFICATION
 *	  src/pure/base64.c
 *
 *-------------------------------------------------------------------------
 */
#include "base64.h"

static const char id_base64_alphabet[] =
"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static int	id_base64_value(char c);

void
id_base64_encode(const uint8_t *src, size_t len, char *dst)
{
	size_t		i;
	char	   *p = dst;

	for (i = 0; i + 2 < len; i += 3)
	{
		uint32_t	v = ((uint32_t) src[i] << 16) |
			((uint32_t) src[i + 1] << 8) | src[i + 2];

		*p++ = id_base64_alphabet[(v >> 18) & 0x3F];
		*p++ = id_base64_alphabet[(v >> 12) & 0x3F];
		*p++ = id_base64_alphabet[(v >> 6) & 0x3F];
		*p++ = id_base64_alphabet[v & 0x3F];
	}
	if (len - i == 1)
	{
		uint32_t	v = (uint32_t) src[i] << 16;

		*p++ = id_base64_alphabet[(v >> 18) & 0x3F];
		*p++ = id_base64_alphabet[(v >> 12) & 0x3F];
		*p++ = '=';
		*p++ = '=';
	}
	else if (len - i == 2)
	{
		uint32_t	v = ((uint32_t) src[i] << 16) | ((uint32_t) src[i + 1] << 8);

		*p++ = id_base64_alphabet[(v >> 18) & 0x3F];
		*p++ = id_base64_alphabet[(v >> 12) & 0x3F];
		*p++ = id_base64_alphabet[(v >> 6) & 0x3F];
		*p++ = '=';
	}
	*p = '\0';
}

/* value of a base64 digit, or -1 (also for '=') */
static int
id_base64_value(char c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	if (c == '+')
		return 62;
	if (c == '/')
		return 63;
	return -1;
}

bool
id_base64_decode(const char *src, size_t srclen, uint8_t *dst, size_t *dstlen)
{
	size_t		i;
	size_t		n = 0;

	if (srclen % 4 != 0)
		return false;

	for (i = 0; i < srclen; i += 4)
	{
		int			a = id_base64_value(src[i]);
		int			b = id_base64_value(src[i + 1]);
		int			c = id_base64_value(src[i + 2]);
		int			d = id_base64_value(src[i + 3]);
		bool		last = (i + 4 == srclen);

		/* the first two characters of a group are always data */
		if (a < 0 || b < 0)
			return false;
		dst[n++] = (uint8_t) ((a << 2) | (b >> 4));

		if (c < 0)
		{
			/* "xx==": only in the last group, and b's low 4 bits unused */
			if (!last || src[i + 2] != '=' || src[i + 3] != '=' ||
				(b & 0x0F) != 0)
				return false;
			break;
		}
		dst[n++] = (uint8_t) (((b & 0x0F) << 4) | (c >> 2));

		if (d < 0)
		{
			/* "xxx=": only in the last group, and c's low 2 bits unused */
			if (!last || src[i + 3] != '=' || (c & 0x03) != 0)
				return false;
			break;
		}
		dst[n++] = (uint8_t) (((c & 0x03) << 6) | d);
	}
	*dstlen = n;
	return true;
}
