/*
 * fuzz_uuid_detect.c
 *	  libFuzzer target for src/pure/uuid_detect.c: the first 16 bytes go
 *	  through the per-value test, which must agree with a reference written
 *	  from the README (decode, then variant 10 and version 1 to 8) and report
 *	  standard and pythonLegacy together; every input is also cut into rows
 *	  (a length byte, a subtype byte, the bytes), optionally followed by
 *	  enough derived rows to pass the cap on distinct values, and tallied
 *	  under a clock taken from the input.  The verdict must be
 *	  self-consistent: counts within the rows, distinct values within the
 *	  cap and the rows, chances between 0 and 1, a verdict only with one
 *	  byte order that fits every row, standard's chance 0 once a subtype 04
 *	  value fits it.  The same rows tallied twice over must give the same
 *	  verdict and chances (duplicates add no evidence); under another clock
 *	  the same fits (plausibility never decides fit); split in two halves
 *	  and merged, the same counts and, below the cap, the same distinct
 *	  values and verdict in either merge order.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "uuid_detect.h"

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* the tallies one input feeds */
typedef struct fuzz_tallies
{
	uuid_detect_tally t;		/* every row once */
	uuid_detect_tally twice;	/* every row twice */
	uuid_detect_tally clock;	/* every row, under another clock */
	uuid_detect_tally half[2];	/* odd rows, even rows */
	int64_t		now_us;
	int64_t		other_us;
	bool		any_04_fit;		/* a subtype 04 row fits standard */
} fuzz_tallies;

/* the README's rule, bit by bit */
static unsigned
fuzz_reference(const uint8_t *bytes)
{
	unsigned	set = 0;
	int			r;

	for (r = UUID_DETECT_FIRST; r <= UUID_DETECT_LAST; r++)
	{
		uint8_t		u[UUID_LEN];
		int			version;

		if (!uuid_repr_decode((uuid_repr) r, bytes, u))
			abort();
		version = u[6] >> 4;
		if ((u[8] >> 6) == 2 && version >= 1 && version <= 8)
			set |= UUID_DETECT_BIT(r);
	}
	return set;
}

static void
fuzz_check_chance(double c)
{
	if (!(c >= 0.0 && c <= 1.0))
		abort();
}

/* one row into every tally */
static void
fuzz_feed(fuzz_tallies *ft, const uint8_t *bytes, size_t len, int subtype)
{
	int			i;

	uuid_detect_tally_add(&ft->t, bytes, len, subtype, ft->now_us);
	for (i = 0; i < 2; i++)
		uuid_detect_tally_add(&ft->twice, bytes, len, subtype, ft->now_us);
	uuid_detect_tally_add(&ft->clock, bytes, len, subtype, ft->other_us);
	uuid_detect_tally_add(&ft->half[ft->t.rows & 1], bytes, len, subtype,
						  ft->now_us);
	if (subtype == 4 && len == UUID_LEN &&
		(fuzz_reference(bytes) & UUID_DETECT_BIT(UUID_REPR_STANDARD)))
		ft->any_04_fit = true;
}

/* whether two tallies hold the same row counts */
static bool
fuzz_same_counts(const uuid_detect_tally *a, const uuid_detect_tally *b)
{
	return a->rows == b->rows && a->nil_or_max == b->nil_or_max &&
		a->not_uuid == b->not_uuid && a->fits_none == b->fits_none &&
		a->standard_04 == b->standard_04 &&
		memcmp(a->fits, b->fits, sizeof(a->fits)) == 0 &&
		memcmp(a->timestamped, b->timestamped, sizeof(a->timestamped)) == 0 &&
		memcmp(a->plausible, b->plausible, sizeof(a->plausible)) == 0 &&
		memcmp(a->versions, b->versions, sizeof(a->versions)) == 0;
}

/*
 * Whether a and b, not full, hold the same distinct values: merged into a
 * copy of b, a adds none.  (Each value's fits is checked on its own.)
 */
static bool
fuzz_same_values(const uuid_detect_tally *a, const uuid_detect_tally *b)
{
	uuid_detect_tally tmp;

	if (a->ndistinct != b->ndistinct ||
		b->ndistinct >= UUID_DETECT_DISTINCT_CAP)
		return false;
	memcpy(&tmp, b, sizeof(tmp));
	uuid_detect_tally_merge(&tmp, a);
	return tmp.ndistinct == b->ndistinct;
}

/* each distinct value of t fits what its bytes and subtype slot allow */
static void
fuzz_check_values(const uuid_detect_tally *t)
{
	uint32_t	i;

	if (t->ndistinct > UUID_DETECT_DISTINCT_CAP)
		abort();
	for (i = 0; i < t->ndistinct; i++)
	{
		const uuid_detect_value *v = &t->values[i];
		unsigned	want = fuzz_reference(v->bytes);

		if (v->slot == UUID_DETECT_SUBTYPE_03)
			want &= ~UUID_DETECT_BIT(UUID_REPR_STANDARD);
		else if (v->slot == UUID_DETECT_SUBTYPE_04)
			want &= UUID_DETECT_BIT(UUID_REPR_STANDARD);
		else if (v->slot != UUID_DETECT_SUBTYPE_UNKNOWN)
			abort();
		if (v->fits != want)
			abort();
	}
}

/* whether two verdicts agree in every field */
static bool
fuzz_same_verdict(const uuid_detect_result *a, const uuid_detect_result *b)
{
	int			r;

	if (a->reason != b->reason || a->distinct != b->distinct ||
		a->fit_all != b->fit_all || a->best != b->best ||
		a->chance != b->chance)
		return false;
	for (r = UUID_DETECT_FIRST; r <= UUID_DETECT_LAST; r++)
	{
		if (a->repr_chance[r] != b->repr_chance[r])
			return false;
	}
	return true;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_tallies *ft;
	uuid_detect_tally *t;
	uuid_detect_tally ab;
	uuid_detect_tally ba;
	uuid_detect_result res;
	uuid_detect_result res2;
	unsigned	rfc = UUID_DETECT_BIT(UUID_REPR_STANDARD) |
		UUID_DETECT_BIT(UUID_REPR_PYTHON_LEGACY);
	int64_t		fits_sum = 0;
	size_t		pos;
	int			r;

	if (size >= UUID_LEN)
	{
		unsigned	set = uuid_detect_representations(data);

		if (set != fuzz_reference(data))
			abort();
		if ((set & rfc) != 0 && (set & rfc) != rfc)
			abort();
	}

	ft = calloc(1, sizeof(*ft));
	if (ft == NULL)
		abort();
	t = &ft->t;
	uuid_detect_tally_init(&ft->t);
	uuid_detect_tally_init(&ft->twice);
	uuid_detect_tally_init(&ft->clock);
	uuid_detect_tally_init(&ft->half[0]);
	uuid_detect_tally_init(&ft->half[1]);

	/* the clock: the first 8 bytes, whatever they say; another: its bits */
	for (pos = 0; pos < 8 && pos < size; pos++)
		ft->now_us = (int64_t) (((uint64_t) ft->now_us << 8) | data[pos]);
	ft->other_us = (int64_t) ~(uint64_t) ft->now_us;

	/* rows: length byte (mod 20), subtype byte (255 = unknown), bytes */
	while (pos + 2 <= size)
	{
		size_t		len = data[pos] % 20;
		int			subtype = data[pos + 1] == 255 ? -1 : data[pos + 1];

		pos += 2;
		if (len > size - pos)
			len = size - pos;
		fuzz_feed(ft, data + pos, len, subtype);
		pos += len;
	}

	/*
	 * Past the cap: with the top four bits of the last byte set, 270 more
	 * rows, the first 16 bytes with a counter folded into bytes 0 and 9 (so
	 * the version and variant bytes of every order stay as the input has
	 * them), the first ten of them again at the end.
	 */
	if (size >= UUID_LEN && (data[size - 1] & 0xF0) == 0xF0)
	{
		int			n;

		for (n = 0; n < 280; n++)
		{
			uint8_t		b[UUID_LEN];
			int			c = n < 270 ? n : n - 270;

			memcpy(b, data, UUID_LEN);
			b[0] ^= (uint8_t) c;
			b[9] ^= (uint8_t) (c >> 8);
			fuzz_feed(ft, b, UUID_LEN, -1);
		}
	}

	uuid_detect_verdict(t, &res);
	if (res.evidence != t->rows - t->nil_or_max || res.evidence < 0 ||
		t->fits_none > res.evidence || t->not_uuid > t->fits_none)
		abort();

	/* the distinct values: within the cap and the rows, each as its bytes fit */
	if (res.distinct != (int64_t) t->ndistinct ||
		res.distinct > res.evidence - t->not_uuid)
		abort();
	fuzz_check_values(t);

	for (r = UUID_DETECT_FIRST; r <= UUID_DETECT_LAST; r++)
	{
		if (t->plausible[r] > t->timestamped[r] ||
			t->timestamped[r] > t->fits[r] ||
			(t->versions[r] & ~UINT32_C(0x1FE)) != 0)
			abort();
		fits_sum += t->fits[r];
		fuzz_check_chance(res.repr_chance[r]);
	}
	if (ft->any_04_fit && res.repr_chance[UUID_REPR_STANDARD] != 0.0)
		abort();
	if ((res.best & ~res.fit_all) != 0 || (res.best == 0) != (res.fit_all == 0))
		abort();
	if (res.fit_all != 0)
	{
		fuzz_check_chance(res.chance);
		if (t->fits_none != 0)
			abort();
	}
	else if (res.chance != -1.0)
		abort();
	switch (res.reason)
	{
		case UUID_DETECT_FOUND:
			/* one byte order: one bit, or standard and pythonLegacy */
			if (res.best == 0 ||
				((res.best & (res.best - 1)) != 0 &&
				 (res.best & ~rfc) != 0) ||
				res.chance > UUID_DETECT_ALPHA ||
				uuid_detect_reason_name(res.reason) != NULL)
				abort();
			break;
		case UUID_DETECT_AMBIGUOUS:
			if ((res.best & (res.best - 1)) == 0)
				abort();
			/* FALLTHROUGH */
		case UUID_DETECT_MIXED:
		case UUID_DETECT_NOT_UUIDS:
		case UUID_DETECT_TOO_FEW_ROWS:
			if (uuid_detect_reason_name(res.reason) == NULL)
				abort();
			break;
		default:
			abort();
	}
	if (res.evidence > 0 && fits_sum == 0 &&
		res.reason != UUID_DETECT_NOT_UUIDS)
		abort();

	/* every row twice: twice the rows, the same values and verdict */
	uuid_detect_verdict(&ft->twice, &res2);
	if (ft->twice.rows != 2 * t->rows ||
		ft->twice.fits_none != 2 * t->fits_none ||
		ft->twice.ndistinct != t->ndistinct ||
		memcmp(ft->twice.values, t->values, sizeof(t->values)) != 0 ||
		!fuzz_same_verdict(&res, &res2))
		abort();

	/* another clock: the same fits and values; only plausible may move */
	if (memcmp(ft->clock.fits, t->fits, sizeof(t->fits)) != 0 ||
		memcmp(ft->clock.timestamped, t->timestamped,
			   sizeof(t->timestamped)) != 0 ||
		ft->clock.fits_none != t->fits_none ||
		memcmp(ft->clock.values, t->values, sizeof(t->values)) != 0)
		abort();
	uuid_detect_verdict(&ft->clock, &res2);
	if (res2.fit_all != res.fit_all)
		abort();

	/* merging a tally into an empty one gives the same state */
	uuid_detect_tally_init(&ab);
	uuid_detect_tally_merge(&ab, t);
	if (memcmp(&ab, t, sizeof(ab)) != 0)
		abort();

	/*
	 * The halves merged either way: the whole's counts; the cap reached
	 * exactly when the whole reached it; below it, the whole's values and
	 * verdict.
	 */
	memcpy(&ab, &ft->half[0], sizeof(ab));
	uuid_detect_tally_merge(&ab, &ft->half[1]);
	memcpy(&ba, &ft->half[1], sizeof(ba));
	uuid_detect_tally_merge(&ba, &ft->half[0]);
	if (!fuzz_same_counts(&ab, t) || !fuzz_same_counts(&ba, t) ||
		ab.ndistinct != t->ndistinct || ba.ndistinct != t->ndistinct)
		abort();
	fuzz_check_values(&ab);
	fuzz_check_values(&ba);
	if (t->ndistinct < UUID_DETECT_DISTINCT_CAP)
	{
		if (!fuzz_same_values(t, &ab) || !fuzz_same_values(t, &ba))
			abort();
		uuid_detect_verdict(&ab, &res2);
		if (!fuzz_same_verdict(&res, &res2))
			abort();
		uuid_detect_verdict(&ba, &res2);
		if (!fuzz_same_verdict(&res, &res2))
			abort();
	}
	free(ft);

	/* the tail on numbers from the input */
	if (size >= 16)
	{
		int64_t		n;
		int64_t		k;
		double		p;

		memcpy(&n, data, 8);
		memcpy(&k, data + 8, 8);
		p = (double) data[size - 1] / 255.0;
		fuzz_check_chance(uuid_detect_binomial_tail(n, k, p));
		fuzz_check_chance(uuid_detect_binomial_tail(n & 0xFFFFFF, k & 0xFFFFFF, p));
	}
	return 0;
}
