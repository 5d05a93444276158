/*
 * test_random.c
 *	  Unit tests of src/pure/idrandom.c: no byte served twice, the buffer
 *	  discarded in another process, failures leave nothing behind.
 */
#include <stdbool.h>

#include "idrandom.h"
#include "unit.h"

int
main(void)
{
	static id_random_pool pool = ID_RANDOM_POOL_INIT(unit_source);
	uint8_t		out[ID_RANDOM_POOL_SIZE];
	uint8_t		a[16],
				b[16];
	int			i;

	/* first use fills the buffer once; consecutive draws are distinct bytes */
	unit_source_counting = 1;
	unit_source_next = 0;
	CHECK(id_random_bytes(&pool, 100, a, 16));
	CHECK(unit_source_calls == 1);
	CHECK(id_random_bytes(&pool, 100, b, 16));
	CHECK(unit_source_calls == 1);
	for (i = 0; i < 16; i++)
	{
		CHECK(a[i] == (uint8_t) i);
		CHECK(b[i] == (uint8_t) (16 + i));
	}

	/* a request larger than what is left refills; the leftover is dropped */
	CHECK(id_random_bytes(&pool, 100, out, ID_RANDOM_POOL_SIZE - 40));
	CHECK(unit_source_calls == 1);
	CHECK(id_random_bytes(&pool, 100, a, 16));	/* 8 left: refill */
	CHECK(unit_source_calls == 2);
	CHECK(a[0] == (uint8_t) ID_RANDOM_POOL_SIZE);	/* start of 2nd fill */

	/* another process id (a forked child) never sees the parent's bytes */
	CHECK(id_random_bytes(&pool, 101, b, 16));
	CHECK(unit_source_calls == 3);
	CHECK(b[0] == (uint8_t) (2 * ID_RANDOM_POOL_SIZE));
	CHECK(pool.pid == 101);

	/* a failing source: false, pool empty, next call retries */
	unit_source_fail = 1;
	CHECK(!id_random_bytes(&pool, 102, a, 16));
	CHECK(pool.avail == 0);
	for (i = 0; i < ID_RANDOM_POOL_SIZE; i++)
		if (pool.buf[i] != 0)
			break;
	CHECK(i == ID_RANDOM_POOL_SIZE);	/* the garbage was wiped */
	CHECK(!id_random_bytes(&pool, 102, a, 16));
	unit_source_fail = 0;
	CHECK(id_random_bytes(&pool, 102, a, 16));

	/* a request larger than the buffer is refused, not overrun */
	{
		static uint8_t big[ID_RANDOM_POOL_SIZE + 1];

		CHECK(!id_random_bytes(&pool, 102, big, sizeof(big)));
	}

	return unit_done("test_random");
}
