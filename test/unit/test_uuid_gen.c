/*
 * test_uuid_gen.c
 *	  Unit tests of src/pure/uuid_gen.c: the RFC 9562 test vectors, the byte
 *	  layouts, PostgreSQL 18's v7 rule, clocks stepping backwards, counter
 *	  and sequence overflow, strict order over many values, per-process
 *	  state, and random failures leaving nothing half-written.
 */
#include <stdbool.h>

#include "idclock.h"
#include "uuid_gen.h"
#include "unit.h"

static id_random_pool pool = ID_RANDOM_POOL_INIT(unit_source);

/* RFC 9562 Appendix A and B.1 test vectors */
static const uint8_t vec_v1[16] = {
	0xc2, 0x32, 0xab, 0x00, 0x94, 0x14, 0x11, 0xec,
	0xb3, 0xc8, 0x9f, 0x6b, 0xde, 0xce, 0xd8, 0x46
};
static const uint8_t vec_v6[16] = {
	0x1e, 0xc9, 0x41, 0x4c, 0x23, 0x2a, 0x6b, 0x00,
	0xb3, 0xc8, 0x9f, 0x6b, 0xde, 0xce, 0xd8, 0x46
};
static const uint8_t vec_v7[16] = {
	0x01, 0x7f, 0x22, 0xe2, 0x79, 0xb0, 0x7c, 0xc3,
	0x98, 0xc4, 0xdc, 0x0c, 0x0c, 0x07, 0x39, 0x8f
};
static const uint8_t vec_v8[16] = {
	0x24, 0x89, 0xe9, 0xad, 0x2e, 0xe2, 0x8e, 0x00,
	0x8e, 0xc9, 0x32, 0xd5, 0xf6, 0x91, 0x81, 0xc0
};

/* 2022-02-22 19:22:22 UTC, the instant of every vector */
#define VEC_UNIX_US		INT64_C(1645557742000000)
#define VEC_TIME_100NS	INT64_C(0x1EC9414C232AB00)

static uint32_t
v7_fraction(const uint8_t *u)
{
	return ((uint32_t) (u[6] & 0x0F) << 8) | u[7];
}

static uint32_t
v8_seq(const uint8_t *u)
{
	return ((uint32_t) (u[8] & 0x3F) << 2) | (u[9] >> 6);
}

static uint32_t
clock_seq_of(const uint8_t *u)
{
	return ((uint32_t) (u[8] & 0x3F) << 8) | u[9];
}

/*
 * One step of a strict-order walk: 1 if the generator failed or u is not
 * above prev; prev becomes u.
 */
static int
step_bad(id_status status, uint8_t *prev, const uint8_t *u)
{
	int			bad = (status != ID_OK || memcmp(prev, u, 16) >= 0);

	memcpy(prev, u, 16);
	return bad;
}

static void
test_vectors(void)
{
	uint8_t		out[16];
	int64_t		us;

	CHECK(uuidgen_version(vec_v1) == 1);
	CHECK(uuidgen_version(vec_v6) == 6);
	CHECK(uuidgen_version(vec_v7) == 7);
	CHECK(uuidgen_version(vec_v8) == 8);

	CHECK(uuidgen_v1_time(vec_v1) == VEC_TIME_100NS);
	CHECK(uuidgen_v6_time(vec_v6) == VEC_TIME_100NS);
	CHECK(uuidgen_v7_ms(vec_v7) == INT64_C(0x017F22E279B0));
	CHECK(uuidgen_v7_ms(vec_v7) == INT64_C(1645557742000));
	CHECK(uuidgen_v8_tick(vec_v8) == INT64_C(0x2489E9AD2EE2E00));

	CHECK(uuidgen_timestamp_us(vec_v1, &us) && us == VEC_UNIX_US);
	CHECK(!uuidgen_timestamp_us(vec_v6, &us));	/* as core 18: v6 has its own reader */
	CHECK(uuidgen_v6_timestamp_us(vec_v6, &us) && us == VEC_UNIX_US);
	CHECK(uuidgen_timestamp_us(vec_v7, &us) && us == VEC_UNIX_US);
	CHECK(!uuidgen_timestamp_us(vec_v8, &us));
	CHECK(uuidgen_v6_timestamp_us(vec_v6, &us) && us == VEC_UNIX_US);
	CHECK(!uuidgen_v6_timestamp_us(vec_v1, &us));
	CHECK(!uuidgen_v6_timestamp_us(vec_v7, &us));
	CHECK(uuidgen_v8_timestamp_us(vec_v8, &us) && us == VEC_UNIX_US);
	CHECK(!uuidgen_v8_timestamp_us(vec_v7, &us));

	/* v1 <-> v6 are exact inverses and give the vectors */
	CHECK(uuidgen_v1_to_v6(vec_v1, out));
	CHECK_MEM(out, vec_v6, 16);
	CHECK(uuidgen_v6_to_v1(vec_v6, out));
	CHECK_MEM(out, vec_v1, 16);
	CHECK(!uuidgen_v1_to_v6(vec_v6, out));
	CHECK(!uuidgen_v6_to_v1(vec_v1, out));
	CHECK(!uuidgen_v6_to_v1(vec_v7, out));

	/* the smallest v7 of the vector's millisecond */
	CHECK(uuidgen_v7_min(INT64_C(1645557742000), out) == ID_OK);
	{
		static const uint8_t min[16] = {
			0x01, 0x7f, 0x22, 0xe2, 0x79, 0xb0, 0x70, 0x00,
			0x80, 0, 0, 0, 0, 0, 0, 0
		};

		CHECK_MEM(out, min, 16);
	}
	CHECK(memcmp(out, vec_v7, 16) < 0);
	CHECK(uuidgen_v7_min(-1, out) == ID_ERR_RANGE);
	CHECK(uuidgen_v7_min(UUIDGEN_V7_MS_MAX, out) == ID_OK);
	CHECK(uuidgen_v7_ms(out) == UUIDGEN_V7_MS_MAX);
	CHECK(uuidgen_v7_min(UUIDGEN_V7_MS_MAX + 1, out) == ID_ERR_RANGE);
}

static void
test_version_variant(void)
{
	uint8_t		u[16];
	int			v;

	/* only the 10xx variant has RFC 9562 versions */
	memset(u, 0xFF, 16);
	CHECK(uuidgen_version(u) == -1);	/* 11x: reserved for the future */
	u[8] = 0x7F;
	CHECK(uuidgen_version(u) == -1);	/* 0xx: NCS */
	u[8] = 0xBF;
	CHECK(uuidgen_version(u) == 15);
	for (v = 0; v < 16; v++)
	{
		memset(u, v * 17, 16);
		uuidgen_stamp(u, v);
		CHECK(uuidgen_version(u) == v);
		CHECK((u[6] & 0x0F) == ((v * 17) & 0x0F));
		CHECK((u[8] & 0x3F) == ((v * 17) & 0x3F));
	}
	/* a v7 with a foreign variant has no timestamp */
	memcpy(u, vec_v7, 16);
	u[8] &= 0x3F;
	{
		int64_t		us;

		CHECK(!uuidgen_timestamp_us(u, &us));
	}
}

static void
test_v4(void)
{
	uint8_t		a[16],
				b[16];

	CHECK(uuidgen_v4(&pool, 1, a) == ID_OK);
	CHECK(uuidgen_v4(&pool, 1, b) == ID_OK);
	CHECK(uuidgen_version(a) == 4);
	CHECK(uuidgen_version(b) == 4);
	CHECK(memcmp(a, b, 16) != 0);
}

static void
test_v7_layout(void)
{
	uuidgen_v7_state st = {0};
	uint8_t		u[16];
	int64_t		ns = VEC_UNIX_US * 1000 + 123456;	/* 123.456 us in */

	CHECK(uuidgen_v7_generate(&st, &pool, 1, ns, u) == ID_OK);
	CHECK(uuidgen_version(u) == 7);
	CHECK(uuidgen_v7_ms(u) == INT64_C(1645557742000));
	/* fraction = 123456 * 4096 / 1e6 = 505 (floor) */
	CHECK(v7_fraction(u) == 505 || UUIDGEN_V7_STEP_BITS == 10);
	CHECK(st.previous_ns == ns);

	/* explicit instants: fraction of every sub-millisecond value */
	CHECK(uuidgen_v7_at(&pool, 1, 5, 0, u) == ID_OK);
	CHECK(uuidgen_v7_ms(u) == 5 && v7_fraction(u) == 0);
	CHECK(uuidgen_v7_at(&pool, 1, 5, 999999, u) == ID_OK);
	CHECK(v7_fraction(u) == 4095 || UUIDGEN_V7_STEP_BITS == 10);
	CHECK(uuidgen_v7_at(&pool, 1, -1, 0, u) == ID_ERR_RANGE);
	CHECK(uuidgen_v7_at(&pool, 1, UUIDGEN_V7_MS_MAX + 1, 0, u) ==
		  ID_ERR_RANGE);
	CHECK(uuidgen_v7_at(&pool, 1, 0, 1000000, u) == ID_ERR_RANGE);

	/* every microsecond of a millisecond has its own fraction, recoverable */
	{
		uint32_t	us_in_ms;
		int			bad = 0;

		for (us_in_ms = 0; us_in_ms < 1000; us_in_ms++)
		{
			uint32_t	f;

			if (uuidgen_v7_at(&pool, 1, 7, us_in_ms * 1000, u) != ID_OK)
				bad++;
			f = v7_fraction(u);
			/* ceil(f * 1000 / 4096) */
			if ((f * 1000 + 4095) / 4096 != us_in_ms)
				bad++;
		}
		CHECK(bad == 0 || UUIDGEN_V7_STEP_BITS == 10);
	}
	CHECK(UUIDGEN_V7_STEP_NS == 245 || UUIDGEN_V7_STEP_BITS == 10);
}

/* PostgreSQL 18's rule, with the clock held, stepping back, and jumping */
static void
test_v7_monotonic(void)
{
	uuidgen_v7_state st = {0};
	uint8_t		prev[16],
				u[16];
	int64_t		base = VEC_UNIX_US * 1000;
	int64_t		clock[] = {0, 0, 0, -5000000, -1, 1000000, 999999, 3000000};
	size_t		i;
	int64_t		n;
	int64_t		bad = 0;

	CHECK(uuidgen_v7_generate(&st, &pool, 2, base, prev) == ID_OK);
	for (i = 0; i < sizeof(clock) / sizeof(clock[0]); i++)
	{
		int64_t		before = st.previous_ns;
		int64_t		now = base + clock[i];

		CHECK(uuidgen_v7_generate(&st, &pool, 2, now, u) == ID_OK);
		CHECK(memcmp(prev, u, 16) < 0);
		CHECK(st.previous_ns ==
			  (before + UUIDGEN_V7_STEP_NS >= now ?
			   before + UUIDGEN_V7_STEP_NS : now));
		memcpy(prev, u, 16);
	}

	/* a million values with the clock stuck, then running backwards */
	for (n = 0; n < 1000000; n++)
	{
		bad += step_bad(uuidgen_v7_generate(&st, &pool, 2, base - n, u),
						prev, u);
	}
	CHECK(bad == 0);

	/* a clock before 1970 is an error, and changes nothing */
	{
		uuidgen_v7_state before = st;

		CHECK(uuidgen_v7_generate(&st, &pool, 2, -1, u) == ID_ERR_RANGE);
		CHECK(memcmp(&st, &before, sizeof(st)) == 0);
	}

	/* next_ns does not change the state; commit does */
	{
		int64_t		ns = uuidgen_v7_next_ns(&st, 2, 0);

		CHECK(ns == st.previous_ns + UUIDGEN_V7_STEP_NS);
		uuidgen_v7_commit(&st, 2, ns);
		CHECK(st.previous_ns == ns);
		/* in another process the previous reading is forgotten */
		CHECK(uuidgen_v7_next_ns(&st, 3, 1000) == 1000);
		CHECK(uuidgen_v7_next_ns(&st, 3, 10) == UUIDGEN_V7_STEP_NS);
	}
}

static void
test_v6(void)
{
	uuidgen_v6_state st = {0};
	uint8_t		prev[16],
				u[16];
	int64_t		base = VEC_UNIX_US * 1000;
	uint32_t	seq;
	uint8_t		node[6];
	int64_t		n;
	int64_t		bad = 0;

	/* layout: the vector's timestamp, random node with the multicast bit */
	CHECK(uuidgen_v6_generate(&st, &pool, 4, base, prev) == ID_OK);
	CHECK(uuidgen_version(prev) == 6);
	CHECK(uuidgen_v6_time(prev) == VEC_TIME_100NS);
	CHECK((prev[10] & 0x01) == 0x01);
	CHECK(clock_seq_of(prev) == st.clock_seq);
	CHECK_MEM(prev + 10, st.node, 6);
	seq = st.clock_seq;
	memcpy(node, st.node, 6);

	/* within one 100 ns tick the timestamp counts up */
	CHECK(uuidgen_v6_generate(&st, &pool, 4, base + 99, u) == ID_OK);
	CHECK(uuidgen_v6_time(u) == VEC_TIME_100NS + 1);
	CHECK(clock_seq_of(u) == seq);
	CHECK(memcmp(prev, u, 16) < 0);
	memcpy(prev, u, 16);

	/* the clock catching up does not step the sequence */
	CHECK(uuidgen_v6_generate(&st, &pool, 4, base + 100, u) == ID_OK);
	CHECK(uuidgen_v6_time(u) == VEC_TIME_100NS + 2);
	CHECK(clock_seq_of(u) == seq);
	memcpy(prev, u, 16);
	CHECK(uuidgen_v6_generate(&st, &pool, 4, base + 1000, u) == ID_OK);
	CHECK(uuidgen_v6_time(u) == VEC_TIME_100NS + 10);
	CHECK(clock_seq_of(u) == seq);
	CHECK(memcmp(prev, u, 16) < 0);
	memcpy(prev, u, 16);

	/* the clock goes back: sequence stepped, timestamp held above */
	CHECK(uuidgen_v6_generate(&st, &pool, 4, base - ID_NS_PER_S, u) == ID_OK);
	CHECK(uuidgen_v6_time(u) == VEC_TIME_100NS + 11);
	CHECK(clock_seq_of(u) == ((seq + 1) & UUIDGEN_CLOCK_SEQ_MASK));
	CHECK(memcmp(prev, u, 16) < 0);
	CHECK_MEM(u + 10, node, 6);
	memcpy(prev, u, 16);

	/* 20000 steps back: the clock sequence wraps, the order holds */
	for (n = 0; n < 20000; n++)
	{
		int64_t		now = base - 2 * ID_NS_PER_S - n * 100;

		bad += step_bad(uuidgen_v6_generate(&st, &pool, 4, now, u), prev, u);
	}
	CHECK(bad == 0);
	CHECK(st.clock_seq == ((seq + 1 + 20000) & UUIDGEN_CLOCK_SEQ_MASK));

	/* a million more, the clock stuck and sometimes running */
	for (n = 0; n < 1000000; n++)
	{
		int64_t		now = base + (n / 7) * 100;

		bad += step_bad(uuidgen_v6_generate(&st, &pool, 4, now, u), prev, u);
	}
	CHECK(bad == 0);

	/* range: every int64 nanosecond reading (1677 .. 2262) fits 60 bits */
	{
		uuidgen_v6_state s2 = {0};
		int64_t		us;

		CHECK(uuidgen_v6_generate(&s2, &pool, 5, INT64_MIN, u) == ID_OK);
		CHECK(uuidgen_v6_time(u) ==
			  id_floor_div(INT64_MIN, 100) + UUIDGEN_GREGORIAN_OFFSET_100NS);
		CHECK(uuidgen_v6_timestamp_us(u, &us) && us < 0);
		/* tick 0 is 1582-10-15 00:00:00 UTC */
		memset(u, 0, 16);
		uuidgen_stamp(u, 6);
		CHECK(uuidgen_v6_timestamp_us(u, &us) &&
			  us == -UUIDGEN_GREGORIAN_OFFSET_US);
		/* the largest instant int64 ns can give is still in range */
		CHECK(uuidgen_v6_generate(&s2, &pool, 5, INT64_MAX, u) == ID_OK);
		s2.last_time = UUIDGEN_60BIT_MAX;
		CHECK(uuidgen_v6_generate(&s2, &pool, 5, 0, u) == ID_ERR_RANGE);
		CHECK(s2.last_time == UUIDGEN_60BIT_MAX);
	}

	/* a forked child draws its own node and clock sequence */
	CHECK(uuidgen_v6_generate(&st, &pool, 6, base, u) == ID_OK);
	CHECK(st.pid == 6);
	CHECK(memcmp(u + 10, node, 6) != 0);
	CHECK(uuidgen_v6_time(u) == VEC_TIME_100NS);	/* fresh history */
}

static void
test_v8(void)
{
	uuidgen_v8_state st = {0};
	uint8_t		prev[16],
				u[16];
	int64_t		base = VEC_UNIX_US * 1000;
	int			i;
	int64_t		n;
	int64_t		bad = 0;

	CHECK(uuidgen_v8_generate(&st, &pool, 7, base, prev) == ID_OK);
	CHECK(uuidgen_version(prev) == 8);
	CHECK(uuidgen_v8_tick(prev) == INT64_C(0x2489E9AD2EE2E00));
	CHECK_MEM(prev, vec_v8, 8); /* custom_a, version, custom_b */
	CHECK(v8_seq(prev) == 0);

	/* same tick: the sequence counts; overflow moves the tick on */
	for (i = 1; i <= 255; i++)
	{
		CHECK(uuidgen_v8_generate(&st, &pool, 7, base + 9, u) == ID_OK);
		if (v8_seq(u) != (uint32_t) i ||
			uuidgen_v8_tick(u) != uuidgen_v8_tick(prev) ||
			memcmp(prev, u, 16) >= 0)
			bad++;
		memcpy(prev, u, 16);
	}
	CHECK(bad == 0);
	CHECK(uuidgen_v8_generate(&st, &pool, 7, base, u) == ID_OK);
	CHECK(v8_seq(u) == 0);
	CHECK(uuidgen_v8_tick(u) == INT64_C(0x2489E9AD2EE2E00) + 1);
	CHECK(memcmp(prev, u, 16) < 0);
	memcpy(prev, u, 16);
	/* the clock reaching the borrowed tick continues its sequence */
	CHECK(uuidgen_v8_generate(&st, &pool, 7, base + 10, u) == ID_OK);
	CHECK(v8_seq(u) == 1);
	memcpy(prev, u, 16);
	/* a new tick restarts the sequence at zero */
	CHECK(uuidgen_v8_generate(&st, &pool, 7, base + 20, u) == ID_OK);
	CHECK(v8_seq(u) == 0);
	CHECK(uuidgen_v8_tick(u) == INT64_C(0x2489E9AD2EE2E00) + 2);
	CHECK(memcmp(prev, u, 16) < 0);
	memcpy(prev, u, 16);

	/* a million values with the clock going back */
	for (n = 0; n < 1000000; n++)
	{
		bad += step_bad(uuidgen_v8_generate(&st, &pool, 7, base - n * 3, u),
						prev, u);
	}
	CHECK(bad == 0);

	CHECK(uuidgen_v8_generate(&st, &pool, 7, -1, u) == ID_ERR_RANGE);
	/* a forked child starts its own history */
	CHECK(uuidgen_v8_generate(&st, &pool, 8, base, u) == ID_OK);
	CHECK(v8_seq(u) == 0 && uuidgen_v8_tick(u) == INT64_C(0x2489E9AD2EE2E00));
	/* the end of the 60-bit range */
	st.last_tick = UUIDGEN_60BIT_MAX;
	st.last_seq = 255;
	CHECK(uuidgen_v8_generate(&st, &pool, 8, 0, u) == ID_ERR_RANGE);
	CHECK(st.last_tick == UUIDGEN_60BIT_MAX && st.last_seq == 255);
}

static void
test_random_failure(void)
{
	uuidgen_v7_state s7 = {0};
	uuidgen_v6_state s6 = {0};
	uuidgen_v8_state s8 = {0};
	uuidgen_v7_state b7;
	uuidgen_v6_state b6;
	uuidgen_v8_state b8;
	uint8_t		u[16],
				orig[16];
	int64_t		base = VEC_UNIX_US * 1000;

	CHECK(uuidgen_v7_generate(&s7, &pool, 9, base, u) == ID_OK);
	CHECK(uuidgen_v6_generate(&s6, &pool, 9, base, u) == ID_OK);
	CHECK(uuidgen_v8_generate(&s8, &pool, 9, base, u) == ID_OK);
	b7 = s7;
	b6 = s6;
	b8 = s8;

	unit_source_fail = 1;
	id_random_discard(&pool);
	memset(u, 0x5A, 16);
	memcpy(orig, u, 16);
	CHECK(uuidgen_v4(&pool, 9, u) == ID_ERR_RANDOM);
	CHECK_MEM(u, orig, 16);
	CHECK(uuidgen_v7_generate(&s7, &pool, 9, base + 1000, u) == ID_ERR_RANDOM);
	CHECK(memcmp(&s7, &b7, sizeof(s7)) == 0);
	CHECK_MEM(u, orig, 16);
	CHECK(uuidgen_v7_at(&pool, 9, 5, 0, u) == ID_ERR_RANDOM);
	CHECK_MEM(u, orig, 16);
	CHECK(uuidgen_v8_generate(&s8, &pool, 9, base + 1000, u) == ID_ERR_RANDOM);
	CHECK(memcmp(&s8, &b8, sizeof(s8)) == 0);
	CHECK_MEM(u, orig, 16);
	/* v6 needs random bytes only in a new process */
	CHECK(uuidgen_v6_generate(&s6, &pool, 10, base, u) == ID_ERR_RANDOM);
	CHECK(memcmp(&s6, &b6, sizeof(s6)) == 0);
	CHECK_MEM(u, orig, 16);
	unit_source_fail = 0;

	CHECK(uuidgen_v7_generate(&s7, &pool, 9, base + 1000, u) == ID_OK);
	CHECK(uuidgen_v6_generate(&s6, &pool, 10, base, u) == ID_OK);
	CHECK(s6.pid == 10);
}

int
main(void)
{
	test_vectors();
	test_version_variant();
	test_v4();
	test_v7_layout();
	test_v7_monotonic();
	test_v6();
	test_v8();
	test_random_failure();
	return unit_done("test_uuid_gen");
}
