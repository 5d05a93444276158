/*-------------------------------------------------------------------------
 *
 * idclock.h
 *	  Wall-clock sources for the generators.
 *
 * A clock is a function that stores nanoseconds since the Unix epoch and
 * returns false if it could not read the time.  The generators take the
 * clock's reading as an argument, so tests drive them with any sequence of
 * instants, backwards steps included.
 *
 * IDENTIFICATION
 *	  src/pure/idclock.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef ID_CLOCK_H
#define ID_CLOCK_H

#include <stdbool.h>
#include <stdint.h>

#define ID_NS_PER_US	INT64_C(1000)
#define ID_NS_PER_MS	INT64_C(1000000)
#define ID_NS_PER_S		INT64_C(1000000000)

typedef bool (*id_clock_source) (int64_t *ns);

/* CLOCK_REALTIME: full resolution */
extern bool id_clock_realtime(int64_t *ns);

/*
 * CLOCK_REALTIME_COARSE where the system has it (a few milliseconds of
 * resolution, several times cheaper to read), else CLOCK_REALTIME.  It shows
 * the time of the last kernel tick, so it lags the real clock by more than
 * its resolution: never use it alone where that lag matters.
 */
extern bool id_clock_coarse(int64_t *ns);

/*
 * The resolution of id_clock_coarse in nanoseconds (clock_getres), its tick
 * interval.  0 where id_clock_coarse is CLOCK_REALTIME.
 */
extern bool id_clock_coarse_resolution(int64_t *ns);

/*
 * A whole-second clock that is never a second behind the real time, read
 * cheaply: the coarse clock where its reading is further from the next
 * second than the coarse clock can lag, else the precise clock.
 *
 * How far can it lag?  The kernel moves the coarse clock on its tick, and
 * only by whole tick intervals (the rest waits for the next tick), so it is
 * up to one resolution behind at the tick and up to two just before the
 * next; and a tick can come late, on a loaded virtual machine by several
 * milliseconds.  The margin is therefore two resolutions plus
 * ID_CLOCK_LATE_TICK_NS; it is computed once, on first use, from the
 * resolution.  Tests inject all three sources.
 */
#define ID_CLOCK_LATE_TICK_NS	(10 * ID_NS_PER_MS)

typedef struct id_second_clock
{
	id_clock_source coarse;
	id_clock_source precise;
	id_clock_source coarse_resolution;
	int64_t		margin_ns;		/* -1 until computed */
} id_second_clock;

#define ID_SECOND_CLOCK_INIT \
	{id_clock_coarse, id_clock_realtime, id_clock_coarse_resolution, -1}

/*
 * Seconds since the Unix epoch (floor), never below the second of a reading
 * of the precise clock taken before the call, as long as the coarse clock
 * lags by less than the margin.
 */
extern bool id_clock_seconds(id_second_clock *clock, int64_t *seconds);

/* a / b rounded towards minus infinity (b > 0) */
static inline int64_t
id_floor_div(int64_t a, int64_t b)
{
	int64_t		q = a / b;

	return (a % b < 0) ? q - 1 : q;
}

#endif							/* ID_CLOCK_H */
