/*-------------------------------------------------------------------------
 *
 * fuzz_objectid.c
 *	  libFuzzer target for src/pure/objectid.c: the ObjectId generator under
 *	  any sequence of clock readings (backwards jumps and out-of-range ones
 *	  included), explicit seconds, counter wraps, process id changes and
 *	  random source failures.
 *
 * The input is a program, one operation per byte (some read more bytes).
 * Checked after every call, against a model kept here:
 * - objid_generate ids of one process are strictly increasing, never
 *   behind the clock, and never ahead of it by more than the one second a
 *   counter wrap may add;
 * - objid_generate_at ids carry exactly the given second;
 * - within a process both share one process value and one counter that
 *   goes up by one (mod 2^24) per id; a new process draws a new value;
 * - an out-of-range instant, the last second exhausted, or a failing
 *   random source gives the documented status and leaves the state as it
 *   was; nothing else fails.
 *
 * IDENTIFICATION
 *	  test/fuzz/fuzz_objectid.c
 *
 *-------------------------------------------------------------------------
 */
#include <stdlib.h>
#include <string.h>

#include "objectid.h"

static bool fuzz_fail;
static uint64_t fuzz_state;

static bool
fuzz_source(void *buf, size_t len)
{
	uint8_t    *p = buf;
	size_t		i;

	if (fuzz_fail)
	{
		memset(buf, 0xAA, len);
		return false;
	}
	for (i = 0; i < len; i++)
	{
		fuzz_state ^= fuzz_state << 13;
		fuzz_state ^= fuzz_state >> 7;
		fuzz_state ^= fuzz_state << 17;
		p[i] = (uint8_t) (fuzz_state >> 32);
	}
	return true;
}

/* what the model knows about the current process */
typedef struct fuzz_model
{
	int			pid;
	bool		have_id;		/* an id was made in this process */
	uint8_t		process[5];
	uint32_t	next_counter;
	bool		have_gen;		/* an objid_generate id was made */
	uint8_t		last_gen[OBJECTID_LEN];
} fuzz_model;

static uint32_t
fuzz_counter(const uint8_t *id)
{
	return ((uint32_t) id[9] << 16) | ((uint32_t) id[10] << 8) | id[11];
}

/* checks shared by both generators after a successful call */
static void
fuzz_check_common(fuzz_model *m, const objid_gen_state *before,
				  const uint8_t *id)
{
	if (!m->have_id)
	{
		/* a new process draws its own value (2^-40 chance to collide) */
		if (before->pid != 0 &&
			memcmp(before->process_random, id + 4, 5) == 0)
			abort();
		memcpy(m->process, id + 4, 5);
		m->have_id = true;
	}
	else
	{
		if (memcmp(m->process, id + 4, 5) != 0)
			abort();
		if (fuzz_counter(id) != m->next_counter)
			abort();
	}
	m->next_counter = (fuzz_counter(id) + 1) & OBJID_COUNTER_MASK;
}

static void
fuzz_call(objid_gen_state *st, id_random_pool *pool, fuzz_model *m,
		  bool at, int64_t seconds)
{
	objid_gen_state before = *st;
	uint8_t		id[OBJECTID_LEN];
	id_status	status;
	id_status	want = ID_OK;
	bool		in_range = seconds >= 0 && seconds <= OBJID_SECONDS_MAX;

	/*
	 * The state was drawn in another process (or never): a successful call
	 * starts this process afresh.  Switching pid and back without a
	 * successful call in between is no fork as far as the state can tell.
	 */
	bool		new_process = before.pid != m->pid;

	status = at ? objid_generate_at(st, pool, m->pid, seconds, id)
		: objid_generate(st, pool, m->pid, seconds, id);

	if (!in_range)
		want = ID_ERR_RANGE;
	else if (new_process && fuzz_fail)
		want = ID_ERR_RANDOM;	/* a new process cannot draw its value */
	else if (!at && !new_process && m->have_gen &&
			 objid_seconds(m->last_gen) == (uint32_t) OBJID_SECONDS_MAX &&
			 m->next_counter <= fuzz_counter(m->last_gen))
		want = ID_ERR_RANGE;	/* wrapped in the last second there is */

	if (status != want)
		abort();
	if (status != ID_OK)
	{
		if (memcmp(&before, st, sizeof(before)) != 0)
			abort();
		return;
	}

	if (new_process)
	{
		m->have_id = false;
		m->have_gen = false;
	}
	fuzz_check_common(m, &before, id);
	if (at)
	{
		if (objid_seconds(id) != (uint32_t) seconds)
			abort();
		return;
	}

	/* never behind the clock, at most one second past max(clock, last) */
	if (objid_seconds(id) < (uint32_t) seconds)
		abort();
	if (m->have_gen)
	{
		uint32_t	last = objid_seconds(m->last_gen);
		uint32_t	top = last > (uint32_t) seconds ? last : (uint32_t) seconds;

		if (memcmp(m->last_gen, id, OBJECTID_LEN) >= 0)
			abort();
		if (objid_seconds(id) != top && objid_seconds(id) != last + 1)
			abort();
	}
	else if (objid_seconds(id) != (uint32_t) seconds)
		abort();
	memcpy(m->last_gen, id, OBJECTID_LEN);
	m->have_gen = true;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const int64_t extremes[8] = {
		0, 1, OBJID_SECONDS_MAX - 1, OBJID_SECONDS_MAX,
		-1, OBJID_SECONDS_MAX + 1, INT64_C(1700000000), INT64_MIN
	};
	static id_random_pool pool;
	objid_gen_state st;
	fuzz_model	m;
	int64_t		now = INT64_C(1700000000);
	size_t		i;

	memset(&pool, 0, sizeof(pool));
	pool.source = fuzz_source;
	memset(&st, 0, sizeof(st));
	memset(&m, 0, sizeof(m));
	m.pid = 1;
	fuzz_fail = false;
	fuzz_state = UINT64_C(0x9E3779B97F4A7C15);

	for (i = 0; i < size; i++)
	{
		uint8_t		b = data[i];

		switch (b >> 5)
		{
			case 0:				/* the clock moves -16 .. +15 s */
			case 1:
				now += (int64_t) (b & 0x1F) - 16;
				fuzz_call(&st, &pool, &m, false, now);
				break;
			case 2:				/* a big jump, either way */
				if (i + 1 < size)
					now += (int64_t) (int8_t) data[++i] * 1000000;
				fuzz_call(&st, &pool, &m, false, now);
				break;
			case 3:				/* explicit seconds, any 33-bit value */
				{
					int64_t		s = 0;
					int			k;

					for (k = 0; k < 4 && i + 1 < size; k++)
						s = (s << 8) | data[++i];
					if (b & 1)
						s = -1 - s;
					if (b & 2)
						s += OBJID_SECONDS_MAX;
					fuzz_call(&st, &pool, &m, true, s);
				}
				break;
			case 4:				/* fork: another process id, 1 to 8 */
				m.pid = 1 + (b & 7);
				break;
			case 5:
				fuzz_fail = (b & 1) != 0;
				break;
			case 6:				/* as if 2^24 - k ids had gone by */
				if (st.pid == m.pid && m.have_id)
				{
					st.counter = OBJID_COUNTER_MASK - (b & 0x1F);
					m.next_counter = st.counter;
				}
				break;
			case 7:				/* the clock jumps to an edge */
				now = extremes[b & 7];
				if (now < 0 || now > OBJID_SECONDS_MAX)
				{
					fuzz_call(&st, &pool, &m, false, now);
					now = extremes[6];
				}
				break;
		}
	}
	return 0;
}
