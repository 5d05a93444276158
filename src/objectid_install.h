/*-------------------------------------------------------------------------
 *
 * objectid_install.h
 *	  The hint on a name clash in objectid's install and update scripts
 *	  (src/objectid_install.c).
 *
 * IDENTIFICATION
 *	  src/objectid_install.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef OBJECTID_INSTALL_H
#define OBJECTID_INSTALL_H

/* installs the utility hook that gives the hint; _PG_init() */
extern void objectid_install_init(void);

#endif							/* OBJECTID_INSTALL_H */
