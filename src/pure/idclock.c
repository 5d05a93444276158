/*-------------------------------------------------------------------------
 *
 * idclock.c
 *	  Wall-clock sources for the generators.
 *
 * IDENTIFICATION
 *	  src/pure/idclock.c
 *
 *-------------------------------------------------------------------------
 */
#include <time.h>

#include "idclock.h"

#ifdef CLOCK_REALTIME_COARSE
#define ID_CLOCK_COARSE_ID CLOCK_REALTIME_COARSE
#else
#define ID_CLOCK_COARSE_ID CLOCK_REALTIME
#endif

static bool
id_clock_read(clockid_t which, int64_t *ns)
{
	struct timespec ts;

	if (clock_gettime(which, &ts) != 0)
		return false;
	*ns = (int64_t) ts.tv_sec * ID_NS_PER_S + ts.tv_nsec;
	return true;
}

bool
id_clock_realtime(int64_t *ns)
{
	return id_clock_read(CLOCK_REALTIME, ns);
}

bool
id_clock_coarse(int64_t *ns)
{
	return id_clock_read(ID_CLOCK_COARSE_ID, ns);
}

bool
id_clock_coarse_resolution(int64_t *ns)
{
#ifdef CLOCK_REALTIME_COARSE
	struct timespec ts;

	if (clock_getres(CLOCK_REALTIME_COARSE, &ts) != 0)
		return false;
	*ns = (int64_t) ts.tv_sec * ID_NS_PER_S + ts.tv_nsec;
#else
	*ns = 0;
#endif
	return true;
}

bool
id_clock_seconds(id_second_clock *clock, int64_t *seconds)
{
	int64_t		ns;
	int64_t		secs;

	/*
	 * Two resolutions and a late tick (idclock.h); a coarse clock that is
	 * the precise one needs none.  An unknown or absurd resolution makes the
	 * margin a whole second, so the precise clock is always read.
	 */
	if (clock->margin_ns < 0)
	{
		int64_t		res;

		if (!clock->coarse_resolution(&res) || res < 0 || res > ID_NS_PER_S)
			clock->margin_ns = ID_NS_PER_S;
		else if (res == 0)
			clock->margin_ns = 0;
		else
			clock->margin_ns = 2 * res + ID_CLOCK_LATE_TICK_NS;
	}

	if (!clock->coarse(&ns))
		return false;

	/*
	 * Within the margin of the next second the real time may already be
	 * there: ask the precise clock.  (With no margin the sub-second part,
	 * below a second, never gets there.)
	 */
	secs = id_floor_div(ns, ID_NS_PER_S);
	if (ns - secs * ID_NS_PER_S >= ID_NS_PER_S - clock->margin_ns)
	{
		if (!clock->precise(&ns))
			return false;
		secs = id_floor_div(ns, ID_NS_PER_S);
	}

	*seconds = secs;
	return true;
}
