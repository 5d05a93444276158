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
objid_write(uint8_t *out, uint32_t seconds, uint64_t value, uint32_t counter)
{
	id_store_be(out, seconds, 4);
	id_store_be(out + 4, value & OBJID_VALUE_MASK, 5);
	id_store_be(out + 9, counter & OBJID_COUNTER_MASK, 3);
}

/* a counter's start: three random bytes, below 2^23 */
static uint32_t
objid_counter_start(const uint8_t *random3)
{
	return (uint32_t) id_load_be(random3, 3) & OBJID_COUNTER_START_MAX;
}

/*
 * Draw the process value and objid_generate_at's counter in the first call
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

	st->value = id_load_be(fresh, 5);
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
	objid_gen_state next = *st;
	uint32_t	seconds;
	uint32_t	counter;
	uint8_t		fresh[3];
	id_status	status;

	if (now_seconds < 0 || now_seconds > OBJID_SECONDS_MAX)
		return ID_ERR_RANGE;
	/* on a copy, so that a failure leaves the state as it was */
	status = objid_prepare(&next, pool, pid);
	if (status != ID_OK)
		return status;

	seconds = (uint32_t) now_seconds;
	if (next.have_last && seconds == next.last_seconds &&
		next.last_counter < OBJID_COUNTER_MASK)
		counter = next.last_counter + 1;
	else
	{
		/* a new second; or a spent counter, or a clock stepped back */
		if (!id_random_bytes(pool, pid, fresh, sizeof(fresh)))
			return ID_ERR_RANDOM;
		counter = objid_counter_start(fresh);
		if (next.have_last && seconds <= next.last_seconds)
			next.value = (next.value + 1) & OBJID_VALUE_MASK;
	}

	objid_write(out, seconds, next.value, counter);
	next.have_last = true;
	next.last_seconds = seconds;
	next.last_counter = counter;
	*st = next;
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

	objid_write(out, (uint32_t) seconds, st->value, st->counter);
	st->counter = (st->counter + 1) & OBJID_COUNTER_MASK;
	if (st->counter == 0)
		st->value = (st->value + 1) & OBJID_VALUE_MASK;
	return ID_OK;
}

uint64_t
objid_server_value(const uint8_t *random5)
{
	return id_load_be(random5, 5);
}

id_status
objid_server_next(uint64_t last, int64_t now_seconds, const uint8_t *random3,
				  uint64_t *next, bool *moves)
{
	uint64_t	last_seconds = OBJID_SERVER_SECONDS(last);

	if (now_seconds < 0 || now_seconds > OBJID_SECONDS_MAX)
		return ID_ERR_RANGE;
	*moves = false;
	if ((uint64_t) now_seconds == last_seconds &&
		(last & OBJID_COUNTER_MASK) < OBJID_COUNTER_MASK)
		*next = last + 1;
	else
	{
		/* a spent counter, or a clock behind last: the value moves on */
		*moves = (uint64_t) now_seconds <= last_seconds;
		*next = OBJID_SERVER_STATE(now_seconds, objid_counter_start(random3));
	}
	return ID_OK;
}

uint64_t
objid_server_moved(uint64_t value)
{
	return (value + 1) & OBJID_VALUE_MASK;
}

void
objid_server_write(uint64_t state, uint64_t value, uint8_t *out)
{
	objid_write(out, (uint32_t) OBJID_SERVER_SECONDS(state), value,
				(uint32_t) (state & OBJID_COUNTER_MASK));
}

/* the number of ASCII digits text begins with, up to max */
static int
objid_digits(const char *text, int max)
{
	int			n = 0;

	while (n < max && text[n] >= '0' && text[n] <= '9')
		n++;
	return n;
}

bool
objid_reads_as_instant(const char *text)
{
	int			n;

	if (objid_digits(text, 5) != 4 || text[4] != '-')
		return false;
	text += 5;
	n = objid_digits(text, 3);
	return n >= 1 && n <= 2 && text[n] == '-' && objid_digits(text + n + 1, 1) == 1;
}

id_status
objid_min_for_seconds(int64_t seconds, uint8_t *out)
{
	if (seconds < 0 || seconds > OBJID_SECONDS_MAX)
		return ID_ERR_RANGE;
	objid_write(out, (uint32_t) seconds, 0, 0);
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
