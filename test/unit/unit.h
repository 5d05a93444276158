/*-------------------------------------------------------------------------
 *
 * unit.h
 *	  A minimal test harness for the pure-C layer: CHECK records a failure
 *	  and goes on; unit_done() prints "<file>: N passed, N failed".
 *
 * IDENTIFICATION
 *	  test/unit/unit.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef UNIT_H
#define UNIT_H

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int	unit_passed;
static int	unit_failed;

#define CHECK(cond) \
	do { \
		if (cond) \
			unit_passed++; \
		else \
		{ \
			unit_failed++; \
			fprintf(stderr, "%s:%d: CHECK failed: %s\n", \
					__FILE__, __LINE__, #cond); \
		} \
	} while (0)

#define CHECK_MEM(a, b, n)	CHECK(memcmp((a), (b), (n)) == 0)

static inline int
unit_done(const char *name)
{
	printf("%s: %d passed, %d failed\n", name, unit_passed, unit_failed);
	return unit_failed == 0 ? 0 : 1;
}

/*
 * Random source for tests: a deterministic stream (xorshift64, never
 * periodic at buffer sizes), which can be told to fail.  unit_source_calls
 * counts refills; unit_source_counting makes it a plain byte counter
 * (0, 1, 2, ...) so tests can tell which byte was served.
 */
static int	unit_source_calls;
static int	unit_source_fail;
static int	unit_source_counting;
static uint8_t unit_source_next;
static uint64_t unit_source_state = UINT64_C(0x9E3779B97F4A7C15);

static inline bool
unit_source(void *buf, size_t len)
{
	uint8_t    *p = buf;
	size_t		i;

	unit_source_calls++;
	if (unit_source_fail)
	{
		memset(buf, 0xAA, len);	/* garbage a failing source might leave */
		return false;
	}
	for (i = 0; i < len; i++)
	{
		if (unit_source_counting)
			p[i] = unit_source_next++;
		else
		{
			unit_source_state ^= unit_source_state << 13;
			unit_source_state ^= unit_source_state >> 7;
			unit_source_state ^= unit_source_state << 17;
			p[i] = (uint8_t) (unit_source_state >> 32);
		}
	}
	return true;
}

#endif							/* UNIT_H */
