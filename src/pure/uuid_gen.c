/*-------------------------------------------------------------------------
 *
 * uuid_gen.c
 *	  UUID byte layouts and per-process generator state machines (pure C).
 *
 * IDENTIFICATION
 *	  src/pure/uuid_gen.c
 *
 *-------------------------------------------------------------------------
 */
#include <string.h>

#include "bytes.h"
#include "idclock.h"
#include "uuid_gen.h"

void
uuidgen_stamp(uint8_t *uuid, int version)
{
	uuid[6] = (uint8_t) ((uuid[6] & 0x0F) | (version << 4));
	uuid[8] = (uint8_t) ((uuid[8] & 0x3F) | 0x80);
}

/*
 * A 60-bit timestamp split as v6 and v8 split it: the high 48 bits in bytes
 * 0-5, the low 12 bits after the version nibble in bytes 6-7.
 */
static void
uuidgen_put_60_high_first(uint8_t *out, uint64_t t, int version)
{
	id_store_be(out, t >> 12, 6);
	out[6] = (uint8_t) ((version << 4) | ((t >> 8) & 0x0F));
	out[7] = (uint8_t) t;
}

static int64_t
uuidgen_get_60_high_first(const uint8_t *in)
{
	return (int64_t) ((id_load_be(in, 6) << 12) |
					  ((uint64_t) (in[6] & 0x0F) << 8) | in[7]);
}

/* --- v4 ------------------------------------------------------------------ */

id_status
uuidgen_v4(id_random_pool *pool, int pid, uint8_t *out)
{
	uint8_t		buf[UUID_LEN];

	if (!id_random_bytes(pool, pid, buf, sizeof(buf)))
		return ID_ERR_RANDOM;
	uuidgen_stamp(buf, 4);
	memcpy(out, buf, UUID_LEN);
	return ID_OK;
}

/* --- v7 ------------------------------------------------------------------ */

int64_t
uuidgen_v7_next_ns(const uuidgen_v7_state *st, int pid, int64_t now_ns)
{
	int64_t		previous = (st->pid == pid) ? st->previous_ns : 0;

	/* PostgreSQL 18: at least one fraction step above the previous reading */
	if (previous > INT64_MAX - UUIDGEN_V7_STEP_NS)
		return INT64_MAX;		/* out of any layout's range: an error later */
	if (previous + UUIDGEN_V7_STEP_NS >= now_ns)
		return previous + UUIDGEN_V7_STEP_NS;
	return now_ns;
}

void
uuidgen_v7_commit(uuidgen_v7_state *st, int pid, int64_t ns)
{
	st->pid = pid;
	st->previous_ns = ns;
}

id_status
uuidgen_v7_at(id_random_pool *pool, int pid, int64_t unix_ms,
			  uint32_t sub_ms_ns, uint8_t *out)
{
	uint8_t		buf[UUID_LEN];
	uint32_t	fraction;

	if (unix_ms < 0 || unix_ms > UUIDGEN_V7_MS_MAX || sub_ms_ns >= 1000000)
		return ID_ERR_RANGE;
	if (!id_random_bytes(pool, pid, buf + 8, 8))
		return ID_ERR_RANDOM;

	id_store_be(buf, (uint64_t) unix_ms, 6);
	fraction = (uint32_t) (((uint64_t) sub_ms_ns << UUIDGEN_V7_SUBMS_BITS) /
						   1000000);
	buf[6] = (uint8_t) (fraction >> 8);
	buf[7] = (uint8_t) fraction;
#if UUIDGEN_V7_STEP_BITS == 10
	/* the clock's last 2 fraction bits carry nothing: make them random */
	buf[7] ^= buf[8] >> 6;
#endif
	uuidgen_stamp(buf, 7);
	memcpy(out, buf, UUID_LEN);
	return ID_OK;
}

id_status
uuidgen_v7_generate(uuidgen_v7_state *st, id_random_pool *pool, int pid,
					int64_t now_ns, uint8_t *out)
{
	int64_t		ns;
	id_status	status;

	/* a clock before 1970 is out of range, not lifted to the epoch */
	if (now_ns < 0)
		return ID_ERR_RANGE;
	ns = uuidgen_v7_next_ns(st, pid, now_ns);
	status = uuidgen_v7_at(pool, pid, ns / ID_NS_PER_MS,
						   (uint32_t) (ns % ID_NS_PER_MS), out);
	if (status == ID_OK)
		uuidgen_v7_commit(st, pid, ns);
	return status;
}

id_status
uuidgen_v7_min(int64_t unix_ms, uint8_t *out)
{
	if (unix_ms < 0 || unix_ms > UUIDGEN_V7_MS_MAX)
		return ID_ERR_RANGE;
	memset(out, 0, UUID_LEN);
	id_store_be(out, (uint64_t) unix_ms, 6);
	uuidgen_stamp(out, 7);
	return ID_OK;
}

/* --- v6 ------------------------------------------------------------------ */

id_status
uuidgen_v6_generate(uuidgen_v6_state *st, id_random_pool *pool, int pid,
					int64_t now_ns, uint8_t *out)
{
	uuidgen_v6_state next = *st;
	int64_t		now;
	int64_t		time;

	now = id_floor_div(now_ns, 100) + UUIDGEN_GREGORIAN_OFFSET_100NS;
	if (now < 0 || now > UUIDGEN_60BIT_MAX)
		return ID_ERR_RANGE;

	/* a new process draws its own node and clock sequence */
	if (next.pid != pid)
	{
		uint8_t		fresh[8];

		if (!id_random_bytes(pool, pid, fresh, sizeof(fresh)))
			return ID_ERR_RANDOM;
		next.pid = pid;
		next.clock_seq = (uint16_t) (((fresh[0] << 8) | fresh[1]) &
									 UUIDGEN_CLOCK_SEQ_MASK);
		memcpy(next.node, fresh + 2, 6);
		next.node[0] |= 0x01;	/* multicast bit: never a real MAC */
		next.have_last = false;
		next.last_time = 0;
		next.last_clock = 0;
		memset(fresh, 0, sizeof(fresh));
	}

	time = now;
	if (next.have_last)
	{
		/* the clock went back: say so in the clock sequence (RFC 9562) */
		if (now < next.last_clock)
			next.clock_seq = (uint16_t) ((next.clock_seq + 1) &
										 UUIDGEN_CLOCK_SEQ_MASK);
		/* count within a tick, and never let the timestamp go back */
		if (time <= next.last_time)
		{
			if (next.last_time == UUIDGEN_60BIT_MAX)
				return ID_ERR_RANGE;
			time = next.last_time + 1;
		}
	}

	uuidgen_put_60_high_first(out, (uint64_t) time, 6);
	out[8] = (uint8_t) (0x80 | (next.clock_seq >> 8));
	out[9] = (uint8_t) next.clock_seq;
	memcpy(out + 10, next.node, 6);

	next.have_last = true;
	next.last_time = time;
	next.last_clock = now;
	*st = next;
	return ID_OK;
}

/* --- v8 ------------------------------------------------------------------ */

id_status
uuidgen_v8_generate(uuidgen_v8_state *st, id_random_pool *pool, int pid,
					int64_t now_ns, uint8_t *out)
{
	uint8_t		rnd[7];
	int64_t		tick;
	uint32_t	seq = 0;

	if (now_ns < 0)
		return ID_ERR_RANGE;
	tick = now_ns / 10;

	if (st->pid == pid && st->have_last && tick <= st->last_tick)
	{
		/* same tick, or the clock went back: next sequence number */
		tick = st->last_tick;
		seq = st->last_seq + 1;
		if (seq > UUIDGEN_V8_SEQ_MAX)
		{
			tick++;
			seq = 0;
		}
	}
	if (tick > UUIDGEN_60BIT_MAX)
		return ID_ERR_RANGE;
	if (!id_random_bytes(pool, pid, rnd, sizeof(rnd)))
		return ID_ERR_RANDOM;

	/* custom_a + custom_b: the tick; custom_c: 8-bit seq, 54 random bits */
	uuidgen_put_60_high_first(out, (uint64_t) tick, 8);
	out[8] = (uint8_t) (0x80 | (seq >> 2));
	out[9] = (uint8_t) (((seq & 0x03) << 6) | (rnd[0] & 0x3F));
	memcpy(out + 10, rnd + 1, 6);

	st->pid = pid;
	st->have_last = true;
	st->last_tick = tick;
	st->last_seq = seq;
	return ID_OK;
}

/* --- readers ------------------------------------------------------------- */

int
uuidgen_version(const uint8_t *uuid)
{
	if ((uuid[8] & 0xC0) != 0x80)
		return -1;
	return uuid[6] >> 4;
}

int64_t
uuidgen_v1_time(const uint8_t *uuid)
{
	/* time_low (32 bits), time_mid (16), version + time_high (12) */
	return (int64_t) (((uint64_t) (uuid[6] & 0x0F) << 56) |
					  ((uint64_t) uuid[7] << 48) |
					  (id_load_be(uuid + 4, 2) << 32) |
					  id_load_be(uuid, 4));
}

int64_t
uuidgen_v6_time(const uint8_t *uuid)
{
	return uuidgen_get_60_high_first(uuid);
}

int64_t
uuidgen_v7_ms(const uint8_t *uuid)
{
	return (int64_t) id_load_be(uuid, 6);
}

int64_t
uuidgen_v8_tick(const uint8_t *uuid)
{
	return uuidgen_get_60_high_first(uuid);
}

int64_t
uuidgen_gregorian_to_unix_us(int64_t time100ns)
{
	/* time100ns is never negative: 100 ns to us is plain division */
	return time100ns / 10 - UUIDGEN_GREGORIAN_OFFSET_US;
}

bool
uuidgen_timestamp_us(const uint8_t *uuid, int64_t *unix_us)
{
	switch (uuidgen_version(uuid))
	{
		case 1:
			*unix_us = uuidgen_gregorian_to_unix_us(uuidgen_v1_time(uuid));
			return true;
		case 7:
			*unix_us = uuidgen_v7_ms(uuid) * 1000;
			return true;
		default:
			return false;
	}
}

bool
uuidgen_v6_timestamp_us(const uint8_t *uuid, int64_t *unix_us)
{
	if (uuidgen_version(uuid) != 6)
		return false;
	*unix_us = uuidgen_gregorian_to_unix_us(uuidgen_v6_time(uuid));
	return true;
}

bool
uuidgen_v8_timestamp_us(const uint8_t *uuid, int64_t *unix_us)
{
	if (uuidgen_version(uuid) != 8)
		return false;
	*unix_us = uuidgen_v8_tick(uuid) / 100;
	return true;
}

/* --- conversions --------------------------------------------------------- */

bool
uuidgen_v1_to_v6(const uint8_t *in, uint8_t *out)
{
	uint8_t		buf[UUID_LEN];

	if (uuidgen_version(in) != 1)
		return false;
	memcpy(buf, in, UUID_LEN);
	uuidgen_put_60_high_first(buf, (uint64_t) uuidgen_v1_time(in), 6);
	memcpy(out, buf, UUID_LEN);
	return true;
}

bool
uuidgen_v6_to_v1(const uint8_t *in, uint8_t *out)
{
	uint8_t		buf[UUID_LEN];
	uint64_t	t;

	if (uuidgen_version(in) != 6)
		return false;
	t = (uint64_t) uuidgen_v6_time(in);
	memcpy(buf, in, UUID_LEN);
	id_store_be(buf, t & 0xFFFFFFFF, 4);
	id_store_be(buf + 4, (t >> 32) & 0xFFFF, 2);
	buf[6] = (uint8_t) (0x10 | ((t >> 56) & 0x0F));
	buf[7] = (uint8_t) (t >> 48);
	memcpy(out, buf, UUID_LEN);
	return true;
}
