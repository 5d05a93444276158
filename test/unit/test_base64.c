/*
 * test_base64.c
 *	  Unit tests of src/pure/base64.c: RFC 4648's vectors, the spec UUID's
 *	  Extended JSON encodings, rejection of every non-canonical form, and
 *	  round trips.
 */
#include <stdbool.h>

#include "base64.h"
#include "unit.h"

/*
 * The UUID-representation spec's test-plan UUID
 * 00112233-4455-6677-8899-aabbccddeeff, and its javaLegacy bytes
 */
static const uint8_t spec_uuid[16] = {
	0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
	0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff
};
static const uint8_t java_uuid[16] = {
	0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11, 0x00,
	0xff, 0xee, 0xdd, 0xcc, 0xbb, 0xaa, 0x99, 0x88
};

static bool
b64(const char *s, uint8_t *out, size_t *n)
{
	return id_base64_decode(s, strlen(s), out, n);
}

static void
test_base64(void)
{
	uint8_t		buf[64];
	uint8_t		src[64];
	char		enc[128];
	size_t		n;
	size_t		len;
	int			k;
	static const char *const bad[] = {
		"A", "AA", "AAA", "AAAAA",	/* not a multiple of 4 */
		"====", "A===", "=AAA", "AA=A", "A=AA",	/* padding in the wrong place */
		"AB==AAAA", "ABC=AAAA",	/* padding before the end */
		"AB=", "AB===",			/* padding of the wrong length */
		"AB\n=", "ABC =", " ABC", "ABC\t", "AB\r\nC",	/* whitespace */
		"AB-_", "ABC.", "ABC*", "ABC\x80", "AB\xff=",	/* other alphabets */
		"AB==\n", "QQ==QQ==",
		"AR==", "AB==", "ABD=", "ABF="	/* non-zero unused bits */
	};
	size_t		i;

	/* RFC 4648 section 10 vectors */
	CHECK(b64("", buf, &n) && n == 0);
	CHECK(b64("Zg==", buf, &n) && n == 1 && memcmp(buf, "f", 1) == 0);
	CHECK(b64("Zm8=", buf, &n) && n == 2 && memcmp(buf, "fo", 2) == 0);
	CHECK(b64("Zm9v", buf, &n) && n == 3 && memcmp(buf, "foo", 3) == 0);
	CHECK(b64("Zm9vYg==", buf, &n) && n == 4 && memcmp(buf, "foob", 4) == 0);
	CHECK(b64("Zm9vYmE=", buf, &n) && n == 5 && memcmp(buf, "fooba", 5) == 0);
	CHECK(b64("Zm9vYmFy", buf, &n) && n == 6 && memcmp(buf, "foobar", 6) == 0);
	id_base64_encode((const uint8_t *) "fooba", 5, enc);
	CHECK(strcmp(enc, "Zm9vYmE=") == 0);
	id_base64_encode((const uint8_t *) "", 0, enc);
	CHECK(strcmp(enc, "") == 0);

	/* the spec UUID: standard and java legacy */
	id_base64_encode(spec_uuid, 16, enc);
	CHECK(strcmp(enc, "ABEiM0RVZneImaq7zN3u/w==") == 0);
	CHECK(b64("ABEiM0RVZneImaq7zN3u/w==", buf, &n) && n == 16);
	CHECK_MEM(buf, spec_uuid, 16);
	CHECK(b64("d2ZVRDMiEQD/7t3Mu6qZiA==", buf, &n) && n == 16);
	CHECK_MEM(buf, java_uuid, 16);
	/* + and / both appear */
	memset(src, 0xfb, 3);
	id_base64_encode(src, 3, enc);
	CHECK(strcmp(enc, "+/v7") == 0);

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		CHECK(!b64(bad[i], buf, &n));
	/* an embedded NUL counted in the length */
	CHECK(!id_base64_decode("AB\0=", 4, buf, &n));
	CHECK(!id_base64_decode("ABC\0", 4, buf, &n));

	/* every length 0-48, random contents: round trip and canonical form */
	for (k = 0; k < 500; k++)
	{
		len = (size_t) k % 49;
		unit_source(src, len);
		id_base64_encode(src, len, enc);
		CHECK(strlen(enc) == ID_BASE64_ENCODED_LEN(len));
		CHECK(b64(enc, buf, &n));
		CHECK(n == len && memcmp(buf, src, len) == 0);
		CHECK(n <= ID_BASE64_DECODED_MAX(strlen(enc)));
		/* any single changed character either fails or changes the bytes */
		if (len > 0)
		{
			size_t		pos = (size_t) k % strlen(enc);
			char		saved = enc[pos];
			size_t		n2;

			enc[pos] = (char) (saved == 'A' ? 'B' : 'A');
			if (b64(enc, buf, &n2))
				CHECK(n2 != len || memcmp(buf, src, len) != 0);
			enc[pos] = saved;
		}
	}

	/*
	 * Of the 4096 "xy==" strings exactly 256 are accepted, those whose y has
	 * its low 4 bits zero, each decoding to its own byte.
	 */
	{
		static const char alpha[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
		int			a;
		int			c;
		int			accepted = 0;
		bool		seen[256] = {false};

		for (a = 0; a < 64; a++)
			for (c = 0; c < 64; c++)
			{
				char		s[5] = {alpha[a], alpha[c], '=', '=', '\0'};
				bool		ok = b64(s, buf, &n);

				CHECK(ok == ((c & 0x0F) == 0));
				if (ok)
				{
					CHECK(n == 1 && buf[0] == (uint8_t) ((a << 2) | (c >> 4)));
					CHECK(!seen[buf[0]]);
					seen[buf[0]] = true;
					accepted++;
				}
			}
		CHECK(accepted == 256);
	}
}

int
main(void)
{
	test_base64();
	return unit_done("test_base64");
}
