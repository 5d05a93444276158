/*-------------------------------------------------------------------------
 *
 * extjson.h
 *	  What extjson.c shares with uuid_detect.c: reading a BSON binary from
 *	  MongoDB Extended JSON.  Internal to the module.
 *
 * IDENTIFICATION
 *	  src/extjson.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef OBJECTID_EXTJSON_H
#define OBJECTID_EXTJSON_H

#include "utils/jsonb.h"

/* a BSON binary read from Extended JSON */
typedef struct objectid_bson_binary
{
	int			subtype;
	uint8	   *data;
	size_t		len;
} objectid_bson_binary;

/*
 * Read {"$binary": {"base64": ..., "subType": ...}}, {"$binary": ...,
 * "$type": ...} or {"$uuid": ...}; anything else is an error (22P02).  The
 * subtype and length are not checked.
 */
extern void objectid_extjson_binary(Jsonb *jb, objectid_bson_binary *bin);

#endif							/* OBJECTID_EXTJSON_H */
