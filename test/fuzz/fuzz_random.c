/*-------------------------------------------------------------------------
 *
 * fuzz_random.c
 *	  libFuzzer target for src/pure/idrandom.c: the per-process random pool
 *	  under any sequence of requests, process id changes, source failures
 *	  and discards.
 *
 * The input is a program, one operation per byte (some take the next byte
 * too): a request of 0..63 bytes, a request of 0..ID_RANDOM_POOL_SIZE + 1
 * bytes, a switch to another process id (a forked child), or turning the
 * source's failure on or off, or a discard.  A shadow copy of every fill of
 * the source, with a map of which of its bytes were served, checks that:
 * every byte served comes from a fill made for the calling process, is
 * served at most once, and arrives intact; a failed or oversized request
 * leaves the pool empty and wiped; a process never sees a byte filled for
 * another.
 *
 * IDENTIFICATION
 *	  test/fuzz/fuzz_random.c
 *
 *-------------------------------------------------------------------------
 */
#include <stdlib.h>
#include <string.h>

#include "idrandom.h"

static int	fuzz_pid;			/* the process the program is in */
static bool fuzz_fail;			/* the source fails */
static uint64_t fuzz_state;		/* the source's stream */

/* shadow of the current fill */
static bool fuzz_fill_valid;	/* bytes may still be served from it */
static int	fuzz_fill_pid;		/* process it was made for */
static unsigned fuzz_fills;		/* source calls so far */
static uint8_t fuzz_fill[ID_RANDOM_POOL_SIZE];
static bool fuzz_served[ID_RANDOM_POOL_SIZE];

static bool
fuzz_source(void *buf, size_t len)
{
	uint8_t    *p = buf;
	size_t		i;

	fuzz_fills++;
	fuzz_fill_valid = false;
	if (fuzz_fail)
	{
		memset(buf, 0xAA, len);
		return false;
	}
	if (len != ID_RANDOM_POOL_SIZE)
		abort();				/* the pool asks for whole buffers */
	for (i = 0; i < len; i++)
	{
		fuzz_state ^= fuzz_state << 13;
		fuzz_state ^= fuzz_state >> 7;
		fuzz_state ^= fuzz_state << 17;
		p[i] = (uint8_t) (fuzz_state >> 32);
	}
	memcpy(fuzz_fill, buf, len);
	memset(fuzz_served, 0, sizeof(fuzz_served));
	fuzz_fill_valid = true;
	fuzz_fill_pid = fuzz_pid;
	return true;
}

static void
fuzz_check_empty(const id_random_pool *pool)
{
	size_t		i;

	if (pool->avail != 0)
		abort();
	for (i = 0; i < sizeof(pool->buf); i++)
		if (pool->buf[i] != 0)
			abort();
}

static void
fuzz_request(id_random_pool *pool, size_t len)
{
	uint8_t    *out = malloc(len ? len : 1);	/* exact: ASan sees overruns */
	size_t		off;
	size_t		i;

	if (!id_random_bytes(pool, fuzz_pid, out, len))
	{
		/* only a failing source or an oversized request may refuse */
		if (!fuzz_fail && len <= ID_RANDOM_POOL_SIZE)
			abort();
		fuzz_check_empty(pool);
		fuzz_fill_valid = false;
		free(out);
		return;
	}
	if (len > ID_RANDOM_POOL_SIZE)
		abort();
	if (pool->pid != fuzz_pid)
		abort();
	if (len == 0)
	{
		free(out);
		return;
	}

	/* served from a live fill made in this process, since any failure */
	if (!fuzz_fill_valid || fuzz_fill_pid != fuzz_pid)
		abort();
	if (pool->avail + len > ID_RANDOM_POOL_SIZE)
		abort();
	off = ID_RANDOM_POOL_SIZE - pool->avail - len;
	if (memcmp(out, fuzz_fill + off, len) != 0)
		abort();
	for (i = off; i < off + len; i++)
	{
		if (fuzz_served[i])
			abort();			/* a byte served twice */
		fuzz_served[i] = true;
	}
	free(out);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static id_random_pool pool;
	size_t		i;

	/* a fresh process for every input */
	memset(&pool, 0, sizeof(pool));
	pool.source = fuzz_source;
	fuzz_pid = 1;
	fuzz_fail = false;
	fuzz_fill_valid = false;
	fuzz_fills = 0;
	fuzz_state = UINT64_C(0x9E3779B97F4A7C15);

	for (i = 0; i < size; i++)
	{
		uint8_t		b = data[i];

		switch (b >> 6)
		{
			case 0:				/* small request */
				fuzz_request(&pool, b & 0x3F);
				break;
			case 1:				/* any size, one too many included */
				{
					size_t		len = (size_t) (b & 0x3F) << 8;

					if (i + 1 < size)
						len |= data[++i];
					fuzz_request(&pool, len % (ID_RANDOM_POOL_SIZE + 2));
				}
				break;
			case 2:				/* fork: another process id, 1 to 4 */
				fuzz_pid = 1 + (b & 3);
				break;
			case 3:
				if (b & 2)
				{
					id_random_discard(&pool);
					fuzz_check_empty(&pool);
					fuzz_fill_valid = false;
				}
				else
					fuzz_fail = (b & 1) != 0;
				break;
		}
	}
	return 0;
}
