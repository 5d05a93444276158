/*-------------------------------------------------------------------------
 *
 * objectid.h
 *	  MongoDB ObjectId byte layout and generator state machine (pure C).
 *
 * Layout: bytes 0-3 seconds since the Unix epoch (unsigned, big-endian),
 * bytes 4-8 a random value drawn once per process, bytes 9-11 a counter
 * (big-endian) that starts at a random value and wraps 0xFFFFFF -> 0.
 *
 * IDENTIFICATION
 *	  src/pure/objectid.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef ID_OBJECTID_H
#define ID_OBJECTID_H

#include <stdbool.h>
#include <stdint.h>

#include "idrandom.h"
#include "idstatus.h"

#define OBJECTID_LEN		12	/* bytes in an ObjectId */
#define OBJID_HEX_LEN		(2 * OBJECTID_LEN)
#define OBJID_SECONDS_MAX	INT64_C(0xFFFFFFFF)
#define OBJID_COUNTER_MASK	UINT32_C(0xFFFFFF)

typedef struct objid_gen_state
{
	int			pid;			/* process that drew the values; 0 = none */
	uint8_t		process_random[5];
	uint32_t	counter;		/* next counter value (24 bits) */
	bool		have_last;		/* last_* describe the last objid_generate */
	uint32_t	last_seconds;
	uint32_t	last_counter;
} objid_gen_state;

/*
 * A new ObjectId for the current time now_seconds, strictly greater than
 * every earlier one objid_generate returned for this state in process pid:
 * if the clock went back, or the counter wrapped within a second, the
 * timestamp field is held or moved forward instead.  On any error the state
 * is left as it was.
 */
extern id_status objid_generate(objid_gen_state *st, id_random_pool *pool,
								int pid, int64_t now_seconds, uint8_t *out);

/*
 * A new ObjectId carrying the given second (backfills): the process random
 * value and the next counter value, so it differs from every other id of
 * this process until the counter comes round again (2^24 ids).
 */
extern id_status objid_generate_at(objid_gen_state *st, id_random_pool *pool,
								   int pid, int64_t seconds, uint8_t *out);

/*
 * The server generator: one process value and one counter for every process
 * of a server, so that their ids form one increasing sequence.  Its state is
 * one 64-bit word, which the caller keeps in shared memory and advances
 * atomically: the timestamp field and the counter of the last id,
 * OBJID_SERVER_STATE(seconds, counter).
 */
#define OBJID_SERVER_STATE(seconds, counter) \
	(((uint64_t) (seconds) << 24) | ((uint64_t) (counter) & OBJID_COUNTER_MASK))

/*
 * A new server's process value, as a number (bits 0-39), from 5 random
 * bytes, and its state word from 3 more: the second before the epoch's
 * first is never used, and the counter starts at the random value, so the
 * first id takes the next one.
 */
extern uint64_t objid_server_value(const uint8_t *random5);
extern uint64_t objid_server_start(const uint8_t *random3);

/*
 * The state that follows last when the current time is now_seconds: the next
 * counter value in the current second once the clock has passed last's
 * second (the counter goes on, as in one process), else last + 1, so that a
 * clock held or set back keeps the second and a counter that wraps moves the
 * second forward instead of repeating.  *next is always greater than last:
 * states taken in turn give ids that never repeat and increase.  ID_ERR_RANGE
 * when now_seconds is not a timestamp field, or no state follows last.
 */
extern id_status objid_server_next(uint64_t last, int64_t now_seconds,
								   uint64_t *next);

/* The ObjectId of a server state word and the server's process value. */
extern void objid_server_write(uint64_t state, uint64_t value, uint8_t *out);

/* The smallest ObjectId of a second: random and counter fields zero. */
extern id_status objid_min_for_seconds(int64_t seconds, uint8_t *out);

/* The timestamp field, as unsigned seconds since the Unix epoch. */
extern uint32_t objid_seconds(const uint8_t *id);

/*
 * Where val lies between lo and hi (lo < hi bytewise), as a fraction from
 * 0 to 1, for interpolation inside a histogram bin.  Each id is read as the
 * number its bytes spell, starting at the first byte where lo and hi differ
 * (the bytes both bounds share, and so val too, are dropped) and eight
 * bytes long, zeros past the end: for bounds in different seconds, the
 * 4-byte second and the first 4 random bytes.  val below lo gives 0, above
 * hi 1.  Returns -1 when lo and hi are equal or out of order.
 */
extern double objid_bin_fraction(const uint8_t *val, const uint8_t *lo,
								 const uint8_t *hi);

#endif							/* ID_OBJECTID_H */
