"""bench/common.py: what bench.py measures and report.py describes.

The lists of generators, keys, sort data sets and range windows live here,
so that bench.py (which measures) and report.py (which renders, also from
saved results without a server) both read them and neither imports the
other's module.
"""

# Generators measured per call, in report order.  Each is measured when the
# installed server + extensions have it (to_regprocedure of its signature),
# so generators that arrive later in the extension are picked up without
# editing this list.  (label, SQL call, signature, where it comes from,
# per-call target as x gen_random_uuid)
GENERATORS = [
    ("objectid()", "objectid()", "objectid()", "objectid", 0.05),
    ("uuidv7()", "uuidv7()", "uuidv7()", "objectid", 0.08),
    ("uuidv6()", "uuidv6()", "uuidv6()", "objectid", 0.08),
    ("uuidv8()", "uuidv8()", "uuidv8()", "objectid", 0.08),
    ("uuidv4()", "uuidv4()", "uuidv4()", "objectid", 0.08),
    ("gen_random_uuid()", "gen_random_uuid()", "gen_random_uuid()", "core",
     None),
    ("uuid_generate_v1()", "uuid_generate_v1()", "uuid_generate_v1()",
     "uuid-ossp", None),
    ("uuid_generate_v4()", "uuid_generate_v4()", "uuid_generate_v4()",
     "uuid-ossp", None),
    # what a bigserial column's default calls, for the insert figures
    ("nextval()", "nextval('bench.seq')", "nextval(regclass)", "core", None),
    # one clock read and a by-value datum, no palloc: close to the least a
    # time-based generator can cost through a SQL call
    ("clock_timestamp()", "clock_timestamp()", "clock_timestamp()", "core",
     None),
]
REFERENCE = "gen_random_uuid()"

# PostgreSQL 18+: core's uuidv4()/uuidv7() side by side with the
# extension's.  (label, SQL call or None for the extension's own function
# schema-qualified, signature, search_path to set around the call or None,
# where it comes from).  "EXT" in a search_path is the extension's schema.
CORE18 = [
    ("gen_random_uuid()", "gen_random_uuid()", "gen_random_uuid()", None,
     "core"),
    ("uuidv7()", "uuidv7()", "pg_catalog.uuidv7()", None, "core"),
    ("pg_catalog.uuidv7()", "pg_catalog.uuidv7()", "pg_catalog.uuidv7()",
     None, "core"),
    ("EXT.uuidv7()", None, "uuidv7()", None, "objectid"),
    ("uuidv7(), search_path = EXT, pg_catalog", "uuidv7()", "uuidv7()",
     "EXT, pg_catalog", "objectid"),
    ("uuidv4()", "uuidv4()", "pg_catalog.uuidv4()", None, "core"),
    ("pg_catalog.uuidv4()", "pg_catalog.uuidv4()", "pg_catalog.uuidv4()",
     None, "core"),
    ("EXT.uuidv4()", None, "uuidv4()", None, "objectid"),
    ("uuidv4(), search_path = EXT, pg_catalog", "uuidv4()", "uuidv4()",
     "EXT, pg_catalog", "objectid"),
    ("clock_timestamp()", "clock_timestamp()", "clock_timestamp()", None,
     "core"),
]
CORE18_REFERENCE = "uuidv7()"
# the key columns of the 18 insert comparison: (label, column definition,
# search_path in force at CREATE TABLE or None); a DEFAULT is bound to a
# function when the table is created, so the search_path form is the
# unqualified DEFAULT created under that path
CORE18_KEYS = [
    ("bigserial", "id bigserial PRIMARY KEY", None),
    ("DEFAULT uuidv7()", "id uuid PRIMARY KEY DEFAULT uuidv7()", None),
    ("DEFAULT EXT.uuidv7()", "id uuid PRIMARY KEY DEFAULT EXT.uuidv7()", None),
    ("DEFAULT uuidv7(), created under search_path = EXT, pg_catalog",
     "id uuid PRIMARY KEY DEFAULT uuidv7()", "EXT, pg_catalog"),
]

# Key types for the bulk insert: (label, column type, generator label of
# GENERATORS for the DEFAULT, or None for bigserial)
KEYS = [
    ("bigserial", "bigserial", None),
    ("gen_random_uuid()", "uuid", "gen_random_uuid()"),
    ("uuidv7()", "uuid", "uuidv7()"),
    ("objectid()", "objectid", "objectid()"),
]
KEY_TARGETS = ("uuidv7()", "objectid()")  # <= 1.3x bigserial at 10M rows
KEY_TARGET_RATIO = 1.3
KEY_TARGET_ROWS = 10_000_000

# Sort data sets: (name, column type, how the values are made, order).
# "random" values are made in one statement; "4 sessions" values by four
# concurrent pgbench clients inserting 1,000 rows a transaction, as a table
# with a few writers holds them; "shuffled" is the same table rewritten in
# random order (the input a sort gets after a hash join or aggregate).
SORT_SETS = [
    ("objectid, random bytes", "objectid", "random", None),
    ("uuid, gen_random_uuid()", "uuid", "random", None),
    ("objectid, objectid() x 4 sessions", "objectid", "objectid()",
     "inserted"),
    ("uuid, uuidv7() x 4 sessions", "uuid", "uuidv7()", "inserted"),
    ("bigint, nextval() x 4 sessions", "bigint", "nextval()", "inserted"),
    ("objectid, objectid() x 4 sessions, shuffled", "objectid", "objectid()",
     "shuffled"),
    ("uuid, uuidv7() x 4 sessions, shuffled", "uuid", "uuidv7()",
     "shuffled"),
    ("bigint, nextval() x 4 sessions, shuffled", "bigint", "nextval()",
     "shuffled"),
]
# each data set's ratios are taken to this one's of the same order
SORT_PEERS = {
    "objectid, random bytes": "uuid, gen_random_uuid()",
    "objectid, objectid() x 4 sessions": "uuid, uuidv7() x 4 sessions",
    "bigint, nextval() x 4 sessions": "uuid, uuidv7() x 4 sessions",
    "objectid, objectid() x 4 sessions, shuffled":
        "uuid, uuidv7() x 4 sessions, shuffled",
    "bigint, nextval() x 4 sessions, shuffled":
        "uuid, uuidv7() x 4 sessions, shuffled",
}

RANGE_START = "2024-01-01 00:00:00+00"
RANGE_WINDOWS = [
    ("1 minute", "2024-01-10 12:00:00+00", "2024-01-10 12:01:00+00"),
    ("1 hour", "2024-01-10 12:00:00+00", "2024-01-10 13:00:00+00"),
    ("1 day", "2024-01-10 00:00:00+00", "2024-01-11 00:00:00+00"),
]

# Row estimates of time windows (issue #12): the data sets, each spread
# over 2024 (name, rows, how: "uniform", or "skewed" = 90% of the rows in
# the last week), and the windows [start, start + width) estimated on each.
# The 10M set is estimated only (no indexes: estimates inside the histogram
# do not read them).
ESTIMATE_SETS = [
    ("uniform 1M", 1_000_000, "uniform", True),
    ("uniform 10M", 10_000_000, "uniform", False),
    ("skewed 1M", 1_000_000, "skewed", True),
]
ESTIMATE_START = "2024-01-01 00:00:00+00"
ESTIMATE_WIDTHS = ["1 minute", "1 hour", "6 hours", "1 day", "1 week",
                   "30 days", "6 months"]
ESTIMATE_STARTS = {
    "uniform": ["2024-03-15 09:00:00+00", "2024-07-20 18:30:00+00",
                "2024-12-31 12:00:00+00"],
    "skewed": ["2024-06-10 12:00:00+00", "2024-12-28 12:00:00+00",
               "2024-12-31 20:00:00+00"],
}
ESTIMATE_MIN_ROWS = 100     # the goal: within 2x of windows this large
ESTIMATE_FACTOR = 2.0

SECTIONS = ("percall", "pgbench", "insert", "checkpointed", "sort", "range",
            "core18", "estimates")
