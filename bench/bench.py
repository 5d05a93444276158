#!/usr/bin/env python3
"""bench/bench.py: the measurements behind BENCHMARKS.md.

Run it through bench/run, which builds and installs the extension and starts
a throwaway cluster (pg_virtualenv -t) with the settings it reports; this
script only talks to that cluster through psql and pgbench (PGHOST, PGPORT,
PGUSER, PGPASSWORD come from pg_virtualenv).

Every comparison is taken on the same server in the same run, as a ratio,
as the median of several rounds in which the contenders are interleaved
(the order rotates from round to round).  Nothing here is a test: no timing
is asserted, figures are reported.
"""

import argparse
import datetime
import fcntl
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import time

sys.dont_write_bytecode = True  # importing report.py leaves no __pycache__

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)
OUT = os.path.join(HERE, "out")

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
]
REFERENCE = "gen_random_uuid()"

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

MODES = {
    # calls: most rows of one per-call loop; loop_ms: the time a loop is
    # sized to fill; reps: runs per loop and round (the fastest counts);
    # pgb_calls: calls per pgbench transaction
    "tiny": dict(calls=500_000, loop_ms=60, reps=2, rounds=3,
                 pgb_calls=20_000, pgb_seconds=1, pgb_rounds=2, clients=4,
                 insert_rows=[100_000], insert_rounds=2,
                 sort_rows=200_000, sort_rounds=2, range_rows=200_000),
    "quick": dict(calls=4_000_000, loop_ms=400, reps=2, rounds=5,
                  pgb_calls=50_000, pgb_seconds=2, pgb_rounds=3, clients=4,
                  insert_rows=[1_000_000], insert_rounds=3,
                  sort_rows=5_000_000, sort_rounds=3, range_rows=2_000_000),
    "full": dict(calls=10_000_000, loop_ms=1000, reps=3, rounds=7,
                 pgb_calls=50_000, pgb_seconds=5, pgb_rounds=5, clients=4,
                 insert_rows=[1_000_000, 10_000_000], insert_rounds=3,
                 sort_rows=5_000_000, sort_rounds=5, range_rows=5_000_000),
}
SECTIONS = ("percall", "pgbench", "insert", "checkpointed", "sort", "range")


def log(msg):
    print("-- " + msg, flush=True)


# --- talking to the server --------------------------------------------------

def psql(script, raw=False):
    """Run a script in one session; return the rows tagged 'R' (as lists),
    or with raw every line it printed."""
    proc = subprocess.run(
        ["psql", "-X", "-q", "-A", "-t", "-F", "\t", "-v", "ON_ERROR_STOP=1",
         "-f", "-"],
        input=script, text=True, capture_output=True)
    if proc.returncode != 0:
        sys.stderr.write(script + "\n" + proc.stderr)
        raise SystemExit("psql failed")
    if raw:
        return proc.stdout.splitlines()
    rows = []
    for line in proc.stdout.splitlines():
        fields = line.split("\t")
        if fields[0] == "R":
            rows.append(fields[1:])
    return rows


def one(query):
    return psql("SELECT 'R', (%s);\n" % query)[0][0]


def quote(s):
    return "'" + s.replace("'", "''") + "'"


def release_install_lock():
    """bench/run holds the install lock while the cluster starts with the
    library preloaded and the extension is created; after that the code
    under test is pinned in every backend, so let other checkouts go on."""
    fd = os.environ.get("BENCH_LOCK_FD")
    if fd:
        fcntl.flock(int(fd), fcntl.LOCK_UN)
        os.close(int(fd))
        log("install lock released")


def setup_server():
    psql("""
CREATE EXTENSION IF NOT EXISTS objectid;
CREATE EXTENSION IF NOT EXISTS "uuid-ossp";
CREATE SCHEMA IF NOT EXISTS bench;
CREATE SEQUENCE IF NOT EXISTS bench.seq;
-- milliseconds taken by reps executions of q, timed inside the server
CREATE OR REPLACE FUNCTION bench.ms(q text, reps int DEFAULT 1)
RETURNS float8 LANGUAGE plpgsql AS $$
DECLARE
	t0 timestamptz := clock_timestamp();
BEGIN
	FOR i IN 1 .. reps LOOP
		EXECUTE q;
	END LOOP;
	RETURN extract(epoch FROM clock_timestamp() - t0) * 1000 / reps;
END
$$;
""")


def have_function(signature):
    return one("to_regprocedure(%s) IS NOT NULL" % quote(signature)) == "t"


def ours(signature):
    """The schema-qualified name of the objectid extension's function with
    this signature, e.g. 'uuidv7()' -> 'public.uuidv7', or None.  Looked up
    among the extension's members in pg_proc, so that on a server whose core
    has a function of the same name (uuidv7() from PostgreSQL 18 on) the
    extension's own is measured."""
    name, args = signature.rstrip(")").split("(", 1)
    q = ("SELECT format('%%I.%%I', n.nspname, p.proname) FROM pg_proc p "
         "JOIN pg_namespace n ON n.oid = p.pronamespace "
         "JOIN pg_depend d ON d.classid = 'pg_proc'::regclass "
         "AND d.objid = p.oid AND d.deptype = 'e' "
         "JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'objectid' "
         "WHERE p.proname = %s AND oidvectortypes(p.proargtypes) = %s"
         % (quote(name), quote(args)))
    rows = psql("SELECT 'R', (%s);\n" % q)
    return rows[0][0] or None


def resolve(call, signature, origin):
    """The SQL to call a generator with, or None when it is not installed."""
    if origin == "objectid":
        qualified = ours(signature)
        return qualified and qualified + call[call.index("("):]
    return call if have_function(signature) else None


def rotate(items, r):
    r %= max(len(items), 1)
    return items[r:] + items[:r]


def median(xs):
    return statistics.median(xs) if xs else None


# --- 1. per-call cost -------------------------------------------------------

def percall_round(gens, sizes, reps):
    """One round: for each generator, its baseline and its loop alternate
    reps times over the same number of rows; the fastest run of each is
    kept (noise from other work on the machine only ever adds time)."""
    lines = ["SET work_mem = '1GB';"]
    for label, call in gens:
        n = sizes[label]
        base_q = "SELECT count(x) FROM generate_series(1, %d) x" % n
        gen_q = "SELECT count(%s) FROM generate_series(1, %d)" % (call, n)
        for _ in range(reps):
            lines.append("SELECT 'R', 'base', %s, bench.ms(%s);"
                         % (quote(label), quote(base_q)))
            lines.append("SELECT 'R', 'gen', %s, bench.ms(%s);"
                         % (quote(label), quote(gen_q)))
    runs = {}
    for kind, label, ms in psql("\n".join(lines) + "\n"):
        runs.setdefault((kind, label), []).append(float(ms))
    return {label: (min(runs[("gen", label)]) - min(runs[("base", label)]))
            * 1e6 / sizes[label] for label, _ in gens}    # ns per call


def ratio_table(rounds, labels):
    """Median per-call ns and median of the per-round ratios to REFERENCE."""
    res = {}
    for label in labels:
        ns = [r[label] for r in rounds]
        ratios = [r[label] / r[REFERENCE] for r in rounds]
        res[label] = dict(ns=median(ns), ratio=median(ratios),
                          ratio_min=min(ratios), ratio_max=max(ratios),
                          ns_all=ns)
    return res


def bench_percall(cfg, gens):
    """Per-call cost; each generator loops over as many rows as fill about
    cfg["loop_ms"] (slow generators get fewer rows, fast ones up to
    cfg["calls"]), sized from a warm-up round that is not counted."""
    warm = 100_000
    sizes = dict.fromkeys((g[0] for g in gens), warm)
    warm_cost = percall_round(gens, sizes, 1)
    base_ns = 150.0     # a generate_series row + count(), roughly
    for label in sizes:
        per_row = max(warm_cost[label], 0.0) + base_ns
        n = int(cfg["loop_ms"] * 1e6 / per_row) // 10_000 * 10_000
        sizes[label] = max(50_000, min(cfg["calls"], n))
    log("per call: %d rounds, fastest of %d runs each; rows per loop: %s"
        % (cfg["rounds"], cfg["reps"], ", ".join(
            "%s %d" % (g[0], sizes[g[0]]) for g in gens)))
    rounds = []
    for r in range(cfg["rounds"]):
        rounds.append(percall_round(rotate(gens, r), sizes, cfg["reps"]))
        log("  round %d: %s" % (r + 1, "  ".join(
            "%s %.1f" % (g[0], rounds[-1][g[0]]) for g in gens)))
    res = ratio_table(rounds, [g[0] for g in gens])
    for label in res:
        res[label]["rows"] = sizes[label]
    return res


# --- 1b. per-call cost under concurrency (pgbench) --------------------------

def pgbench_tps(script, cfg):
    cmd = ["pgbench", "-n", "-c", str(cfg["clients"]),
           "-j", str(min(cfg["clients"], os.cpu_count() or 1)),
           "-T", str(cfg["pgb_seconds"]), "-f", script]
    proc = subprocess.run(cmd, text=True, capture_output=True)
    if proc.returncode != 0:
        sys.stderr.write(proc.stdout + proc.stderr)
        raise SystemExit("pgbench failed")
    m = re.search(r"tps = ([0-9.]+) \(without initial connection time\)",
                  proc.stdout)
    return float(m.group(1))


def bench_pgbench(cfg, gens):
    m = cfg["pgb_calls"]
    c = cfg["clients"]
    sdir = os.path.join(OUT, "pgbench")
    os.makedirs(sdir, exist_ok=True)
    scripts = {}
    for label, call in [("base", "x")] + gens:
        name = re.sub(r"[^a-z0-9]+", "_", label.lower()).strip("_")
        path = os.path.join(sdir, name + ".sql")
        arg = "x" if label == "base" else call
        with open(path, "w") as f:
            f.write("SELECT count(%s) FROM generate_series(1, %d) x;\n"
                    % (arg, m))
        scripts[label] = path
    log("pgbench: %d clients, %d calls/transaction, %ds runs, %d rounds"
        % (c, m, cfg["pgb_seconds"], cfg["pgb_rounds"]))
    rounds = []
    for r in range(cfg["pgb_rounds"]):
        tps = {}
        for label, _ in rotate(gens, r):
            tps[label] = pgbench_tps(scripts[label], cfg)
        tb = (pgbench_tps(scripts["base"], cfg) +
              pgbench_tps(scripts["base"], cfg)) / 2
        # wall time one client waits per call, baseline taken out
        cost = {label: c * (1.0 / tf - 1.0 / tb) * 1e9 / m
                for label, tf in tps.items()}
        rounds.append(cost)
        log("  round %d: %s" % (r + 1, "  ".join(
            "%s %.1f" % (g[0], cost[g[0]]) for g in gens)))
    return ratio_table(rounds, [g[0] for g in gens])


# --- 2. bulk insert ----------------------------------------------------------

# the checkpointer publishes its counters just after CHECKPOINT returns
CKPT_COUNT = """SELECT pg_sleep(0.3);
SELECT checkpoints_timed + checkpoints_req AS %s FROM pg_stat_bgwriter \\gset
"""


def insert_once(coldef, rows):
    script = """
DROP TABLE IF EXISTS bench.ins;
CREATE TABLE bench.ins (%(coldef)s, n int NOT NULL);
CHECKPOINT;
%(ckpt0)s
SELECT pg_stat_force_next_flush();
SELECT pg_current_wal_lsn() AS l0, wal_fpi AS f0, wal_records AS r0
  FROM pg_stat_wal \\gset
SELECT clock_timestamp() AS t0 \\gset
INSERT INTO bench.ins (n) SELECT g FROM generate_series(1, %(rows)d) g;
SELECT extract(epoch FROM clock_timestamp() - :'t0'::timestamptz) AS secs,
       pg_wal_lsn_diff(pg_current_wal_lsn(), :'l0') AS wal \\gset
SELECT pg_stat_force_next_flush();
%(ckpt1)s
SELECT 'R', :secs, :wal, wal_fpi - :f0, wal_records - :r0, :c1 - :c0,
       pg_relation_size('bench.ins'), pg_indexes_size('bench.ins')
  FROM pg_stat_wal;
DROP TABLE bench.ins;
""" % dict(coldef=coldef, rows=rows, ckpt0=CKPT_COUNT % "c0",
           ckpt1=CKPT_COUNT % "c1")
    r = psql(script)[0]     # the primary key has refused any duplicate
    return dict(secs=float(r[0]), wal=int(float(r[1])), fpi=int(r[2]),
                records=int(r[3]), checkpoints=int(r[4]), heap=int(r[5]),
                index=int(r[6]))


def ckpt_wal_size(rows):
    """max_wal_size for the loads with checkpoints: about a tenth of the WAL
    a bigserial load of that size writes, 1GB (the default) at 10M rows."""
    return "%dMB" % max(64, rows // 10_000)


def set_max_wal_size(value):
    if value is None:
        psql("ALTER SYSTEM RESET max_wal_size;\nSELECT pg_reload_conf();\n")
    else:
        psql("ALTER SYSTEM SET max_wal_size = %s;\n"
             "SELECT pg_reload_conf();\n" % quote(value))
    time.sleep(0.5)


def bench_insert(cfg, keys, with_checkpoints=False):
    res = {}
    for rows in cfg["insert_rows"]:
        if with_checkpoints:
            set_max_wal_size(ckpt_wal_size(rows))
        log("insert: %d rows, %d rounds, %s%s" % (
            rows, cfg["insert_rounds"], ", ".join(k[0] for k in keys),
            ", max_wal_size = " + ckpt_wal_size(rows)
            if with_checkpoints else ""))
        rounds = []
        for r in range(cfg["insert_rounds"]):
            one_round = {}
            for label, coldef in rotate(keys, r):
                one_round[label] = insert_once(coldef, rows)
            rounds.append(one_round)
            log("  round %d: %s" % (r + 1, "  ".join(
                "%s %.2fs %.0fMB %dckpt" % (
                    k[0], one_round[k[0]]["secs"],
                    one_round[k[0]]["wal"] / 2**20,
                    one_round[k[0]]["checkpoints"]) for k in keys)))
        per = {}
        for label, _ in keys:
            ms = [rd[label] for rd in rounds]
            per[label] = dict(
                secs=median([m["secs"] for m in ms]),
                wal=median([m["wal"] for m in ms]),
                fpi=median([m["fpi"] for m in ms]),
                records=median([m["records"] for m in ms]),
                checkpoints=median([m["checkpoints"] for m in ms]),
                heap=median([m["heap"] for m in ms]),
                index=median([m["index"] for m in ms]),
                time_ratio=median([rd[label]["secs"] / rd["bigserial"]["secs"]
                                   for rd in rounds]),
                wal_ratio=median([rd[label]["wal"] / rd["bigserial"]["wal"]
                                  for rd in rounds]),
                secs_all=[m["secs"] for m in ms])
            if with_checkpoints:
                per[label]["max_wal_size"] = ckpt_wal_size(rows)
        res[str(rows)] = per
    if with_checkpoints:
        set_max_wal_size(None)
    return res


# --- 3. sorting and index builds -------------------------------------------

def bench_sort(cfg):
    n = cfg["sort_rows"]
    log("sort: building %d random objectid and %d random uuid values" % (n, n))
    psql("""
DROP TABLE IF EXISTS bench.sort_objectid, bench.sort_uuid;
-- objectid values from 12 random bytes (the cast bytea -> objectid)
CREATE TABLE bench.sort_objectid AS
	SELECT substr(uuid_send(gen_random_uuid()), 1, 12)::objectid AS v
	FROM generate_series(1, %(n)d);
CREATE TABLE bench.sort_uuid AS
	SELECT gen_random_uuid() AS v FROM generate_series(1, %(n)d);
VACUUM (FREEZE, ANALYZE) bench.sort_objectid, bench.sort_uuid;
""" % dict(n=n))
    tables = [("objectid", "bench.sort_objectid"), ("uuid", "bench.sort_uuid")]
    plans = {}
    for label, table in tables:
        plans[label] = explain("SELECT v FROM %s ORDER BY v OFFSET %d"
                               % (table, n), analyze=True,
                               settings="SET work_mem = '2GB';")
    rounds = []
    for r in range(cfg["sort_rounds"]):
        lines = ["SET work_mem = '2GB';",
                 "SET maintenance_work_mem = '2GB';"]
        for label, table in rotate(tables, r):
            lines.append("SELECT 'R', %s, 'order', bench.ms(%s);" % (
                quote(label),
                quote("SELECT v FROM %s ORDER BY v OFFSET %d" % (table, n))))
            lines.append("SELECT 'R', %s, 'index', bench.ms(%s);" % (
                quote(label),
                quote("CREATE INDEX sort_i ON %s (v)" % table)))
            lines.append("DROP INDEX bench.sort_i;")
        got = {}
        for label, what, ms in psql("\n".join(lines) + "\n"):
            got[(label, what)] = float(ms)
        rounds.append(got)
        log("  round %d: %s" % (r + 1, "  ".join(
            "%s/%s %.0fms" % (k[0], k[1], v) for k, v in sorted(got.items()))))
    res = {"plans": plans}
    for what in ("order", "index"):
        res[what] = dict(
            objectid_ms=median([g[("objectid", what)] for g in rounds]),
            uuid_ms=median([g[("uuid", what)] for g in rounds]),
            ratio=median([g[("objectid", what)] / g[("uuid", what)]
                          for g in rounds]),
            ratios=[g[("objectid", what)] / g[("uuid", what)]
                    for g in rounds])
    psql("DROP TABLE bench.sort_objectid, bench.sort_uuid;\n")
    return res


def explain(query, analyze=False, settings=""):
    """The plan of query, one line per element, as EXPLAIN prints it."""
    opts = "ANALYZE, TIMING OFF, SUMMARY OFF, COSTS OFF" if analyze \
        else "COSTS OFF"
    return [line.strip() for line in
            psql("%s\nEXPLAIN (%s) %s;\n" % (settings, opts, query), raw=True)]


# --- 3b. range scans by timestamp boundaries -----------------------------

RANGE_START = "2024-01-01 00:00:00+00"
RANGE_WINDOWS = [
    ("1 minute", "2024-01-10 12:00:00+00", "2024-01-10 12:01:00+00"),
    ("1 hour", "2024-01-10 12:00:00+00", "2024-01-10 13:00:00+00"),
    ("1 day", "2024-01-10 00:00:00+00", "2024-01-11 00:00:00+00"),
]


def bench_range(cfg):
    n = cfg["range_rows"]
    # one row every half second from RANGE_START: 5M rows span ~29 days
    step = "500 ms" if n >= 2_000_000 else "%d ms" % (2_500_000_000 // n)
    oid_at = ours("objectid(timestamp with time zone)")
    oid_from = ours("objectid_from_timestamp(timestamp with time zone)")
    v7_at = ours("uuidv7(timestamp with time zone)")
    v7_from = ours("uuidv7_from_timestamp(timestamp with time zone)")
    with_v7 = bool(v7_at and v7_from)
    log("range: %d rows, one every %s%s" % (n, step,
                                          ", with uuidv7" if with_v7 else ""))
    psql("""
DROP TABLE IF EXISTS bench.range;
CREATE TABLE bench.range AS
	SELECT %(oid_at)s(t) AS oid, %(v7)s AS v7, t AS ts
	FROM (SELECT timestamptz %(start)s + g * interval %(step)s AS t
		  FROM generate_series(1, %(n)d) g) s;
CREATE INDEX range_oid ON bench.range (oid);
CREATE INDEX range_ts ON bench.range (ts);
%(v7index)s
VACUUM (FREEZE, ANALYZE) bench.range;
""" % dict(n=n, start=quote(RANGE_START), step=quote(step), oid_at=oid_at,
           v7=v7_at + "(t)" if with_v7 else "NULL::uuid",
           v7index="CREATE INDEX range_v7 ON bench.range (v7);"
           if with_v7 else ""))
    cols = [("objectid", "oid >= " + oid_from + "(%s) AND oid < " +
             oid_from + "(%s)"),
            ("timestamptz", "ts >= %s AND ts < %s")]
    if with_v7:
        cols.append(("uuidv7", "v7 >= " + v7_from + "(%s) AND v7 < " +
                     v7_from + "(%s)"))
    res = {"windows": {}, "plans": {}, "step": step}
    for wname, lo, hi in RANGE_WINDOWS:
        queries = {label: "SELECT count(*) FROM bench.range WHERE " +
                   cond % (quote(lo), quote(hi)) for label, cond in cols}
        counts = {label: int(one(q)) for label, q in queries.items()}
        reps = {"1 minute": 1000, "1 hour": 50}.get(wname, 5)
        rounds = []
        for r in range(cfg["sort_rounds"]):
            # a first run in the session loads the catalog entries, so
            # that the timed runs compare the queries and not the caches
            lines = ["SELECT bench.ms(%s);" % quote(q)
                     for _, q in sorted(queries.items())]
            # three interleaved passes; the fastest of each query counts
            for _ in range(3):
                for label, q in rotate(sorted(queries.items()), r):
                    lines.append("SELECT 'R', %s, bench.ms(%s, %d);" % (
                        quote(label), quote(q), reps))
            best = {}
            for lab, ms in psql("\n".join(lines) + "\n"):
                best[lab] = min(best.get(lab, float("inf")), float(ms))
            rounds.append(best)
        res["windows"][wname] = dict(
            rows=counts,
            ms={label: median([rd[label] for rd in rounds])
                for label, _ in cols},
            ratio={label: median([rd[label] / rd["timestamptz"]
                                  for rd in rounds]) for label, _ in cols})
        log("  %s: %s" % (wname, "  ".join(
            "%s %.3fms (%d rows)" % (label, res["windows"][wname]["ms"][label],
                                    counts[label]) for label, _ in cols)))
    for label, cond in cols:
        res["plans"][label] = explain(
            "SELECT count(*) FROM bench.range WHERE " +
            cond % (quote(RANGE_WINDOWS[2][1]), quote(RANGE_WINDOWS[2][2])))
    psql("DROP TABLE bench.range;\n")
    return res


# --- machine and server ----------------------------------------------------

def machine_info():
    cpu = "unknown"
    mem = None
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemTotal"):
                    mem = int(line.split()[1]) * 1024
                    break
    except OSError:
        pass

    def git(*args):
        try:
            return subprocess.run(["git", "-C", TOP] + list(args), text=True,
                                  capture_output=True).stdout.strip()
        except OSError:
            return ""

    return dict(
        nproc=int(subprocess.run(["nproc"], text=True,
                                 capture_output=True).stdout.strip()),
        cpu=cpu, mem=mem, kernel=platform.release(),
        server=one("version()"),
        server_num=int(one("current_setting('server_version_num')")),
        objectid_version=one("(SELECT extversion FROM pg_extension "
                             "WHERE extname = 'objectid')"),
        commit=git("rev-parse", "--short", "HEAD"),
        branch=git("rev-parse", "--abbrev-ref", "HEAD"),
        dirty=bool(git("status", "--porcelain", "--untracked-files=no")),
        settings=os.environ.get("BENCH_SETTINGS", "").split(),
        date=datetime.datetime.now(datetime.timezone.utc).strftime(
            "%Y-%m-%d %H:%M UTC"),
        load_start=open("/proc/loadavg").read().split()[:3])


def main():
    ap = argparse.ArgumentParser(
        prog="bench/run",
        description="Benchmark objectid against bigserial, gen_random_uuid() "
        "and uuid-ossp on the running cluster and write BENCHMARKS.md.")
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--full", action="store_const", dest="mode",
                      const="full", help="also 10M-row inserts, more rounds")
    mode.add_argument("--tiny", action="store_const", dest="mode",
                      const="tiny", help="harness smoke test; writes "
                      "bench/out/BENCHMARKS.md only")
    ap.add_argument("--rounds", type=int, help="rounds per comparison")
    ap.add_argument("--only", default=",".join(SECTIONS),
                    help="comma list of sections: " + ",".join(SECTIONS))
    ap.add_argument("--note", help="a remark printed at the top of the "
                    "report, e.g. on the state of the machine")
    ap.add_argument("--output", help="report file (default BENCHMARKS.md, "
                    "bench/out/BENCHMARKS.md with --tiny)")
    args = ap.parse_args()
    mode_name = args.mode or "quick"
    cfg = dict(MODES[mode_name])
    if args.rounds:
        for k in ("rounds", "pgb_rounds", "insert_rounds", "sort_rounds"):
            cfg[k] = args.rounds
    only = set(args.only.split(","))
    unknown = only - set(SECTIONS)
    if unknown:
        ap.error("unknown section(s): " + ", ".join(sorted(unknown)))
    output = args.output or (os.path.join(OUT, "BENCHMARKS.md")
                             if mode_name == "tiny"
                             else os.path.join(TOP, "BENCHMARKS.md"))
    os.makedirs(OUT, exist_ok=True)

    setup_server()
    release_install_lock()
    started = time.time()
    info = machine_info()
    info["mode"] = mode_name
    info["note"] = args.note
    info["config"] = cfg
    log("server: " + info["server"])

    gens = []
    for label, call, sig, origin, _ in GENERATORS:
        sql = resolve(call, sig, origin)
        if sql:
            gens.append((label, sql))
    missing = [label for label, _, _, _, _ in GENERATORS
               if label not in dict(gens)]
    keys = []
    for label, typ, gen in KEYS:
        if gen is None:
            keys.append((label, "id %s PRIMARY KEY" % typ))
        elif gen in dict(gens):
            keys.append((label, "id %s PRIMARY KEY DEFAULT %s"
                         % (typ, dict(gens)[gen])))
    missing_keys = [label for label, _, _ in KEYS
                    if label not in dict(keys)]
    results = dict(info=info, missing=missing, missing_keys=missing_keys)
    if "percall" in only:
        results["percall"] = bench_percall(cfg, gens)
    if "pgbench" in only:
        results["pgbench"] = bench_pgbench(cfg, gens)
    if "insert" in only:
        results["insert"] = bench_insert(cfg, keys)
    if "checkpointed" in only:
        results["checkpointed"] = bench_insert(cfg, keys, True)
    if "sort" in only:
        results["sort"] = bench_sort(cfg)
    if "range" in only:
        results["range"] = bench_range(cfg)
    info["load_end"] = open("/proc/loadavg").read().split()[:3]
    info["elapsed_s"] = round(time.time() - started)

    raw = os.path.join(OUT, "results-%s.json" % mode_name)
    with open(raw, "w") as f:
        json.dump(results, f, indent=1, sort_keys=True)
    log("raw results: " + os.path.relpath(raw, TOP))

    sys.path.insert(0, HERE)
    import report
    report.write(results, output)
    log("report: " + os.path.relpath(output, TOP))


if __name__ == "__main__":
    main()
