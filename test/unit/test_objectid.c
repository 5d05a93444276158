/*
 * test_objectid.c
 *	  Unit tests of src/pure/objectid.c, driven through a fake clock: the
 *	  MongoDB spec's timestamp and counter-wrap cases, clock steps back,
 *	  strict order over more than 2^24 ids, per-process values, the server
 *	  generator's state word.
 */
#include <stdbool.h>

#include "objectid.h"
#include "unit.h"

static id_random_pool pool = ID_RANDOM_POOL_INIT(unit_source);

static uint32_t
counter_of(const uint8_t *id)
{
	return ((uint32_t) id[9] << 16) | ((uint32_t) id[10] << 8) | id[11];
}

static void
test_layout(void)
{
	uint8_t		id[OBJECTID_LEN];
	static const struct
	{
		int64_t		seconds;
		uint8_t		bytes[4];
	}			spec[] = {
		{INT64_C(0x00000000), {0x00, 0x00, 0x00, 0x00}},
		{INT64_C(0x7FFFFFFF), {0x7F, 0xFF, 0xFF, 0xFF}},
		{INT64_C(0x80000000), {0x80, 0x00, 0x00, 0x00}},
		{INT64_C(0xFFFFFFFF), {0xFF, 0xFF, 0xFF, 0xFF}},
	};
	size_t		i;

	for (i = 0; i < sizeof(spec) / sizeof(spec[0]); i++)
	{
		static const uint8_t zero[8] = {0};

		CHECK(objid_min_for_seconds(spec[i].seconds, id) == ID_OK);
		CHECK_MEM(id, spec[i].bytes, 4);
		CHECK_MEM(id + 4, zero, 8);
		CHECK(objid_seconds(id) == (uint32_t) spec[i].seconds);
	}
	CHECK(objid_min_for_seconds(-1, id) == ID_ERR_RANGE);
	CHECK(objid_min_for_seconds(INT64_C(0x100000000), id) == ID_ERR_RANGE);
}

static void
test_counter_wrap(void)
{
	objid_gen_state st = {0};
	uint8_t		a[OBJECTID_LEN],
				b[OBJECTID_LEN];

	CHECK(objid_generate(&st, &pool, 7, 1000, a) == ID_OK);
	/* put the counter at its last value, as if 2^24 - 1 ids had gone by */
	st.counter = 0xFFFFFF;
	CHECK(objid_generate(&st, &pool, 7, 1000, a) == ID_OK);
	CHECK(counter_of(a) == 0xFFFFFF);
	CHECK(objid_generate(&st, &pool, 7, 1000, b) == ID_OK);
	CHECK(counter_of(b) == 0x000000);	/* wraps as the spec demands */
	CHECK(objid_seconds(b) == 1001);	/* and the second moves forward */
	CHECK(memcmp(a, b, OBJECTID_LEN) < 0);

	/* at the last second there is nowhere to move: an error, state kept */
	st.counter = 0xFFFFFF;
	CHECK(objid_generate(&st, &pool, 7, OBJID_SECONDS_MAX, a) == ID_OK);
	CHECK(objid_generate(&st, &pool, 7, OBJID_SECONDS_MAX, b) == ID_ERR_RANGE);
	CHECK(st.last_seconds == (uint32_t) OBJID_SECONDS_MAX);
	CHECK(st.counter == 0);
}

static void
test_clock_back(void)
{
	objid_gen_state st = {0};
	uint8_t		prev[OBJECTID_LEN],
				id[OBJECTID_LEN];
	int64_t		clock[] = {5000, 5000, 4000, 3999, 5000, 5001, 10, 5002, 0};
	size_t		i;

	CHECK(objid_generate(&st, &pool, 9, 4999, prev) == ID_OK);
	for (i = 0; i < sizeof(clock) / sizeof(clock[0]); i++)
	{
		CHECK(objid_generate(&st, &pool, 9, clock[i], id) == ID_OK);
		CHECK(memcmp(prev, id, OBJECTID_LEN) < 0);
		/* never ahead of the latest second seen unless the counter wrapped */
		CHECK(objid_seconds(id) <= 5002);
		memcpy(prev, id, OBJECTID_LEN);
	}
	/* clock out of range */
	CHECK(objid_generate(&st, &pool, 9, -1, id) == ID_ERR_RANGE);
	CHECK(objid_generate(&st, &pool, 9, INT64_C(0x100000000), id) == ID_ERR_RANGE);
}

/* 2^24 + 1000 ids within one second, then the clock going backwards */
static void
test_strict_order_past_wrap(void)
{
	objid_gen_state st = {0};
	uint8_t		prev[OBJECTID_LEN],
				id[OBJECTID_LEN];
	int64_t		n;
	int64_t		bad = 0;

	CHECK(objid_generate(&st, &pool, 11, 2000000000, prev) == ID_OK);
	for (n = 0; n < (INT64_C(1) << 24) + 1000; n++)
	{
		int64_t		now = 2000000000 - (n >> 22);	/* steps back 4 times */

		if (objid_generate(&st, &pool, 11, now, id) != ID_OK ||
			memcmp(prev, id, OBJECTID_LEN) >= 0)
			bad++;
		memcpy(prev, id, OBJECTID_LEN);
	}
	CHECK(bad == 0);
	CHECK(objid_seconds(prev) == 2000000001);
}

static void
test_processes(void)
{
	objid_gen_state st = {0};
	uint8_t		a[OBJECTID_LEN],
				b[OBJECTID_LEN],
				c[OBJECTID_LEN];

	CHECK(objid_generate(&st, &pool, 20, 1000, a) == ID_OK);
	CHECK(objid_generate(&st, &pool, 20, 1000, b) == ID_OK);
	CHECK_MEM(a + 4, b + 4, 5); /* one value per process */
	CHECK(counter_of(b) == ((counter_of(a) + 1) & 0xFFFFFF));

	/* a forked child (new pid, inherited memory) draws its own */
	CHECK(objid_generate(&st, &pool, 21, 1000, c) == ID_OK);
	CHECK(memcmp(a + 4, c + 4, 5) != 0);
	CHECK(st.pid == 21);

	/* explicit seconds share the counter and the process value */
	CHECK(objid_generate_at(&st, &pool, 21, 0, a) == ID_OK);
	CHECK(objid_seconds(a) == 0);
	CHECK_MEM(a + 4, c + 4, 5);
	CHECK(counter_of(a) == ((counter_of(c) + 1) & 0xFFFFFF));
	CHECK(objid_generate_at(&st, &pool, 21, -1, a) == ID_ERR_RANGE);
	CHECK(objid_generate_at(&st, &pool, 21, OBJID_SECONDS_MAX + 1, a) == ID_ERR_RANGE);

	/* a generator id after explicit ones that went round is still larger */
	CHECK(objid_generate(&st, &pool, 21, 1000, b) == ID_OK);
	CHECK(memcmp(c, b, OBJECTID_LEN) < 0);
}

/*
 * The server generator's state word (objid_server_next): every process of a
 * server advances one word, so each step must give a greater one whatever
 * time the caller read, and the ids written from the words must increase.
 */
static void
test_server_next(void)
{
	static const uint8_t random[8] = {0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff, 0xf1, 0x23};
	uint64_t	value = objid_server_value(random);
	uint64_t	st,
				next;
	uint8_t		a[OBJECTID_LEN],
				b[OBJECTID_LEN];
	int64_t		n;
	int64_t		bad = 0;

	/* a new server: second 0 (never used), the counter's random start */
	CHECK(value == UINT64_C(0xaabbccddee));
	st = objid_server_start(random + 5);
	CHECK(st == OBJID_SERVER_STATE(0, 0xfff123));

	/* the clock passed the last second: that second, the next counter */
	CHECK(objid_server_next(st, 1000, &next) == ID_OK);
	CHECK(next == OBJID_SERVER_STATE(1000, 0xfff124));
	objid_server_write(next, value, a);
	CHECK(objid_seconds(a) == 1000);
	CHECK_MEM(a + 4, random, 5);
	CHECK(counter_of(a) == 0xfff124);

	/* the same second: the counter moves on */
	st = next;
	CHECK(objid_server_next(st, 1000, &next) == ID_OK);
	CHECK(next == OBJID_SERVER_STATE(1000, 0xfff125));

	/* the counter's last value, then a wrap within the second: the second moves forward */
	st = OBJID_SERVER_STATE(1000, 0xffffff);
	CHECK(objid_server_next(st, 1000, &next) == ID_OK);
	CHECK(next == OBJID_SERVER_STATE(1001, 0));
	objid_server_write(st, value, a);
	objid_server_write(next, value, b);
	CHECK(counter_of(b) == 0);
	CHECK(memcmp(a, b, OBJECTID_LEN) < 0);
	/* a wrap into a new second of the clock: that second, counter 0 */
	CHECK(objid_server_next(st, 1005, &next) == ID_OK);
	CHECK(next == OBJID_SERVER_STATE(1005, 0));

	/* the clock held or set back: last + 1, never a smaller second */
	st = OBJID_SERVER_STATE(1000, 0x10);
	CHECK(objid_server_next(st, 999, &next) == ID_OK);
	CHECK(next == OBJID_SERVER_STATE(1000, 0x11));
	CHECK(objid_server_next(st, 0, &next) == ID_OK);
	CHECK(next == OBJID_SERVER_STATE(1000, 0x11));

	/* out of range: the clock, and the last state there is */
	CHECK(objid_server_next(st, -1, &next) == ID_ERR_RANGE);
	CHECK(objid_server_next(st, OBJID_SECONDS_MAX + 1, &next) == ID_ERR_RANGE);
	st = OBJID_SERVER_STATE(OBJID_SECONDS_MAX, 0xfffffe);
	CHECK(objid_server_next(st, OBJID_SECONDS_MAX, &next) == ID_OK);
	CHECK(next == OBJID_SERVER_STATE(OBJID_SECONDS_MAX, 0xffffff));
	st = next;
	CHECK(objid_server_next(st, OBJID_SECONDS_MAX, &next) == ID_ERR_RANGE);
	CHECK(objid_server_next(st, 17, &next) == ID_ERR_RANGE);
	/* past the last: other processes' atomic adds went on before they failed */
	CHECK(objid_server_next(st + 1, OBJID_SECONDS_MAX, &next) == ID_ERR_RANGE);
	CHECK(objid_server_next(st + 5, 17, &next) == ID_ERR_RANGE);

	/*
	 * 2^24 + 1000 steps in one second of the clock, read late or early as
	 * by processes that took their time between the clock and the step:
	 * every state and id greater than the one before, and the wrap once
	 */
	st = OBJID_SERVER_STATE(0, 0x123456);
	CHECK(objid_server_next(st, 2000000000, &st) == ID_OK);
	objid_server_write(st, value, a);
	for (n = 0; n < (INT64_C(1) << 24) + 1000; n++)
	{
		int64_t		now = 2000000000 - (n % 7 == 3) + (n % 11 == 5 && n > 100);

		if (objid_server_next(st, now, &next) != ID_OK || next <= st)
			bad++;
		objid_server_write(next, value, b);
		if (memcmp(a, b, OBJECTID_LEN) >= 0)
			bad++;
		memcpy(a, b, OBJECTID_LEN);
		st = next;
	}
	CHECK(bad == 0);
	CHECK(objid_seconds(a) == 2000000002);
}

static void
test_random_failure(void)
{
	objid_gen_state st = {0};
	objid_gen_state before;
	uint8_t		id[OBJECTID_LEN];

	CHECK(objid_generate(&st, &pool, 30, 1000, id) == ID_OK);
	before = st;

	/* a new process whose CSPRNG fails: error, and nothing half-written */
	unit_source_fail = 1;
	id_random_discard(&pool);
	CHECK(objid_generate(&st, &pool, 31, 1000, id) == ID_ERR_RANDOM);
	CHECK(memcmp(&st, &before, sizeof(st)) == 0);
	CHECK(objid_generate_at(&st, &pool, 31, 1000, id) == ID_ERR_RANDOM);
	CHECK(memcmp(&st, &before, sizeof(st)) == 0);
	unit_source_fail = 0;
	CHECK(objid_generate(&st, &pool, 31, 1000, id) == ID_OK);
	CHECK(st.pid == 31);
}

/* interpolation inside a histogram bin (objid_bin_fraction) */
static void
test_bin_fraction(void)
{
	uint8_t		lo[OBJECTID_LEN],
				hi[OBJECTID_LEN],
				val[OBJECTID_LEN];
	int			i;

	/* bounds a whole number of seconds apart: the second decides */
	CHECK(objid_min_for_seconds(1000, lo) == ID_OK);
	CHECK(objid_min_for_seconds(2000, hi) == ID_OK);
	CHECK(objid_min_for_seconds(1250, val) == ID_OK);
	CHECK(objid_bin_fraction(val, lo, hi) == 0.25);
	CHECK(objid_bin_fraction(lo, lo, hi) == 0.0);
	CHECK(objid_bin_fraction(hi, lo, hi) == 1.0);

	/* outside the bin: clamped */
	CHECK(objid_min_for_seconds(999, val) == ID_OK);
	CHECK(objid_bin_fraction(val, lo, hi) == 0.0);
	CHECK(objid_min_for_seconds(4000, val) == ID_OK);
	CHECK(objid_bin_fraction(val, lo, hi) == 1.0);

	/* equal or reversed bounds: no answer */
	CHECK(objid_bin_fraction(val, lo, lo) == -1.0);
	CHECK(objid_bin_fraction(val, hi, lo) == -1.0);

	/* the random bytes count below the second: half a second on */
	CHECK(objid_min_for_seconds(1000, val) == ID_OK);
	val[4] = 0x80;
	CHECK(objid_bin_fraction(val, lo, hi) > 0.0005 - 1e-9);
	CHECK(objid_bin_fraction(val, lo, hi) < 0.0005 + 1e-9);

	/*
	 * bounds sharing a long prefix (one second, one process): the bytes
	 * after it still interpolate, the counter included
	 */
	memset(lo, 0x11, OBJECTID_LEN);
	memcpy(hi, lo, OBJECTID_LEN);
	memcpy(val, lo, OBJECTID_LEN);
	lo[10] = 0x00;
	hi[10] = 0x10;
	val[10] = 0x04;
	lo[11] = hi[11] = val[11] = 0x00;
	CHECK(objid_bin_fraction(val, lo, hi) == 0.25);

	/* the last byte alone differs */
	lo[11] = 0x11;
	memcpy(hi, lo, OBJECTID_LEN);
	hi[11] = 0x15;
	memcpy(val, lo, OBJECTID_LEN);
	val[11] = 0x13;
	CHECK(objid_bin_fraction(val, lo, hi) == 0.5);

	/*
	 * bounds a few units apart across a byte boundary, where the numbers
	 * are large: 0x00ff...ff to 0x0100...01 is 2 apart, not 0
	 */
	memset(lo, 0, OBJECTID_LEN);
	memset(hi, 0, OBJECTID_LEN);
	for (i = 1; i < 8; i++)
		lo[i] = 0xff;
	hi[0] = 0x01;
	hi[7] = 0x01;
	memset(val, 0, OBJECTID_LEN);
	val[0] = 0x01;
	CHECK(objid_bin_fraction(val, lo, hi) == 0.5);

	/* monotonic in val over a sweep of one bin */
	{
		double		prev = 0.0;

		CHECK(objid_min_for_seconds(5000, lo) == ID_OK);
		CHECK(objid_min_for_seconds(5100, hi) == ID_OK);
		for (i = 0; i <= 100; i++)
		{
			double		f;

			CHECK(objid_min_for_seconds(5000 + i, val) == ID_OK);
			val[4] = (uint8_t) (i * 2);
			f = objid_bin_fraction(val, lo, hi);
			CHECK(f >= prev && f >= 0.0 && f <= 1.0);
			prev = f;
		}
	}
}

int
main(void)
{
	test_layout();
	test_counter_wrap();
	test_clock_back();
	test_strict_order_past_wrap();
	test_processes();
	test_server_next();
	test_random_failure();
	test_bin_fraction();
	return unit_done("test_objectid");
}
