/*-------------------------------------------------------------------------
 *
 * extjson.h
 *	  The strings inside MongoDB Extended JSON that are not base64: the
 *	  "$uuid" form of a UUID and a BSON binary subtype (pure C).  Base64 is
 *	  in base64.h.
 *
 * Each parser takes a pointer and a length (the input need not be
 * NUL-terminated, and may contain NUL bytes, which are rejected) and returns
 * false, never raising, on anything it does not accept.
 *
 * IDENTIFICATION
 *	  src/pure/extjson.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef ID_EXTJSON_H
#define ID_EXTJSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define ID_EXTJSON_UUID_STRING_LEN	36	/* 8-4-4-4-12 hex digits and dashes */

/*
 * Parse the string of an Extended JSON {"$uuid": "..."}: exactly 36
 * characters, hex digits (either case) with dashes at offsets 8, 13, 18 and
 * 23 and nowhere else.  No braces, no "urn:uuid:", no surrounding spaces.
 */
extern bool id_extjson_parse_uuid(const char *src, size_t len, uint8_t *uuid);

/*
 * Parse an Extended JSON BSON binary subtype string: one or two hex digits,
 * either case ("04", "4", "0A").  *subtype gets 0-255.
 */
extern bool id_extjson_parse_subtype(const char *src, size_t len,
									 int *subtype);

#endif							/* ID_EXTJSON_H */
