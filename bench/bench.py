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

sys.dont_write_bytecode = True  # importing common/report leaves no __pycache__

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)
OUT = os.path.join(HERE, "out")

sys.path.insert(0, HERE)
from common import (CORE18, CORE18_KEYS, CORE18_REFERENCE,  # noqa: E402
                    ESTIMATE_SETS, ESTIMATE_START, ESTIMATE_STARTS,
                    ESTIMATE_WIDTHS, GENERATORS, KEYS, RANGE_START, RANGE_WINDOWS, REFERENCE,
                    SECTIONS, SORT_PEERS, SORT_SETS)
import report  # noqa: E402

MODES = {
    # calls: most rows of one per-call loop; loop_ms: the time a loop is
    # sized to fill; reps: runs per loop and round (the fastest counts);
    # pgb_calls: calls per pgbench transaction
    "tiny": dict(calls=500_000, loop_ms=60, reps=2, rounds=3,
                 pgb_calls=20_000, pgb_seconds=1, pgb_rounds=2, clients=4,
                 insert_rows=[100_000], insert_rounds=2,
                 sort_rows=200_000, sort_rounds=2, range_rows=200_000,
                 estimate_scale=0.02),
    "quick": dict(calls=4_000_000, loop_ms=400, reps=2, rounds=5,
                  pgb_calls=50_000, pgb_seconds=2, pgb_rounds=3, clients=4,
                  insert_rows=[1_000_000], insert_rounds=3,
                  sort_rows=5_000_000, sort_rounds=3, range_rows=2_000_000,
                  estimate_scale=1),
    "full": dict(calls=10_000_000, loop_ms=1000, reps=3, rounds=7,
                 pgb_calls=50_000, pgb_seconds=5, pgb_rounds=5, clients=4,
                 insert_rows=[1_000_000, 10_000_000], insert_rounds=3,
                 sort_rows=5_000_000, sort_rounds=5, range_rows=5_000_000,
                 estimate_scale=1),
}


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

def floor_query(n):
    """Everything a per-call loop does but the call: the same rows, the same
    aggregate over a constant.  (count(x) over the series column is no
    floor: reading the column costs more than a cheap call does.)"""
    return "SELECT count(true) FROM generate_series(1, %d)" % n


def percall_round(gens, sizes, reps):
    """One round: for each generator (label, SQL call, search_path or None),
    the floor and its loop alternate reps times over the same number of
    rows; the fastest run of each is kept (noise from other work on the
    machine only ever adds time).  Returns {label: (ns per call, ns per row
    of the floor)}."""
    lines = ["SET work_mem = '1GB';"]
    for label, call, path in gens:
        n = sizes[label]
        gen_q = "SELECT count(%s) FROM generate_series(1, %d)" % (call, n)
        if path:
            lines.append("SET search_path = %s;" % path)
        for _ in range(reps):
            lines.append("SELECT 'R', 'floor', %s, bench.ms(%s);"
                         % (quote(label), quote(floor_query(n))))
            lines.append("SELECT 'R', 'gen', %s, bench.ms(%s);"
                         % (quote(label), quote(gen_q)))
        if path:
            lines.append("RESET search_path;")
    runs = {}
    for kind, label, ms in psql("\n".join(lines) + "\n"):
        runs.setdefault((kind, label), []).append(float(ms))
    res = {}
    for label, _, _ in gens:
        gen = min(runs[("gen", label)]) * 1e6 / sizes[label]
        floor = min(runs[("floor", label)]) * 1e6 / sizes[label]
        res[label] = (gen - floor, floor)
    return res


def ratio_table(rounds, labels, reference=REFERENCE):
    """Median per-call ns and median of the per-round ratios to reference;
    rounds are {label: ns} or {label: (ns, floor ns)}."""
    def cost(v):
        return v[0] if isinstance(v, tuple) else v
    res = {}
    for label in labels:
        ns = [cost(r[label]) for r in rounds]
        ratios = [cost(r[label]) / cost(r[reference]) for r in rounds]
        res[label] = dict(ns=median(ns), ratio=median(ratios),
                          ratio_min=min(ratios), ratio_max=max(ratios),
                          ns_all=ns)
        if isinstance(rounds[0][label], tuple):
            res[label]["floor_ns"] = median([r[label][1] for r in rounds])
    return res


def bench_percall(cfg, gens, reference=REFERENCE):
    """Per-call cost; each generator loops over as many rows as fill about
    cfg["loop_ms"] (slow generators get fewer rows, fast ones up to
    cfg["calls"]), sized from a warm-up round that is not counted."""
    warm = 100_000
    sizes = dict.fromkeys((g[0] for g in gens), warm)
    warm_cost = percall_round(gens, sizes, 1)
    for label in sizes:
        per_row = max(warm_cost[label][0], 0.0) + warm_cost[label][1]
        n = int(cfg["loop_ms"] * 1e6 / per_row) // 10_000 * 10_000
        sizes[label] = max(50_000, min(cfg["calls"], n))
    log("per call: %d rounds, fastest of %d runs each; rows per loop: %s"
        % (cfg["rounds"], cfg["reps"], ", ".join(
            "%s %d" % (g[0], sizes[g[0]]) for g in gens)))
    rounds = []
    for r in range(cfg["rounds"]):
        rounds.append(percall_round(rotate(gens, r), sizes, cfg["reps"]))
        log("  round %d: %s" % (r + 1, "  ".join(
            "%s %.1f" % (g[0], rounds[-1][g[0]][0]) for g in gens)))
    res = ratio_table(rounds, [g[0] for g in gens], reference)
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
    for label, call, _ in [("base", "true", None)] + gens:
        name = re.sub(r"[^a-z0-9]+", "_", label.lower()).strip("_")
        path = os.path.join(sdir, name + ".sql")
        with open(path, "w") as f:
            f.write("SELECT count(%s) FROM generate_series(1, %d);\n"
                    % (call, m))
        scripts[label] = path
    log("pgbench: %d clients, %d calls/transaction, %ds runs, %d rounds"
        % (c, m, cfg["pgb_seconds"], cfg["pgb_rounds"]))
    rounds = []
    for r in range(cfg["pgb_rounds"]):
        tps = {}
        for label, _, _ in rotate(gens, r):
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

# the checkpointer publishes its counters just after CHECKPOINT returns;
# they moved from pg_stat_bgwriter to pg_stat_checkpointer in 17
CKPT_COUNT_BGWRITER = """SELECT pg_sleep(0.3);
SELECT checkpoints_timed + checkpoints_req AS %s FROM pg_stat_bgwriter \\gset
"""
CKPT_COUNT_CHECKPOINTER = """SELECT pg_sleep(0.3);
SELECT num_timed + num_requested AS %s FROM pg_stat_checkpointer \\gset
"""
CKPT_COUNT = CKPT_COUNT_BGWRITER    # main() picks the server's


def insert_once(coldef, rows, path=None):
    """One timed load; path: the search_path in force while the table (and
    so its DEFAULT, bound to a function then) is created."""
    script = """
DROP TABLE IF EXISTS bench.ins;
%(setpath)s
CREATE TABLE bench.ins (%(coldef)s, n int NOT NULL);
RESET search_path;
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
       pg_relation_size('bench.ins'), pg_indexes_size('bench.ins'),
       (SELECT pg_get_expr(adbin, adrelid) FROM pg_attrdef
         WHERE adrelid = 'bench.ins'::regclass AND adnum = 1)
  FROM pg_stat_wal;
DROP TABLE bench.ins;
""" % dict(coldef=coldef, rows=rows, ckpt0=CKPT_COUNT % "c0",
           ckpt1=CKPT_COUNT % "c1",
           setpath="SET search_path = %s;" % path if path else "")
    r = psql(script)[0]     # the primary key has refused any duplicate
    return dict(secs=float(r[0]), wal=int(float(r[1])), fpi=int(r[2]),
                records=int(r[3]), checkpoints=int(r[4]), heap=int(r[5]),
                index=int(r[6]), default=r[7])


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
            for key in rotate(keys, r):
                one_round[key[0]] = insert_once(key[1], rows,
                                                key[2] if len(key) > 2
                                                else None)
            rounds.append(one_round)
            log("  round %d: %s" % (r + 1, "  ".join(
                "%s %.2fs %.0fMB %dckpt" % (
                    k[0], one_round[k[0]]["secs"],
                    one_round[k[0]]["wal"] / 2**20,
                    one_round[k[0]]["checkpoints"]) for k in keys)))
        per = {}
        base = keys[0][0]
        for label in [k[0] for k in keys]:
            ms = [rd[label] for rd in rounds]
            per[label] = dict(
                secs=median([m["secs"] for m in ms]),
                wal=median([m["wal"] for m in ms]),
                fpi=median([m["fpi"] for m in ms]),
                records=median([m["records"] for m in ms]),
                checkpoints=median([m["checkpoints"] for m in ms]),
                heap=median([m["heap"] for m in ms]),
                index=median([m["index"] for m in ms]),
                time_ratio=median([rd[label]["secs"] / rd[base]["secs"]
                                   for rd in rounds]),
                wal_ratio=median([rd[label]["wal"] / rd[base]["wal"]
                                  for rd in rounds]),
                secs_all=[m["secs"] for m in ms],
                default=ms[0]["default"])
            if with_checkpoints:
                per[label]["max_wal_size"] = ckpt_wal_size(rows)
        res[str(rows)] = per
    if with_checkpoints:
        set_max_wal_size(None)
    return res


# --- 3. sorting and index builds -------------------------------------------

def sort_table(name):
    return "bench.s_" + re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def psql_log(script):
    """Run a script; return (stdout lines, server LOG lines)."""
    proc = subprocess.run(
        ["psql", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-f", "-"],
        input=script, text=True, capture_output=True)
    if proc.returncode != 0:
        sys.stderr.write(script + "\n" + proc.stderr)
        raise SystemExit("psql failed")
    return (proc.stdout.splitlines(),
            [ln for ln in proc.stderr.splitlines() if "LOG:" in ln])


def fill_by_sessions(table, call, n, cfg):
    """About n rows of call into table from cfg["clients"] concurrent
    sessions (pgbench clients), 1,000 rows a transaction: the values a table
    with a few writers holds, in the order it holds them."""
    per_tx = 1000
    c = cfg["clients"]
    tx = max(1, n // (per_tx * c))
    path = os.path.join(OUT, "pgbench", "fill_%s.sql" % table.split(".")[1])
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write("INSERT INTO %s (v) SELECT %s FROM generate_series(1, %d);\n"
                % (table, call, per_tx))
    t0 = time.time()
    proc = subprocess.run(["pgbench", "-n", "-c", str(c),
                           "-j", str(min(c, os.cpu_count() or 1)),
                           "-t", str(tx), "-f", path],
                          text=True, capture_output=True)
    if proc.returncode != 0:
        sys.stderr.write(proc.stdout + proc.stderr)
        raise SystemExit("pgbench failed")
    return time.time() - t0


def bench_sort(cfg):
    """ORDER BY and CREATE INDEX over each data set of SORT_SETS: random
    values, and values as a table written by a few sessions holds them (in
    insertion order and shuffled).  Each sort is also run once under
    trace_sort to record whether the abbreviated keys were kept."""
    n = cfg["sort_rows"]
    calls = {"objectid()": ours("objectid()"), "uuidv7()": ours("uuidv7()"),
             "nextval()": "nextval"}
    calls = {k: v and v + ("('bench.sortseq')" if k == "nextval()" else "()")
             for k, v in calls.items()}
    sets = [st for st in SORT_SETS if st[2] == "random" or calls[st[2]]]
    log("sort: %d rows per data set: %s" % (n, "; ".join(s_[0] for s_ in sets)))
    fill = {}
    for name, typ, src, order in sets:
        table = sort_table(name)
        if src == "random" and typ == "objectid":
            # objectid values from 12 random bytes (the cast bytea -> objectid)
            psql("DROP TABLE IF EXISTS %s;\nCREATE TABLE %s AS SELECT "
                 "substr(uuid_send(gen_random_uuid()), 1, 12)::objectid AS v "
                 "FROM generate_series(1, %d);\n" % (table, table, n))
        elif src == "random":
            psql("DROP TABLE IF EXISTS %s;\nCREATE TABLE %s AS SELECT "
                 "gen_random_uuid() AS v FROM generate_series(1, %d);\n"
                 % (table, table, n))
        elif order == "inserted":
            psql("DROP TABLE IF EXISTS %s;\nDROP SEQUENCE IF EXISTS "
                 "bench.sortseq;\nCREATE SEQUENCE bench.sortseq;\n"
                 "CREATE TABLE %s (v %s);\n" % (table, table, typ))
            fill[name] = fill_by_sessions(table, calls[src], n, cfg)
            log("  %s: %.1f s to insert" % (name, fill[name]))
        else:
            source = sort_table(name.replace(", shuffled", ""))
            psql("DROP TABLE IF EXISTS %s;\nCREATE TABLE %s AS SELECT v "
                 "FROM %s ORDER BY random();\n" % (table, table, source))
    psql("VACUUM (FREEZE, ANALYZE);\n")
    # rows, distinct values, distinct 8-byte prefixes (what an abbreviated
    # key of a 16- or 12-byte value can hold)
    prefix = {"objectid": "substr(v::bytea, 1, 8)",
              "uuid": "substr(uuid_send(v), 1, 8)", "bigint": "v"}
    counts = {}
    for name, typ, _, _ in sets:
        counts[name] = [int(v) for v in one(
            "SELECT count(*) || ',' || count(DISTINCT v) || ',' || "
            "count(DISTINCT %s) FROM %s" % (prefix[typ], sort_table(name))
        ).split(",")]
    # one traced run of each ORDER BY: the plan's sort method and the sort
    # support's own words on its abbreviated keys
    plans, traces = {}, {}
    for name, _, _, _ in sets:
        t = sort_table(name)
        out, logs = psql_log(
            "SET work_mem = '2GB';\nSET trace_sort = on;\n"
            "SET client_min_messages = log;\n"
            "EXPLAIN (ANALYZE, TIMING OFF, SUMMARY OFF, COSTS OFF) "
            "SELECT v FROM %s ORDER BY v OFFSET %d;\n" % (t, counts[name][0]))
        plans[name] = [ln.strip() for ln in out]
        traces[name] = [ln.split("LOG:", 1)[1].strip() for ln in logs
                        if "_abbrev:" in ln]
        log("  %s: %s" % (name, traces[name][-1] if traces[name]
                          else "no abbreviation"))
    rounds = []
    for r in range(cfg["sort_rounds"]):
        lines = ["SET work_mem = '2GB';",
                 "SET maintenance_work_mem = '2GB';"]
        for name, _, _, _ in rotate(sets, r):
            t = sort_table(name)
            lines.append("SELECT 'R', %s, 'order', bench.ms(%s);" % (
                quote(name),
                quote("SELECT v FROM %s ORDER BY v OFFSET %d"
                      % (t, counts[name][0]))))
            lines.append("SELECT 'R', %s, 'index', bench.ms(%s);" % (
                quote(name), quote("CREATE INDEX sort_i ON %s (v)" % t)))
            lines.append("DROP INDEX bench.sort_i;")
        got = {}
        for name, what, ms in psql("\n".join(lines) + "\n"):
            got[(name, what)] = float(ms)
        rounds.append(got)
        log("  round %d: %s" % (r + 1, "  ".join(
            "%s/%s %.0fms" % (st[0], what, got[(st[0], what)])
            for st in sets for what in ("order", "index"))))
    res = {"sets": {}}
    for name, typ, src, order in sets:
        m = dict(type=typ, source=src, order=order, rows=counts[name][0],
                 distinct=counts[name][1], distinct_prefix=counts[name][2],
                 fill_s=fill.get(name), plan=plans[name],
                 trace=traces[name])
        peer = SORT_PEERS.get(name)
        for what in ("order", "index"):
            m[what + "_ms"] = median([g[(name, what)] for g in rounds])
            m[what + "_all"] = [g[(name, what)] for g in rounds]
            if peer in dict((st[0], 1) for st in sets):
                m["peer"] = peer
                m[what + "_ratio"] = median(
                    [g[(name, what)] / g[(peer, what)] for g in rounds])
        res["sets"][name] = m
    psql("".join("DROP TABLE %s;\n" % sort_table(st[0]) for st in sets) +
         "DROP SEQUENCE IF EXISTS bench.sortseq;\n")
    return res


def explain(query, analyze=False, settings=""):
    """The plan of query, one line per element, as EXPLAIN prints it."""
    opts = "ANALYZE, TIMING OFF, SUMMARY OFF, COSTS OFF" if analyze \
        else "COSTS OFF"
    return [line.strip() for line in
            psql("%s\nEXPLAIN (%s) %s;\n" % (settings, opts, query), raw=True)]


# --- 3b. range scans by timestamp boundaries -----------------------------

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


# --- 4. PostgreSQL 18+: core's generators beside the extension's ---------

def ext_schema():
    return one("SELECT quote_ident(n.nspname) FROM pg_extension e "
               "JOIN pg_namespace n ON n.oid = e.extnamespace "
               "WHERE e.extname = 'objectid'")


def bench_core18(cfg):
    """Per-call cost of core's uuidv7()/uuidv4() (unqualified and
    pg_catalog.-qualified) against the extension's, called schema-qualified
    and through a search_path that puts the extension's schema first; then
    bulk inserts with each form as a column DEFAULT."""
    if not have_function("pg_catalog.uuidv7()"):
        log("core18: this server has no pg_catalog.uuidv7(); skipped")
        return None
    schema = ext_schema()
    gens, origins = [], {}
    for label, call, sig, path, origin in CORE18:
        label = label.replace("EXT", schema)
        if call is None:
            call = ours(sig) + "()"
        gens.append((label, call, path and path.replace("EXT", schema)))
        origins[label] = origin
    res = dict(schema=schema, origins=origins,
               percall=bench_percall(cfg, gens, CORE18_REFERENCE))
    keys = [(label.replace("EXT", schema), coldef.replace("EXT", schema),
             path and path.replace("EXT", schema))
            for label, coldef, path in CORE18_KEYS]
    res["insert"] = bench_insert(dict(cfg, insert_rows=cfg["insert_rows"][:1]),
                                 keys)
    return res


# --- 5. row estimates of time windows (issue #12) --------------------------

ESTIMATORS = {"<": "ltsel", "<=": "lesel", ">": "gtsel", ">=": "gesel"}


def set_objectid_estimators(core):
    """Give objectid's < <= > >= core's scalarXXsel (core=True, as in 1.0)
    or the extension's objectid_XXsel back."""
    schema = ext_schema()
    psql("".join(
        "ALTER OPERATOR %s.%s(%s.objectid, %s.objectid) SET (RESTRICT = %s);\n"
        % (schema, op, schema, schema,
           "scalar" + fn if core else "%s.objectid_%s" % (schema, fn))
        for op, fn in ESTIMATORS.items()))


def estimate_table(name):
    return "bench.est_" + re.sub(r"\W+", "_", name).strip("_")


def bench_estimates(cfg):
    """Estimated against actual rows of WHERE key >= f(lo) AND key < f(hi)
    for objectid keys (the extension's estimators and core's, as in 1.0),
    uuid v7 keys and a timestamptz column, at the default statistics
    target; then one join whose plan the estimate decides."""
    oid_at = ours("objectid(timestamp with time zone)")
    oid_from = ours("objectid_from_timestamp(timestamp with time zone)")
    v7_at = ours("uuidv7_at(timestamp with time zone)")
    v7_from = ours("uuidv7_from_timestamp(timestamp with time zone)")
    psql("""
CREATE OR REPLACE FUNCTION bench.est_rows(q text) RETURNS float8
LANGUAGE plpgsql AS $$
DECLARE
	plan json;
BEGIN
	EXECUTE 'EXPLAIN (FORMAT JSON) ' || q INTO plan;
	RETURN (plan->0->'Plan'->>'Plan Rows')::float8;
END
$$;
""")
    cols = [("objectid", "id >= %s(%%s) AND id < %s(%%s)" % (oid_from,
                                                           oid_from)),
            ("uuid v7", "v7 >= %s(%%s) AND v7 < %s(%%s)" % (v7_from, v7_from)),
            ("timestamptz", "ts >= %s AND ts < %s")]
    res = {"sets": {}, "target": one("current_setting('default_statistics_target')")}
    for name, rows, how, indexed in ESTIMATE_SETS:
        n = max(int(rows * cfg["estimate_scale"]), 1000)
        table = estimate_table(name)
        if how == "uniform":
            t = ("timestamptz %s + g * (interval '366 days' / %d)"
                 % (quote(ESTIMATE_START), n))
        else:
            cut = n // 10
            t = ("CASE WHEN g <= %d THEN timestamptz %s + g * "
                 "(interval '359 days' / %d) ELSE timestamptz "
                 "'2024-12-25 00:00:00+00' + (g - %d) * "
                 "(interval '7 days' / %d) END"
                 % (cut, quote(ESTIMATE_START), cut, cut, n - cut))
        log("estimates: %s, %d rows" % (name, n))
        t0 = time.time()
        psql("""
DROP TABLE IF EXISTS %(table)s;
CREATE TABLE %(table)s AS
	SELECT %(oid_at)s(t) AS id, %(v7_at)s(t) AS v7, t AS ts
	FROM (SELECT %(t)s AS t FROM generate_series(1, %(n)d) g) s;
%(indexes)s
VACUUM (FREEZE, ANALYZE) %(table)s;
""" % dict(table=table, oid_at=oid_at, v7_at=v7_at, t=t, n=n,
           indexes="".join("CREATE INDEX ON %s (%s);\n" % (table, c)
                           for c in ("id", "v7", "ts")) if indexed else ""))
        load_s = time.time() - t0
        windows = []
        for lo in ESTIMATE_STARTS[how]:
            for width in ESTIMATE_WIDTHS:
                hi = one("(timestamptz %s + interval %s)::text"
                         % (quote(lo), quote(width)))
                m = {"start": lo, "width": width}
                for label, cond in cols:
                    m[label] = float(one("bench.est_rows(%s)" % quote(
                        "SELECT * FROM %s WHERE " % table +
                        cond % (quote(lo), quote(hi)))))
                set_objectid_estimators(core=True)
                m["objectid 1.0"] = float(one("bench.est_rows(%s)" % quote(
                    "SELECT * FROM %s WHERE " % table +
                    cols[0][1] % (quote(lo), quote(hi)))))
                set_objectid_estimators(core=False)
                # the ids carry whole seconds and the windows start on
                # whole minutes, so every key finds the rows ts finds
                m["actual"] = int(one(
                    "SELECT count(*) FROM %s WHERE ts >= %s AND ts < %s"
                    % (table, quote(lo), quote(hi))))
                if indexed:
                    m["agree"] = all(int(one(
                        "SELECT count(*) FROM %s WHERE " % table +
                        cond % (quote(lo), quote(hi)))) == m["actual"]
                        for _, cond in cols[:2])
                windows.append(m)
                log("  %s + %s: actual %d, objectid %.0f (1.0: %.0f), "
                    "uuid %.0f, timestamptz %.0f" % (
                        lo, width, m["actual"], m["objectid"],
                        m["objectid 1.0"], m["uuid v7"], m["timestamptz"]))
        res["sets"][name] = dict(rows=n, how=how, indexed=indexed,
                                 load_s=round(load_s), windows=windows)
        if name != "uniform 1M":
            psql("DROP TABLE %s;\n" % table)
    res["join"] = bench_estimate_join(cfg, oid_from)
    psql("DROP TABLE %s;\n" % estimate_table("uniform 1M"))
    return res


def bench_estimate_join(cfg, oid_from):
    """The uniform 1M set as orders, joined to their shipments (one per
    order, three hours later, keyed by objectid too) over the same 2-day
    window on both keys, a window inside one histogram bin.  With both
    sides estimated at a row or so the planner rescans one window per row
    of the other (a nested loop); with estimates near the truth it hashes
    one side.  Timed with core's estimators (1.0) and ours."""
    ev = estimate_table("uniform 1M")
    psql("""
DROP TABLE IF EXISTS bench.est_ship;
CREATE TABLE bench.est_ship AS
	SELECT %(oid_at)s(%(ts)s(id) + interval '3 hours') AS id, id AS event_id,
		   n %% 7 AS carrier
	FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM %(ev)s) s;
CREATE INDEX ON bench.est_ship (id);
VACUUM (FREEZE, ANALYZE) bench.est_ship;
""" % dict(ev=ev, oid_at=ours("objectid(timestamp with time zone)"),
           ts=ours("objectid_timestamp(objectid)")))
    n_items = int(one("SELECT count(*) FROM bench.est_ship"))

    def window(key, lo, hi):
        return "%s >= %s(%s) AND %s < %s(%s)" % (
            key, oid_from, quote(lo), key, oid_from, quote(hi))

    def q(lo, hi):
        return ("SELECT s.carrier, count(*) FROM %s e JOIN bench.est_ship s "
                "ON s.event_id = e.id WHERE %s AND %s GROUP BY 1"
                % (ev, window("e.id", lo, hi), window("s.id", lo, hi)))

    # a 2-day window inside one histogram bin on both tables, where core's
    # estimates are a row or so: the first such from June on
    set_objectid_estimators(core=True)
    for day in range(1, 29):
        lo = "2024-06-%02d 00:00:00+00" % day
        hi = "2024-06-%02d 00:00:00+00" % (day + 2)
        if all(float(one("bench.est_rows(%s)" % quote(
                "SELECT * FROM %s t WHERE %s" % (t, window("t.id", lo, hi)))))
               < 10 for t in (ev, "bench.est_ship")):
            break
    query = q(lo, hi)
    res = {"query": query, "items": n_items, "window": [lo, hi]}
    for label, core in (("1.0 (core's estimators)", True),
                        ("1.1 (objectid_XXsel)", False)):
        set_objectid_estimators(core=core)
        plan = [line.rstrip() for line in psql(
            "EXPLAIN (ANALYZE, TIMING OFF, SUMMARY OFF) %s;\n" % query,
            raw=True)]
        ms = [float(r[0]) for r in psql(
            "SET statement_timeout = '10min';\n" +
            "SELECT 'R', bench.ms(%s, 1);\n" % quote(query) * 3)]
        res[label] = dict(plan=plan, ms=min(ms), all_ms=ms)
        log("  join, %s: %.1f ms" % (label, min(ms)))
    set_objectid_estimators(core=False)
    psql("DROP TABLE bench.est_ship;\n")
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
        major=int(one("current_setting('server_version_num')")) // 10000,
        pg_major_env=os.environ.get("PG_MAJOR"),
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
    # a run of the 18 comparison or of the estimates alone writes the
    # fragment that BENCHMARKS.md includes (bench/core18.md,
    # bench/estimates.md); any other run the report
    fragment = only in ({"core18"}, {"estimates"})
    name = "%s.md" % min(only) if fragment else "BENCHMARKS.md"
    output = args.output or (os.path.join(OUT, name) if mode_name == "tiny"
                             else os.path.join(HERE if fragment else TOP,
                                               name))
    os.makedirs(OUT, exist_ok=True)

    setup_server()
    release_install_lock()
    started = time.time()
    info = machine_info()
    info["mode"] = mode_name
    info["note"] = args.note
    info["config"] = cfg
    log("server: " + info["server"])
    if info["pg_major_env"] and int(info["pg_major_env"]) != info["major"]:
        raise SystemExit("PG_MAJOR=%s but the server is %d"
                         % (info["pg_major_env"], info["major"]))
    global CKPT_COUNT
    if info["server_num"] >= 170000:
        CKPT_COUNT = CKPT_COUNT_CHECKPOINTER

    gens = []
    for label, call, sig, origin, _ in GENERATORS:
        sql = resolve(call, sig, origin)
        if sql:
            gens.append((label, sql, None))
    calls = {g[0]: g[1] for g in gens}
    missing = [label for label, _, _, _, _ in GENERATORS
               if label not in calls]
    keys = []
    for label, typ, gen in KEYS:
        if gen is None:
            keys.append((label, "id %s PRIMARY KEY" % typ))
        elif gen in calls:
            keys.append((label, "id %s PRIMARY KEY DEFAULT %s"
                         % (typ, calls[gen])))
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
    if "estimates" in only:
        results["estimates"] = bench_estimates(cfg)
    if "core18" in only:
        c18 = bench_core18(cfg)
        if c18:
            results["core18"] = c18
    info["load_end"] = open("/proc/loadavg").read().split()[:3]
    info["elapsed_s"] = round(time.time() - started)

    raw = os.path.join(OUT, "results-%s-pg%d%s.json" % (
        mode_name, info["major"], "-" + min(only) if fragment else ""))
    with open(raw, "w") as f:
        json.dump(results, f, indent=1, sort_keys=True)
    log("raw results: " + os.path.relpath(raw, TOP))

    if fragment and "estimates" in only:
        report.write_estimates(results, output)
    elif fragment:
        report.write_core18(results, output)
    else:
        report.write(results, output)
    log("report: " + os.path.relpath(output, TOP))


if __name__ == "__main__":
    main()
