/*-------------------------------------------------------------------------
 *
 * uuid_detect.c
 *	  Which MongoDB UUID representation wrote a set of 16-byte values
 *	  (pure C).
 *
 * IDENTIFICATION
 *	  src/pure/uuid_detect.c
 *
 *-------------------------------------------------------------------------
 */
#include <math.h>
#include <string.h>

#include "uuid_detect.h"
#include "uuid_gen.h"

/*
 * A binomial tail sums its terms from k outwards until they no longer count,
 * which takes some tens of standard deviations of terms; past this variance
 * (a standard deviation of 10^4) the normal approximation is used instead,
 * its error far below the two digits anyone reads.  The cap on terms is a
 * safety net only.
 */
#define UUID_DETECT_NORMAL_VARIANCE	1e8
#define UUID_DETECT_MAX_TERMS	1000000

static bool uuid_detect_nil_or_max(const uint8_t *bytes);
static int	uuid_detect_slot(int subtype);
static uint32_t uuid_detect_hash(const uint8_t *bytes, int slot);
static void uuid_detect_remember(uuid_detect_tally *t, const uint8_t *bytes,
								 int slot, unsigned fits);
static double uuid_detect_log_pmf(int64_t n, int64_t i, double p);

int
uuid_detect_version(const uint8_t *uuid)
{
	int			v = uuidgen_version(uuid);

	return (v >= 1 && v <= 8) ? v : 0;
}

unsigned
uuid_detect_representations(const uint8_t *bytes)
{
	unsigned	set = 0;
	int			r;
	uint8_t		u[UUID_LEN];

	for (r = UUID_DETECT_FIRST; r <= UUID_DETECT_LAST; r++)
	{
		if (uuid_repr_decode((uuid_repr) r, bytes, u) &&
			uuid_detect_version(u) != 0)
			set |= UUID_DETECT_BIT(r);
	}
	return set;
}

bool
uuid_detect_plausible_time(const uint8_t *uuid, int64_t now_us)
{
	int64_t		t;
	int64_t		latest;

	if (!uuidgen_timestamp_us(uuid, &t) &&
		!uuidgen_v6_timestamp_us(uuid, &t))
		return false;
	latest = now_us > INT64_MAX - UUID_DETECT_SLACK_US ?
		INT64_MAX : now_us + UUID_DETECT_SLACK_US;
	return t >= UUID_DETECT_EARLIEST_US && t <= latest;
}

double
uuid_detect_wrong_fit(uuid_repr repr)
{
	switch (repr)
	{
		case UUID_REPR_STANDARD:
		case UUID_REPR_PYTHON_LEGACY:
		case UUID_REPR_CSHARP_LEGACY:
			return 0.5;
		case UUID_REPR_JAVA_LEGACY:
			return 0.125;
		case UUID_REPR_UNSPECIFIED:
			break;
	}
	return 0.0;
}

/* RFC 9562's nil (all zero) and max (all one) UUIDs */
static bool
uuid_detect_nil_or_max(const uint8_t *bytes)
{
	int			i;

	if (bytes[0] != 0x00 && bytes[0] != 0xFF)
		return false;
	for (i = 1; i < UUID_LEN; i++)
	{
		if (bytes[i] != bytes[0])
			return false;
	}
	return true;
}

/* the slot of a UUID subtype, or of an unknown one (-1) */
static int
uuid_detect_slot(int subtype)
{
	if (subtype == UUIDREPR_SUBTYPE_LEGACY)
		return UUID_DETECT_SUBTYPE_03;
	if (subtype == UUIDREPR_SUBTYPE_STANDARD)
		return UUID_DETECT_SUBTYPE_04;
	return UUID_DETECT_SUBTYPE_UNKNOWN;
}

/* FNV-1a over a value's 16 bytes and its subtype slot */
static uint32_t
uuid_detect_hash(const uint8_t *bytes, int slot)
{
	uint32_t	h = UINT32_C(2166136261);
	int			i;

	for (i = 0; i < UUID_LEN; i++)
		h = (h ^ bytes[i]) * UINT32_C(16777619);
	return (h ^ (uint32_t) slot) * UINT32_C(16777619);
}

/*
 * Enter a distinct evidence value (bytes, slot) that fits the set fits
 * into t->values, unless it is there already or the table is full (then
 * the row counts alone record it).  The index has twice as many buckets as
 * values can ever be entered, so a probe always ends at the value or at an
 * empty bucket.
 */
static void
uuid_detect_remember(uuid_detect_tally *t, const uint8_t *bytes, int slot,
					 unsigned fits)
{
	uint32_t	b;
	uuid_detect_value *v;

	/* full: nothing is entered, whether the value is there or not */
	if (t->ndistinct >= UUID_DETECT_DISTINCT_CAP)
		return;
	b = uuid_detect_hash(bytes, slot) % UUID_DETECT_BUCKETS;
	while (t->index[b] != 0)
	{
		v = &t->values[t->index[b] - 1];
		if (v->slot == slot && memcmp(v->bytes, bytes, UUID_LEN) == 0)
			return;
		b = (b + 1) % UUID_DETECT_BUCKETS;
	}
	v = &t->values[t->ndistinct];
	memcpy(v->bytes, bytes, UUID_LEN);
	v->slot = (uint8_t) slot;
	v->fits = (uint8_t) fits;
	t->ndistinct++;
	t->index[b] = (uint16_t) t->ndistinct;
}

void
uuid_detect_tally_init(uuid_detect_tally *t)
{
	memset(t, 0, sizeof(*t));
}

void
uuid_detect_tally_add(uuid_detect_tally *t, const uint8_t *bytes,
					  size_t len, int subtype, int64_t now_us)
{
	unsigned	set = 0;
	int			slot;
	int			r;

	t->rows++;
	if (len != UUID_LEN ||
		(subtype >= 0 && subtype != UUIDREPR_SUBTYPE_LEGACY &&
		 subtype != UUIDREPR_SUBTYPE_STANDARD))
	{
		t->not_uuid++;
		t->fits_none++;
		return;
	}
	if (uuid_detect_nil_or_max(bytes))
	{
		t->nil_or_max++;
		return;
	}
	slot = uuid_detect_slot(subtype);

	for (r = UUID_DETECT_FIRST; r <= UUID_DETECT_LAST; r++)
	{
		uint8_t		u[UUID_LEN];
		int			v;

		if (subtype >= 0 && subtype != uuid_repr_subtype((uuid_repr) r))
			continue;
		if (!uuid_repr_decode((uuid_repr) r, bytes, u))
			continue;
		v = uuid_detect_version(u);
		if (v == 0)
			continue;
		/* well-formed: it fits, whatever instant it carries */
		t->fits[r]++;
		t->versions[r] |= UINT32_C(1) << v;
		set |= UUID_DETECT_BIT(r);
		if (v == 1 || v == 6 || v == 7)
		{
			t->timestamped[r]++;
			if (uuid_detect_plausible_time(u, now_us))
				t->plausible[r]++;
		}
	}
	if (set == 0)
		t->fits_none++;
	if (slot == UUID_DETECT_SUBTYPE_04 &&
		(set & UUID_DETECT_BIT(UUID_REPR_STANDARD)))
		t->standard_04++;
	uuid_detect_remember(t, bytes, slot, set);
}

void
uuid_detect_tally_merge(uuid_detect_tally *dst, const uuid_detect_tally *src)
{
	int			i;

	dst->rows += src->rows;
	dst->nil_or_max += src->nil_or_max;
	dst->not_uuid += src->not_uuid;
	dst->fits_none += src->fits_none;
	dst->standard_04 += src->standard_04;
	for (i = 0; i < UUID_DETECT_NREPR; i++)
	{
		dst->timestamped[i] += src->timestamped[i];
		dst->plausible[i] += src->plausible[i];
		dst->fits[i] += src->fits[i];
		dst->versions[i] |= src->versions[i];
	}
	for (i = 0; i < (int) src->ndistinct; i++)
		uuid_detect_remember(dst, src->values[i].bytes, src->values[i].slot,
							 src->values[i].fits);
}

void
uuid_detect_verdict(const uuid_detect_tally *t, uuid_detect_result *res)
{
	int64_t		allowed[UUID_DETECT_NREPR] = {0};
	int64_t		fitted[UUID_DETECT_NREPR] = {0};
	int64_t		covered = 0;
	int64_t		fewest = INT64_MAX;
	double		least = 1.0;
	bool		rfc = false;
	int			orders = 0;
	uint32_t	i;
	int			r;

	memset(res, 0, sizeof(*res));
	res->chance = -1.0;
	res->evidence = t->rows - t->nil_or_max;
	res->distinct = t->ndistinct;

	/* the distinct values: which each representation's subtype allows, fits */
	for (i = 0; i < t->ndistinct; i++)
	{
		const uuid_detect_value *v = &t->values[i];

		if (v->fits != 0)
			covered++;
		for (r = UUID_DETECT_FIRST; r <= UUID_DETECT_LAST; r++)
		{
			if (v->slot == UUID_DETECT_SUBTYPE_UNKNOWN ||
				v->slot == uuid_detect_slot(uuid_repr_subtype((uuid_repr) r)))
				allowed[r]++;
			if (v->fits & UUID_DETECT_BIT(r))
				fitted[r]++;
		}
	}

	/* the chances; which representations fit every row, and their ties */
	for (r = UUID_DETECT_FIRST; r <= UUID_DETECT_LAST; r++)
	{
		res->repr_chance[r] = uuid_detect_binomial_tail(allowed[r], fitted[r],
														uuid_detect_wrong_fit((uuid_repr) r));
		/* no other representation writes subtype 04 */
		if (r == UUID_REPR_STANDARD && t->standard_04 > 0)
			res->repr_chance[r] = 0.0;
		if (res->repr_chance[r] < least)
			least = res->repr_chance[r];
		if (res->evidence > 0 && t->fits[r] == res->evidence)
		{
			res->fit_all |= UUID_DETECT_BIT(r);
			if (t->timestamped[r] - t->plausible[r] < fewest)
				fewest = t->timestamped[r] - t->plausible[r];
		}
	}
	for (r = UUID_DETECT_FIRST; r <= UUID_DETECT_LAST; r++)
	{
		if (!(res->fit_all & UUID_DETECT_BIT(r)) ||
			t->timestamped[r] - t->plausible[r] != fewest)
			continue;
		res->best |= UUID_DETECT_BIT(r);
		if (res->repr_chance[r] > res->chance)
			res->chance = res->repr_chance[r];
		/* standard and pythonLegacy are one byte order */
		if (r == UUID_REPR_STANDARD || r == UUID_REPR_PYTHON_LEGACY)
			rfc = true;
		else
			orders++;
	}

	if (res->evidence <= 0)
	{
		res->reason = UUID_DETECT_TOO_FEW_ROWS;
		return;
	}
	if (res->best != 0)
	{
		orders += (int) rfc;
		if (res->chance > UUID_DETECT_ALPHA)
			res->reason = UUID_DETECT_TOO_FEW_ROWS;
		else
			res->reason = orders == 1 ? UUID_DETECT_FOUND :
				UUID_DETECT_AMBIGUOUS;
		return;
	}

	if (uuid_detect_binomial_tail(res->distinct, covered,
								  UUID_DETECT_RANDOM_FIT) <= UUID_DETECT_ALPHA)
		res->reason = UUID_DETECT_MIXED;

	/*
	 * Not so many rows fit some order that they could not be random bytes;
	 * but when every row fits one, or one order alone fits more rows than
	 * random bytes would, more rows would tell: only rows that fit no more
	 * often than random bytes are not UUIDs.
	 */
	else if (t->fits_none == 0 || least <= UUID_DETECT_ALPHA)
		res->reason = UUID_DETECT_TOO_FEW_ROWS;
	else
		res->reason = UUID_DETECT_NOT_UUIDS;
}

const char *
uuid_detect_reason_name(uuid_detect_reason reason)
{
	switch (reason)
	{
		case UUID_DETECT_FOUND:
			return NULL;
		case UUID_DETECT_AMBIGUOUS:
			return "ambiguous";
		case UUID_DETECT_MIXED:
			return "mixed";
		case UUID_DETECT_NOT_UUIDS:
			return "not UUIDs";
		case UUID_DETECT_TOO_FEW_ROWS:
			return "too few rows";
	}
	return NULL;
}

/* log of P(X = i), X ~ Binomial(n, p), 0 < p < 1, 0 <= i <= n */
static double
uuid_detect_log_pmf(int64_t n, int64_t i, double p)
{
	return lgamma((double) n + 1.0) - lgamma((double) i + 1.0) -
		lgamma((double) (n - i) + 1.0) +
		(double) i * log(p) + (double) (n - i) * log1p(-p);
}

double
uuid_detect_binomial_tail(int64_t n, int64_t k, double p)
{
	double		variance;
	double		term;
	double		sum;
	int64_t		i;
	int64_t		steps = 0;

	if (k <= 0)
		return 1.0;
	if (n <= 0 || k > n || !(p > 0.0))
		return 0.0;
	if (p >= 1.0)
		return 1.0;

	variance = (double) n * p * (1.0 - p);
	if (variance > UUID_DETECT_NORMAL_VARIANCE)
		return 0.5 * erfc(((double) k - 0.5 - (double) n * p) /
						  sqrt(2.0 * variance));

	if ((double) k > (double) n * p)
	{
		/* the upper tail itself: terms fall from k on */
		term = exp(uuid_detect_log_pmf(n, k, p));
		sum = term;
		for (i = k; i < n && term > sum * 1e-17 &&
			 steps < UUID_DETECT_MAX_TERMS; i++, steps++)
		{
			term *= ((double) (n - i) / (double) (i + 1)) * (p / (1.0 - p));
			sum += term;
		}
	}
	else
	{
		/* one minus the lower tail P(X <= k - 1): terms fall from k - 1 down */
		double		lower;

		term = exp(uuid_detect_log_pmf(n, k - 1, p));
		lower = term;
		for (i = k - 1; i > 0 && term > lower * 1e-17 &&
			 steps < UUID_DETECT_MAX_TERMS; i--, steps++)
		{
			term *= ((double) i / (double) (n - i + 1)) * ((1.0 - p) / p);
			lower += term;
		}
		sum = 1.0 - lower;
	}
	if (sum < 0.0)
		return 0.0;
	if (sum > 1.0)
		return 1.0;
	return sum;
}
