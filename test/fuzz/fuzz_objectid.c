/*-------------------------------------------------------------------------
 *
 * fuzz_objectid.c
 *	  libFuzzer target for src/pure/objectid.c: the ObjectId generators under
 *	  any sequence of clock readings (backwards jumps and out-of-range ones
 *	  included), explicit seconds, spent counters, process id changes and
 *	  random source failures (the pool's leftover cut short included).
 *
 * The input is a program, one operation per byte (some read more bytes).
 * Two states are used, one for objid_generate and one for
 * objid_generate_at (a state is used for one of them only), each with a
 * model kept here.  Checked after every call:
 * - an objid_generate id carries exactly the clock's second;
 * - within a process, its ids are strictly increasing wherever the clock
 *   reads no earlier than the second of the last id;
 * - the process value goes up by exactly one (mod 2^40) when the counter
 *   was spent in that second or the clock is behind the last id's second,
 *   and stays as it was otherwise; a new process draws a new value;
 * - the first id of a second (of a process, or after the value moved on)
 *   has a counter at most OBJID_COUNTER_START_MAX, the next ones of the
 *   same second the counter plus one;
 * - an objid_generate_at id carries exactly the given second; within a
 *   process its counter goes up by one (mod 2^24) per id, and its process
 *   value by one (mod 2^40) where the counter comes round to 0, else it
 *   stays; a new process draws a new value;
 * - the server generator, driven as src/objectid_gen.c drives it (one add
 *   to its state word, objid_server_next where the add is not in the
 *   clock's second, the value moved on where that says so), with its
 *   counter spent at will: every id carries the clock's second, never
 *   repeats one made before in the run, and is greater than the one before
 *   where the clock is not behind it; its value moves on by exactly one,
 *   and only where the counter was spent or the clock is behind the last
 *   id's second;
 * - an out-of-range instant gives ID_ERR_RANGE, randomness that cannot be
 *   had (a new process, or a new second for objid_generate, while the
 *   source fails and the pool holds nothing for this process) gives
 *   ID_ERR_RANDOM, and either leaves the state exactly as it was; nothing
 *   else fails.
 *
 * IDENTIFICATION
 *	  test/fuzz/fuzz_objectid.c
 *
 *-------------------------------------------------------------------------
 */
#include <stdlib.h>
#include <string.h>

#include "objectid.h"

/* the server generator's words, and every id it made in this run */
#define FUZZ_SEEN_SIZE 16384	/* a power of two above the ids of an input */
typedef struct fuzz_server
{
	uint64_t	state;
	uint64_t	value;
	bool		have_last;
	uint8_t		last[OBJECTID_LEN];
	int			seen_count;
	uint8_t		seen[FUZZ_SEEN_SIZE][OBJECTID_LEN];
	bool		used[FUZZ_SEEN_SIZE];
} fuzz_server;

static fuzz_server fuzz_srv;
static bool fuzz_fail;
static uint64_t fuzz_state;
static int	fuzz_pid;			/* the process making the calls */
static id_random_pool fuzz_pool;

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

/* what the model knows about one state, for the process of its last id */
typedef struct fuzz_model
{
	int			pid;			/* process of the last id; 0 = none yet */
	uint64_t	value;			/* process value of the last id */
	uint8_t		last[OBJECTID_LEN]; /* objid_generate: the last id */
	uint32_t	next_counter;	/* objid_generate_at: the next counter */
} fuzz_model;

static uint32_t
fuzz_counter(const uint8_t *id)
{
	return ((uint32_t) id[9] << 16) | ((uint32_t) id[10] << 8) | id[11];
}

static uint64_t
fuzz_value(const uint8_t *id)
{
	uint64_t	v = 0;
	int			i;

	for (i = 4; i < 9; i++)
		v = (v << 8) | id[i];
	return v;
}

/*
 * Whether a call that needs random bytes gets them: always while the
 * source works; while it fails, only from what the pool has left for this
 * process.  One id needs fewer than OBJECTID_LEN random bytes, so a
 * leftover that long serves the call; a shorter one may or may not.
 */
typedef enum
{
	FUZZ_NO,
	FUZZ_MAYBE,
	FUZZ_YES
} fuzz_serves;

static fuzz_serves
fuzz_pool_serves(void)
{
	if (!fuzz_fail)
		return FUZZ_YES;
	if (fuzz_pool.pid != fuzz_pid || fuzz_pool.avail == 0)
		return FUZZ_NO;
	return fuzz_pool.avail >= OBJECTID_LEN ? FUZZ_YES : FUZZ_MAYBE;
}

/*
 * Check a call's status against what it needed, and that a failure left
 * the state as it was.  True when the call succeeded.
 */
static bool
fuzz_check_status(id_status status, bool in_range, bool needs_random,
				  fuzz_serves serves, const objid_gen_state *before,
				  const objid_gen_state *st)
{
	id_status	want;

	if (!in_range)
		want = ID_ERR_RANGE;
	else if (!needs_random || serves == FUZZ_YES)
		want = ID_OK;
	else if (serves == FUZZ_NO)
		want = ID_ERR_RANDOM;
	else
	{
		/* a short leftover: either, and a failure has emptied the pool */
		want = status == ID_ERR_RANDOM ? ID_ERR_RANDOM : ID_OK;
		if (status == ID_ERR_RANDOM && fuzz_pool.avail != 0)
			abort();
	}

	if (status != want)
		abort();
	if (status != ID_OK)
	{
		if (memcmp(before, st, sizeof(*before)) != 0)
			abort();
		return false;
	}
	return true;
}

static void
fuzz_generate(objid_gen_state *st, fuzz_model *m, int64_t now)
{
	objid_gen_state before;
	uint8_t		id[OBJECTID_LEN];
	id_status	status;
	bool		in_range = now >= 0 && now <= OBJID_SECONDS_MAX;
	fuzz_serves serves = fuzz_pool_serves();

	/*
	 * The state was drawn in another process (or never): a successful call
	 * starts this process afresh.  Switching pid and back without a
	 * successful call in between is no fork as far as the state can tell.
	 */
	bool		new_process = m->pid != fuzz_pid;
	uint32_t	last_s = 0;
	uint32_t	last_c = 0;
	bool		same_second = false;	/* the counter goes on */

	if (!new_process)
	{
		last_s = objid_seconds(m->last);
		last_c = fuzz_counter(m->last);
		same_second = in_range && (uint32_t) now == last_s &&
			last_c < OBJID_COUNTER_MASK;
	}

	memcpy(&before, st, sizeof(before));
	status = objid_generate(st, &fuzz_pool, fuzz_pid, now, id);
	if (!fuzz_check_status(status, in_range, !same_second, serves,
						   &before, st))
		return;

	/* the clock's second, exactly */
	if (objid_seconds(id) != (uint32_t) now)
		abort();

	if (new_process)
	{
		/* a new process draws its own value (2^-40 chance to collide) */
		if (m->pid != 0 && fuzz_value(id) == m->value)
			abort();
		if (fuzz_counter(id) > OBJID_COUNTER_START_MAX)
			abort();
	}
	else if (same_second)
	{
		if (fuzz_value(id) != m->value || fuzz_counter(id) != last_c + 1)
			abort();
	}
	else if ((uint32_t) now > last_s)
	{
		/* a new second: same value, a counter drawn again */
		if (fuzz_value(id) != m->value ||
			fuzz_counter(id) > OBJID_COUNTER_START_MAX)
			abort();
	}
	else
	{
		/* a spent counter, or the clock behind: the value moves on */
		if (fuzz_value(id) != ((m->value + 1) & OBJID_VALUE_MASK) ||
			fuzz_counter(id) > OBJID_COUNTER_START_MAX)
			abort();
	}

	/*
	 * In order unless the clock went back (or the value came round from
	 * 2^40 - 1 to 0, which a random value reaches once in 2^40 processes).
	 */
	if (!new_process && (uint32_t) now >= last_s &&
		fuzz_value(id) >= m->value &&
		memcmp(m->last, id, OBJECTID_LEN) >= 0)
		abort();

	m->pid = fuzz_pid;
	m->value = fuzz_value(id);
	memcpy(m->last, id, OBJECTID_LEN);
}

static void
fuzz_generate_at(objid_gen_state *st, fuzz_model *m, int64_t seconds)
{
	objid_gen_state before;
	uint8_t		id[OBJECTID_LEN];
	id_status	status;
	bool		in_range = seconds >= 0 && seconds <= OBJID_SECONDS_MAX;
	fuzz_serves serves = fuzz_pool_serves();
	bool		new_process = m->pid != fuzz_pid;

	memcpy(&before, st, sizeof(before));
	status = objid_generate_at(st, &fuzz_pool, fuzz_pid, seconds, id);
	if (!fuzz_check_status(status, in_range, new_process, serves,
						   &before, st))
		return;

	if (objid_seconds(id) != (uint32_t) seconds)
		abort();
	if (new_process)
	{
		if (m->pid != 0 && fuzz_value(id) == m->value)
			abort();
	}
	else if (fuzz_value(id) != m->value ||
			 fuzz_counter(id) != m->next_counter)
		abort();

	m->pid = fuzz_pid;
	m->value = fuzz_value(id);
	m->next_counter = (fuzz_counter(id) + 1) & OBJID_COUNTER_MASK;
	if (m->next_counter == 0)
		m->value = (m->value + 1) & OBJID_VALUE_MASK;
}

/* abort if id was made before in this run; else remember it */
static void
fuzz_server_unseen(const uint8_t *id)
{
	uint32_t	h = 2166136261u;
	int			i;

	for (i = 0; i < OBJECTID_LEN; i++)
		h = (h ^ id[i]) * 16777619u;
	if (fuzz_srv.seen_count >= FUZZ_SEEN_SIZE / 2)
		return;					/* (inputs are shorter than that) */
	for (i = h & (FUZZ_SEEN_SIZE - 1); fuzz_srv.used[i];
		 i = (i + 1) & (FUZZ_SEEN_SIZE - 1))
		if (memcmp(fuzz_srv.seen[i], id, OBJECTID_LEN) == 0)
			abort();
	fuzz_srv.used[i] = true;
	memcpy(fuzz_srv.seen[i], id, OBJECTID_LEN);
	fuzz_srv.seen_count++;
}

/* an id from the server generator, for the clock's second now */
static void
fuzz_server_generate(int64_t now)
{
	uint8_t		id[OBJECTID_LEN];
	uint8_t		fresh[3];
	uint64_t	before = fuzz_srv.state;
	uint64_t	value = fuzz_srv.value;
	uint64_t	next = before + 1;
	bool		moves = false;
	bool		in_range = now >= 0 && now <= OBJID_SECONDS_MAX;

	/* the add is not usable: the clock behind, or the counter spent in it */
	bool		must_move = in_range &&
		((uint64_t) now < OBJID_SERVER_SECONDS(before) ||
		 ((uint64_t) now == OBJID_SERVER_SECONDS(before) &&
		  (before & OBJID_COUNTER_MASK) == OBJID_COUNTER_MASK));

	memset(fresh, 0, sizeof(fresh));
	fuzz_source(fresh, sizeof(fresh));
	if (!in_range)
	{
		/* the caller takes no id (a carry can reach such a second) */
		if (objid_server_next(before, now, fresh, &next, &moves) != ID_ERR_RANGE)
			abort();
		return;
	}
	if ((int64_t) OBJID_SERVER_SECONDS(next) != now)
	{
		if (objid_server_next(before, now, fresh, &next, &moves) != ID_OK)
			abort();
		if (moves)
			value = objid_server_moved(value);
	}
	objid_server_write(next, value, id);
	fuzz_srv.state = next;

	if (objid_seconds(id) != (uint32_t) now)
		abort();
	/* the value moves on by exactly one, exactly where it must */
	if (fuzz_value(id) != ((fuzz_srv.value + (must_move ? 1 : 0)) &
						   OBJID_VALUE_MASK))
		abort();
	fuzz_srv.value = value;
	if (fuzz_srv.have_last && !must_move &&
		(uint32_t) now >= objid_seconds(fuzz_srv.last) &&
		memcmp(fuzz_srv.last, id, OBJECTID_LEN) >= 0)
		abort();
	fuzz_server_unseen(id);
	fuzz_srv.have_last = true;
	memcpy(fuzz_srv.last, id, OBJECTID_LEN);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const int64_t extremes[8] = {
		0, 1, OBJID_SECONDS_MAX - 1, OBJID_SECONDS_MAX,
		-1, OBJID_SECONDS_MAX + 1, INT64_C(1700000000), INT64_MIN
	};
	objid_gen_state gen;		/* objid_generate's state */
	objid_gen_state at;			/* objid_generate_at's state */
	fuzz_model	mgen;
	fuzz_model	mat;
	int64_t		now = INT64_C(1700000000);
	size_t		i;

	memset(&fuzz_pool, 0, sizeof(fuzz_pool));
	fuzz_pool.source = fuzz_source;
	memset(&gen, 0, sizeof(gen));
	memset(&at, 0, sizeof(at));
	memset(&mgen, 0, sizeof(mgen));
	memset(&mat, 0, sizeof(mat));
	memset(&fuzz_srv, 0, sizeof(fuzz_srv));
	fuzz_srv.value = UINT64_C(0xFFFFFFFF00);	/* its wrap within reach */
	fuzz_pid = 1;
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
				fuzz_generate(&gen, &mgen, now);
				break;
			case 2:				/* a big jump, either way */
				if (i + 1 < size)
					now += (int64_t) (int8_t) data[++i] * 1000000;
				fuzz_generate(&gen, &mgen, now);
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
					fuzz_generate_at(&at, &mat, s);
				}
				break;
			case 4:
				if (b & 0x10)
				{
					/* the server generator: an id, or its counter spent */
					if (b & 0x08)
						fuzz_srv.state += UINT64_C(1) << 24;
					else
						fuzz_server_generate(now);
				}
				else			/* fork: another process id, 1 to 8 */
					fuzz_pid = 1 + (b & 7);
				break;
			case 5:
				if (b & 0x10)
				{
					/* the pool keeps at most 0 .. 15 bytes */
					if (fuzz_pool.avail > (size_t) (b & 0xF))
						fuzz_pool.avail = b & 0xF;
				}
				else
					fuzz_fail = (b & 1) != 0;
				break;
			case 6:				/* as if ids had gone by: a counter */
				{				/* 0 .. 15 short of 2^24 */
					uint32_t	c = OBJID_COUNTER_MASK - (b & 0xF);

					if (b & 0x10)
					{
						/* generate_at's next counter */
						if (mat.pid == fuzz_pid)
						{
							at.counter = c;
							mat.next_counter = c;
						}
					}
					else if (mgen.pid == fuzz_pid &&
							 c > fuzz_counter(mgen.last))
					{
						/* generate's last counter, moved forward only */
						gen.last_counter = c;
						mgen.last[9] = (uint8_t) (c >> 16);
						mgen.last[10] = (uint8_t) (c >> 8);
						mgen.last[11] = (uint8_t) c;
					}
				}
				break;
			case 7:				/* the clock jumps to an edge */
				now = extremes[b & 7];
				if (now < 0 || now > OBJID_SECONDS_MAX)
				{
					fuzz_generate(&gen, &mgen, now);
					now = extremes[6];
				}
				break;
		}
	}
	return 0;
}
