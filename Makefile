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
PURE_OBJS  = src/pure/base64.o src/pure/extjson.o src/pure/hex.o \
             src/pure/idclock.o src/pure/idrandom.o src/pure/objectid.o \
             src/pure/uuid_detect.o src/pure/uuid_gen.o src/pure/uuid_repr.o
OBJS       = src/objectid.o src/objectid_ops.o src/objectid_selfuncs.o \
             src/objectid_rangesel.o src/objectid_window.o src/objectid_gen.o \
             src/objectid_catalog.o src/objectid_planner.o \
             src/objectid_util.o src/objectid_install.o src/uuid_gen.o src/uuid_repr.o src/extjson.o \
             src/uuid_detect.o $(PURE_OBJS)
# the install scripts, and the skip-support statements a superuser runs
# after pg_upgrade to 18+ (README, "Upgrading across PostgreSQL 18")
DATA       = $(notdir $(wildcard $(top)/$(EXTENSION)--*.sql)) \
             src/objectid_skipsupport.sql
PGFILEDESC = "objectid - 12-byte object identifier type and UUID tools"
# the release's version, written once in META.json (test/dist/check holds
# it to objectid.control's default_version): the library reports it
# (PG_MODULE_MAGIC_EXT, pg_get_loaded_modules() on 18+) and `make dist`
# names the archive with it
DISTVERSION = $(shell sed -n 's/^\t"version": "\(.*\)",$$/\1/p' $(top)/META.json)
PG_CPPFLAGS = -DOBJECTID_VERSION='"$(DISTVERSION)"'

REGRESS    = init \
             vectors \
             io \
             binary \
             bytea \
             compare \
             btree \
             hash \
             brin \
             estimates \
             windows \
             windows_forms \
             generate \
             timestamp \
             uuid_generate \
             uuid_read \
             uuid_repr \
             extjson \
             oid_uuid_map \
             uuid_detect \
             uuid_migration \
             partition \
             packaging \
             core_names \
             install \
             setting
# pg_regress creates the extension in its database before the first file,
# so any file runs alone: make installcheck REGRESS=btree
REGRESS_OPTS = --load-extension=objectid

# the binomial tails of src/pure/uuid_detect.c
SHLIB_LINK += -lm

# `make installcheck` runs pg_regress alone, as contrib's and pgvector's do.
# The server-level suites, TAP tests in t/ (PostgreSQL::Test::Cluster; what
# they share is in t/ObjectidTest.pm), run with `make prove_installcheck`
# (PROVE_TESTS=t/NNN_x.pl: one); test/run runs both.  t/004_replication.pl
# and t/005_upgrade.pl also use the majors named in OBJECTID_REPLICATE_WITH
# and OBJECTID_UPGRADE_FROM (doc/testing.md).

# before the include: pgxs.mk tests it with ifdef when it is read
EXTRA_CLEAN = test/unit/build src/objectid_skipsupport_sql.h tmp_check pg_config.stamp

PG_CONFIG ?= pg_config
PGXS := $(shell $(PG_CONFIG) --pgxs)
include $(PGXS)

# pg_input_is_valid() and soft input errors exist from PostgreSQL 16 on
ifneq ($(filter-out 15,$(MAJORVERSION)),)
REGRESS += io_soft
endif

# The pure-C layer's functions (id_*, uuidgen_* ...) are the library's own:
# compiled hidden, it exports none of them, also on 15, whose PGXS (unlike
# 16+'s) does not build modules with -fvisibility=hidden
$(PURE_OBJS): override CFLAGS += -fvisibility=hidden

# In a VPATH build (one directory per major) the object directories must
# exist before the compiler writes into them
ifdef VPATH
$(shell mkdir -p src/pure)
endif

# Objects built for one server are never linked or installed for another:
# pg_config.stamp names the server this directory's objects were built for
# (pg_config's bindir and version).  When PG_CONFIG names another, the stamp
# is rewritten and every object is rebuilt, by `make` and `make install`
# alike, so no `make clean` is needed between majors.
BUILT_FOR := $(bindir) $(VERSION)
ifneq ($(BUILT_FOR),$(file < pg_config.stamp))
$(file > pg_config.stamp,$(BUILT_FOR))
endif
$(OBJS) $(OBJS:.o=.bc): pg_config.stamp
src/objectid.o src/objectid.bc: $(top)/META.json

# every object depends on the headers it can see
PURE_HDRS  = $(wildcard $(srcdir)/src/pure/*.h)
$(OBJS): $(srcdir)/src/objectid.h $(srcdir)/src/objectid_gen.h \
		 $(srcdir)/src/objectid_selfuncs.h $(srcdir)/src/objectid_util.h \
		 $(srcdir)/src/objectid_window.h $(srcdir)/src/objectid_catalog.h \
		 $(srcdir)/src/objectid_planner.h $(srcdir)/src/objectid_rangesel.h \
		 $(srcdir)/src/objectid_install.h \
		 $(srcdir)/src/uuid_repr.h $(srcdir)/src/extjson.h $(PURE_HDRS)

# src/objectid_skipsupport.sql as the C string src/objectid_ops.c runs, its
# comment lines left out
SKIPSUPPORT_H = src/objectid_skipsupport_sql.h
$(SKIPSUPPORT_H): $(srcdir)/src/objectid_skipsupport.sql
	sed -e '/^--/d' -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/"/' \
		-e 's/$$/\\n"/' $< >$@
src/objectid_ops.o: $(SKIPSUPPORT_H)


# PGXS defines prove_installcheck only where the server was configured with
# --enable-tap-tests; elsewhere it prints that TAP tests are not enabled and
# passes.  Debian's 15 was, the builds of 16-19 here were not.  Ours runs
# wherever the modules are: the major's own PostgreSQL::Test modules when
# its PGXS has them, else those Debian ships with postgresql-client-15,
# which drive any later major through PostgreSQL::Test::Cluster's
# install_path (the tests take it from the server's pg_config).  Anything
# missing is an error, never a skip.  initdb refuses to run as root: as
# root (test/run, CI) the tests run as TAP_USER, the user pg_virtualenv
# runs root's clusters as.
TAP_PERL_LIB ?= $(abspath $(patsubst %/PostgreSQL/Test/Cluster.pm,%,$(firstword $(wildcard \
	$(top_srcdir)/src/test/perl/PostgreSQL/Test/Cluster.pm \
	/usr/lib/postgresql/15/lib/pgxs/src/test/perl/PostgreSQL/Test/Cluster.pm))))
TAP_USER   ?= $(if $(filter 0,$(shell id -u)),postgres)
PROVE      := $(or $(PROVE),prove)
tap_as      = $(if $(TAP_USER),runuser -u $(TAP_USER) --)

define prove_installcheck
@echo "+++ tap install-check in $(srcdir)/t: PostgreSQL $(MAJORVERSION) ($(bindir)), modules in $(or $(TAP_PERL_LIB),?)$(if $(TAP_USER), as $(TAP_USER)) +++"
@test -n "$(TAP_PERL_LIB)" || { echo "PostgreSQL's TAP modules (PostgreSQL/Test/Cluster.pm) not found: install postgresql-client-15 (Debian) or set TAP_PERL_LIB" >&2; exit 1; }
@perl -MIPC::Run -e 1 2>/dev/null || { echo "the TAP tests need IPC::Run: install libipc-run-perl (Debian)" >&2; exit 1; }
@command -v $(PROVE) >/dev/null || { echo "prove not found (Debian: perl)" >&2; exit 1; }
rm -rf '$(CURDIR)/tmp_check'
$(MKDIR_P) '$(CURDIR)/tmp_check'
$(if $(TAP_USER),chown $(TAP_USER): '$(CURDIR)/tmp_check')
@$(tap_as) test -r '$(srcdir)/t/ObjectidTest.pm' -a -w '$(CURDIR)/tmp_check' || { echo "$(or $(TAP_USER),this user) cannot read $(srcdir)/t or write $(CURDIR)/tmp_check" >&2; exit 1; }
cd '$(srcdir)' && $(tap_as) env TESTDIR='$(CURDIR)' PATH='$(bindir)':"$$PATH" PG_CONFIG='$(bindir)/pg_config' \
	PGPORT='6$(DEF_PGPORT)' PG_REGRESS='$(top_builddir)/src/test/regress/pg_regress' \
	$(PROVE) -I '$(TAP_PERL_LIB)' -I t $(PROVE_FLAGS) $(if $(PROVE_TESTS),$(PROVE_TESTS),t/*.pl)
endef

.PHONY: prove_installcheck
prove_installcheck:
	$(prove_installcheck)

# The tests that need no server: the pure-C layer under ASan/UBSan, and the
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
DISTFILE    = $(EXTENSION)-$(DISTVERSION).zip

.PHONY: dist
dist:
	git -C $(top) archive --format=zip --prefix=$(EXTENSION)-$(DISTVERSION)/ \
		-o $(abspath $(DISTFILE)) HEAD
