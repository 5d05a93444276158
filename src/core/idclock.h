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
 *	  src/core/idclock.h
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
 * resolution, several times cheaper to read): enough for one-second fields.
 */
extern bool id_clock_coarse(int64_t *ns);

/* a / b rounded towards minus infinity (b > 0) */
static inline int64_t
id_floor_div(int64_t a, int64_t b)
{
	int64_t		q = a / b;

	return (a % b < 0) ? q - 1 : q;
}

#endif							/* ID_CLOCK_H */
