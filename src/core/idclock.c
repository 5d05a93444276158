/*-------------------------------------------------------------------------
 *
 * idclock.c
 *	  Wall-clock sources for the generators.
 *
 * IDENTIFICATION
 *	  src/core/idclock.c
 *
 *-------------------------------------------------------------------------
 */
#include <time.h>

#include "idclock.h"

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
#ifdef CLOCK_REALTIME_COARSE
	return id_clock_read(CLOCK_REALTIME_COARSE, ns);
#else
	return id_clock_read(CLOCK_REALTIME, ns);
#endif
}
