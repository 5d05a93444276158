/*-------------------------------------------------------------------------
 *
 * base64.h
 *	  Strict base64, as Extended JSON's "$binary" needs it (pure C).
 *
 * IDENTIFICATION
 *	  src/pure/base64.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef ID_BASE64_H
#define ID_BASE64_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * Strict base64 (RFC 4648 section 4 alphabet, canonical padding).
 *
 * id_base64_encode writes ID_BASE64_ENCODED_LEN(len) characters and a NUL.
 * id_base64_decode accepts only: a length that is a multiple of 4; the
 * characters A-Z a-z 0-9 + /; "=" only as the last one or two characters of
 * the final group; the unused low bits of the last data character zero (so
 * every byte string has exactly one accepted encoding).  No whitespace, no
 * URL-safe alphabet.  dst must have room for ID_BASE64_DECODED_MAX(srclen)
 * bytes; *dstlen gets the decoded length.
 */
#define ID_BASE64_ENCODED_LEN(len)	((((len) + 2) / 3) * 4)
#define ID_BASE64_DECODED_MAX(srclen)	(((srclen) / 4) * 3)

extern void id_base64_encode(const uint8_t *src, size_t len, char *dst);
extern bool id_base64_decode(const char *src, size_t srclen,
							 uint8_t *dst, size_t *dstlen);

#endif							/* ID_BASE64_H */
