/*
 * test_objectid.c
 *	  Unit tests of src/pure/objectid.c, driven through a fake clock: the
 *	  MongoDB spec's timestamp cases, the clock's second in every id (a
 *	  counter spent within a second, clock steps back), strict order over
 *	  more than 2^24 ids, objid_generate_at's 2^25 ids of one second,
 *	  per-process values, the server generator's state word and 300 moves
 *	  of its value.
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

static uint64_t
value_of(const uint8_t *id)
{
	uint64_t	v = 0;
	int			i;

	for (i = 4; i < 9; i++)
		v = (v << 8) | id[i];
	return v;
}

/*
 * Seconds: the first id of a second starts the counter below 2^23, the next
 * ones take the next values; every id carries the clock's second.
 */
static void
test_seconds(void)
{
	objid_gen_state st = {0};
	uint8_t		a[OBJECTID_LEN],
				b[OBJECTID_LEN];
	int			i;
	int			high = 0;

	for (i = 0; i < 200; i++)
	{
		CHECK(objid_generate(&st, &pool, 6, 1000 + i, a) == ID_OK);
		CHECK(objid_seconds(a) == (uint32_t) (1000 + i));
		CHECK(counter_of(a) <= OBJID_COUNTER_START_MAX);
		high += counter_of(a) >= 0x400000;
		CHECK(objid_generate(&st, &pool, 6, 1000 + i, b) == ID_OK);
		CHECK(objid_seconds(b) == (uint32_t) (1000 + i));
		CHECK(counter_of(b) == counter_of(a) + 1);
		CHECK(value_of(b) == value_of(a));
		CHECK(memcmp(a, b, OBJECTID_LEN) < 0);
	}
	/* drawn, not fixed: about half of the starts in the upper half */
	CHECK(high > 50 && high < 150);
}

/*
 * The counter spent within a second: the clock's second still, the process
 * value one greater (so the id sorts after), the counter drawn again; at the
 * last second there is as well.
 */
static void
test_counter_spent(void)
{
	objid_gen_state st = {0};
	uint8_t		a[OBJECTID_LEN],
				b[OBJECTID_LEN];

	CHECK(objid_generate(&st, &pool, 7, 1000, a) == ID_OK);
	/* as if the counter had reached its last value in this second */
	st.last_counter = 0xFFFFFE;
	CHECK(objid_generate(&st, &pool, 7, 1000, a) == ID_OK);
	CHECK(counter_of(a) == 0xFFFFFF);
	CHECK(objid_generate(&st, &pool, 7, 1000, b) == ID_OK);
	CHECK(objid_seconds(b) == 1000);	/* not the next second */
	CHECK(value_of(b) == value_of(a) + 1);
	CHECK(counter_of(b) <= OBJID_COUNTER_START_MAX);
	CHECK(memcmp(a, b, OBJECTID_LEN) < 0);

	/* the value wraps within its 5 bytes */
	st.value = UINT64_C(0xFFFFFFFFFF);
	st.last_counter = 0xFFFFFF;
	CHECK(objid_generate(&st, &pool, 7, 1000, b) == ID_OK);
	CHECK(value_of(b) == 0);

	st.last_seconds = (uint32_t) OBJID_SECONDS_MAX;
	st.last_counter = 0xFFFFFF;
	CHECK(objid_generate(&st, &pool, 7, OBJID_SECONDS_MAX, a) == ID_OK);
	CHECK(objid_seconds(a) == (uint32_t) OBJID_SECONDS_MAX);
}

/*
 * A clock stepped back: the ids take its second, and a new value, so none
 * repeats one made before the step; order holds wherever the clock did not
 * go back.
 */
static void
test_clock_back(void)
{
	objid_gen_state st = {0};
	uint8_t		prev[OBJECTID_LEN],
				id[OBJECTID_LEN];
	uint8_t		all[12][OBJECTID_LEN];
	int64_t		clock[] = {4999, 5000, 5000, 4000, 3999, 5000, 5001, 10, 5002, 5002, 0};
	size_t		n = sizeof(clock) / sizeof(clock[0]);
	size_t		i,
				j;

	for (i = 0; i < n; i++)
	{
		CHECK(objid_generate(&st, &pool, 9, clock[i], id) == ID_OK);
		CHECK(objid_seconds(id) == (uint32_t) clock[i]);
		if (i > 0 && clock[i] >= clock[i - 1])
			CHECK(memcmp(prev, id, OBJECTID_LEN) < 0);
		if (i > 0)
			CHECK(value_of(id) == value_of(prev) + (clock[i] < clock[i - 1]));
		memcpy(all[i], id, OBJECTID_LEN);
		memcpy(prev, id, OBJECTID_LEN);
	}
	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++)
			CHECK(memcmp(all[i], all[j], OBJECTID_LEN) != 0);
	/* clock out of range */
	CHECK(objid_generate(&st, &pool, 9, -1, id) == ID_ERR_RANGE);
	CHECK(objid_generate(&st, &pool, 9, INT64_C(0x100000000), id) == ID_ERR_RANGE);
}

typedef id_status (*objid_gen_fn) (objid_gen_state *st, id_random_pool *pool,
									int pid, int64_t seconds, uint8_t *out);

/*
 * n ids of one second from gen on a new state: how many are not greater
 * than the one before or not of that second; *moves the process value's
 * moves from the first to the last, whose counter is *last_counter
 */
static int64_t
not_increasing(objid_gen_fn gen, int pid, int64_t seconds, int64_t n,
			   uint64_t *moves, uint32_t *last_counter)
{
	objid_gen_state st = {0};
	uint8_t		prev[OBJECTID_LEN],
				id[OBJECTID_LEN];
	int64_t		bad = 0;
	uint64_t	first_value;

	CHECK(gen(&st, &pool, pid, seconds, prev) == ID_OK);
	first_value = value_of(prev);
	while (--n > 0)
	{
		if (gen(&st, &pool, pid, seconds, id) != ID_OK ||
			memcmp(prev, id, OBJECTID_LEN) >= 0 ||
			objid_seconds(id) != seconds)
			bad++;
		memcpy(prev, id, OBJECTID_LEN);
	}
	*moves = value_of(prev) - first_value;
	*last_counter = counter_of(prev);
	return bad;
}

/* 2^24 + 1000 ids within one second: its second always, strictly increasing */
static void
test_strict_order_past_spent(void)
{
	uint64_t	moves;
	uint32_t	last;

	CHECK(not_increasing(objid_generate, 11, 2000000000,
						 (INT64_C(1) << 24) + 1001, &moves, &last) == 0);
	/* at least 2^23 ids a value: once or twice moved on */
	CHECK(moves >= 1 && moves <= 2);
}

/*
 * 2^25 ids for one second from objid_generate_at: strictly increasing, so
 * none repeats, across the counter coming round twice at least
 */
static void
test_at_past_spent(void)
{
	uint64_t	moves;
	uint32_t	last;

	CHECK(not_increasing(objid_generate_at, 12, 1600000000, INT64_C(1) << 25,
						 &moves, &last) == 0);
	/* 2^24 ids a value: moved on twice (from a counter start of 0, once) */
	CHECK(moves == 2 - (last == 0xFFFFFF));
}

static void
test_processes(void)
{
	objid_gen_state st = {0};
	objid_gen_state at = {0};
	uint8_t		a[OBJECTID_LEN],
				b[OBJECTID_LEN],
				c[OBJECTID_LEN];

	CHECK(objid_generate(&st, &pool, 20, 1000, a) == ID_OK);
	CHECK(objid_generate(&st, &pool, 20, 1000, b) == ID_OK);
	CHECK_MEM(a + 4, b + 4, 5); /* one value per process */
	CHECK(counter_of(b) == counter_of(a) + 1);

	/* a forked child (new pid, inherited memory) draws its own */
	CHECK(objid_generate(&st, &pool, 21, 1000, c) == ID_OK);
	CHECK(memcmp(a + 4, c + 4, 5) != 0);
	CHECK(st.pid == 21);

	/* explicit seconds: one value, one counter going on across seconds */
	CHECK(objid_generate_at(&at, &pool, 21, 0, a) == ID_OK);
	CHECK(objid_seconds(a) == 0);
	CHECK(objid_generate_at(&at, &pool, 21, 5000, b) == ID_OK);
	CHECK(objid_seconds(b) == 5000);
	CHECK_MEM(a + 4, b + 4, 5);
	CHECK(memcmp(a + 4, c + 4, 5) != 0);
	CHECK(counter_of(b) == ((counter_of(a) + 1) & 0xFFFFFF));
	/* the counter comes round: the value moves on, the ids still increase */
	at.counter = 0xFFFFFF;
	CHECK(objid_generate_at(&at, &pool, 21, 5000, a) == ID_OK);
	CHECK(objid_generate_at(&at, &pool, 21, 5000, b) == ID_OK);
	CHECK(counter_of(a) == 0xFFFFFF && counter_of(b) == 0);
	CHECK(value_of(b) == value_of(a) + 1);
	CHECK(memcmp(a, b, OBJECTID_LEN) < 0);
	/* and the value wraps within its 5 bytes */
	at.value = UINT64_C(0xFFFFFFFFFF);
	at.counter = 0xFFFFFF;
	CHECK(objid_generate_at(&at, &pool, 21, 5000, a) == ID_OK);
	CHECK(objid_generate_at(&at, &pool, 21, 5000, b) == ID_OK);
	CHECK(value_of(a) == UINT64_C(0xFFFFFFFFFF) && value_of(b) == 0);
	CHECK(objid_generate_at(&at, &pool, 21, -1, a) == ID_ERR_RANGE);
	CHECK(objid_generate_at(&at, &pool, 21, OBJID_SECONDS_MAX + 1, a) == ID_ERR_RANGE);
}

/*
 * The server generator as src/objectid_gen.c drives it, on a plain state
 * word and value: add 1, and take objid_server_next when the result is not
 * in the clock's second, with the value moved on when it says so.
 */
static uint64_t
server_take(uint64_t *word, uint64_t *value, int64_t now, int *steps,
			int *moves)
{
	uint8_t		fresh[3];
	uint64_t	next = ++*word;
	bool		move;

	if ((int64_t) OBJID_SERVER_SECONDS(next) != now)
	{
		CHECK(id_random_bytes(&pool, 1, fresh, sizeof(fresh)));
		CHECK(objid_server_next(*word, now, fresh, &next, &move) == ID_OK);
		*word = next;
		(*steps)++;
		if (move)
		{
			*value = objid_server_moved(*value);
			(*moves)++;
		}
	}
	return next;
}

/*
 * The server generator's state word (objid_server_next): every process of a
 * server advances one word; the ids written from it carry the clock's
 * second, increase while the clock does not go back, and never repeat.
 */
static void
test_server_next(void)
{
	static const uint8_t random[5] = {0xaa, 0xbb, 0xcc, 0xdd, 0xee};
	static const uint8_t start[3] = {0xf1, 0x23, 0x45};
	uint64_t	value = objid_server_value(random);
	uint64_t	v;
	uint64_t	st,
				next;
	uint8_t		a[OBJECTID_LEN],
				b[OBJECTID_LEN];
	int64_t		n;
	int64_t		bad = 0;
	int			steps = 0;
	int			moves = 0;
	bool		move;

	CHECK(value == UINT64_C(0xaabbccddee));

	/* a new server's word (second 0): the clock's second, a counter below 2^23 */
	CHECK(objid_server_next(OBJID_SERVER_STATE(0, 1), 1000, start, &next, &move) == ID_OK);
	CHECK(next == OBJID_SERVER_STATE(1000, 0x712345) && !move);
	objid_server_write(next, value, a);
	CHECK(objid_seconds(a) == 1000);
	CHECK_MEM(a + 4, random, 5);
	CHECK(counter_of(a) == 0x712345);

	/* the same second: the counter moves on */
	CHECK(objid_server_next(next, 1000, start, &st, &move) == ID_OK);
	CHECK(st == next + 1 && !move);

	/* the clock passed the last second: its second, the value kept */
	CHECK(objid_server_next(OBJID_SERVER_STATE(1000, 5), 1005, start, &next, &move) == ID_OK);
	CHECK(next == OBJID_SERVER_STATE(1005, 0x712345) && !move);

	/* the counter spent: the same second, the value one more, sorting after */
	st = OBJID_SERVER_STATE(1000, 0xffffff);
	CHECK(objid_server_next(st, 1000, start, &next, &move) == ID_OK);
	CHECK(next == OBJID_SERVER_STATE(1000, 0x712345) && move);
	objid_server_write(st, value, a);
	objid_server_write(next, objid_server_moved(value), b);
	CHECK(objid_seconds(b) == 1000);
	CHECK(value_of(b) == value_of(a) + 1);
	CHECK(memcmp(a, b, OBJECTID_LEN) < 0);
	/* the word after a spent counter, as an add leaves it: the same */
	CHECK(objid_server_next(st + 1, 1000, start, &next, &move) == ID_OK);
	CHECK(next == OBJID_SERVER_STATE(1000, 0x712345) && move);
	/* ... unless the clock has reached the carried second: used as it is */
	CHECK(objid_server_next(st + 1, 1001, start, &next, &move) == ID_OK);
	CHECK(next == st + 2 && !move);

	/* the clock behind: its second, the value one more */
	CHECK(objid_server_next(OBJID_SERVER_STATE(1000, 0x10), 999, start, &next, &move) == ID_OK);
	CHECK(next == OBJID_SERVER_STATE(999, 0x712345) && move);
	CHECK(objid_server_next(OBJID_SERVER_STATE(1000, 0x10), 0, start, &next, &move) == ID_OK);
	CHECK(next == OBJID_SERVER_STATE(0, 0x712345) && move);
	/* the value wraps within its 5 bytes, after 2^40 moves */
	CHECK(objid_server_moved(UINT64_C(0xFFFFFFFFFE)) == UINT64_C(0xFFFFFFFFFF));
	CHECK(objid_server_moved(UINT64_C(0xFFFFFFFFFF)) == 0);
	objid_server_write(OBJID_SERVER_STATE(1000, 0), UINT64_C(0xFFFFFFFFFF), a);
	CHECK(value_of(a) == UINT64_C(0xFFFFFFFFFF));

	/* out of range: the clock only; the last second takes a spent counter */
	CHECK(objid_server_next(st, -1, start, &next, &move) == ID_ERR_RANGE);
	CHECK(objid_server_next(st, OBJID_SECONDS_MAX + 1, start, &next, &move) == ID_ERR_RANGE);
	st = OBJID_SERVER_STATE(OBJID_SECONDS_MAX, 0xffffff);
	CHECK(objid_server_next(st, OBJID_SECONDS_MAX, start, &next, &move) == ID_OK);
	CHECK(next == OBJID_SERVER_STATE(OBJID_SECONDS_MAX, 0x712345) && move);
	/* and the add past it, which carries beyond the timestamp field */
	CHECK(objid_server_next(st + 1, OBJID_SECONDS_MAX, start, &next, &move) == ID_OK);
	CHECK(next == OBJID_SERVER_STATE(OBJID_SECONDS_MAX, 0x712345) && move);

	/*
	 * 2^24 + 1000 ids in one second of the clock, taken as the server takes
	 * them: every id in that second and greater than the one before; the
	 * counter spent once or twice, and the value moved as often
	 */
	st = OBJID_SERVER_STATE(0, 0);
	v = value;
	next = server_take(&st, &v, 2000000000, &steps, &moves);
	objid_server_write(next, v, a);
	steps = 0;
	for (n = 0; n < (INT64_C(1) << 24) + 1000; n++)
	{
		next = server_take(&st, &v, 2000000000, &steps, &moves);
		objid_server_write(next, v, b);
		if (memcmp(a, b, OBJECTID_LEN) >= 0 || objid_seconds(b) != 2000000000)
			bad++;
		memcpy(a, b, OBJECTID_LEN);
	}
	CHECK(bad == 0);
	CHECK(steps >= 1 && steps <= 2 && moves == steps);
	CHECK(value_of(a) - value == (uint64_t) moves);

	/* then the clock one hour back: its second at once, no id seen before */
	next = server_take(&st, &v, 2000000000 - 3600, &steps, &moves);
	objid_server_write(next, v, b);
	CHECK(objid_seconds(b) == 2000000000 - 3600);
	CHECK(value_of(b) == value_of(a) + 1);
}

/*
 * 300 moves of the server's value, half of them spent counters, half the
 * clock stepped back and forward again, with a frozen clock in between:
 * the value never comes back (one value per move), so no id repeats.
 * With the value's moves counted in 8 bits, the 257th brought the first
 * back.
 */
static void
test_server_moves(void)
{
	static const uint8_t random[5] = {0x01, 0x02, 0x03, 0x04, 0x05};
	uint64_t	value = objid_server_value(random);
	uint64_t	v = value;
	uint64_t	st = OBJID_SERVER_STATE(0, 0);
	uint64_t	seen[301];
	uint64_t	next;
	int			steps = 0;
	int			moves = 0;
	int			round,
				i,
				j;
	int64_t		now = 1700000000;

	next = server_take(&st, &v, now, &steps, &moves);
	seen[0] = v;
	for (round = 1; round <= 300; round++)
	{
		uint8_t		a[OBJECTID_LEN];

		if (round % 2)
			st += (uint64_t) 1 << 24;	/* the counter spent at once */
		else
		{
			/* the clock forward a second, then back where it was */
			next = server_take(&st, &v, now + 1, &steps, &moves);
			CHECK(OBJID_SERVER_SECONDS(next) == (uint64_t) now + 1);
		}
		for (i = 0; i < 3; i++)
			next = server_take(&st, &v, now, &steps, &moves);
		objid_server_write(next, v, a);
		CHECK(objid_seconds(a) == (uint32_t) now);
		seen[round] = value_of(a);
	}
	CHECK(moves == 300);
	for (i = 0; i <= 300; i++)
		for (j = i + 1; j <= 300; j++)
			CHECK(seen[i] != seen[j]);
	CHECK(v == value + 300);
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

/* text refused as an ObjectId that reads as an instant gets a hint */
static void
test_reads_as_instant(void)
{
	static const char *instants[] = {
		"2024-01-01", "2024-01-01 00:00:00+00", "2020-1-2", "1970-12-3T04:05Z",
		"0044-03-15 BC",
	};
	static const char *others[] = {
		"", "2024", "2024-", "2024-01", "2024-01-", "2024-001-01", "24-01-01",
		"20240-01-01", "2024/01/01", "2024-01-x", "-2024-01-01",
		"507f1f77bcf86cd799439011", "507f1f77-bcf8-86cd-9e65-0e4044000000",
		"1234-5678-9abc", "Mon Jan 01 00:00:00 2024 UTC", " 2024-01-01",
	};
	size_t		i;

	for (i = 0; i < sizeof(instants) / sizeof(instants[0]); i++)
		CHECK(objid_reads_as_instant(instants[i]));
	for (i = 0; i < sizeof(others) / sizeof(others[0]); i++)
		CHECK(!objid_reads_as_instant(others[i]));
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
	test_seconds();
	test_counter_spent();
	test_clock_back();
	test_strict_order_past_spent();
	test_at_past_spent();
	test_processes();
	test_server_next();
	test_server_moves();
	test_random_failure();
	test_reads_as_instant();
	test_bin_fraction();
	return unit_done("test_objectid");
}
