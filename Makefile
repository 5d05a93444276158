# objectid: PGXS build.  `test/run` is the entry point for newcomers and CI;
# it installs what is missing and then uses these targets.

EXTENSION  = objectid
MODULE_big = objectid
OBJS       = $(patsubst %.c,%.o,$(sort $(wildcard src/*.c src/core/*.c)))
DATA       = $(wildcard $(EXTENSION)--*.sql)
PGFILEDESC = "objectid - 12-byte object identifier type and UUID tools"

REGRESS    = init \
             io \
             binary \
             bytea \
             compare \
             btree \
             hash \
             brin \
             generate \
             timestamp \
             uuid_generate \
             uuid_read \
             uuid_repr \
             extjson \
             oid_uuid_map \
             uuid_migration \
             hostile \
             packaging

PG_CONFIG ?= pg_config
PGXS := $(shell $(PG_CONFIG) --pgxs)
include $(PGXS)

# pg_input_is_valid() and soft input errors exist from PostgreSQL 16 on
ifneq ($(filter-out 15,$(MAJORVERSION)),)
REGRESS += io_soft
endif

EXTRA_CLEAN = test/unit/build
