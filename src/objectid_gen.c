/*-------------------------------------------------------------------------
 *
 * objectid_gen.c
 *	  ObjectId generators and range boundaries (fmgr glue over
 *	  src/pure/objectid.c).
 *
 * objectid() has two generators.  The server's: one process value and one
 * counter for every session and parallel worker of a server, in shared
 * memory, advanced atomically, so that the ids of all sessions form one
 * increasing sequence, as a MongoDB server's do.  The session's: each
 * process draws its own value and counter (MongoDB's drivers' way), used
 * where the server's is not available and where a session sets
 * objectid.generator = 'session'.  Both follow the rules of
 * src/pure/objectid.h: an id carries the clock's second when it is made,
 * never a later one.  objectid(timestamptz) has a state of its own: its ids
 * carry any second and take no part in the order.
 *
 * The server's state lives, on PostgreSQL 17 and later, in a segment of the
 * dynamic shared memory registry, which the first process that generates
 * makes (no configuration); on 15 and 16 in the main shared memory,
 * requested when the library is in shared_preload_libraries.  It is made
 * anew, with a new value, whenever shared memory is: at every server start
 * and after a crash.  A value drawn while the server is in recovery (a
 * standby; on 15 and 16 at every start, as the postmaster makes it before it
 * can tell) is provisional: the first id made after recovery has ended
 * draws the server's value, so a promoted standby has its own.
 *
 * IDENTIFICATION
 *	  src/objectid_gen.c
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "access/xlog.h"
#include "commands/extension.h"
#include "miscadmin.h"
#include "port/atomics.h"
#include "storage/s_lock.h"
#include "utils/builtins.h"
#include "utils/guc.h"
#include "utils/timestamp.h"
#if PG_VERSION_NUM >= 170000
#include "storage/dsm_registry.h"
#else
#include "storage/ipc.h"
#include "storage/lwlock.h"
#include "storage/shmem.h"
#endif

#include "pure/idclock.h"
#include "pure/objectid.h"
#include "objectid.h"
#include "objectid_gen.h"
#include "objectid_util.h"

#define OBJECTID_RANGE_DETAIL \
	gettext_noop("An objectid holds seconds from 1970-01-01 00:00:00 UTC to 2106-02-07 06:28:15 UTC.")

/*
 * The per-process states of the session generator and of
 * objectid(timestamptz).  Each records the process id it was drawn in (see
 * objid_prepare), so a forked child never reuses its parent's values.
 */
static objid_gen_state objectid_state;
static objid_gen_state objectid_at_state;

/*
 * The field has one-second resolution, so the cheap coarse clock serves,
 * except close to the next second, where it may still show the second
 * before: there the precise clock is read (src/pure/idclock.h).
 */
static id_second_clock objectid_clock = ID_SECOND_CLOCK_INIT;

/*
 * The server generator's state, in shared memory: the process value, and
 * the second and counter of the last id (src/pure/objectid.h).  The value
 * only moves on (a spent counter, a clock behind the last id), one process
 * at a time: the one that set OBJECTID_VALUE_MOVING in it, which clears it
 * when the state word has its new second and counter.  An id is taken by
 * one atomic add to the state word between two reads of the value; it is
 * the add's only if both reads give the same value, not moving: the add
 * then came after that value was stored and before it was flagged, so its
 * word belongs to that value's run, in which the state word only grows
 * (see objectid_generate).
 */
typedef struct objectid_server_state
{
	pg_atomic_uint64 value;		/* the process value (bits 0-39), and: */
#define OBJECTID_VALUE_MOVING		(UINT64CONST(1) << 62)
#define OBJECTID_VALUE_PROVISIONAL	(UINT64CONST(1) << 63)
#define OBJECTID_VALUE_FLAGS \
	(OBJECTID_VALUE_MOVING | OBJECTID_VALUE_PROVISIONAL)
	/* the value, read by every call, never shares a cache line with */
	char		pad[PG_CACHE_LINE_SIZE];
	pg_atomic_uint64 state;		/* OBJID_SERVER_STATE of the last id */
} objectid_server_state;

typedef enum objectid_generator_kind
{
	OBJECTID_GENERATOR_SERVER,
	OBJECTID_GENERATOR_SESSION
} objectid_generator_kind;

static const struct config_enum_entry objectid_generator_options[] = {
	{"server", OBJECTID_GENERATOR_SERVER, false},
	{"session", OBJECTID_GENERATOR_SESSION, false},
	{NULL, 0, false}
};

/* objectid.generator */
static int	objectid_generator = OBJECTID_GENERATOR_SERVER;

/*
 * This process's address of the server's state: on 17+ set by the process's
 * first id; on 15 and 16 set in the postmaster, whose children share its
 * mapping of the main shared memory.  NULL where there is none.
 */
static objectid_server_state *objectid_server = NULL;

/*
 * The random process value of a new server state, drawn before
 * objectid_server_make() uses it, so that making it cannot fail (17's
 * registry keeps a segment whose initializer failed); on 15 and 16 drawn
 * only where the state is made (objectid_shmem_startup).  Cleared once used.
 */
static uint8 objectid_server_fresh[5];

/*
 * The name of the state in shared memory.  A library whose state differs
 * takes another name, so that one loaded into a running server never reads
 * an older library's state as its own.
 */
#define OBJECTID_SERVER_NAME "objectid generator, layout 3"

static bool objectid_server_available(void);
static int64 objectid_seconds_of(TimestampTz ts);
static void objectid_server_draw(void);
static void objectid_server_make(objectid_server_state *server,
								 bool provisional);
static objectid_server_state *objectid_server_get(void);
static pg_noinline uint64 objectid_server_take(objectid_server_state *server,
											   uint64 *value);

#if PG_VERSION_NUM < 170000
static shmem_request_hook_type prev_shmem_request_hook = NULL;
static shmem_startup_hook_type prev_shmem_startup_hook = NULL;

static void
objectid_shmem_request(void)
{
	if (prev_shmem_request_hook)
		prev_shmem_request_hook();
	RequestAddinShmemSpace(MAXALIGN(sizeof(objectid_server_state)));
}

/*
 * Makes the server's state where the main shared memory is new (in the
 * postmaster, at every start and after a crash, before recovery can be
 * told: the value is provisional until an id is made outside recovery), or
 * attaches to it (EXEC_BACKEND's children run this hook too, and find it
 * made).  The value is drawn only for a state this call makes, under the
 * lock: a process that attaches draws nothing.  Where drawing fails, it
 * raises in the process that made the shared memory (the postmaster, or a
 * single-user backend), before it can catch errors: FATAL, so the shared
 * memory and the half-made state end with it.  (17's registry keeps a
 * segment whose initializer failed: there the value is drawn before; see
 * objectid_server_get.)
 */
static void
objectid_shmem_startup(void)
{
	bool		found;
	objectid_server_state *server;

	if (prev_shmem_startup_hook)
		prev_shmem_startup_hook();
	LWLockAcquire(AddinShmemInitLock, LW_EXCLUSIVE);
	server = ShmemInitStruct(OBJECTID_SERVER_NAME,
							 sizeof(objectid_server_state), &found);
	if (!found)
	{
		objectid_server_draw();
		objectid_server_make(server, true);
		memset(objectid_server_fresh, 0, sizeof(objectid_server_fresh));
	}
	LWLockRelease(AddinShmemInitLock);
	objectid_server = server;
}
#else

/* the dynamic shared memory registry's initializer: once per server start */
#if PG_VERSION_NUM >= 190000
static void
objectid_server_init_segment(void *ptr, void *arg)
#else
static void
objectid_server_init_segment(void *ptr)
#endif
{
	objectid_server_make((objectid_server_state *) ptr, RecoveryInProgress());
}
#endif

void
objectid_gen_init(void)
{
	DefineCustomEnumVariable("objectid.generator",
							 "Generator of objectid(): the server's or the session's.",
							 "server: one process value and counter for every "
							 "session, so that their ids are in one order "
							 "(PostgreSQL 17+; 15 and 16 with objectid in "
							 "shared_preload_libraries); session: each session "
							 "its own, as MongoDB's drivers do.  "
							 "objectid_generator() tells which one objectid() "
							 "uses.",
							 &objectid_generator,
							 OBJECTID_GENERATOR_SERVER,
							 objectid_generator_options,
							 PGC_USERSET,
							 0,
							 NULL, NULL, NULL);
#if PG_VERSION_NUM < 170000
	if (process_shared_preload_libraries_in_progress)
	{
		prev_shmem_request_hook = shmem_request_hook;
		shmem_request_hook = objectid_shmem_request;
		prev_shmem_startup_hook = shmem_startup_hook;
		shmem_startup_hook = objectid_shmem_startup;
	}
#endif
}

/*
 * Whether objectid() uses the server's generator in this session: the
 * setting says so, and the server has one (on 15 and 16, only when the
 * library was preloaded).
 */
static bool
objectid_server_available(void)
{
	if (objectid_generator != OBJECTID_GENERATOR_SERVER)
		return false;
#if PG_VERSION_NUM < 170000
	return objectid_server != NULL;
#else
	return true;
#endif
}

/* Seconds since the Unix epoch of a timestamptz (floor), or raise. */
static int64
objectid_seconds_of(TimestampTz ts)
{
	int64		unix_us;

	if (!objectid_timestamptz_to_unix_us(ts, &unix_us))
		objectid_range_error(OBJECTID_LAYOUT, OBJECTID_RANGE_DETAIL);
	return id_floor_div(unix_us, USECS_PER_SEC);
}

/* Draws the random bytes of a new server state, or raises. */
static void
objectid_server_draw(void)
{
	if (!id_random_bytes(&objectid_random_pool, MyProcPid,
						 objectid_server_fresh, sizeof(objectid_server_fresh)))
		objectid_check_status(ID_ERR_RANDOM, OBJECTID_LAYOUT, NULL);
}

/*
 * A new server state from the value objectid_server_draw() drew; second 0,
 * never the clock's, so that the first id starts a second.  Cannot fail.
 */
static void
objectid_server_make(objectid_server_state *server, bool provisional)
{
	pg_atomic_init_u64(&server->value,
					   objid_server_value(objectid_server_fresh) |
					   (provisional ? OBJECTID_VALUE_PROVISIONAL : 0));
	pg_atomic_init_u64(&server->state, OBJID_SERVER_STATE(0, 0));
}

/* The server's state, or NULL where this session generates on its own. */
static objectid_server_state *
objectid_server_get(void)
{
	if (objectid_generator != OBJECTID_GENERATOR_SERVER)
		return NULL;
#if PG_VERSION_NUM >= 170000
	if (objectid_server == NULL)
	{
		bool		found;

		objectid_server_draw();
#if PG_VERSION_NUM >= 190000
		objectid_server = GetNamedDSMSegment(OBJECTID_SERVER_NAME,
											 sizeof(objectid_server_state),
											 objectid_server_init_segment,
											 &found, NULL);
#else
		objectid_server = GetNamedDSMSegment(OBJECTID_SERVER_NAME,
											 sizeof(objectid_server_state),
											 objectid_server_init_segment,
											 &found);
#endif
		memset(objectid_server_fresh, 0, sizeof(objectid_server_fresh));
	}
#endif
	return objectid_server;
}

/* The precise clock's second, false where it cannot be read. */
static bool
objectid_precise_seconds(int64 *seconds)
{
	int64_t		ns;

	if (!id_clock_realtime(&ns))
		return false;
	*seconds = id_floor_div(ns, ID_NS_PER_S);
	return true;
}

/*
 * The move of the process value, by the process that set
 * OBJECTID_VALUE_MOVING in it (value is the value before): the state word
 * gets the clock's second and a new counter, and the value is stored one
 * greater, with the flag cleared.  Decided again here, from the state and a
 * clock read after it: another process may have moved the value, or the
 * clock passed the state's second, since this one decided to move it; then
 * the value is stored as it was.  Nothing here may raise while the flag is
 * set (every other process waits for it): an error is raised once it is
 * cleared.
 */
static uint64
objectid_server_move(objectid_server_state *server, uint64 value,
					 const uint8 *fresh, uint64 *moved)
{
	uint64		last = pg_atomic_read_u64(&server->state);
	uint64		next = 0;
	int64		now_seconds = 0;
	bool		clock_read;
	bool		moves = false;
	id_status	status = ID_OK;

	do
	{
		clock_read = objectid_precise_seconds(&now_seconds);
		if (!clock_read)
			break;
		status = objid_server_next(last, now_seconds, fresh, &next, &moves);
		if (status != ID_OK)
			break;
	} while (!pg_atomic_compare_exchange_u64(&server->state, &last, next));

	*moved = value;
	if (clock_read && status == ID_OK && moves)
		*moved = objid_server_moved(value & OBJID_VALUE_MASK) |
			(value & OBJECTID_VALUE_PROVISIONAL);
	/* a full barrier: the new state word is seen before the value */
	pg_atomic_exchange_u64(&server->value, *moved);
	if (!clock_read)
		objectid_clock_error();
	objectid_check_status(status, OBJECTID_LAYOUT, OBJECTID_RANGE_DETAIL);
	return next;
}

/*
 * The next id's state word and process value (*value, flags included),
 * where one add did not give it (objectid_generate): the value is moving,
 * or is provisional, or the add did not land in the clock's second.  The
 * clock is read precisely, after the state word, so that a state ahead of
 * it is a spent counter or a clock stepped back, never another process's
 * later reading (which moved it on before this one read it); a state
 * behind it takes the clock's second, the value kept.  So the value moves
 * once for each spent counter and each step back of the clock: a process
 * whose own reading was taken before the step, and which finds the state
 * behind it, reads the clock again here instead of pushing the state back
 * ahead (which would make the others move the value again).
 */
static pg_noinline uint64
objectid_server_take(objectid_server_state *server, uint64 *value)
{
	SpinDelayStatus delay;
	uint8		fresh[3];
	uint64		next;

	if (!id_random_bytes(&objectid_random_pool, MyProcPid, fresh,
						 sizeof(fresh)))
		objectid_check_status(ID_ERR_RANDOM, OBJECTID_LAYOUT, NULL);
	init_local_spin_delay(&delay);
	for (;;)
	{
		uint64		v = pg_atomic_read_u64(&server->value);
		uint64		last;
		int64		now_seconds = 0;
		bool		moves;

		if (v & OBJECTID_VALUE_MOVING)
		{
			/* another process moves it: a few hundred nanoseconds */
			perform_spin_delay(&delay);
			continue;
		}
		if ((v & OBJECTID_VALUE_PROVISIONAL) && !RecoveryInProgress())
		{
			/*
			 * A value drawn in recovery: the first process after it
			 * replaces it (one that loses the race takes the winner's)
			 */
			uint8		drawn[5];

			if (!id_random_bytes(&objectid_random_pool, MyProcPid, drawn,
								 sizeof(drawn)))
				objectid_check_status(ID_ERR_RANDOM, OBJECTID_LAYOUT, NULL);
			pg_atomic_compare_exchange_u64(&server->value, &v,
										   objid_server_value(drawn));
			continue;
		}

		last = pg_atomic_read_u64(&server->state);
		if (!objectid_precise_seconds(&now_seconds))
			objectid_clock_error();
		objectid_check_status(objid_server_next(last, now_seconds, fresh,
												&next, &moves),
							  OBJECTID_LAYOUT, OBJECTID_RANGE_DETAIL);
		if (!moves)
		{
			/* the same second, or the clock's next one: the value kept */
			if (pg_atomic_compare_exchange_u64(&server->state, &last, next) &&
				pg_atomic_read_u64(&server->value) == v)
			{
				*value = v;
				break;
			}
		}
		else if (pg_atomic_compare_exchange_u64(&server->value, &v,
												v | OBJECTID_VALUE_MOVING))
		{
			next = objectid_server_move(server, v, fresh, value);
			break;
		}
	}
	finish_spin_delay(&delay);
	return next;
}

/*
 * objectid(): a new ObjectId carrying the clock's second.  From the server's
 * generator, greater than every id any session of the server made before;
 * from the session's, greater than every id this process made before; in
 * both cases unless the clock stepped back.
 */
PG_FUNCTION_INFO_V1(objectid_generate);

Datum
objectid_generate(PG_FUNCTION_ARGS)
{
	pg_objectid_t *result = palloc(sizeof(pg_objectid_t));
	objectid_server_state *server = objectid_server_get();
	int64_t		now_seconds;

	if (!id_clock_seconds(&objectid_clock, &now_seconds))
		objectid_clock_error();
	if (server != NULL)
	{
		uint64		value = pg_atomic_read_u64(&server->value);
		uint64		next;

		/*
		 * One atomic add takes the id after the last one, in the same
		 * second, between two reads of the value (the add, a full barrier,
		 * keeps them on either side of it): the same value twice, not
		 * moving, and the add came after that value's run began and before
		 * it ended.  Once
		 * a second the clock has passed the last id's second, and then
		 * objectid_server_take() starts the clock's; it also takes the
		 * value's moves, and the rare add that landed ahead of the coarse
		 * clock (another process read the clock later, or the counter is
		 * spent), and a clock past the last second an id can carry (which
		 * a carry can reach).  The word of an add not used is skipped.
		 */
		next = pg_atomic_fetch_add_u64(&server->state, 1) + 1;
		if (unlikely((value & OBJECTID_VALUE_FLAGS) != 0 ||
					 pg_atomic_read_u64(&server->value) != value ||
					 (int64) OBJID_SERVER_SECONDS(next) != now_seconds ||
					 now_seconds > OBJID_SECONDS_MAX))
			next = objectid_server_take(server, &value);
		objid_server_write(next, value & OBJID_VALUE_MASK, result->data);
	}
	else
		objectid_check_status(objid_generate(&objectid_state,
											 &objectid_random_pool, MyProcPid,
											 now_seconds, result->data),
							  OBJECTID_LAYOUT, OBJECTID_RANGE_DETAIL);
	PG_RETURN_OBJECTID_P(result);
}

/* objectid(timestamptz): a new, unique ObjectId carrying that second */
PG_FUNCTION_INFO_V1(objectid_generate_at);

Datum
objectid_generate_at(PG_FUNCTION_ARGS)
{
	int64		seconds = objectid_seconds_of(PG_GETARG_TIMESTAMPTZ(0));
	pg_objectid_t *result = palloc(sizeof(pg_objectid_t));

	objectid_check_status(objid_generate_at(&objectid_at_state,
											&objectid_random_pool, MyProcPid,
											seconds, result->data),
						  OBJECTID_LAYOUT, OBJECTID_RANGE_DETAIL);
	PG_RETURN_OBJECTID_P(result);
}

/* objectid_from_timestamp(timestamptz): the smallest id of that second */
PG_FUNCTION_INFO_V1(objectid_from_timestamp);

Datum
objectid_from_timestamp(PG_FUNCTION_ARGS)
{
	int64		seconds = objectid_seconds_of(PG_GETARG_TIMESTAMPTZ(0));
	pg_objectid_t *result = palloc(sizeof(pg_objectid_t));

	objectid_check_status(objid_min_for_seconds(seconds, result->data),
						  OBJECTID_LAYOUT, OBJECTID_RANGE_DETAIL);
	PG_RETURN_OBJECTID_P(result);
}

/*
 * objectid_generator(): the generator objectid() uses in this session,
 * 'server' or 'session'.  The install script calls it, so that CREATE and
 * ALTER EXTENSION warn where the setting asks for the server's generator
 * and the server has none.
 */
PG_FUNCTION_INFO_V1(objectid_generator_in_use);

Datum
objectid_generator_in_use(PG_FUNCTION_ARGS)
{
	bool		server = objectid_server_available();

	if (creating_extension && !server &&
		objectid_generator == OBJECTID_GENERATOR_SERVER)
		ereport(WARNING,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("objectid() uses a generator per session on this server"),
				 errdetail("On PostgreSQL 15 and 16 the server's generator, which keeps the ids of all sessions in one order, needs the library loaded at server start."),
				 errhint("Add objectid to shared_preload_libraries and restart the server.")));
	PG_RETURN_TEXT_P(cstring_to_text(server ? "server" : "session"));
}

#ifdef OBJECTID_TEST_HOOKS

/*
 * A hook for tests, in the library only when it is built with
 * -DOBJECTID_TEST_HOOKS (test/run's builds), and which no install script
 * declares (a test declares it, as a superuser): the server's state moved
 * forward by n (1 to 2^24), as if n ids had been made in the current
 * second, so that a test spends the counter without making 2^24 ids.
 * Forward only, so no id can come again.
 */
PG_FUNCTION_INFO_V1(objectid_test_server_advance);

Datum
objectid_test_server_advance(PG_FUNCTION_ARGS)
{
	int64		n = PG_GETARG_INT64(0);
	objectid_server_state *server = objectid_server_get();
	uint64		last,
				next;

	if (n < 1 || n > OBJID_COUNTER_MASK + 1)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("number of ids to skip must be between 1 and %u",
						OBJID_COUNTER_MASK + 1)));
	if (server == NULL)
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("objectid() does not use the server's generator in this session")));
	last = pg_atomic_read_u64(&server->state);
	do
	{
		next = last + (uint64) n;
	} while (!pg_atomic_compare_exchange_u64(&server->state, &last, next));
	PG_RETURN_VOID();
}

#endif							/* OBJECTID_TEST_HOOKS */
