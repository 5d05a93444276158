/*-------------------------------------------------------------------------
 *
 * hex.h
 *	  Hexadecimal codec for fixed-length identifiers (pure C).
 *
 * IDENTIFICATION
 *	  src/pure/hex.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef ID_HEX_H
#define ID_HEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * Decode exactly 2 * len hex digits (either case) from the NUL-terminated
 * string src into dst.  Returns false, leaving dst unspecified, if src is not
 * exactly that: no sign, no whitespace, no separators, nothing after.
 */
extern bool id_hex_decode(const char *src, uint8_t *dst, size_t len);

/*
 * Like id_hex_decode, but src is not NUL-terminated: srclen bytes are read,
 * and must be exactly 2 * len hex digits.
 */
extern bool id_hex_decode_n(const char *src, size_t srclen,
							uint8_t *dst, size_t len);

/* Write 2 * len lowercase hex digits and a terminating NUL into dst. */
extern void id_hex_encode(const uint8_t *src, size_t len, char *dst);

#endif							/* ID_HEX_H */
