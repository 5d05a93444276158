/*-------------------------------------------------------------------------
 *
 * objectid.c
 *	  MongoDB ObjectId byte layout and generator state machine (pure C).
 *
 * IDENTIFICATION
 *	  src/pure/objectid.c
 *
 *-------------------------------------------------------------------------
 */
#include <string.h>

#include "bytes.h"
#include "objectid.h"

static void
objid_write(uint8_t *out, uint32_t seconds, const uint8_t *process_random,
			uint32_t counter)
{
	id_store_be(out, seconds, 4);
	memcpy(out + 4, process_random, 5);
	id_store_be(out + 9, counter, 3);
}

/*
 * Draw the process random value and the counter's start in the first call
 * of a process, including a forked child that inherited its parent's state.
 */
static id_status
objid_prepare(objid_gen_state *st, id_random_pool *pool, int pid)
{
	uint8_t		fresh[8];

	if (st->pid == pid)
		return ID_OK;
	if (!id_random_bytes(pool, pid, fresh, sizeof(fresh)))
		return ID_ERR_RANDOM;

	memcpy(st->process_random, fresh, 5);
	st->counter = (uint32_t) id_load_be(fresh + 5, 3);
	st->have_last = false;
	st->last_seconds = 0;
	st->last_counter = 0;
	st->pid = pid;
	memset(fresh, 0, sizeof(fresh));
	return ID_OK;
}

id_status
objid_generate(objid_gen_state *st, id_random_pool *pool, int pid,
			   int64_t now_seconds, uint8_t *out)
{
	uint32_t	seconds;
	uint32_t	counter;
	id_status	status;

	if (now_seconds < 0 || now_seconds > OBJID_SECONDS_MAX)
		return ID_ERR_RANGE;
	status = objid_prepare(st, pool, pid);
	if (status != ID_OK)
		return status;

	seconds = (uint32_t) now_seconds;
	counter = st->counter;

	/*
	 * Keep (seconds, counter) increasing.  With the clock held or set back,
	 * stay in the last second while the counter still rises; once it has
	 * wrapped, move to the next second rather than repeat or go back.
	 */
	if (st->have_last &&
		(seconds < st->last_seconds ||
		 (seconds == st->last_seconds && counter <= st->last_counter)))
	{
		if (counter > st->last_counter)
			seconds = st->last_seconds;
		else if (st->last_seconds == (uint32_t) OBJID_SECONDS_MAX)
			return ID_ERR_RANGE;
		else
			seconds = st->last_seconds + 1;
	}

	objid_write(out, seconds, st->process_random, counter);
	st->counter = (counter + 1) & OBJID_COUNTER_MASK;
	st->have_last = true;
	st->last_seconds = seconds;
	st->last_counter = counter;
	return ID_OK;
}

id_status
objid_generate_at(objid_gen_state *st, id_random_pool *pool, int pid,
				  int64_t seconds, uint8_t *out)
{
	id_status	status;

	if (seconds < 0 || seconds > OBJID_SECONDS_MAX)
		return ID_ERR_RANGE;
	status = objid_prepare(st, pool, pid);
	if (status != ID_OK)
		return status;

	objid_write(out, (uint32_t) seconds, st->process_random, st->counter);
	st->counter = (st->counter + 1) & OBJID_COUNTER_MASK;
	return ID_OK;
}

uint64_t
objid_server_value(const uint8_t *random5)
{
	return id_load_be(random5, 5);
}

uint64_t
objid_server_start(const uint8_t *random3)
{
	return OBJID_SERVER_STATE(0, id_load_be(random3, 3));
}

id_status
objid_server_next(uint64_t last, int64_t now_seconds, uint64_t *next)
{
	uint64_t	last_seconds = last >> 24;

	if (now_seconds < 0 || now_seconds > OBJID_SECONDS_MAX)
		return ID_ERR_RANGE;
	if ((uint64_t) now_seconds > last_seconds)
		*next = OBJID_SERVER_STATE(now_seconds, (last + 1) & OBJID_COUNTER_MASK);
	else if (last >= OBJID_SERVER_STATE(OBJID_SECONDS_MAX, OBJID_COUNTER_MASK))
		return ID_ERR_RANGE;
	else
		*next = last + 1;
	return ID_OK;
}

void
objid_server_write(uint64_t state, uint64_t value, uint8_t *out)
{
	id_store_be(out, state >> 24, 4);
	id_store_be(out + 4, value, 5);
	id_store_be(out + 9, state & OBJID_COUNTER_MASK, 3);
}

id_status
objid_min_for_seconds(int64_t seconds, uint8_t *out)
{
	static const uint8_t zero[5] = {0};

	if (seconds < 0 || seconds > OBJID_SECONDS_MAX)
		return ID_ERR_RANGE;
	objid_write(out, (uint32_t) seconds, zero, 0);
	return ID_OK;
}

uint32_t
objid_seconds(const uint8_t *id)
{
	return (uint32_t) id_load_be(id, 4);
}

/* the 8 bytes of id from byte skip on, zeros past the end, big-endian */
static uint64_t
objid_window(const uint8_t *id, int skip)
{
	uint8_t		buf[8] = {0};
	int			n = OBJECTID_LEN - skip < 8 ? OBJECTID_LEN - skip : 8;

	memcpy(buf, id + skip, n);
	return id_load_be(buf, 8);
}

double
objid_bin_fraction(const uint8_t *val, const uint8_t *lo, const uint8_t *hi)
{
	int			skip = 0;
	uint64_t	v,
				l,
				h;

	while (skip < OBJECTID_LEN && lo[skip] == hi[skip])
		skip++;
	if (skip == OBJECTID_LEN || lo[skip] > hi[skip])
		return -1.0;
	if (memcmp(val, lo, OBJECTID_LEN) <= 0)
		return 0.0;
	if (memcmp(val, hi, OBJECTID_LEN) >= 0)
		return 1.0;

	/*
	 * lo < val < hi, so val shares the skipped bytes and l <= v <= h in the
	 * window.  Subtract as integers before converting: two bounds that
	 * differ only in the last bits of the window would round to the same
	 * double.
	 */
	v = objid_window(val, skip);
	l = objid_window(lo, skip);
	h = objid_window(hi, skip);
	return (double) (v - l) / (double) (h - l);
}
