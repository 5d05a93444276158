/*
 * test_fork.c
 *	  The MongoDB spec's fork rule with a real fork(): a child that inherits
 *	  the parent's generator state and random buffer draws its own process
 *	  value and never serves the bytes the parent still holds.
 */
#include <stdbool.h>
#include <sys/wait.h>
#include <unistd.h>

#include "objectid.h"
#include "unit.h"

static id_random_pool pool = ID_RANDOM_POOL_INIT(unit_source);

int
main(void)
{
	objid_gen_state st = {0};
	uint8_t		parent_id[OBJECTID_LEN],
				parent_next[16],
				child_msg[OBJECTID_LEN + 16];
	int			fds[2];
	pid_t		child;
	int			status;
	ssize_t		got;

	/* the parent generates first: its state and buffer are now filled */
	CHECK(objid_generate(&st, &pool, (int) getpid(), 1700000000, parent_id) == ID_OK);
	CHECK(pipe(fds) == 0);

	child = fork();
	if (child == 0)
	{
		uint8_t		msg[OBJECTID_LEN + 16];

		/*
		 * The child's random source continues the same deterministic stream
		 * the parent would use next: only the pid check keeps it from
		 * serving the parent's buffered bytes.
		 */
		if (objid_generate(&st, &pool, (int) getpid(), 1700000000, msg) != ID_OK ||
			!id_random_bytes(&pool, (int) getpid(), msg + OBJECTID_LEN, 16))
			_exit(2);
		if (write(fds[1], msg, sizeof(msg)) != (ssize_t) sizeof(msg))
			_exit(3);
		_exit(0);
	}
	CHECK(child > 0);
	close(fds[1]);
	got = read(fds[0], child_msg, sizeof(child_msg));
	CHECK(got == (ssize_t) sizeof(child_msg));
	CHECK(waitpid(child, &status, 0) == child);
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);

	/* a new process value in the child (spec test plan) */
	CHECK(memcmp(parent_id + 4, child_msg + 4, 5) != 0);

	/* the parent goes on with its own value and its own buffered bytes */
	CHECK(objid_generate(&st, &pool, (int) getpid(), 1700000000, parent_id) == ID_OK);
	CHECK(memcmp(parent_id + 4, child_msg + 4, 5) != 0);
	/*
	 * Draw what the child drew, at the same offsets of the inherited buffer
	 * (8 bytes for a process value, 3 for its second's counter, then 16):
	 * the child must not have served the same bytes.
	 */
	CHECK(id_random_bytes(&pool, (int) getpid(), parent_next, 11));
	CHECK(id_random_bytes(&pool, (int) getpid(), parent_next, 16));
	CHECK(memcmp(parent_next, child_msg + OBJECTID_LEN, 16) != 0);

	return unit_done("test_fork");
}
