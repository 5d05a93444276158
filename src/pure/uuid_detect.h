/*-------------------------------------------------------------------------
 *
 * uuid_detect.h
 *	  Which MongoDB UUID representation wrote a set of 16-byte values: the
 *	  version/variant test of each byte order, the timestamp plausibility
 *	  test (a tie-break only), a tally over many rows, its verdict and the
 *	  chance behind it (pure C).
 *
 * An RFC 9562 UUID has its version nibble in the high half of byte 6 and
 * its variant bits in the top two bits of byte 8.  Each legacy byte order
 * moves those bytes, so bytes written in one order and decoded in another
 * usually fail the test (variant 10, version 1 to 8).  standard and
 * pythonLegacy share the RFC 9562 order: only a BSON subtype (04 or 03)
 * tells them apart.
 *
 * A value repeated in many rows is one piece of evidence, not many: the
 * chances are computed over distinct evidence values (16 bytes, neither nil
 * nor max, of subtype 03, 04 or unknown, with what is known of the
 * subtype), while the question whether an order fits every row looks at
 * every row.
 *
 * IDENTIFICATION
 *	  src/pure/uuid_detect.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef ID_UUID_DETECT_H
#define ID_UUID_DETECT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "uuid_repr.h"

/* arrays indexed by uuid_repr; [UUID_REPR_UNSPECIFIED] stays unused */
#define UUID_DETECT_NREPR		5
#define UUID_DETECT_FIRST		UUID_REPR_STANDARD
#define UUID_DETECT_LAST		UUID_REPR_PYTHON_LEGACY

/* a set of representations: bit (1 << repr) */
#define UUID_DETECT_BIT(repr)	(1u << (unsigned) (repr))

/*
 * A timestamp (versions 1, 6 and 7) is plausible from 1990-01-01 00:00:00
 * UTC up to the current time plus one day.
 */
#define UUID_DETECT_EARLIEST_US	INT64_C(631152000000000)
#define UUID_DETECT_SLACK_US	(INT64_C(86400) * 1000000)

/*
 * A verdict (or an ambiguity) needs a chance at or below this; so does
 * "mixed" (see uuid_detect_verdict).
 */
#define UUID_DETECT_ALPHA		0.001

/*
 * Chance that a row of random bytes (uniform, all 128 bits) fits at least
 * one byte order: with byte 8 shared by the RFC 9562 and C# orders it is
 * 1 - (1 - 1/4 * 3/4) * (1 - 1/8) = 37/128.  test_uuid_detect.c checks it
 * by enumeration.
 */
#define UUID_DETECT_RANDOM_FIT	(37.0 / 128.0)

/* Per value ------------------------------------------------------------ */

/*
 * The version (1 to 8) of a UUID in RFC 9562 order; 0 if its variant is not
 * 10 or its version not 1 to 8.
 */
extern int	uuid_detect_version(const uint8_t *uuid);

/*
 * The representations under which 16 bytes decode to a well-formed UUID
 * (variant 10, version 1 to 8), as a set of UUID_DETECT_BIT: standard and
 * pythonLegacy always together.  No timestamp test: the answer depends on
 * the bytes alone.
 */
extern unsigned uuid_detect_representations(const uint8_t *bytes);

/*
 * Whether a well-formed UUID of version 1, 6 or 7 carries an instant from
 * UUID_DETECT_EARLIEST_US to now_us + UUID_DETECT_SLACK_US.  False for
 * other versions.
 */
extern bool uuid_detect_plausible_time(const uint8_t *uuid, int64_t now_us);

/*
 * The chance that a row fits representation repr although another byte
 * order wrote it: for the RFC 9562 UUID's random bits (as in version 4),
 * the largest over the other byte orders of the chance that the bits landing
 * in the version and variant positions pass.  1/2 for standard,
 * pythonLegacy and csharpLegacy (they share byte 8, the variant; only the
 * version nibble can fail), 1/8 for javaLegacy; 0 for unspecified.
 * test_uuid_detect.c checks these by enumeration.
 */
extern double uuid_detect_wrong_fit(uuid_repr repr);

/* Per column ----------------------------------------------------------- */

/* subtype slots: what the caller knew of a value's subtype */
#define UUID_DETECT_SUBTYPE_UNKNOWN	0	/* bytea: no subtype */
#define UUID_DETECT_SUBTYPE_03		1
#define UUID_DETECT_SUBTYPE_04		2

/*
 * The distinct evidence values a tally remembers: the first
 * UUID_DETECT_DISTINCT_CAP, in the order they came, found again through an
 * open-addressing index (linear probing) of twice as many buckets.  Past the
 * cap a new value updates the row counts only.  That loses nothing that
 * matters: a byte order fits 256 distinct values by accident with chance
 * at most 0.5^256, far below any threshold, and the "mixed" test then
 * judges the first 256 values, a sample of the column (which ones depends
 * on the order the rows came in, and so on a parallel plan's split).
 */
#define UUID_DETECT_DISTINCT_CAP	256
#define UUID_DETECT_BUCKETS			(2 * UUID_DETECT_DISTINCT_CAP)

/* one distinct evidence value: its bytes, subtype slot and what it fits */
typedef struct uuid_detect_value
{
	uint8_t		bytes[UUID_LEN];
	uint8_t		slot;			/* UUID_DETECT_SUBTYPE_* */
	uint8_t		fits;			/* set of UUID_DETECT_BIT */
} uuid_detect_value;

/*
 * Counts over a column.  Fixed size and free of pointers, so that it can be
 * copied and combined as bytes.  A row "fits" a representation when its
 * subtype (if known) is that representation's and it decodes to a
 * well-formed UUID.  The timestamp test never decides fit: the order that
 * wrote a well-formed UUID fits it whatever instant it carries (uuidv7_at()
 * makes v7s of any date), so plausible[] only breaks ties in the verdict.
 * The row counts count every row; the chances are computed from values[],
 * the distinct evidence values.
 */
typedef struct uuid_detect_tally
{
	int64_t		rows;			/* values seen */
	int64_t		nil_or_max;		/* nil and max UUIDs: the same in every
								 * order, so no evidence */
	int64_t		not_uuid;		/* not 16 bytes, or a subtype other than 03
								 * and 04 */
	int64_t		fits_none;		/* evidence rows that fit no
								 * representation (not_uuid included) */
	int64_t		standard_04;	/* subtype 04 rows that fit standard */
	int64_t		fits[UUID_DETECT_NREPR];	/* well-formed, subtype allows */
	int64_t		timestamped[UUID_DETECT_NREPR]; /* of those, v1, v6, v7 */
	int64_t		plausible[UUID_DETECT_NREPR];	/* of those, a plausible
												 * instant */
	uint32_t	versions[UUID_DETECT_NREPR];	/* bit v: version v seen */
	uint32_t	ndistinct;		/* values[] in use */
	uint16_t	index[UUID_DETECT_BUCKETS]; /* values[] position + 1, or 0 */
	uuid_detect_value values[UUID_DETECT_DISTINCT_CAP];
} uuid_detect_tally;

/* An empty tally. */
extern void uuid_detect_tally_init(uuid_detect_tally *t);

/*
 * Count one value of len bytes.  subtype is the BSON binary subtype (0-255)
 * or -1 when unknown (raw bytes).  now_us: the current time, microseconds
 * since the Unix epoch.
 */
extern void uuid_detect_tally_add(uuid_detect_tally *t, const uint8_t *bytes,
								  size_t len, int subtype, int64_t now_us);

/*
 * Add src's counts to dst (the two halves of a parallel aggregate), and
 * src's distinct values missing from dst, in src's order, up to the cap.
 */
extern void uuid_detect_tally_merge(uuid_detect_tally *dst,
									const uuid_detect_tally *src);

typedef enum uuid_detect_reason
{
	UUID_DETECT_FOUND = 0,		/* one byte order fits every row (after
								 * the timestamp tie-break) */
	UUID_DETECT_AMBIGUOUS,		/* two or more byte orders do */
	UUID_DETECT_MIXED,			/* none fits every row, yet distinct values
								 * fit far more often than random bytes
								 * would */
	UUID_DETECT_NOT_UUIDS,		/* they fit no more than random bytes would */
	UUID_DETECT_TOO_FEW_ROWS	/* too little evidence either way */
} uuid_detect_reason;

typedef struct uuid_detect_result
{
	uuid_detect_reason reason;
	int64_t		evidence;		/* rows - nil_or_max */
	int64_t		distinct;		/* distinct evidence values, up to the cap */
	unsigned	fit_all;		/* representations that fit every evidence
								 * row */
	unsigned	best;			/* those of fit_all with the fewest
								 * implausible timestamps (the verdict, with
								 * FOUND) */
	double		chance;			/* the largest chance among best; -1 when
								 * fit_all is empty */
	double		repr_chance[UUID_DETECT_NREPR]; /* see uuid_detect_verdict */
} uuid_detect_result;

/*
 * The verdict of a tally.  repr_chance[r] is the chance that r would have
 * fitted at least as many of the distinct values its subtype allows as it
 * did, had another byte order written them (binomial over distinct values,
 * per-value chance uuid_detect_wrong_fit).  standard's is 0 once a subtype
 * 04 row fits it (counted in every row, past the cap too): no other
 * representation writes subtype 04, so one such row is a verdict.
 *
 * fit_all is the set of representations that fit every evidence row; best
 * keeps those of fit_all with the fewest rows whose timestamp (versions 1,
 * 6, 7) is implausible, timestamped[r] - plausible[r].  An RFC 9562 v7
 * read in Java order can be a well-formed v7 dated thousands of years
 * ahead: when both orders fit every row, the timestamps pick the RFC order.
 * The tie-break never guesses: orders with as many implausible rows stay
 * together, and the answer is AMBIGUOUS.
 *
 *	no evidence rows							TOO_FEW_ROWS
 *	best one byte order, chance <= ALPHA		FOUND
 *	best two or more orders, chance <= ALPHA	AMBIGUOUS
 *	fit_all non-empty, chance > ALPHA			TOO_FEW_ROWS
 *	fit_all empty: the distinct values that fit some representation are
 *	more than random bytes explain (binomial tail with
 *	UUID_DETECT_RANDOM_FIT at or below ALPHA)	MIXED
 *	else, every row fits something, or one
 *	representation's chance <= ALPHA			TOO_FEW_ROWS
 *	else (rows fit no more than random bytes)	NOT_UUIDS
 */
extern void uuid_detect_verdict(const uuid_detect_tally *t,
								uuid_detect_result *res);

/* "ambiguous", "mixed", "not UUIDs", "too few rows"; NULL for FOUND */
extern const char *uuid_detect_reason_name(uuid_detect_reason reason);

/*
 * P(X >= k) for X ~ Binomial(n, p), computed in log space (no overflow, no
 * underflow short of the result's own); 1 for k <= 0, 0 for k > n.
 */
extern double uuid_detect_binomial_tail(int64_t n, int64_t k, double p);

#endif							/* ID_UUID_DETECT_H */
