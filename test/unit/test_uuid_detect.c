/*
 * test_uuid_detect.c
 *	  Unit tests of src/pure/uuid_detect.c: the constants behind the chances
 *	  (checked by enumeration), the per-value test, the timestamp test, the
 *	  binomial tail, and the verdict on columns written in one order, in
 *	  several, in none, and crafted to fit two.
 */
#include <math.h>
#include <stdbool.h>

#include "bytes.h"
#include "hex.h"
#include "unit.h"
#include "uuid_detect.h"
#include "uuid_gen.h"

/* 2025-01-01 00:00:00 UTC */
#define NOW_US	INT64_C(1735689600000000)

static const uuid_repr orders[3] = {
	UUID_REPR_STANDARD, UUID_REPR_JAVA_LEGACY, UUID_REPR_CSHARP_LEGACY
};

static void
hex(const char *s, uint8_t *out)
{
	bool		ok = id_hex_decode(s, out, 16);

	CHECK(ok);
}

static bool
close_to(double got, double want)
{
	return fabs(got - want) <= 1e-9 * fabs(want) + 1e-300;
}

/* a random version 4 UUID */
static void
random_v4(uint8_t *u)
{
	unit_source(u, 16);
	uuidgen_stamp(u, 4);
}

/*
 * The chance that repr fits a random v4 UUID written in truth's order,
 * enumerated: mark each byte with its index to see which bytes of the true
 * UUID land in the version (6) and variant (8) positions when decoded under
 * repr, then run their high nibbles through every value the v4 template
 * allows.
 */
static double
enumerate_wrong_fit(uuid_repr repr, uuid_repr truth)
{
	uint8_t		mark[16];
	uint8_t		enc[16];
	uint8_t		dec[16];
	int			s6;
	int			s8;
	int			a;
	int			c;
	int			total = 0;
	int			valid = 0;

	for (a = 0; a < 16; a++)
		mark[a] = (uint8_t) a;
	uuid_repr_encode(truth, mark, enc);
	uuid_repr_decode(repr, enc, dec);
	s6 = dec[6];
	s8 = dec[8];
	for (a = 0; a < 16; a++)
	{
		for (c = 0; c < 16; c++)
		{
			/* the v4 template: byte 6 high nibble 4, byte 8 top bits 10 */
			if ((s6 == 6 && a != 4) || (s6 == 8 && (a >> 2) != 2) ||
				(s8 == 6 && c != 4) || (s8 == 8 && (c >> 2) != 2))
				continue;
			total++;
			if (a >= 1 && a <= 8 && (c >> 2) == 2)
				valid++;
		}
	}
	return (double) valid / total;
}

static void
test_constants(void)
{
	int			i;
	int			j;
	uint32_t	x;
	uint32_t	fit = 0;

	/* the largest wrong fit over the other byte orders */
	for (i = 0; i < 3; i++)
	{
		double		worst = 0;

		for (j = 0; j < 3; j++)
		{
			double		f;

			if (j == i)
				continue;
			f = enumerate_wrong_fit(orders[i], orders[j]);
			if (f > worst)
				worst = f;
		}
		CHECK(close_to(uuid_detect_wrong_fit(orders[i]), worst));
	}
	CHECK(uuid_detect_wrong_fit(UUID_REPR_PYTHON_LEGACY) ==
		  uuid_detect_wrong_fit(UUID_REPR_STANDARD));
	CHECK(uuid_detect_wrong_fit(UUID_REPR_UNSPECIFIED) == 0);
	/* the pairs the header names: standard <-> C# 1/2, the rest 1/8 */
	CHECK(close_to(enumerate_wrong_fit(UUID_REPR_CSHARP_LEGACY, UUID_REPR_STANDARD), 0.5));
	CHECK(close_to(enumerate_wrong_fit(UUID_REPR_STANDARD, UUID_REPR_CSHARP_LEGACY), 0.5));
	CHECK(close_to(enumerate_wrong_fit(UUID_REPR_JAVA_LEGACY, UUID_REPR_STANDARD), 0.125));
	CHECK(close_to(enumerate_wrong_fit(UUID_REPR_STANDARD, UUID_REPR_JAVA_LEGACY), 0.125));
	CHECK(close_to(enumerate_wrong_fit(UUID_REPR_CSHARP_LEGACY, UUID_REPR_JAVA_LEGACY), 0.125));
	CHECK(close_to(enumerate_wrong_fit(UUID_REPR_JAVA_LEGACY, UUID_REPR_CSHARP_LEGACY), 0.125));

	/*
	 * Random bytes: only the high nibbles of bytes 1, 6, 7, 8 and 15 matter
	 * to any byte order; run all 2^20 of them through the real test.
	 */
	for (x = 0; x < (UINT32_C(1) << 20); x++)
	{
		uint8_t		b[16] = {0};

		b[1] = (uint8_t) ((x & 0xF) << 4);
		b[6] = (uint8_t) (((x >> 4) & 0xF) << 4);
		b[7] = (uint8_t) (((x >> 8) & 0xF) << 4);
		b[8] = (uint8_t) (((x >> 12) & 0xF) << 4);
		b[15] = (uint8_t) (((x >> 16) & 0xF) << 4);
		if (uuid_detect_representations(b) != 0)
			fit++;
	}
	CHECK(close_to((double) fit / (1 << 20), UUID_DETECT_RANDOM_FIT));
}

static void
test_per_value(void)
{
	uint8_t		u[16];
	uint8_t		b[16];
	unsigned	rfc = UUID_DETECT_BIT(UUID_REPR_STANDARD) |
		UUID_DETECT_BIT(UUID_REPR_PYTHON_LEGACY);
	int			v;

	/*
	 * RFC 9562 A.6's v7 fits the RFC order and, by the accident of its
	 * timestamp byte 0x7f landing in the version nibble, the Java order too
	 * (the timestamp test tells them apart, below); not the C# order, which
	 * puts byte 7 (0xc3) there.
	 */
	hex("017f22e279b07cc398c4dc0c0c07398f", u);
	CHECK(uuid_detect_version(u) == 7);
	CHECK(uuid_detect_representations(u) ==
		  (rfc | UUID_DETECT_BIT(UUID_REPR_JAVA_LEGACY)));
	CHECK(!uuid_detect_plausible_time(u, 0));
	uuid_repr_decode(UUID_REPR_JAVA_LEGACY, u, b);
	CHECK(uuid_detect_version(b) == 7);
	CHECK(!uuid_detect_plausible_time(b, NOW_US));
	/* in C# order: C#, and Java (byte 1, 0x22, lands in the version nibble) */
	uuid_repr_encode(UUID_REPR_CSHARP_LEGACY, u, b);
	CHECK(uuid_detect_representations(b) ==
		  (UUID_DETECT_BIT(UUID_REPR_CSHARP_LEGACY) |
		   UUID_DETECT_BIT(UUID_REPR_JAVA_LEGACY)));
	/*
	 * RFC 9562's v4 example 919108f7-52d1-4320-9bac-f847db4148a8 fits the C#
	 * order too: byte 7 (0x20) holds a version nibble, and C# shares byte 8
	 * (the variant) with the RFC order; one v4 row in two does that.
	 */
	hex("919108f752d143209bacf847db4148a8", u);
	CHECK(uuid_detect_representations(u) ==
		  (rfc | UUID_DETECT_BIT(UUID_REPR_CSHARP_LEGACY)));

	/* the spec's 00112233-...: a well-formed v6 in RFC order */
	hex("00112233445566778899aabbccddeeff", u);
	CHECK(uuid_detect_version(u) == 6);
	CHECK((uuid_detect_representations(u) & rfc) == rfc);

	/* nil and max: nothing */
	memset(u, 0, 16);
	CHECK(uuid_detect_version(u) == 0);
	CHECK(uuid_detect_representations(u) == 0);
	memset(u, 0xFF, 16);
	CHECK(uuid_detect_representations(u) == 0);

	/* every version 1-8 counts, 0 and 9-15 do not, nor other variants */
	for (v = 0; v < 16; v++)
	{
		memset(u, 0x5A, 16);
		uuidgen_stamp(u, v);
		CHECK(uuid_detect_version(u) == ((v >= 1 && v <= 8) ? v : 0));
	}
	uuidgen_stamp(u, 4);
	u[8] = 0xC0;				/* Microsoft's variant 110 */
	CHECK(uuid_detect_version(u) == 0);
	u[8] = 0x40;				/* NCS variant 0 */
	CHECK(uuid_detect_version(u) == 0);
}

static void
test_plausible_time(void)
{
	uint8_t		u[16];

	/* RFC 9562's examples: 2022-02-22, plausible in 2025, not in 2020 */
	hex("017f22e279b07cc398c4dc0c0c07398f", u);	/* v7 */
	CHECK(uuid_detect_plausible_time(u, NOW_US));
	CHECK(!uuid_detect_plausible_time(u, INT64_C(1577836800000000)));
	/* up to a day ahead of now */
	CHECK(uuid_detect_plausible_time(u, INT64_C(1645557742000000) -
									 UUID_DETECT_SLACK_US));
	CHECK(!uuid_detect_plausible_time(u, INT64_C(1645557742000000) -
									  UUID_DETECT_SLACK_US - 1));
	hex("c232ab00941411ecb3c89f6bdeced846", u);	/* v1 */
	CHECK(uuid_detect_plausible_time(u, NOW_US));
	hex("1ec9414c232a6b00b3c89f6bdeced846", u);	/* v6 */
	CHECK(uuid_detect_plausible_time(u, NOW_US));
	/* v7 of 1989-12-31 23:59:59.999 and of 1990-01-01 */
	memset(u, 0, 16);
	id_store_be(u, 631151999999, 6);
	uuidgen_stamp(u, 7);
	CHECK(!uuid_detect_plausible_time(u, NOW_US));
	id_store_be(u, 631152000000, 6);
	uuidgen_stamp(u, 7);
	CHECK(uuid_detect_plausible_time(u, NOW_US));
	/* versions without a timestamp are never "plausible" */
	uuidgen_stamp(u, 4);
	CHECK(!uuid_detect_plausible_time(u, NOW_US));
	/* no overflow at the end of the clock */
	uuidgen_stamp(u, 7);
	CHECK(uuid_detect_plausible_time(u, INT64_MAX));
}

static void
test_binomial(void)
{
	int			n;
	int			k;

	CHECK(close_to(uuid_detect_binomial_tail(10, 10, 0.5), 1.0 / 1024));
	CHECK(close_to(uuid_detect_binomial_tail(10, 5, 0.5), 638.0 / 1024));
	CHECK(uuid_detect_binomial_tail(10, 0, 0.5) == 1.0);
	CHECK(uuid_detect_binomial_tail(10, -3, 0.5) == 1.0);
	CHECK(uuid_detect_binomial_tail(10, 11, 0.5) == 0.0);
	CHECK(uuid_detect_binomial_tail(0, 0, 0.5) == 1.0);
	CHECK(uuid_detect_binomial_tail(10, 3, 0.0) == 0.0);
	CHECK(uuid_detect_binomial_tail(10, 3, 1.0) == 1.0);
	CHECK(close_to(uuid_detect_binomial_tail(40, 40, 0.125), pow(0.125, 40)));
	/* underflow gives 0, never NaN; huge n stays fast and in range */
	CHECK(uuid_detect_binomial_tail(100000, 100000, 0.5) == 0.0);
	CHECK(fabs(uuid_detect_binomial_tail(INT64_C(1000000000),
										 INT64_C(500000000), 0.5) - 0.5) < 1e-4);
	CHECK(uuid_detect_binomial_tail(INT64_C(1) << 62, INT64_C(1) << 61,
									0.125) == 0.0);

	/* against direct summation for small n */
	for (n = 1; n <= 30; n++)
	{
		for (k = 0; k <= n; k++)
		{
			double		p = 37.0 / 128.0;
			double		want = 0;
			int			i;

			for (i = k; i <= n; i++)
			{
				double		c = 1;
				int			j;

				for (j = 1; j <= i; j++)
					c = c * (n - i + j) / j;
				want += c * pow(p, i) * pow(1 - p, n - i);
			}
			CHECK(fabs(uuid_detect_binomial_tail(n, k, p) - want) < 1e-12);
		}
	}
}

/* n random v4 UUIDs in repr's order (subtype as given) into t */
static void
add_v4(uuid_detect_tally *t, int n, uuid_repr repr, int subtype)
{
	uint8_t		u[16];
	uint8_t		b[16];
	int			i;

	for (i = 0; i < n; i++)
	{
		random_v4(u);
		uuid_repr_encode(repr, u, b);
		uuid_detect_tally_add(t, b, 16, subtype, NOW_US);
	}
}

static uuid_detect_reason
verdict(const uuid_detect_tally *t, unsigned *fit_all)
{
	uuid_detect_result res;

	uuid_detect_verdict(t, &res);
	*fit_all = res.fit_all;
	return res.reason;
}

static void
test_tally(void)
{
	uuid_detect_tally t;
	uuid_detect_tally a;
	uuid_detect_tally b;
	uuid_detect_result res;
	unsigned	fit;
	unsigned	rfc = UUID_DETECT_BIT(UUID_REPR_STANDARD) |
		UUID_DETECT_BIT(UUID_REPR_PYTHON_LEGACY);
	uint8_t		u[16];
	int			i;
	int			o;

	/* one order, 40 v4 rows: that order (standard and python together) */
	for (o = 0; o < 3; o++)
	{
		unsigned	want = orders[o] == UUID_REPR_STANDARD ? rfc :
			UUID_DETECT_BIT(orders[o]);

		uuid_detect_tally_init(&t);
		add_v4(&t, 40, orders[o], -1);
		CHECK(verdict(&t, &fit) == UUID_DETECT_FOUND);
		CHECK(fit == want);
		uuid_detect_verdict(&t, &res);
		CHECK(res.chance <= pow(0.5, 40));
		CHECK(t.versions[orders[o]] == (1u << 4));
		CHECK(t.fits_none == 0);
	}

	/* subtypes known: python (03) and standard (04) come apart */
	uuid_detect_tally_init(&t);
	add_v4(&t, 20, UUID_REPR_STANDARD, 3);
	CHECK(verdict(&t, &fit) == UUID_DETECT_FOUND);
	CHECK(fit == UUID_DETECT_BIT(UUID_REPR_PYTHON_LEGACY));
	uuid_detect_tally_init(&t);
	add_v4(&t, 20, UUID_REPR_STANDARD, 4);
	CHECK(verdict(&t, &fit) == UUID_DETECT_FOUND);
	CHECK(fit == UUID_DETECT_BIT(UUID_REPR_STANDARD));

	/* one row: too few; it still fits its order */
	uuid_detect_tally_init(&t);
	add_v4(&t, 1, UUID_REPR_JAVA_LEGACY, -1);
	CHECK(verdict(&t, &fit) == UUID_DETECT_TOO_FEW_ROWS);
	CHECK(fit & UUID_DETECT_BIT(UUID_REPR_JAVA_LEGACY));

	/* no rows, or only nil and max: too few, no evidence */
	uuid_detect_tally_init(&t);
	CHECK(verdict(&t, &fit) == UUID_DETECT_TOO_FEW_ROWS && fit == 0);
	memset(u, 0, 16);
	for (i = 0; i < 50; i++)
		uuid_detect_tally_add(&t, u, 16, -1, NOW_US);
	memset(u, 0xFF, 16);
	uuid_detect_tally_add(&t, u, 16, 3, NOW_US);
	CHECK(verdict(&t, &fit) == UUID_DETECT_TOO_FEW_ROWS && fit == 0);
	CHECK(t.nil_or_max == 51 && t.rows == 51);

	/* Java and C# rows mixed */
	uuid_detect_tally_init(&t);
	add_v4(&t, 20, UUID_REPR_JAVA_LEGACY, -1);
	add_v4(&t, 20, UUID_REPR_CSHARP_LEGACY, -1);
	CHECK(verdict(&t, &fit) == UUID_DETECT_MIXED && fit == 0);

	/*
	 * six Java rows and one that fits no order: too few to call them mixed,
	 * yet far more rows fit Java's order than random bytes would (chance
	 * 2.3e-5): more rows would tell, they are not "not UUIDs"
	 */
	uuid_detect_tally_init(&t);
	add_v4(&t, 6, UUID_REPR_JAVA_LEGACY, -1);
	memset(u, 0x01, 16);
	uuid_detect_tally_add(&t, u, 16, -1, NOW_US);
	CHECK(t.fits_none == 1);
	CHECK(verdict(&t, &fit) == UUID_DETECT_TOO_FEW_ROWS && fit == 0);

	/* random bytes: not UUIDs */
	uuid_detect_tally_init(&t);
	for (i = 0; i < 200; i++)
	{
		unit_source(u, 16);
		uuid_detect_tally_add(&t, u, 16, -1, NOW_US);
	}
	CHECK(verdict(&t, &fit) == UUID_DETECT_NOT_UUIDS);

	/* wrong lengths and non-UUID subtypes fit nothing */
	uuid_detect_tally_init(&t);
	uuid_detect_tally_add(&t, u, 15, -1, NOW_US);
	random_v4(u);
	uuid_detect_tally_add(&t, u, 16, 0, NOW_US);
	CHECK(t.not_uuid == 2 && t.fits_none == 2);
	CHECK(verdict(&t, &fit) == UUID_DETECT_NOT_UUIDS);

	/* crafted: 30 UUIDs whose byte 7 also holds a version nibble */
	uuid_detect_tally_init(&t);
	for (i = 0; i < 30; i++)
	{
		random_v4(u);
		u[7] = (uint8_t) ((u[7] & 0x0F) | 0x40);
		uuid_detect_tally_add(&t, u, 16, -1, NOW_US);
	}
	CHECK(verdict(&t, &fit) == UUID_DETECT_AMBIGUOUS);
	CHECK(fit == (rfc | UUID_DETECT_BIT(UUID_REPR_CSHARP_LEGACY)));

	/* parallel halves merge to the whole */
	uuid_detect_tally_init(&a);
	uuid_detect_tally_init(&b);
	unit_source_state = UINT64_C(42);
	add_v4(&a, 10, UUID_REPR_JAVA_LEGACY, -1);
	add_v4(&b, 15, UUID_REPR_JAVA_LEGACY, -1);
	uuid_detect_tally_init(&t);
	unit_source_state = UINT64_C(42);
	add_v4(&t, 25, UUID_REPR_JAVA_LEGACY, -1);
	uuid_detect_tally_merge(&a, &b);
	CHECK(memcmp(&a, &t, sizeof(t)) == 0);
}

/* repeated rows add no evidence: chances count distinct values */
static void
test_duplicates(void)
{
	uuid_detect_tally t;
	uuid_detect_tally once;
	uuid_detect_result res;
	uuid_detect_result res_once;
	uint8_t		u[16];
	uint8_t		java[16];
	uint8_t		b[16];
	unsigned	fit;
	int			i;
	int			j;

	/*
	 * An MD5 digest, md5('123'), that happens to fit the C# order alone (as
	 * a version 5), 1000 times: one value, so the chance that C# fits it
	 * by accident stays 1/2, and there is no verdict.
	 */
	hex("202cb962ac59075b964b07152d234b70", u);
	CHECK(uuid_detect_representations(u) ==
		  UUID_DETECT_BIT(UUID_REPR_CSHARP_LEGACY));
	uuid_detect_tally_init(&t);
	for (i = 0; i < 1000; i++)
		uuid_detect_tally_add(&t, u, 16, -1, NOW_US);
	uuid_detect_verdict(&t, &res);
	CHECK(res.reason == UUID_DETECT_TOO_FEW_ROWS);
	CHECK(res.fit_all == UUID_DETECT_BIT(UUID_REPR_CSHARP_LEGACY));
	CHECK(close_to(res.chance, 0.5));
	CHECK(close_to(res.repr_chance[UUID_REPR_CSHARP_LEGACY], 0.5));
	CHECK(t.rows == 1000 && t.fits[UUID_REPR_CSHARP_LEGACY] == 1000);

	/* 40 Java rows, each three times: the same chances as each once */
	uuid_detect_tally_init(&t);
	uuid_detect_tally_init(&once);
	for (i = 0; i < 40; i++)
	{
		random_v4(u);
		uuid_repr_encode(UUID_REPR_JAVA_LEGACY, u, b);
		uuid_detect_tally_add(&once, b, 16, -1, NOW_US);
		for (j = 0; j < 3; j++)
			uuid_detect_tally_add(&t, b, 16, -1, NOW_US);
	}
	uuid_detect_verdict(&t, &res);
	uuid_detect_verdict(&once, &res_once);
	CHECK(res.reason == UUID_DETECT_FOUND);
	CHECK(res.reason == res_once.reason && res.fit_all == res_once.fit_all);
	CHECK(res.chance == res_once.chance);
	for (i = UUID_DETECT_FIRST; i <= UUID_DETECT_LAST; i++)
	{
		CHECK(res.repr_chance[i] == res_once.repr_chance[i]);
		CHECK(t.fits[i] == 3 * once.fits[i]);
	}
	CHECK(t.rows == 120);

	/*
	 * Two values, one fitting the Java order alone and one the C# order
	 * alone, 500 times each: two values could be random bytes (29% of which
	 * fit some order), so too few rows, not mixed.
	 */
	uuid_detect_tally_init(&t);
	do
	{
		random_v4(u);
		uuid_repr_encode(UUID_REPR_JAVA_LEGACY, u, java);
	} while (uuid_detect_representations(java) !=
			 UUID_DETECT_BIT(UUID_REPR_JAVA_LEGACY));
	do
	{
		random_v4(u);
		uuid_repr_encode(UUID_REPR_CSHARP_LEGACY, u, b);
	} while (uuid_detect_representations(b) !=
			 UUID_DETECT_BIT(UUID_REPR_CSHARP_LEGACY));
	for (i = 0; i < 500; i++)
	{
		uuid_detect_tally_add(&t, java, 16, -1, NOW_US);
		uuid_detect_tally_add(&t, b, 16, -1, NOW_US);
	}
	CHECK(verdict(&t, &fit) == UUID_DETECT_TOO_FEW_ROWS && fit == 0);
	CHECK(t.fits_none == 0);

	/* the same value under subtypes 03 and 04 is two values */
	uuid_detect_tally_init(&t);
	random_v4(u);
	for (i = 0; i < 10; i++)
	{
		uuid_detect_tally_add(&t, u, 16, 3, NOW_US);
		uuid_detect_tally_add(&t, u, 16, 4, NOW_US);
	}
	uuid_detect_verdict(&t, &res);
	CHECK(close_to(res.repr_chance[UUID_REPR_PYTHON_LEGACY], 0.5));
}

/* n random v4 UUIDs in Java order into vals (distinct, as random) */
static void
java_values(uint8_t (*vals)[16], int n)
{
	uint8_t		u[16];
	int			i;

	for (i = 0; i < n; i++)
	{
		random_v4(u);
		uuid_repr_encode(UUID_REPR_JAVA_LEGACY, u, vals[i]);
	}
}

/* the cap on distinct values, and merging overlapping sets of them */
static void
test_distinct(void)
{
	static uint8_t vals[300][16];
	uuid_detect_tally t;
	uuid_detect_tally a;
	uuid_detect_tally b;
	uuid_detect_tally ab;
	uuid_detect_tally ba;
	uuid_detect_result res;
	uuid_detect_result res_ba;
	int			i;

	java_values(vals, 300);

	/*
	 * 300 distinct values: the first 256 are remembered, the rest counted
	 * in the rows only; the chances are those of 256 values.
	 */
	uuid_detect_tally_init(&t);
	for (i = 0; i < 300; i++)
		uuid_detect_tally_add(&t, vals[i], 16, -1, NOW_US);
	uuid_detect_verdict(&t, &res);
	CHECK(t.ndistinct == UUID_DETECT_DISTINCT_CAP);
	CHECK(res.distinct == UUID_DETECT_DISTINCT_CAP);
	CHECK(t.rows == 300 && t.fits[UUID_REPR_JAVA_LEGACY] == 300);
	CHECK(res.reason == UUID_DETECT_FOUND);
	CHECK(close_to(res.repr_chance[UUID_REPR_JAVA_LEGACY],
				   pow(0.125, UUID_DETECT_DISTINCT_CAP)));
	CHECK_MEM(t.values[0].bytes, vals[0], 16);
	CHECK_MEM(t.values[255].bytes, vals[255], 16);
	/* a remembered value and a value past the cap: rows only */
	uuid_detect_tally_add(&t, vals[3], 16, -1, NOW_US);
	uuid_detect_tally_add(&t, vals[299], 16, -1, NOW_US);
	CHECK(t.ndistinct == UUID_DETECT_DISTINCT_CAP && t.rows == 302);

	/*
	 * Overlapping halves: a holds values 0-19, b values 10-29.  Merged, 30
	 * distinct values of 40 rows, the same state as one tally of a's rows
	 * then b's; merged the other way round, the same verdict.
	 */
	uuid_detect_tally_init(&a);
	uuid_detect_tally_init(&b);
	uuid_detect_tally_init(&t);
	for (i = 0; i < 20; i++)
	{
		uuid_detect_tally_add(&a, vals[i], 16, -1, NOW_US);
		uuid_detect_tally_add(&b, vals[i + 10], 16, -1, NOW_US);
		uuid_detect_tally_add(&t, vals[i], 16, -1, NOW_US);
	}
	for (i = 0; i < 20; i++)
		uuid_detect_tally_add(&t, vals[i + 10], 16, -1, NOW_US);
	memcpy(&ab, &a, sizeof(a));
	uuid_detect_tally_merge(&ab, &b);
	memcpy(&ba, &b, sizeof(b));
	uuid_detect_tally_merge(&ba, &a);
	CHECK(ab.rows == 40 && ab.ndistinct == 30);
	CHECK(memcmp(&ab, &t, sizeof(t)) == 0);
	uuid_detect_verdict(&ab, &res);
	uuid_detect_verdict(&ba, &res_ba);
	CHECK(memcmp(&res, &res_ba, sizeof(res)) == 0);
	CHECK(res.distinct == 30 && res.reason == UUID_DETECT_FOUND);
	CHECK(close_to(res.repr_chance[UUID_REPR_JAVA_LEGACY], pow(0.125, 30)));

	/*
	 * Across the cap: a full with values 0-255, b with 240-299.  The merge
	 * keeps a's 256 and adds the rows of b.
	 */
	uuid_detect_tally_init(&a);
	uuid_detect_tally_init(&b);
	for (i = 0; i < 256; i++)
		uuid_detect_tally_add(&a, vals[i], 16, -1, NOW_US);
	for (i = 240; i < 300; i++)
		uuid_detect_tally_add(&b, vals[i], 16, -1, NOW_US);
	uuid_detect_tally_merge(&a, &b);
	CHECK(a.rows == 316 && a.ndistinct == UUID_DETECT_DISTINCT_CAP);
	CHECK(a.fits[UUID_REPR_JAVA_LEGACY] == 316);
	CHECK_MEM(a.values[255].bytes, vals[255], 16);
	/* and b, not full, takes a's values until it is */
	uuid_detect_tally_init(&a);
	for (i = 0; i < 256; i++)
		uuid_detect_tally_add(&a, vals[i], 16, -1, NOW_US);
	uuid_detect_tally_merge(&b, &a);
	CHECK(b.ndistinct == UUID_DETECT_DISTINCT_CAP && b.rows == 316);
	CHECK_MEM(b.values[0].bytes, vals[240], 16);
	CHECK_MEM(b.values[60].bytes, vals[0], 16);
}

/*
 * A v7 UUID of unix_ms with random other bits, written in repr's order,
 * into t (subtype as given), n times over
 */
static void
add_v7(uuid_detect_tally *t, int64_t unix_ms, uuid_repr repr, int subtype,
	   int n, int64_t now_us)
{
	uint8_t		u[16];
	uint8_t		b[16];
	int			i;

	unit_source(u, 16);
	id_store_be(u, (uint64_t) unix_ms, 6);
	uuidgen_stamp(u, 7);
	uuid_repr_encode(repr, u, b);
	for (i = 0; i < n; i++)
		uuid_detect_tally_add(t, b, 16, subtype, now_us);
}

/*
 * Plausibility never excludes the order that wrote a row: a row fits every
 * order in which it is well-formed; implausible timestamps only break ties
 * between orders that fit every row.
 */
static void
test_tie_break(void)
{
	uuid_detect_tally t;
	uuid_detect_result res;
	uint8_t		u[16];
	unsigned	rfc = UUID_DETECT_BIT(UUID_REPR_STANDARD) |
		UUID_DETECT_BIT(UUID_REPR_PYTHON_LEGACY);
	int			o;
	int			i;

	/*
	 * The review's case: a clean v7 column (2024) with one row from 1985,
	 * or one dated two days ahead, in each byte order: that order still.
	 */
	for (o = 0; o < 3; o++)
	{
		unsigned	want = orders[o] == UUID_REPR_STANDARD ? rfc :
			UUID_DETECT_BIT(orders[o]);
		int			odd;

		for (odd = 0; odd < 2; odd++)
		{
			uuid_detect_tally_init(&t);
			for (i = 0; i < 30; i++)
				add_v7(&t, INT64_C(1704067200000) + i * 1000, orders[o], -1, 1,
					   NOW_US);
			add_v7(&t, odd == 0 ? INT64_C(486432000000) :
				   NOW_US / 1000 + 2 * INT64_C(86400000), orders[o], -1, 1,
				   NOW_US);
			uuid_detect_verdict(&t, &res);
			CHECK(res.reason == UUID_DETECT_FOUND);
			CHECK(res.fit_all == want && res.best == want);
			CHECK(t.fits[orders[o]] == 31);
			CHECK(t.timestamped[orders[o]] == 31);
			CHECK(t.plausible[orders[o]] == 30);
		}
	}

	/*
	 * The README's case: RFC-order v7s of 2022-02-22 (byte 1 is 0x7f) whose
	 * byte 15 carries variant bits are also well-formed v7s in Java order,
	 * dated thousands of years ahead (byte 7, the top of the Java reading's
	 * instant, is at least 0xC0; that also keeps the C# order out).  Both
	 * orders fit every row; the timestamps break the tie.
	 */
	uuid_detect_tally_init(&t);
	for (i = 0; i < 20; i++)
	{
		unit_source(u, 16);
		id_store_be(u, INT64_C(0x017f22e279b0) + i * 1000, 6);
		uuidgen_stamp(u, 7);
		u[7] |= 0xC0;
		u[15] = (uint8_t) ((u[15] & 0x3F) | 0x80);
		uuid_detect_tally_add(&t, u, 16, -1, NOW_US);
	}
	uuid_detect_verdict(&t, &res);
	CHECK(res.fit_all == (rfc | UUID_DETECT_BIT(UUID_REPR_JAVA_LEGACY)));
	CHECK(res.reason == UUID_DETECT_FOUND && res.best == rfc);
	CHECK(close_to(res.chance, pow(0.5, 20)));
	CHECK(t.plausible[UUID_REPR_STANDARD] == 20);
	CHECK(t.timestamped[UUID_REPR_JAVA_LEGACY] == 20);
	CHECK(t.plausible[UUID_REPR_JAVA_LEGACY] == 0);

	/*
	 * The same rows judged in 2020: both readings lie in the future, the
	 * tie stands, and the answer is "ambiguous", never a guess.
	 */
	uuid_detect_tally_init(&t);
	for (i = 0; i < 20; i++)
	{
		unit_source(u, 16);
		id_store_be(u, INT64_C(0x017f22e279b0) + i * 1000, 6);
		uuidgen_stamp(u, 7);
		u[7] |= 0xC0;
		u[15] = (uint8_t) ((u[15] & 0x3F) | 0x80);
		uuid_detect_tally_add(&t, u, 16, -1, INT64_C(1577836800000000));
	}
	uuid_detect_verdict(&t, &res);
	CHECK(res.reason == UUID_DETECT_AMBIGUOUS);
	CHECK(res.fit_all == (rfc | UUID_DETECT_BIT(UUID_REPR_JAVA_LEGACY)));
	CHECK(res.best == res.fit_all);
}

/* subtype 04: only the standard representation writes it */
static void
test_subtype_04(void)
{
	uuid_detect_tally t;
	uuid_detect_result res;
	uint8_t		u[16];
	unsigned	fit;
	int			i;

	/* one well-formed subtype 04 value is enough */
	uuid_detect_tally_init(&t);
	random_v4(u);
	uuid_detect_tally_add(&t, u, 16, 4, NOW_US);
	uuid_detect_verdict(&t, &res);
	CHECK(res.reason == UUID_DETECT_FOUND);
	CHECK(res.fit_all == UUID_DETECT_BIT(UUID_REPR_STANDARD));
	CHECK(res.chance == 0.0);
	CHECK(res.repr_chance[UUID_REPR_STANDARD] == 0.0);

	/* also when its timestamp is implausible (a v7 of 1985) */
	uuid_detect_tally_init(&t);
	add_v7(&t, INT64_C(486432000000), UUID_REPR_STANDARD, 4, 1, NOW_US);
	CHECK(verdict(&t, &fit) == UUID_DETECT_FOUND);
	CHECK(fit == UUID_DETECT_BIT(UUID_REPR_STANDARD));

	/* a subtype 04 value that is not well-formed proves nothing */
	uuid_detect_tally_init(&t);
	random_v4(u);
	u[8] = 0xC0;
	uuid_detect_tally_add(&t, u, 16, 4, NOW_US);
	CHECK(verdict(&t, &fit) == UUID_DETECT_NOT_UUIDS && fit == 0);

	/* subtype 03 keeps its binomial chance: one row is too few */
	uuid_detect_tally_init(&t);
	random_v4(u);
	uuid_detect_tally_add(&t, u, 16, 3, NOW_US);
	uuid_detect_verdict(&t, &res);
	CHECK(res.reason == UUID_DETECT_TOO_FEW_ROWS);
	CHECK(close_to(res.repr_chance[UUID_REPR_PYTHON_LEGACY], 0.5));

	/* 04 and 03 documents mixed: standard's chance is 0, python's is not */
	uuid_detect_tally_init(&t);
	for (i = 0; i < 3; i++)
	{
		random_v4(u);
		uuid_detect_tally_add(&t, u, 16, 4, NOW_US);
		random_v4(u);
		uuid_detect_tally_add(&t, u, 16, 3, NOW_US);
	}
	uuid_detect_verdict(&t, &res);
	CHECK(res.repr_chance[UUID_REPR_STANDARD] == 0.0);
	CHECK(close_to(res.repr_chance[UUID_REPR_PYTHON_LEGACY], 0.125));
	CHECK(res.reason == UUID_DETECT_MIXED && res.fit_all == 0);

	/* a 04 row past the cap on distinct values counts all the same */
	uuid_detect_tally_init(&t);
	for (i = 0; i < UUID_DETECT_DISTINCT_CAP; i++)
	{
		random_v4(u);
		uuid_detect_tally_add(&t, u, 16, 3, NOW_US);
	}
	random_v4(u);
	uuid_detect_tally_add(&t, u, 16, 4, NOW_US);
	uuid_detect_verdict(&t, &res);
	CHECK(t.ndistinct == UUID_DETECT_DISTINCT_CAP && t.standard_04 == 1);
	CHECK(res.repr_chance[UUID_REPR_STANDARD] == 0.0);
}

/* v1 and v7 columns: the timestamp test */
static void
test_time_based(void)
{
	uuid_detect_tally t;
	uint8_t		u[16];
	uint8_t		b[16];
	unsigned	fit;
	int			i;

	/* v7 from 2024 in Java order */
	uuid_detect_tally_init(&t);
	for (i = 0; i < 30; i++)
	{
		unit_source(u, 16);
		id_store_be(u, INT64_C(1704067200000) + i * 1000, 6);
		uuidgen_stamp(u, 7);
		uuid_repr_encode(UUID_REPR_JAVA_LEGACY, u, b);
		uuid_detect_tally_add(&t, b, 16, 3, NOW_US);
	}
	CHECK(verdict(&t, &fit) == UUID_DETECT_FOUND);
	CHECK(fit == UUID_DETECT_BIT(UUID_REPR_JAVA_LEGACY));
	CHECK(t.timestamped[UUID_REPR_JAVA_LEGACY] == 30);
	CHECK(t.plausible[UUID_REPR_JAVA_LEGACY] == 30);

	/*
	 * The same column (RFC order) judged in 2020: its instants lie in the
	 * future, yet the rows fit the order that wrote them, and no other
	 * order fits them all: that order still.
	 */
	uuid_detect_tally_init(&t);
	for (i = 0; i < 30; i++)
	{
		unit_source(u, 16);
		id_store_be(u, INT64_C(1704067200000) + i * 1000, 6);
		uuidgen_stamp(u, 7);
		uuid_detect_tally_add(&t, u, 16, -1, INT64_C(1577836800000000));
	}
	CHECK(t.fits[UUID_REPR_STANDARD] == 30);
	CHECK(t.timestamped[UUID_REPR_STANDARD] == 30);
	CHECK(t.plausible[UUID_REPR_STANDARD] == 0);
	CHECK(verdict(&t, &fit) == UUID_DETECT_FOUND);
	CHECK(fit == (UUID_DETECT_BIT(UUID_REPR_STANDARD) |
				  UUID_DETECT_BIT(UUID_REPR_PYTHON_LEGACY)));
}

int
main(void)
{
	test_constants();
	test_per_value();
	test_plausible_time();
	test_binomial();
	test_tally();
	test_time_based();
	test_duplicates();
	test_distinct();
	test_tie_break();
	test_subtype_04();
	return unit_done("test_uuid_detect");
}
