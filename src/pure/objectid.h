/*-------------------------------------------------------------------------
 *
 * objectid.h
 *	  MongoDB ObjectId byte layout and generator state machine (pure C).
 *
 * Layout: bytes 0-3 seconds since the Unix epoch (unsigned, big-endian),
 * bytes 4-8 a random value drawn once per process, bytes 9-11 a counter
 * (big-endian).
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
#define OBJID_VALUE_MASK	UINT64_C(0xFFFFFFFFFF)

/*
 * The rules every generator here follows, so that the second an id carries
 * is the clock's second when it was made:
 *
 * - The first id of a second takes the clock's second and a counter drawn
 *   at random below 2^23 (OBJID_COUNTER_START_MAX); the ids after it in the
 *   same second take the next counter values.  A second therefore holds at
 *   least 2^23 ids, all in increasing order.
 * - When the counter has no value left in the clock's second, or the clock
 *   is behind the second of the last id (a clock stepped back), the next id
 *   takes the clock's second, a process value one greater than before, and
 *   a counter drawn again.  Ids stay unique (the process value differs from
 *   every one used before, until 2^40 such moves have brought it round),
 *   and stay in order past a spent counter (the greater value sorts after,
 *   unless it wraps past 0xFFFFFFFFFF: one value in 2^40); a clock stepped
 *   back breaks the order, never the time an id tells.
 */
#define OBJID_COUNTER_START_MAX	UINT32_C(0x7FFFFF)

typedef struct objid_gen_state
{
	int			pid;			/* process that drew the values; 0 = none */
	uint64_t	value;			/* process value (40 bits) */
	uint32_t	counter;		/* next counter of objid_generate_at */
	bool		have_last;		/* last_* describe the last objid_generate */
	uint32_t	last_seconds;
	uint32_t	last_counter;
} objid_gen_state;

/*
 * A new ObjectId for the current time now_seconds, by the rules above: its
 * second is now_seconds, and it is greater than every earlier id
 * objid_generate returned for this state in process pid unless the clock
 * went back.  On any error the state is left as it was.
 */
extern id_status objid_generate(objid_gen_state *st, id_random_pool *pool,
								int pid, int64_t now_seconds, uint8_t *out);

/*
 * A new ObjectId carrying the given second (backfills): the process value
 * and the next counter value.  The counter runs on across seconds; when it
 * comes round from 0xFFFFFF to 0 the process value moves on by one, so the
 * value and counter together count up by one per id, as one 64-bit number:
 * no id of this state repeats until 2^64 have been made, and the ids of one
 * second are strictly increasing (unless the value wraps past 0xFFFFFFFFFF:
 * one value in 2^40).  A state used for this is used for nothing else.
 */
extern id_status objid_generate_at(objid_gen_state *st, id_random_pool *pool,
								   int pid, int64_t seconds, uint8_t *out);

/*
 * The server generator: one process value and one counter for every process
 * of a server, so that their ids form one increasing sequence.  The caller
 * keeps two words in shared memory and advances them atomically: the
 * process value (40 bits), and the state word, the timestamp field (bits
 * 24-55) and the counter (bits 0-23) of the last id.  Adding 1 to the state
 * word gives the next id of the same second; once the counter is spent, the
 * carry moves the second on, which the caller must not use while the clock
 * has not reached it (objid_server_next then gives the word to use).
 */
#define OBJID_SERVER_STATE(seconds, counter) \
	(((uint64_t) (seconds) << 24) | ((uint64_t) (counter) & OBJID_COUNTER_MASK))
#define OBJID_SERVER_SECONDS(state)	((state) >> 24)

/*
 * A new server's process value, as a number (bits 0-39), from 5 random
 * bytes.  Its first state word is OBJID_SERVER_STATE(0, 0): second 0 is
 * never the clock's, so the first id takes objid_server_next.
 */
extern uint64_t objid_server_value(const uint8_t *random5);

/*
 * The state word to use after last when the clock reads now_seconds, by the
 * rules above; random3 are three random bytes, for a counter's start.
 * *moves is set when the process value must move on with it (a spent
 * counter, or a last ahead of the clock): the caller then uses the word
 * only with objid_server_moved(value), and the old value with no id after
 * that.  The caller has read the clock after reading last, so that a last
 * ahead of now_seconds is a spent counter or a clock stepped back, not
 * another process's later reading.  ID_ERR_RANGE when now_seconds is not a
 * timestamp field.
 */
extern id_status objid_server_next(uint64_t last, int64_t now_seconds,
								   const uint8_t *random3, uint64_t *next,
								   bool *moves);

/*
 * The process value after a move: one greater, within its 40 bits.  A
 * value comes back only after 2^40 moves.
 */
extern uint64_t objid_server_moved(uint64_t value);

/* The ObjectId of a server state word and the process value (40 bits). */
extern void objid_server_write(uint64_t state, uint64_t value, uint8_t *out);

/*
 * Whether text refused as an ObjectId reads as an instant: it begins with a
 * date written year-month-day (four digits, a dash, one or two digits, a
 * dash, a digit), as a user writes one in objectid('2024-01-01 ...'), which
 * PostgreSQL parses as the text cast to objectid.  The input error then
 * hints at objectid(timestamptz '...').  The portable edition
 * (portable/objectid.sql) applies the same rule.
 */
extern bool objid_reads_as_instant(const char *text);

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
