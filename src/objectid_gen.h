/*-------------------------------------------------------------------------
 *
 * objectid_gen.h
 *	  Set-up of the ObjectId generators of src/objectid_gen.c.
 *
 * IDENTIFICATION
 *	  src/objectid_gen.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef OBJECTID_GEN_H
#define OBJECTID_GEN_H

/*
 * the setting objectid.generator, and on 15 and 16 when the library is
 * preloaded, the server generator's shared memory; _PG_init(), before the
 * "objectid." prefix is reserved
 */
extern void objectid_gen_init(void);

#endif							/* OBJECTID_GEN_H */
