/*-------------------------------------------------------------------------
 *
 * uuid_repr.h
 *	  What uuid_repr.c shares: the objectid.uuid_representation setting,
 *	  defined at load time, and the representation argument of a
 *	  conversion, which extjson.c reads too.  Internal to the module.
 *
 * IDENTIFICATION
 *	  src/uuid_repr.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef OBJECTID_UUID_REPR_H
#define OBJECTID_UUID_REPR_H

#include "fmgr.h"

#include "pure/uuid_repr.h"

/* defines objectid.uuid_representation; called by _PG_init() */
extern void objectid_uuid_repr_init(void);

/*
 * The representation argument argno of a conversion, or the setting when
 * the SQL form has no such argument (*from_setting says which); an unknown
 * name is an error (22023)
 */
extern uuid_repr objectid_uuid_repr_arg(FunctionCallInfo fcinfo, int argno,
										bool *from_setting);

/* an error (22023) for unspecified, which has no byte order */
extern void objectid_uuid_repr_check(uuid_repr repr, bool from_setting);

/* 16 bytes from RFC 9562 order to repr's (encode) or back */
extern void objectid_uuid_convert(uuid_repr repr, bool from_setting,
								  bool encode, const uint8 *in, uint8 *out);

#endif							/* OBJECTID_UUID_REPR_H */
