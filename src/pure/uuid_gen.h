/*-------------------------------------------------------------------------
 *
 * uuid_gen.h
 *	  UUID byte layouts (RFC 9562 versions 1, 4, 6, 7 and the time-based
 *	  version 8 of its Appendix B.1) and per-process generator state
 *	  machines (pure C).
 *
 * Every generator takes the clock's reading (nanoseconds since the Unix
 * epoch) as an argument, draws its random bytes from an id_random_pool, and
 * keeps its state per process: the state records the process id it belongs
 * to and starts afresh in any other process (a forked child).  On any error
 * the state is left exactly as it was.
 *
 * Within one process, successive values of uuidgen_v7_generate,
 * uuidgen_v6_generate and uuidgen_v8_generate on one state are strictly
 * increasing as bytes, whatever the clock does:
 *
 *	v7	PostgreSQL 18's rule: the nanosecond reading used is at least the
 *		previous one plus UUIDGEN_V7_STEP_NS, the smallest step that changes
 *		the 12-bit sub-millisecond fraction, so (unix_ts_ms, fraction) rises.
 *	v6	the 60-bit timestamp is max(clock, previous + 1): within one 100 ns
 *		tick it counts up as RFC 4122 does for coarse clocks, and when the
 *		clock goes back it is held above the previous value.  A clock reading
 *		below the previous reading also steps the 14-bit clock sequence, as
 *		RFC 9562 asks; the timestamp leads, so the order never depends on it.
 *	v8	(tick, sequence) rises: a new 10 ns tick restarts the 8-bit sequence
 *		at 0; the same tick, or a clock gone back, takes the previous tick
 *		with the sequence plus one; past 255 the tick moves on by one.
 *
 * IDENTIFICATION
 *	  src/pure/uuid_gen.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef ID_UUID_GEN_H
#define ID_UUID_GEN_H

#include <stdbool.h>
#include <stdint.h>

#include "idrandom.h"
#include "idstatus.h"

/* bytes in a UUID: PostgreSQL's utils/uuid.h defines it the same way */
#define UUID_LEN			16

/*
 * v7: 48-bit unix_ts_ms, then 12 bits of sub-millisecond fraction
 * (sub_ms_ns * 4096 / 1e6) in rand_a, then 62 random bits.  Where the clock
 * only has microseconds (macOS, MSVC) PostgreSQL 18 trusts 10 bits of the
 * fraction and randomises the last 2; so do we.
 */
#if defined(__APPLE__) || defined(_MSC_VER)
#define UUIDGEN_V7_STEP_BITS	10
#else
#define UUIDGEN_V7_STEP_BITS	12
#endif
#define UUIDGEN_V7_SUBMS_BITS	12
#define UUIDGEN_V7_STEP_NS \
	(INT64_C(1000000) / (INT64_C(1) << UUIDGEN_V7_STEP_BITS) + 1)
#define UUIDGEN_V7_MS_MAX		((INT64_C(1) << 48) - 1)

/* v6 and v1: 60-bit count of 100 ns since 1582-10-15 00:00:00 UTC */
#define UUIDGEN_GREGORIAN_OFFSET_100NS	INT64_C(0x01B21DD213814000)
#define UUIDGEN_GREGORIAN_OFFSET_US		(UUIDGEN_GREGORIAN_OFFSET_100NS / 10)
#define UUIDGEN_60BIT_MAX		((INT64_C(1) << 60) - 1)
#define UUIDGEN_CLOCK_SEQ_MASK	0x3FFF

/* v8 (Appendix B.1): 60-bit count of 10 ns since the Unix epoch */
#define UUIDGEN_V8_SEQ_MAX		255

typedef struct uuidgen_v7_state
{
	int			pid;			/* owner process; 0 = none */
	int64_t		previous_ns;	/* the last nanosecond reading used */
} uuidgen_v7_state;

typedef struct uuidgen_v6_state
{
	int			pid;			/* process that drew node and clock_seq */
	uint16_t	clock_seq;		/* 14 bits */
	uint8_t		node[6];		/* random, multicast bit set */
	bool		have_last;
	int64_t		last_time;		/* last 60-bit timestamp issued */
	int64_t		last_clock;		/* last clock reading, in 100 ns ticks */
} uuidgen_v6_state;

typedef struct uuidgen_v8_state
{
	int			pid;			/* owner process; 0 = none */
	bool		have_last;
	int64_t		last_tick;		/* last 60-bit timestamp issued */
	uint32_t	last_seq;		/* its sequence number */
} uuidgen_v8_state;

/* --- generators ------------------------------------------------------- */

/* v4: 122 random bits */
extern id_status uuidgen_v4(id_random_pool *pool, int pid, uint8_t *out);

/* v7 for the current time now_ns, strictly above the previous one */
extern id_status uuidgen_v7_generate(uuidgen_v7_state *st,
									 id_random_pool *pool, int pid,
									 int64_t now_ns, uint8_t *out);

/*
 * The two halves of uuidgen_v7_generate, for uuidv7(interval): the
 * nanosecond reading the next value must use (nothing is changed), and
 * recording that it was used.
 */
extern int64_t uuidgen_v7_next_ns(const uuidgen_v7_state *st, int pid,
								  int64_t now_ns);
extern void uuidgen_v7_commit(uuidgen_v7_state *st, int pid, int64_t ns);

/*
 * v7 for an explicit instant: unix_ms (must be 0 .. 2^48 - 1) and the
 * nanoseconds within that millisecond (0 .. 999999).
 */
extern id_status uuidgen_v7_at(id_random_pool *pool, int pid, int64_t unix_ms,
							   uint32_t sub_ms_ns, uint8_t *out);

/* The smallest v7 of a millisecond: rand_a and rand_b zero. */
extern id_status uuidgen_v7_min(int64_t unix_ms, uint8_t *out);

/* v6 for the current time now_ns (1582-10-15 up to the year 5236) */
extern id_status uuidgen_v6_generate(uuidgen_v6_state *st,
									 id_random_pool *pool, int pid,
									 int64_t now_ns, uint8_t *out);

/* v8 (Appendix B.1 time-based) for the current time now_ns (1970 .. 2335) */
extern id_status uuidgen_v8_generate(uuidgen_v8_state *st,
									 id_random_pool *pool, int pid,
									 int64_t now_ns, uint8_t *out);

/* Set the version nibble and the RFC 9562 variant bits of a UUID. */
extern void uuidgen_stamp(uint8_t *uuid, int version);

/* --- readers ---------------------------------------------------------- */

/* The version (0-15), or -1 if the variant is not RFC 9562's. */
extern int	uuidgen_version(const uint8_t *uuid);

/* Raw time fields, whatever the version bits say. */
extern int64_t uuidgen_v1_time(const uint8_t *uuid);	/* 100 ns, 1582 */
extern int64_t uuidgen_v6_time(const uint8_t *uuid);	/* 100 ns, 1582 */
extern int64_t uuidgen_v7_ms(const uint8_t *uuid);	/* ms, Unix */
extern int64_t uuidgen_v8_tick(const uint8_t *uuid);	/* 10 ns, Unix */

/* Microseconds since the Unix epoch of a 100 ns Gregorian count (floor). */
extern int64_t uuidgen_gregorian_to_unix_us(int64_t time100ns);

/*
 * Microseconds since the Unix epoch carried by a UUID, as PostgreSQL 18's
 * uuid_extract_timestamp reads them: v1 and v7 (v7 to the millisecond).
 * False for other versions (v6 included: see uuidgen_v6_timestamp_us) and
 * variants.
 */
extern bool uuidgen_timestamp_us(const uint8_t *uuid, int64_t *unix_us);

/* The same for one version only (v6 or v8); false for any other UUID. */
extern bool uuidgen_v6_timestamp_us(const uint8_t *uuid, int64_t *unix_us);
extern bool uuidgen_v8_timestamp_us(const uint8_t *uuid, int64_t *unix_us);

/* --- conversions ------------------------------------------------------ */

/*
 * Reorder the timestamp fields between v1 and v6; clock sequence and node
 * are kept.  False, out untouched, if in is not an RFC 9562 UUID of the
 * source version.
 */
extern bool uuidgen_v1_to_v6(const uint8_t *in, uint8_t *out);
extern bool uuidgen_v6_to_v1(const uint8_t *in, uint8_t *out);

#endif							/* ID_UUID_GEN_H */
