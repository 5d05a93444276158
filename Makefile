# objectid: PGXS build.  `test/run` is the entry point for newcomers and CI;
# it installs what is missing and then uses these targets.
#
# One build directory per server major (what test/run does):
#   mkdir -p build/18 && make -C build/18 -f "$PWD/Makefile" VPATH="$PWD" \
#       PG_CONFIG=/usr/lib/postgresql/18/bin/pg_config

# the source directory, also when building elsewhere with VPATH
top        := $(patsubst %/,%,$(dir $(abspath $(lastword $(MAKEFILE_LIST)))))

EXTENSION  = objectid
MODULE_big = objectid
CORE_OBJS  = src/core/base64.o src/core/extjson.o src/core/hex.o \
             src/core/idclock.o src/core/idrandom.o src/core/objectid.o \
             src/core/uuid_detect.o src/core/uuid_gen.o src/core/uuid_repr.o
OBJS       = src/objectid.o src/objectid_ops.o src/objectid_selfuncs.o \
             src/objectid_gen.o src/objectid_util.o src/uuid_gen.o \
             src/uuid_repr.o src/extjson.o src/uuid_detect.o $(CORE_OBJS)
# the install scripts, and the skip-support statements a superuser runs
# after pg_upgrade to 18+ (README, "Upgrading across PostgreSQL 18")
DATA       = $(notdir $(wildcard $(top)/$(EXTENSION)--*.sql)) \
             src/objectid_skipsupport.sql
PGFILEDESC = "objectid - 12-byte object identifier type and UUID tools"

REGRESS    = init \
             io \
             binary \
             bytea \
             compare \
             btree \
             hash \
             brin \
             estimates \
             generate \
             timestamp \
             uuid_generate \
             uuid_read \
             uuid_repr \
             extjson \
             oid_uuid_map \
             uuid_detect \
             uuid_migration \
             hostile \
             packaging \
             core_names \
             install \
             setting

# the binomial tails of src/core/uuid_detect.c
SHLIB_LINK += -lm

PG_CONFIG ?= pg_config
PGXS := $(shell $(PG_CONFIG) --pgxs)
include $(PGXS)

# pg_input_is_valid() and soft input errors exist from PostgreSQL 16 on
ifneq ($(filter-out 15,$(MAJORVERSION)),)
REGRESS += io_soft
endif

# In a VPATH build (one directory per major) the object directories must
# exist before the compiler writes into them
ifdef VPATH
$(shell mkdir -p src/core)
endif

# every object depends on the headers it can see
CORE_HDRS  = $(wildcard $(srcdir)/src/core/*.h)
$(OBJS): $(srcdir)/src/objectid.h $(srcdir)/src/objectid_ops.h \
		 $(srcdir)/src/objectid_selfuncs.h $(srcdir)/src/objectid_util.h \
		 $(srcdir)/src/uuid_repr.h $(srcdir)/src/extjson.h $(CORE_HDRS)

# src/objectid_skipsupport.sql as the C string src/objectid_ops.c runs, its
# comment lines left out
SKIPSUPPORT_H = src/objectid_skipsupport_sql.h
$(SKIPSUPPORT_H): $(srcdir)/src/objectid_skipsupport.sql
	sed -e '/^--/d' -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/"/' \
		-e 's/$$/\\n"/' $< >$@
src/objectid_ops.o: $(SKIPSUPPORT_H)

EXTRA_CLEAN = test/unit/build $(SKIPSUPPORT_H)

# The tests that need no server: the pure-C core under ASan/UBSan, and the
# libFuzzer targets for FUZZ_SECONDS each (test/fuzz/run alone fuzzes until
# interrupted).  `test/run unit fuzz` runs these.
FUZZ_SECONDS ?= 20

.PHONY: unit fuzz
unit:
	$(MAKE) -C $(top)/test/unit run

fuzz:
	$(top)/test/fuzz/run $(FUZZ_SECONDS)

# The release archive, as PGXN takes it: what git tracks at HEAD under
# objectid-X.Y.Z/, with META.json's version (.gitattributes marks what only
# the repository needs as export-ignore).  test/dist/check builds, installs
# and tests from the unpacked archive alone.
DISTVERSION = $(shell sed -n 's/^\t"version": "\(.*\)",$$/\1/p' $(top)/META.json)
DISTFILE    = $(EXTENSION)-$(DISTVERSION).zip

.PHONY: dist
dist:
	git -C $(top) archive --format=zip --prefix=$(EXTENSION)-$(DISTVERSION)/ \
		-o $(abspath $(DISTFILE)) HEAD
