/*-------------------------------------------------------------------------
 *
 * idrandom.c
 *	  Per-process buffer of CSPRNG output shared by every generator.
 *
 * IDENTIFICATION
 *	  src/pure/idrandom.c
 *
 *-------------------------------------------------------------------------
 */
#include <string.h>

#include "idrandom.h"

void
id_random_discard(id_random_pool *pool)
{
	memset(pool->buf, 0, sizeof(pool->buf));
	pool->avail = 0;
}

bool
id_random_bytes(id_random_pool *pool, int pid, void *out, size_t len)
{
	/* a forked child must not serve what its parent may also serve */
	if (pool->pid != pid)
	{
		id_random_discard(pool);
		pool->pid = pid;
	}

	if (len > pool->avail)
	{
		/* the leftover is too short: drop it rather than serve it later */
		pool->avail = 0;
		if (len > sizeof(pool->buf) ||
			!pool->source(pool->buf, sizeof(pool->buf)))
		{
			id_random_discard(pool);
			return false;
		}
		pool->avail = sizeof(pool->buf);
	}

	memcpy(out, pool->buf + sizeof(pool->buf) - pool->avail, len);
	pool->avail -= len;
	return true;
}
