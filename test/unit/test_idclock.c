/*
 * test_idclock.c
 *	  Unit tests of src/pure/idclock.c: the whole-second clock reads the
 *	  coarse clock, and the precise clock only within the margin (two
 *	  resolutions and a late tick) of the next second, so it is never a
 *	  second behind the real time.  All three sources are injected.
 */
#include <stdbool.h>

#include "idclock.h"
#include "unit.h"

/* injected sources: scripted readings, call counts, failures */
static int64_t fake_coarse_ns;
static int64_t fake_precise_ns;
static int64_t fake_resolution_ns;
static int	coarse_calls;
static int	precise_calls;
static int	resolution_calls;
static bool coarse_fails;
static bool precise_fails;
static bool resolution_fails;

static bool
fake_coarse(int64_t *ns)
{
	coarse_calls++;
	*ns = fake_coarse_ns;
	return !coarse_fails;
}

static bool
fake_precise(int64_t *ns)
{
	precise_calls++;
	*ns = fake_precise_ns;
	return !precise_fails;
}

static bool
fake_resolution(int64_t *ns)
{
	resolution_calls++;
	*ns = fake_resolution_ns;
	return !resolution_fails;
}

static id_second_clock
fake_clock(int64_t resolution_ns)
{
	id_second_clock c = {fake_coarse, fake_precise, fake_resolution, -1};

	fake_resolution_ns = resolution_ns;
	coarse_calls = precise_calls = resolution_calls = 0;
	coarse_fails = precise_fails = resolution_fails = false;
	return c;
}

/* seconds from a scripted pair of readings */
static int64_t
seconds_for(id_second_clock *c, int64_t coarse_ns, int64_t precise_ns)
{
	int64_t		s = INT64_MIN;

	fake_coarse_ns = coarse_ns;
	fake_precise_ns = precise_ns;
	CHECK(id_clock_seconds(c, &s));
	return s;
}

#define S	INT64_C(1700000000)
#define RES	(4 * ID_NS_PER_MS)		/* HZ=250 */
#define MARGIN	(2 * RES + ID_CLOCK_LATE_TICK_NS)

static void
test_decision(void)
{
	id_second_clock c = fake_clock(RES);

	/* far from the next second: the coarse reading alone */
	CHECK(seconds_for(&c, S * ID_NS_PER_S + 500 * ID_NS_PER_MS, -1) == S);
	CHECK(precise_calls == 0);
	CHECK(seconds_for(&c, S * ID_NS_PER_S, -1) == S);
	CHECK(seconds_for(&c, (S + 1) * ID_NS_PER_S - MARGIN - 1, -1) == S);
	CHECK(precise_calls == 0);

	/* within the margin of the next second: the precise clock decides */
	CHECK(seconds_for(&c, (S + 1) * ID_NS_PER_S - MARGIN,
					  (S + 1) * ID_NS_PER_S + 1) == S + 1);
	CHECK(precise_calls == 1);
	CHECK(seconds_for(&c, (S + 1) * ID_NS_PER_S - 1,
					  (S + 1) * ID_NS_PER_S - 1) == S);
	CHECK(precise_calls == 2);

	/* the resolution is read once */
	CHECK(resolution_calls == 1);
	CHECK(coarse_calls == 5);

	/* before 1970 the second is the floor, and the same rule holds */
	CHECK(seconds_for(&c, -1, 0) == 0);
	CHECK(seconds_for(&c, -ID_NS_PER_S, -1) == -1);
	CHECK(seconds_for(&c, -ID_NS_PER_S - MARGIN, -ID_NS_PER_S - MARGIN) == -2);
	CHECK(seconds_for(&c, -ID_NS_PER_S - MARGIN - 1, -1) == -2);
	CHECK(precise_calls == 4);
}

static void
test_resolutions(void)
{
	id_second_clock c;

	/* resolution 0 (no coarse clock): the coarse reading is the real one */
	c = fake_clock(0);
	CHECK(seconds_for(&c, (S + 1) * ID_NS_PER_S - 1, -1) == S);
	CHECK(precise_calls == 0);

	/* resolution unknown, absurd or a whole second: always precise */
	c = fake_clock(RES);
	resolution_fails = true;
	CHECK(seconds_for(&c, S * ID_NS_PER_S, (S + 1) * ID_NS_PER_S) == S + 1);
	CHECK(precise_calls == 1);
	c = fake_clock(-5);
	CHECK(seconds_for(&c, S * ID_NS_PER_S, (S + 1) * ID_NS_PER_S) == S + 1);
	c = fake_clock(2 * ID_NS_PER_S);
	CHECK(seconds_for(&c, S * ID_NS_PER_S, (S + 1) * ID_NS_PER_S) == S + 1);
	c = fake_clock(ID_NS_PER_S);
	CHECK(seconds_for(&c, S * ID_NS_PER_S, (S + 1) * ID_NS_PER_S) == S + 1);
	CHECK(resolution_calls == 1);
}

static void
test_failures(void)
{
	id_second_clock c = fake_clock(RES);
	int64_t		s = 42;

	coarse_fails = true;
	fake_coarse_ns = S * ID_NS_PER_S;
	CHECK(!id_clock_seconds(&c, &s));
	CHECK(s == 42);
	coarse_fails = false;

	/* the precise clock fails only matters where it is read */
	precise_fails = true;
	CHECK(id_clock_seconds(&c, &s));
	CHECK(s == S);
	fake_coarse_ns = (S + 1) * ID_NS_PER_S - 1;
	s = 42;
	CHECK(!id_clock_seconds(&c, &s));
	CHECK(s == 42);
}

/*
 * A simulated kernel: the real time runs forward in random steps; the
 * coarse clock moves on ticks every RES (at a random phase), each up to
 * LATE late, and only by whole intervals, so it lags by RES to 2 RES + LATE.
 * A reading of the precise clock taken before each call must never be in a
 * later second than the call's result.
 */
#define LATE	(8 * ID_NS_PER_MS)

static void
test_never_behind(void)
{
	id_second_clock c = fake_clock(RES);
	uint64_t	x = UINT64_C(0x2545F4914F6CDD1D);
	int64_t		phase = 1234567;
	int64_t		t = S * ID_NS_PER_S;
	int64_t		behind = 0;
	int64_t		n;

	for (n = 0; n < 1000000; n++)
	{
		int64_t		before;
		int64_t		late;
		int64_t		s;

		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		t += (int64_t) (x % 20000);		/* up to 20 us per step */
		before = t;				/* clock_timestamp() */
		t += (int64_t) ((x >> 20) % 300);	/* the call begins */
		late = (int64_t) ((x >> 32) % LATE);
		fake_coarse_ns = phase + (id_floor_div(t - late - phase, RES) - 1) * RES;
		fake_precise_ns = t + 50;
		if (!id_clock_seconds(&c, &s) ||
			s < id_floor_div(before, ID_NS_PER_S))
			behind++;
	}
	CHECK(behind == 0);
	/* the precise clock is the exception: about MARGIN / 1 s of the calls */
	CHECK(precise_calls > 0 && precise_calls < 1000000 / 20);
}

int
main(void)
{
	test_decision();
	test_resolutions();
	test_failures();
	test_never_behind();
	return unit_done("test_idclock");
}
