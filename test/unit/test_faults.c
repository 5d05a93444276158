/*
 * test_faults.c
 *	  Fault paths of the pure-C layer (issue 6, item 6): a failing CSPRNG leaves no
 *	  half-written state and never makes a byte served twice; a clock that
 *	  fails the range or jumps backwards, by any amount and any number of
 *	  times, never yields a smaller or repeated ObjectId.
 */
#include <stdbool.h>

#include "objectid.h"
#include "unit.h"

static id_random_pool pool = ID_RANDOM_POOL_INIT(unit_source);

static bool
all_zero(const uint8_t *p, size_t n)
{
	size_t		i;

	for (i = 0; i < n; i++)
		if (p[i] != 0)
			return false;
	return true;
}

/* the source fails on a process's first id: nothing of it is kept */
static void
test_random_fails_first_use(void)
{
	objid_gen_state st = {0};
	objid_gen_state zero = {0};
	uint8_t		id[OBJECTID_LEN];

	id_random_discard(&pool);
	unit_source_fail = 1;
	CHECK(objid_generate(&st, &pool, 40, 1000, id) == ID_ERR_RANDOM);
	CHECK(memcmp(&st, &zero, sizeof(st)) == 0);
	CHECK(pool.avail == 0);
	CHECK(all_zero(pool.buf, sizeof(pool.buf)));	/* garbage wiped */
	CHECK(objid_generate_at(&st, &pool, 40, 1000, id) == ID_ERR_RANDOM);
	CHECK(memcmp(&st, &zero, sizeof(st)) == 0);
	unit_source_fail = 0;
	CHECK(objid_generate(&st, &pool, 40, 1000, id) == ID_OK);
	CHECK(st.pid == 40);
	CHECK(objid_seconds(id) == 1000);
}

/*
 * A refill fails while a short leftover is in the buffer: the leftover is
 * dropped, and after the source recovers only bytes of the new fill are
 * served, none of the old one.
 */
static void
test_random_fails_mid_stream(void)
{
	uint8_t		big[ID_RANDOM_POOL_SIZE - 10];
	uint8_t		a[16];
	int			calls;
	int			i;

	unit_source_counting = 1;
	unit_source_next = 0;
	id_random_discard(&pool);
	pool.pid = 0;
	CHECK(id_random_bytes(&pool, 50, big, sizeof(big)));	/* 10 left */
	calls = unit_source_calls;
	unit_source_fail = 1;
	CHECK(!id_random_bytes(&pool, 50, a, sizeof(a)));
	CHECK(pool.avail == 0);
	CHECK(all_zero(pool.buf, sizeof(pool.buf)));
	/* even a request the leftover could have met is refilled now */
	CHECK(!id_random_bytes(&pool, 50, a, 4));
	unit_source_fail = 0;
	CHECK(id_random_bytes(&pool, 50, a, 4));
	CHECK(unit_source_calls == calls + 3);
	/* the counting source's bytes after the first fill: 4096 mod 256 = 0 */
	for (i = 0; i < 4; i++)
		CHECK(a[i] == (uint8_t) i);
	unit_source_counting = 0;
}

/* out-of-range readings are refused without consuming anything */
static void
test_clock_out_of_range(void)
{
	objid_gen_state st = {0};
	objid_gen_state before;
	uint8_t		id[OBJECTID_LEN];
	uint8_t		next[OBJECTID_LEN];
	static const int64_t bad[] = {
		-1, INT64_MIN, OBJID_SECONDS_MAX + 1, INT64_MAX
	};
	size_t		i;

	CHECK(objid_generate(&st, &pool, 60, 5000, id) == ID_OK);
	before = st;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
	{
		CHECK(objid_generate(&st, &pool, 60, bad[i], next) == ID_ERR_RANGE);
		CHECK(objid_generate_at(&st, &pool, 60, bad[i], next) == ID_ERR_RANGE);
		CHECK(memcmp(&st, &before, sizeof(st)) == 0);
	}
	CHECK(objid_generate(&st, &pool, 60, 5000, next) == ID_OK);
	CHECK(memcmp(id, next, OBJECTID_LEN) < 0);
	CHECK(next[11] == (uint8_t) (id[11] + 1));	/* no counter value lost */
}

/*
 * The clock behind: its second, a new value; following it again once it
 * goes forward; ids of objid_generate_at, with a state of their own, do not
 * drag the generator's second along
 */
static void
test_clock_back_then_forward(void)
{
	objid_gen_state st = {0};
	objid_gen_state at = {0};
	uint8_t		id[OBJECTID_LEN];
	uint8_t		first[OBJECTID_LEN];

	CHECK(objid_generate(&st, &pool, 70, 5000, first) == ID_OK);
	CHECK(objid_generate(&st, &pool, 70, 10, id) == ID_OK);
	CHECK(objid_seconds(id) == 10);
	CHECK(memcmp(first + 4, id + 4, 5) != 0);
	CHECK(objid_generate(&st, &pool, 70, 4999, id) == ID_OK);
	CHECK(objid_seconds(id) == 4999);
	CHECK(objid_generate(&st, &pool, 70, 5001, id) == ID_OK);
	CHECK(objid_seconds(id) == 5001);
	CHECK(objid_generate_at(&at, &pool, 70, 4000000000, id) == ID_OK);
	CHECK(objid_generate(&st, &pool, 70, 5002, id) == ID_OK);
	CHECK(objid_seconds(id) == 5002);
}

/*
 * A million ids under a clock that ticks forward, sticks, or jumps back by
 * up to ten seconds or up to a day, at random: each id carries the clock's
 * second; ids increase wherever the clock did not go back; none repeats (a
 * repeat needs the same second, value and counter: the values a state
 * takes only grow, so checking that each value is used in one run of
 * seconds that never goes back suffices).
 */
static void
test_clock_random_walk(void)
{
	objid_gen_state st = {0};
	uint8_t		prev[OBJECTID_LEN],
				id[OBJECTID_LEN];
	uint64_t	x = UINT64_C(0x2545F4914F6CDD1D);
	int64_t		now = 1700000000;
	int64_t		before = now;
	int64_t		bad_order = 0;
	int64_t		bad_time = 0;
	int64_t		bad_value = 0;
	int64_t		backs = 0;
	int			n;

	CHECK(objid_generate(&st, &pool, 80, now, prev) == ID_OK);
	for (n = 0; n < 1000000; n++)
	{
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		if (x % 1024 == 0)
			now -= (int64_t) ((x >> 16) % 86400);	/* up to a day back */
		else if (x % 1024 < 8)
			now -= (int64_t) ((x >> 16) % 10);
		else if (x % 1024 < 512)
			now += 1;
		/* else the same second */
		if (objid_generate(&st, &pool, 80, now, id) != ID_OK)
			bad_order++;
		if (now >= before && memcmp(prev, id, OBJECTID_LEN) >= 0)
			bad_order++;
		if ((int64_t) objid_seconds(id) != now)
			bad_time++;
		/* the value moves on exactly when the clock went back */
		if ((memcmp(prev + 4, id + 4, 5) != 0) != (now < before))
			bad_value++;
		backs += now < before;
		before = now;
		memcpy(prev, id, OBJECTID_LEN);
	}
	CHECK(bad_order == 0);
	CHECK(bad_time == 0);
	CHECK(bad_value == 0);
	CHECK(backs > 1000);
	CHECK(now > 0 && now < 1700000000);	/* the walk went back, in range */
}

int
main(void)
{
	test_random_fails_first_use();
	test_random_fails_mid_stream();
	test_clock_out_of_range();
	test_clock_back_then_forward();
	test_clock_random_walk();
	return unit_done("test_faults");
}
