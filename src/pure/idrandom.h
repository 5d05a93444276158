/*-------------------------------------------------------------------------
 *
 * idrandom.h
 *	  Per-process buffer of CSPRNG output shared by every generator.
 *
 * The strong random source (pg_strong_random in the server, anything in
 * tests) is called for a whole buffer at a time; bytes are then served from
 * the buffer, each at most once.  The buffer belongs to one process id: a
 * call from another process (a forked child that inherited the memory)
 * discards the buffer before serving anything.
 *
 * IDENTIFICATION
 *	  src/pure/idrandom.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef ID_RANDOM_H
#define ID_RANDOM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define ID_RANDOM_POOL_SIZE 4096

/* fill buf with len bytes of strong randomness; false on failure */
typedef bool (*id_random_source) (void *buf, size_t len);

typedef struct id_random_pool
{
	id_random_source source;	/* where bytes come from */
	int			pid;			/* owner process; 0 = never filled */
	size_t		avail;			/* unserved bytes at the end of buf */
	uint8_t		buf[ID_RANDOM_POOL_SIZE];
} id_random_pool;

/* A pool that has served nothing yet; it is filled on first use. */
#define ID_RANDOM_POOL_INIT(src) { (src), 0, 0, {0} }

/*
 * Copy len bytes (at most ID_RANDOM_POOL_SIZE) of fresh randomness into out,
 * on behalf of process pid.  Returns false if the source failed; the pool is
 * then empty, out is unspecified, and a later call tries the source again.
 */
extern bool id_random_bytes(id_random_pool *pool, int pid,
							void *out, size_t len);

/* Forget every unserved byte (the next call refills). */
extern void id_random_discard(id_random_pool *pool);

#endif							/* ID_RANDOM_H */
