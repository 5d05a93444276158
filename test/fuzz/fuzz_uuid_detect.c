/*
 * fuzz_uuid_detect.c
 *	  libFuzzer target for src/core/uuiddetect.c: the first 16 bytes go
 *	  through the per-value test, which must agree with a reference written
 *	  from the README (decode, then variant 10 and version 1 to 8) and report
 *	  standard and pythonLegacy together; every input is also cut into rows
 *	  (a length byte, a subtype byte, the bytes) and tallied under a clock
 *	  taken from the input, and the verdict must be self-consistent: counts
 *	  within the rows, chances between 0 and 1, a verdict only with one byte
 *	  order that fits every row.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "uuiddetect.h"

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* the README's rule, bit by bit */
static unsigned
fuzz_reference(const uint8_t *bytes)
{
	unsigned	set = 0;
	int			r;

	for (r = UUID_DETECT_FIRST; r <= UUID_DETECT_LAST; r++)
	{
		uint8_t		u[UUIDREPR_LEN];
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

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uuid_detect_tally t;
	uuid_detect_tally half;
	uuid_detect_result res;
	unsigned	rfc = UUID_DETECT_BIT(UUID_REPR_STANDARD) |
		UUID_DETECT_BIT(UUID_REPR_PYTHON_LEGACY);
	int64_t		now_us = 0;
	int64_t		fits_sum = 0;
	size_t		pos;
	int			r;

	if (size >= UUIDREPR_LEN)
	{
		unsigned	set = uuid_detect_representations(data);

		if (set != fuzz_reference(data))
			abort();
		if ((set & rfc) != 0 && (set & rfc) != rfc)
			abort();
	}

	/* the clock: the first 8 bytes, whatever they say */
	for (pos = 0; pos < 8 && pos < size; pos++)
		now_us = (int64_t) (((uint64_t) now_us << 8) | data[pos]);

	/* rows: length byte (mod 20), subtype byte (255 = unknown), bytes */
	uuid_detect_tally_init(&t);
	uuid_detect_tally_init(&half);
	while (pos + 2 <= size)
	{
		size_t		len = data[pos] % 20;
		int			subtype = data[pos + 1] == 255 ? -1 : data[pos + 1];

		pos += 2;
		if (len > size - pos)
			len = size - pos;
		uuid_detect_tally_add(&t, data + pos, len, subtype, now_us);
		if ((t.rows & 1) == 0)
			uuid_detect_tally_add(&half, data + pos, len, subtype, now_us);
		pos += len;
	}

	uuid_detect_verdict(&t, &res);
	if (res.evidence != t.rows - t.nil_or_max || res.evidence < 0 ||
		t.fits_none > res.evidence || t.not_uuid > t.fits_none)
		abort();
	for (r = UUID_DETECT_FIRST; r <= UUID_DETECT_LAST; r++)
	{
		if (t.plausible[r] > t.timestamped[r] ||
			t.timestamped[r] > t.fits[r] ||
			(t.versions[r] & ~UINT32_C(0x1FE)) != 0)
			abort();
		fits_sum += t.fits[r];
		fuzz_check_chance(res.repr_chance[r]);
	}
	if ((res.best & ~res.fit_all) != 0 || (res.best == 0) != (res.fit_all == 0))
		abort();
	if (res.fit_all != 0)
	{
		fuzz_check_chance(res.chance);
		if (t.fits_none != 0)
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

	/* merging a tally into an empty one gives the same counts */
	uuid_detect_tally_init(&half);
	uuid_detect_tally_merge(&half, &t);
	if (memcmp(&half, &t, sizeof(t)) != 0)
		abort();

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
