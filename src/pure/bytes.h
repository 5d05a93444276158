/*-------------------------------------------------------------------------
 *
 * bytes.h
 *	  Big-endian loads and stores of 1 to 8 bytes (pure C), for every byte
 *	  layout in src/pure.
 *
 * IDENTIFICATION
 *	  src/pure/bytes.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef ID_BYTES_H
#define ID_BYTES_H

#include <stdint.h>

/* Store the low nbytes bytes of v at out, most significant first. */
static inline void
id_store_be(uint8_t *out, uint64_t v, int nbytes)
{
	int			i;

	for (i = nbytes - 1; i >= 0; i--)
	{
		out[i] = (uint8_t) v;
		v >>= 8;
	}
}

/* The nbytes bytes at in as an unsigned integer, most significant first. */
static inline uint64_t
id_load_be(const uint8_t *in, int nbytes)
{
	uint64_t	v = 0;
	int			i;

	for (i = 0; i < nbytes; i++)
		v = (v << 8) | in[i];
	return v;
}

#endif							/* ID_BYTES_H */
