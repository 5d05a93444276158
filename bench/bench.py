#!/usr/bin/env python3
"""bench/bench.py: the measurements behind BENCHMARKS.md, run by bench/run on
a throwaway cluster.  Every comparison is a ratio within one run: the median
of several rounds in which the contenders are interleaved, their order
rotating.  Nothing is asserted.  It writes figures only, to bench/out/:
results-<mode>-pg<major>[-<sections>].json, a markdown file of tables per
section (machine, percall, insert, sort, range, estimates, core18 .md) and
insert.png; BENCHMARKS.md is written by hand around the tables.
`python3 bench/bench.py --tables RESULTS.json` writes them again from saved
results, without a server.
"""

import argparse
import datetime
import fcntl
import functools
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)
OUT = os.path.join(HERE, "out")

# calls: most rows of a per-call loop, sized to fill loop_ms; reps: runs per
# loop and round, the fastest counts; pgb_calls: calls per pgbench
# transaction; estimate_scale: of ESTIMATE_ROWS
QUICK = dict(calls=4_000_000, loop_ms=400, reps=2, rounds=5, pgb_calls=50_000,
             pgb_seconds=2, pgb_rounds=3, clients=4, insert_rows=[1_000_000],
             insert_rounds=3, sort_rows=5_000_000, sort_rounds=3,
             range_rows=2_000_000, estimate_scale=1)
MODES = dict(quick=QUICK, tiny=dict(
    QUICK, calls=500_000, loop_ms=60, rounds=3, pgb_calls=20_000,
    pgb_seconds=1, pgb_rounds=2, insert_rows=[100_000], insert_rounds=2,
    sort_rows=200_000, sort_rounds=2, range_rows=200_000,
    estimate_scale=0.02), full=dict(
    QUICK, calls=10_000_000, loop_ms=1000, reps=3, rounds=7, pgb_seconds=5,
    pgb_rounds=5, insert_rows=[1_000_000, 10_000_000], sort_rounds=5,
    range_rows=5_000_000))
SECTIONS = ("percall", "pgbench", "insert", "checkpointed", "sort", "range",
            "estimates", "core18")

# Generators measured per call: (call, whose); a setting in brackets after
# the call is set around its loops (and given to pgbench's sessions).  EXT is the extension's
# schema: its functions are called qualified, so that on 18+ its uuidv7()
# is measured and not core's.  nextval() is what a bigserial default calls;
# clock_timestamp() about the least a time-based generator can cost.
GENERATORS = [("EXT.objectid()", "objectid"),
              ("EXT.objectid() [objectid.generator=session]", "objectid"),
              ("EXT.objectid(timestamptz '2020-06-01 12:00:00+00')",
               "objectid"),
              ("EXT.uuidv7()", "objectid"),
              ("EXT.uuidv6()", "objectid"), ("EXT.uuidv8()", "objectid"),
              ("EXT.uuidv4()", "objectid"), ("gen_random_uuid()", "core"),
              ("uuid_generate_v1()", "uuid-ossp"),
              ("uuid_generate_v4()", "uuid-ossp"),
              ("nextval('bench.seq')", "core"), ("clock_timestamp()", "core")]
# bulk insert keys: (label, column definition, search_path at CREATE TABLE)
KEYS = [("bigserial", "id bigserial PRIMARY KEY", None),
        ("gen_random_uuid()", "id uuid PRIMARY KEY DEFAULT gen_random_uuid()",
         None),
        ("uuidv7()", "id uuid PRIMARY KEY DEFAULT EXT.uuidv7()", None),
        ("objectid()", "id objectid PRIMARY KEY DEFAULT EXT.objectid()", None)]
# PostgreSQL 18+: core's uuidv7()/uuidv4() beside the extension's, per call
# (label, call, search_path around it, whose), and as column defaults, which
# are bound to a function when the table is created
CORE18 = [("gen_random_uuid()", "gen_random_uuid()", None, "core")] + [
    row for f in ("uuidv7()", "uuidv4()") for row in (
        (f, f, None, "core"), ("pg_catalog." + f, "pg_catalog." + f, None,
                               "core"), ("EXT." + f, "EXT." + f, None,
                                         "objectid"),
        (f + ", search_path = EXT, pg_catalog", f, "EXT, pg_catalog",
         "objectid"))] + [("clock_timestamp()", "clock_timestamp()", None,
                           "core")]
CORE18_KEYS = [
    KEYS[0],
    ("DEFAULT uuidv7()", "id uuid PRIMARY KEY DEFAULT uuidv7()", None),
    ("DEFAULT EXT.uuidv7()", "id uuid PRIMARY KEY DEFAULT EXT.uuidv7()", None),
    ("DEFAULT uuidv7(), created under search_path = EXT, pg_catalog",
     "id uuid PRIMARY KEY DEFAULT uuidv7()", "EXT, pg_catalog")]

# Sort data sets: (type, source).  Random values in one statement; the
# values of a generator as 4 concurrent pgbench clients insert them, 1,000
# rows a transaction, as a table with a few writers holds them, then that
# table shuffled.  Ratios are to the uuid set of the same kind.
SORT_SETS = [("objectid", "random bytes"), ("uuid", "gen_random_uuid()")] + [
    (t, f + " x 4 sessions" + s) for s in ("", ", shuffled") for t, f in (
        ("objectid", "objectid()"), ("uuid", "uuidv7()"),
        ("bigint", "nextval()"))]
RANGE_WINDOWS = [("1 minute", "2024-01-10 12:00", "2024-01-10 12:01"),
                 ("1 hour", "2024-01-10 12:00", "2024-01-10 13:00"),
                 ("1 day", "2024-01-10 00:00", "2024-01-11 00:00")]

# Row estimates of time windows: est_u and est_s of the data sets shared
# with the regress test, at each size (indexed at the first only: estimates
# inside the histogram read no index); windows [start, start + width)
ESTIMATES_DATA = os.path.join(TOP, "sql", "estimates_data.sql")
ESTIMATE_ROWS = (1_000_000, 10_000_000)
ESTIMATE_STARTS = {"est_u": ["2024-03-15 09:00", "2024-07-20 18:30",
                             "2024-12-30 12:00"],
                   "est_s": ["2024-01-02 05:00", "2024-06-10 12:00",
                             "2024-12-28 12:00"]}
ESTIMATE_WIDTHS = ["1 minute", "1 hour", "6 hours", "1 day", "1 week",
                   "30 days", "6 months"]
ESTIMATE_KEYS = ("objectid", "objectid 1.0", "uuid v7", "timestamptz")
ESTIMATE_MIN_ROWS, ESTIMATE_FACTOR = 100, 2.0   # goal: such windows within 2x


def log(msg):
    print("-- " + msg, flush=True)


def run(cmd, stdin=None):
    """Run a client program; on failure show what it said, and stop."""
    proc = subprocess.run(cmd, input=stdin, text=True, capture_output=True)
    if proc.returncode != 0:
        sys.stderr.write((stdin or "") + proc.stdout + proc.stderr)
        raise SystemExit(cmd[0] + " failed")
    return proc


median = statistics.median


# --- talking to the server ---------------------------------------------------

def psql(script, raw=False, logs=False):
    """Run a script in one session; return the rows tagged 'R' (lists of
    fields), with raw every line printed, with logs (lines, LOG messages)."""
    proc = run(["psql", "-X", "-q", "-A", "-t", "-F", "\t", "-v",
                "ON_ERROR_STOP=1", "-f", "-"], script)
    lines = proc.stdout.splitlines()
    if logs:
        return lines, [ln.split("LOG:", 1)[1].strip()
                       for ln in proc.stderr.splitlines() if "LOG:" in ln]
    return lines if raw else [ln.split("\t")[1:] for ln in lines
                              if ln.startswith("R\t")]


def one(query):
    return psql("SELECT 'R', (%s);\n" % query)[0][0]


def quote(s):
    return "'" + s.replace("'", "''") + "'"


@functools.lru_cache()
def ext(text):
    """text with EXT the extension's schema."""
    return text and re.sub(r"\bEXT\b", one(
        "SELECT quote_ident(extnamespace::regnamespace::text) FROM "
        "pg_extension WHERE extname = 'objectid'"), text)


def pgbench(cfg, name, sql, *args):
    """pgbench with cfg["clients"] clients running sql (written to
    bench/out/pgbench/name.sql); returns its output."""
    path = os.path.join(OUT, "pgbench", name + ".sql")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(sql + "\n")
    c = cfg["clients"]
    return run(["pgbench", "-n", "-c", str(c), "-j", str(min(
        c, os.cpu_count())), "-f", path] + list(args)).stdout


def interleave(n, items, measure):
    """n rounds of measure(items), rotated one further each round, which
    returns {label: {figure: value}}; the rounds in items' order."""
    rounds = []
    for r in range(n):
        got = measure(items[r % len(items):] + items[:r % len(items)])
        rounds.append({i[0]: got[i[0]] for i in items})
        log("  round %d: %s" % (r + 1, "  ".join(
            "%s %.4g" % (k, next(iter(v.values())))
            for k, v in rounds[-1].items())))
    return rounds


def summarize(rounds, ratio_of, peer):
    """Per label of the rounds: the median of each figure (of a text, the
    first round's) and its value in each round; for each (figure, name) of
    ratio_of the median, least and greatest per-round ratio to that figure
    of peer(label)."""
    res = {}
    for label, first in rounds[0].items():
        m = res[label] = {}
        for f, v in first.items():
            m[f + "_all"] = [rd[label][f] for rd in rounds]
            m[f] = v if isinstance(v, str) else median(m[f + "_all"])
        for f, name in ratio_of if peer(label) in rounds[0] else ():
            r = [rd[label][f] / rd[peer(label)][f] for rd in rounds]
            m[name], m[name + "_min"], m[name + "_max"] = (median(r), min(r),
                                                          max(r))
    return res


# --- per-call cost -----------------------------------------------------------

def split_setting(call):
    """A generator's call and the setting in brackets after it, or None."""
    m = re.match(r"^(.*?)\s*\[(\S+=\S+)\]$", call)
    return (m.group(1), m.group(2)) if m else (call, None)


def percall_round(gens, sizes, reps):
    """Each generator's loop (label, call, search_path) runs reps times
    alternating with its floor, count(true) over the same rows (all but the
    call); the fastest of each counts: {label: {ns per call, floor_ns}}."""
    lines = ["SET work_mem = '1GB';"]
    for label, call, path in gens:
        lines.append("SET search_path = %s;" % (path or "DEFAULT"))
        lines.append("RESET objectid.generator;")
        call, setting = split_setting(call)
        if setting:
            lines.append("SET %s;" % setting)
        lines += ["SELECT 'R', '%s', %s, bench.ms(%s);" % (kind, quote(
            label), quote("SELECT count(%s) FROM generate_series(1, %d)"
                          % (expr, sizes[label])))
            for _ in range(reps) for kind, expr in (("floor", "true"),
                                                     ("ns", call))]
    runs = {}
    for kind, label, ms in psql("\n".join(lines) + "\n"):
        runs.setdefault((kind, label), []).append(float(ms) * 1e6
                                                  / sizes[label])
    return {g[0]: dict(ns=min(runs["ns", g[0]]) - min(runs["floor", g[0]]),
                       floor_ns=min(runs["floor", g[0]])) for g in gens}


def bench_percall(cfg, gens, reference="gen_random_uuid()"):
    """Each loop runs as many rows as fill about cfg["loop_ms"] (at most
    cfg["calls"]), sized from a warm-up round that is not counted."""
    sizes = dict.fromkeys((g[0] for g in gens), 100_000)
    for label, m in percall_round(gens, sizes, 1).items():
        n = int(cfg["loop_ms"] * 1e6 / (max(m["ns"], 0.0) + m["floor_ns"]))
        sizes[label] = max(50_000, min(cfg["calls"], n // 10_000 * 10_000))
    log("per call: %d rounds, fastest of %d runs; rows per loop: %s" % (
        cfg["rounds"], cfg["reps"], sizes))
    res = summarize(interleave(cfg["rounds"], gens, lambda g: percall_round(
        g, sizes, cfg["reps"])), [("ns", "ratio")], lambda _: reference)
    for label in res:
        res[label]["rows"] = sizes[label]
    return res


def bench_pgbench(cfg, gens):
    """The same loops as pgbench scripts, cfg["clients"] at once: the wall
    time one client waits per call, the baseline (count(true), run twice a
    round) taken out."""
    m, c = cfg["pgb_calls"], cfg["clients"]

    def tps(label, call):
        call, setting = split_setting(call)
        os.environ["PGOPTIONS"] = "-c " + setting if setting else ""
        out = pgbench(cfg, re.sub(r"\W+", "_", label).strip("_"),
                      "SELECT count(%s) FROM generate_series(1, %d);"
                      % (call, m), "-T", str(cfg["pgb_seconds"]))
        os.environ["PGOPTIONS"] = ""
        return float(re.search(r"tps = ([0-9.]+) \(without", out).group(1))

    def measure(gens):
        got = {g[0]: tps(g[0], g[1]) for g in gens}
        base = (tps("base", "true") + tps("base", "true")) / 2
        return {k: dict(ns=c * (1 / t - 1 / base) * 1e9 / m)
                for k, t in got.items()}
    log("pgbench: %d clients, %d calls/transaction, %ds runs, %d rounds"
        % (c, m, cfg["pgb_seconds"], cfg["pgb_rounds"]))
    return summarize(interleave(cfg["pgb_rounds"], gens, measure),
                     [("ns", "ratio")], lambda _: "gen_random_uuid()")


# --- bulk insert -------------------------------------------------------------

def checkpoints_expr(major):
    """A scalar subquery: the checkpoints completed since the server started
    (pg_stat_checkpointer on 17+, pg_stat_bgwriter before)."""
    return ("(SELECT num_timed + num_requested FROM pg_stat_checkpointer)"
            if major >= 17 else "(SELECT checkpoints_timed + checkpoints_req "
            "FROM pg_stat_bgwriter)")


def insert_once(coldef, rows, path, major):
    """One timed load (bench/insert.sql) of a new table."""
    ckpt = checkpoints_expr(major)
    r = psql("\\set coldef %s\n\\set rows %d\n\\set path %s\n\\set ckpt %s\n"
             "\\i %s\n" % (quote(coldef), rows, quote(path or "DEFAULT"),
                            quote(ckpt), quote(os.path.join(HERE,
                                                            "insert.sql"))))[0]
    return dict(zip(("secs", "wal", "fpi", "records", "checkpoints", "heap",
                     "index"), map(float, r)), default=r[7])


def bench_insert(cfg, keys, checkpoints=False):
    """keys: (label, column definition, search_path at CREATE TABLE).  With
    checkpoints, max_wal_size is about a tenth of the WAL a bigserial load
    writes (1GB, the default, at 10M rows), so checkpoints fall inside."""
    res, major = {}, cfg["major"]
    for rows in cfg["insert_rows"]:
        wal_size = checkpoints and "%dMB" % max(64, rows // 10_000) or None
        psql("ALTER SYSTEM %s;\nSELECT pg_reload_conf(), pg_sleep(0.5);\n" % (
            "SET max_wal_size = " + quote(wal_size) if wal_size
            else "RESET max_wal_size"))
        log("insert: %d rows, %d rounds, max_wal_size %s" % (
            rows, cfg["insert_rounds"], wal_size))
        res[str(rows)] = summarize(interleave(
            cfg["insert_rounds"], keys, lambda ks: {
                k[0]: insert_once(k[1], rows, k[2], major) for k in ks}),
            [("secs", "time_ratio"), ("wal", "wal_ratio")],
            lambda _: keys[0][0])
        for m in res[str(rows)].values():
            m["max_wal_size"] = wal_size
    psql("ALTER SYSTEM RESET max_wal_size;\nSELECT pg_reload_conf();\n")
    return res


# --- sorting and index builds ------------------------------------------------

def bench_sort(cfg):
    """ORDER BY and CREATE INDEX over each data set of SORT_SETS; each
    ORDER BY also runs once under trace_sort, which tells whether the sort
    kept its abbreviated keys."""
    n, res = cfg["sort_rows"], {}
    calls = {"objectid()": ext("EXT.objectid()"), "uuidv7()": ext(
        "EXT.uuidv7()"), "nextval()": "nextval('bench.sortseq')"}
    # distinct 8-byte prefixes: what an abbreviated key can tell apart
    prefix = {"objectid": "substr(v::bytea, 1, 8)",
              "uuid": "substr(uuid_send(v), 1, 8)", "bigint": "v"}
    for typ, src in SORT_SETS:
        name, t = "%s, %s" % (typ, src), "bench.s%d" % len(res)
        t0 = time.time()
        if src.endswith("shuffled"):
            psql("CREATE TABLE %s AS SELECT v FROM %s ORDER BY random();\n"
                 % (t, res[name[:-10]]["table"]))
        elif src.endswith("sessions"):
            psql("DROP SEQUENCE IF EXISTS bench.sortseq;\nCREATE SEQUENCE "
                 "bench.sortseq;\nCREATE TABLE %s (v %s);\n" % (t, typ))
            pgbench(cfg, "fill_" + t[6:], "INSERT INTO %s (v) SELECT %s FROM"
                    " generate_series(1, 1000);" % (t, calls[src[:-13]]),
                    "-t", str(max(1, n // (1000 * cfg["clients"]))))
        else:   # objectid from 12 random bytes
            psql("CREATE TABLE %s AS SELECT %s AS v FROM generate_series(1, "
                 "%d);\n" % (t, src if typ == "uuid" else "substr(uuid_send("
                             "gen_random_uuid()), 1, 12)::objectid", n))
        m = res[name] = dict(table=t, type=typ, fill_s=time.time() - t0, peer=(
            "uuid, gen_random_uuid()" if "random" in src else "uuid, uuidv7()"
            + src[src.index(" x"):]) if typ != "uuid" else None)
        psql("VACUUM (FREEZE, ANALYZE) %s;\n" % t)
        m["rows"], m["distinct"], m["distinct_prefix"] = map(int, psql(
            "SELECT 'R', count(*), count(DISTINCT v), count(DISTINCT %s) "
            "FROM %s;\n" % (prefix[typ], t))[0])
        m["order_q"] = "SELECT v FROM %s ORDER BY v OFFSET %d" % (t, m["rows"])
        plan, trace = psql("SET work_mem = '2GB';\nSET trace_sort = on;\n"
                           "SET client_min_messages = log;\nEXPLAIN (ANALYZE,"
                           " TIMING OFF, SUMMARY OFF, COSTS OFF) %s;\n"
                           % m["order_q"], logs=True)
        m["plan"] = [ln.strip() for ln in plan]
        m["trace"] = [ln for ln in trace if "_abbrev:" in ln]
        log("sort: %s, %.1f s to make; %s" % (name, m["fill_s"], (
            m["trace"] or ["no abbreviation"])[-1]))

    def measure(sets):
        script = "SET work_mem = '2GB';\nSET maintenance_work_mem = '2GB';\n"
        for name, in sets:
            script += ("SELECT 'R', %s, 'order', bench.ms(%s);\n"
                       "SELECT 'R', %s, 'index', bench.ms(%s);\n"
                       "DROP INDEX bench.sort_i;\n" % (
                           quote(name), quote(res[name]["order_q"]),
                           quote(name), quote("CREATE INDEX sort_i ON %s (v)"
                                              % res[name]["table"])))
        got = {}
        for name, what, ms in psql(script):
            got.setdefault(name, {})[what] = float(ms)
        return got
    for name, m in summarize(
            interleave(cfg["sort_rounds"], [(n,) for n in res], measure),
            [("order", "order_ratio"), ("index", "index_ratio")],
            lambda name: res[name]["peer"]).items():
        res[name].update(m)
    psql("".join("DROP TABLE %s;\n" % m["table"] for m in res.values()))
    return {"sets": res}


# --- range scans by timestamp boundaries -------------------------------------

def bench_range(cfg):
    """count(*) of the rows of a time window, by objectid and uuid v7
    boundaries and on a timestamptz column of the same instants, each
    column with its btree."""
    n = cfg["range_rows"]
    # 2M rows, one every 500 ms: ~12 days; smaller sets ~29 days
    step = "%d ms" % (500 if n >= 2_000_000 else 2_500_000_000 // n)
    log("range: %d rows, one every %s" % (n, step))
    psql(ext("""
CREATE TABLE bench.range AS
	SELECT EXT.objectid(t) AS oid, EXT.uuidv7_at(t) AS v7, t AS ts
	FROM (SELECT timestamptz '2024-01-01 00:00+00' + g * interval '%s' AS t
		  FROM generate_series(1, %d) g) s;
CREATE INDEX range_oid ON bench.range (oid);
CREATE INDEX range_ts ON bench.range (ts);
CREATE INDEX range_v7 ON bench.range (v7);
VACUUM (FREEZE, ANALYZE) bench.range;
""") % (step, n))
    cols = [("objectid", ext("oid >= EXT.objectid_from_timestamp(%s) AND oid"
                             " < EXT.objectid_from_timestamp(%s)")),
            ("timestamptz", "ts >= %s AND ts < %s"),
            ("uuidv7", ext("v7 >= EXT.uuidv7_from_timestamp(%s) AND v7 < "
                           "EXT.uuidv7_from_timestamp(%s)"))]
    res = {"windows": {}, "step": step}
    for wname, lo, hi in RANGE_WINDOWS:
        qs = [(label, "SELECT count(*) FROM bench.range WHERE " + cond % (
            quote(lo + "+00"), quote(hi + "+00"))) for label, cond in cols]
        reps = {"1 minute": 1000, "1 hour": 50}.get(wname, 5)

        def measure(qs):
            # a first run loads the catalog entries; then three interleaved
            # passes, the fastest of each query counts
            best = {}
            for label, ms in psql("\n".join(
                    ["SELECT bench.ms(%s);" % quote(q) for _, q in qs] +
                    ["SELECT 'R', %s, bench.ms(%s, %d);" % (
                        quote(label), quote(q), reps)
                     for _ in range(3) for label, q in qs]) + "\n"):
                best[label] = dict(ms=min(best.get(label, {"ms": 1e99})["ms"],
                                          float(ms)))
            return best
        log("range: %s" % wname)
        res["windows"][wname] = summarize(interleave(
            cfg["sort_rounds"], qs, measure), [("ms", "ratio")],
            lambda _: "timestamptz")
        for label, q in qs:
            res["windows"][wname][label]["rows"] = int(one(q))
    res["plan"] = [ln.rstrip() for ln in psql(
        "EXPLAIN (COSTS OFF) %s;\nDROP TABLE bench.range;\n" % qs[0][1],
        raw=True)]
    return res


# --- PostgreSQL 18+: core's generators beside the extension's ----------------

def bench_core18(cfg):
    if cfg["major"] < 18:
        log("core18: this server has no core uuidv7(); skipped")
        return None
    return dict(origins={ext(c[0]): c[3] for c in CORE18},
                percall=bench_percall(cfg, [(ext(c[0]), ext(c[1]), ext(c[2]))
                                            for c in CORE18], "uuidv7()"),
                insert=bench_insert(dict(cfg, insert_rows=cfg["insert_rows"]
                                         [:1]), [tuple(map(ext, k))
                                                 for k in CORE18_KEYS]))


# --- row estimates of time windows -------------------------------------------

def set_objectid_estimators(core):
    """objectid's < <= > >= with core's scalarXXsel (as in 1.0) or with the
    extension's objectid_XXsel."""
    psql("".join(ext(
        "ALTER OPERATOR EXT.%s(EXT.objectid, EXT.objectid) SET (RESTRICT = "
        "%s);\n" % (op, "scalar" + f if core else "EXT.objectid_" + f))
        for op, f in (("<", "ltsel"), ("<=", "lesel"), (">", "gtsel"),
                      (">=", "gesel"))))


def estimate_windows(table, what):
    """For each window of table, f(q) for each (f, key) of what, with q the
    query of the window on key: [[start, width, values...]]."""
    cond = {"objectid": "id >= EXT.objectid_from_timestamp(%1$L) AND id < "
                        "EXT.objectid_from_timestamp(%2$L)",
            "uuid v7": "v7 >= EXT.uuidv7_from_timestamp(%1$L) AND v7 < "
                       "EXT.uuidv7_from_timestamp(%2$L)",
            "timestamptz": "ts >= %1$L AND ts < %2$L"}
    return psql(ext(
        "SELECT 'R', lo, w, %s FROM (VALUES %s) v(i, lo, w), LATERAL (SELECT "
        "(lo || '+00')::timestamptz AS l, (lo || '+00')::timestamptz + "
        "w::interval AS h) b ORDER BY i;\n" % (", ".join(
            "bench.%s(format(%s, l, h))" % (f, quote(
                "SELECT * FROM bench.%s WHERE %s" % (table, cond[key])))
            for f, key in what), ", ".join(
            "(%d, %s, %s)" % (i, quote(lo), quote(w)) for i, (lo, w) in
            enumerate((lo, w) for lo in ESTIMATE_STARTS[table]
                      for w in ESTIMATE_WIDTHS)))))


def bench_estimates(cfg):
    """Estimated against actual rows of WHERE key >= f(lo) AND key < f(hi)
    on objectid keys (with the extension's estimators and with core's, as in
    1.0), uuid v7 keys and a timestamptz column of the same instants, at the
    default statistics target; then a join whose plan the estimates decide."""
    res = {"sets": {}, "data": os.path.relpath(ESTIMATES_DATA, TOP),
           "target": one("current_setting('default_statistics_target')")}
    for size in ESTIMATE_ROWS:
        n = int(size * cfg["estimate_scale"])
        indexed = size == ESTIMATE_ROWS[0]
        log("estimates: est_u and est_s of %s, %d rows each%s" % (
            res["data"], n, "" if indexed else ", no indexes"))
        # the shared data sets, copied with a uuid v7 column
        psql("DROP SCHEMA IF EXISTS est CASCADE;\nCREATE SCHEMA est;\n"
             "SET search_path = est, public;\n\\set est_rows %d\n\\i %s\n"
             % (n, quote(ESTIMATES_DATA)) + "".join(ext(
                 "CREATE TABLE bench.%(t)s AS SELECT id, EXT.uuidv7_at(ts) AS "
                 "v7, ts FROM est.%(t)s;\n%(ix)sVACUUM (FREEZE, ANALYZE) "
                 "bench.%(t)s;\n" % dict(t=t, ix="".join(
                     "CREATE INDEX ON bench.%s (%s);\n" % (t, c)
                     for c in ("id", "v7", "ts")) * indexed))
                 for t in ESTIMATE_STARTS) + "DROP SCHEMA est CASCADE;\n")
        for table in ESTIMATE_STARTS:
            rows = estimate_windows(table, [("est_rows", k) for k in (
                "objectid", "uuid v7", "timestamptz")] + [("count", k) for k in
                ("timestamptz", "objectid", "uuid v7")[:1 + 2 * indexed]])
            set_objectid_estimators(core=True)
            old = estimate_windows(table, [("est_rows", "objectid")])
            set_objectid_estimators(core=False)
            windows = []
            for r, o in zip(rows, old):
                windows.append(dict(zip(ESTIMATE_KEYS, map(float, (
                    r[2], o[2], r[3], r[4]))), start=r[0], width=r[1],
                    actual=int(r[5]), agree=len(set(r[5:])) == 1))
            name = "%s, %s rows" % (table, num(n))
            res["sets"][name] = dict(table=table, rows=n, indexed=indexed,
                                     windows=windows)
            log("  %s: %d windows" % (name, len(rows)))
        if indexed:
            res["join"] = bench_estimate_join()
        psql("DROP TABLE bench.est_u, bench.est_s;\n")
    return res


def bench_estimate_join():
    """bench.est_u as orders, joined to their shipments (one per order,
    three hours later, keyed by objectid too) over the same 2-day window on
    both keys, inside one histogram bin of each: estimated at a row or so,
    the planner rescans one window per row of the other (a nested loop);
    near the truth it hashes one side.  Timed with core's estimators (1.0)
    and the extension's."""
    psql(ext("""
CREATE TABLE bench.est_ship AS
	SELECT EXT.objectid(EXT.objectid_timestamp(id) + interval '3 hours') AS id,
		   id AS event_id, n % 7 AS carrier
	FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM bench.est_u) s;
CREATE INDEX ON bench.est_ship (id);
VACUUM (FREEZE, ANALYZE) bench.est_ship;
"""))

    def window(key, lo, hi):
        return ext("%s >= EXT.objectid_from_timestamp(%s) AND %s < "
                   "EXT.objectid_from_timestamp(%s)" % (key, quote(lo), key,
                                                        quote(hi)))
    # the first 2-day window from June on that core's estimators estimate
    # at under 10 rows on both tables
    set_objectid_estimators(core=True)
    for day in range(1, 29):
        lo, hi = ("2024-06-%02d 00:00:00+00" % d for d in (day, day + 2))
        if all(float(one("bench.est_rows(%s)" % quote(
                "SELECT * FROM %s t WHERE %s" % (t, window("t.id", lo, hi)))))
               < 10 for t in ("bench.est_u", "bench.est_ship")):
            break
    query = ("SELECT s.carrier, count(*) FROM bench.est_u e JOIN "
             "bench.est_ship s ON s.event_id = e.id WHERE %s AND %s GROUP BY 1"
             % (window("e.id", lo, hi), window("s.id", lo, hi)))
    res = dict(query=query, window=[lo, hi],
               items=int(one("SELECT count(*) FROM bench.est_ship")))
    for label, core in (("1.0 (core's estimators)", True),
                        ("objectid_XXsel (1.1 on)", False)):
        set_objectid_estimators(core=core)
        plan = psql("EXPLAIN (ANALYZE, TIMING OFF, SUMMARY OFF) %s;\n"
                    % query, raw=True)
        ms = [float(r[0]) for r in psql("SET statement_timeout = '10min';\n"
                                        + "SELECT 'R', bench.ms(%s);\n"
                                        % quote(query) * 3)]
        res[label] = dict(plan=plan, ms=min(ms), all_ms=ms)
        log("  join, %s: %.1f ms" % (label, min(ms)))
    psql("DROP TABLE bench.est_ship;\n")
    return res


# --- tables ------------------------------------------------------------------

def x(r):
    return "—" if r is None else "%.3fx" % r if r < 0.1 else "%.2fx" % r


def ns(v):
    return "%.0f" % v if abs(v) >= 100 else "%.1f" % v


def mib(b):
    return "%.1f" % (b / 2**20)


def num(v):
    return "{:,}".format(int(v))


def table(cols, rows):
    """A markdown table; a column named '>...' is numeric (right-aligned)."""
    return "\n".join(
        ["| " + " | ".join(c.lstrip(">") for c in cols) + " |",
         "|" + "".join("--:|" if c[:1] == ">" else "---|" for c in cols)] +
        ["| " + " | ".join(map(str, row)) + " |" for row in rows]) + "\n"


def percall_table(pc, pg, whose, clients=4):
    """pc: per-call figures; pg: those of pgbench (or {}); whose: label ->
    where the function comes from; clients: pgbench's."""
    return table(
        ["generator", "from", ">N", ">ns/call", ">ratio", ">ratio range",
         ">floor ns/row"] + [">%d clients ns/call" % clients,
                             ">%d clients ratio" % clients] * bool(
             pg), [["`%s`" % label, whose[label], num(m["rows"]), ns(m["ns"]),
                    x(m["ratio"]), "%s – %s" % (x(m["ratio_min"]), x(m[
                        "ratio_max"])), ns(m["floor_ns"])] + ([ns(pg[label][
                            "ns"]), x(pg[label]["ratio"])] if label in pg
                            else ["—", "—"]) * bool(pg)
                   for label, m in pc.items()])


def insert_tables(ins, core18=False):
    out = []
    for rows, per in sorted(ins.items(), key=lambda kv: int(kv[0])):
        wal_size = next(iter(per.values()))["max_wal_size"]
        out.append("#### %s rows%s\n\n" % (num(rows), wal_size and (
            ", max_wal_size = " + wal_size) or "") + (table(
                ["key", "stored default", ">time (s)", ">time ratio",
                 ">WAL (MiB)"], [("`%s`" % k, "`%s`" % m["default"], "%.2f"
                                  % m["secs"], x(m["time_ratio"]),
                                  mib(m["wal"])) for k, m in per.items()])
                if core18 else table(
                ["key", ">time (s)", ">time ratio", ">WAL (MiB)", ">WAL ratio",
                 ">WAL records", ">full-page images", ">heap (MiB)",
                 ">index (MiB)", ">checkpoints"],
                [("`%s`" % k, "%.2f" % m["secs"], x(m["time_ratio"]),
                  mib(m["wal"]), x(m["wal_ratio"]), num(m["records"]),
                  num(m["fpi"]), mib(m["heap"]), mib(m["index"]),
                  "%g" % m["checkpoints"]) for k, m in per.items()])))
    return "\n".join(out)


def sort_tables(sets):
    def abbrev(m):
        aborted = [ln for ln in m["trace"] if "aborting" in ln]
        return ("none (`int8` is sorted by value)" if m["type"] == "bigint"
                else "**aborted**: `%s`" % aborted[0] if aborted
                else "kept: `%s`" % m["trace"][-1] if m["trace"] else "kept")
    return table(
        ["data set", ">rows", ">distinct 8-byte prefixes", ">ORDER BY (ms)",
         ">ratio", ">CREATE INDEX (ms)", ">ratio", "peer"],
        [(name, num(m["rows"]), num(m["distinct_prefix"]), "%.0f" % m["order"],
          x(m.get("order_ratio")), "%.0f" % m["index"],
          x(m.get("index_ratio")), m["peer"] or "—")
         for name, m in sets.items()]) + "\n" + table(
        ["data set", "abbreviated keys (`trace_sort`)", "sort method"],
        [(name, abbrev(m), "`%s`" % "".join(
            ln for ln in m["plan"] if "Sort Method" in ln))
         for name, m in sets.items()])


def range_table(rng):
    """rows: one count if every column found the same rows, else each's."""
    labels = list(next(iter(rng["windows"].values())))
    return table(["window", ">rows"] + sum(([">%s (ms)" % lab, ">ratio"]
                                            for lab in labels), []), [
        [w, " / ".join(sorted(set(num(m[lab]["rows"]) for lab in labels)))] +
        sum((["%.3f" % m[lab]["ms"], x(m[lab]["ratio"])] for lab in labels),
            []) for w, m in rng["windows"].items()]) + "\n```\n%s\n```\n" % (
        "\n".join(rng["plan"]))


def estimates_tables(est):
    def off(e, actual):   # how far off an estimate is, as a factor >= 1
        return max(max(e, 1) / actual, actual / max(e, 1))
    summary, out = [], []
    for name, st in est["sets"].items():
        big = [m for m in st["windows"] if m["actual"] >= ESTIMATE_MIN_ROWS]
        worst = {k: max([off(m[k], m["actual"]) for m in big] or [1])
                 for k in ESTIMATE_KEYS}
        summary.append([name, len(big)] + [
            ("%.2fx" if k in ("objectid", "timestamptz") else "%.0fx")
            % worst[k] for k in ESTIMATE_KEYS] + [
            "**%s**" % ("met" if worst["objectid"] <= ESTIMATE_FACTOR
                        else "missed"),
            ("yes" if all(m["agree"] for m in st["windows"]) else "**no**")
            if st["indexed"] else "— (no indexes)"])
        out.append("### %s\n\n" % name + table(
            ["start (UTC)", "width", ">actual"] + [">" + k
                                                   for k in ESTIMATE_KEYS],
            [[m["start"], m["width"], num(m["actual"])] + [
                "%.0f" % m[k] + (" (%.2fx)" % (m[k] / m["actual"])
                                 if m["actual"] else "")
                for k in ESTIMATE_KEYS] for m in st["windows"]]))
    out.insert(0, table(
        ["data set", ">windows >= %d rows" % ESTIMATE_MIN_ROWS] + [
            ">%s: worst" % k for k in ESTIMATE_KEYS] + [
            "goal", "keys find the rows ts finds"], summary))
    j = est.get("join")
    if j:
        labels = [k for k in j if isinstance(j[k], dict)]
        out.append("### A join over a time window\n\n```sql\n%s;\n```\n\n"
                   % j["query"] + table(
                       ["estimators", "plan", ">run time (ms)"], [
                           (lab, "`%s`" % next((
                               ln.strip().lstrip("-> ") for ln in j[
                                   lab]["plan"] if "Join" in ln
                               or "Nested Loop" in ln), "?"),
                            "%.0f" % j[lab]["ms"]) for lab in labels]))
        out += ["%s:\n\n```\n%s\n```\n" % (lab, "\n".join(j[lab]["plan"]))
                for lab in labels]
    return "\n".join(out)


def chart(res, png):
    """Insert time and WAL by key at the largest size measured, a row of
    two panels per insert section (gnuplot)."""
    data, plots = [], []
    for name in ("insert", "checkpointed"):
        rows, per = max(res.get(name, {}).items(), key=lambda kv: int(kv[0]),
                        default=(0, {}))
        wal_size = per and next(iter(per.values()))["max_wal_size"]
        data += ["$%s << EOD\n%sEOD" % (name, "".join(
            '"%s" %.3f %.1f\n' % (k, m["secs"], m["wal"] / 2**20)
            for k, m in per.items()))] * bool(per)
        plots += [
            'set title "%s, %s rows, %s"\nset xrange [-0.6:%g]\n'
            'plot $%s using 0:%d:xtic(1) with boxes lc rgb "%s", '
            '$%s using 0:%d:(sprintf("%s", $%d)) with labels offset 0,0.8' % (
                what, num(rows), "checkpoints during the load, max_wal_size = "
                + wal_size if wal_size else "no checkpoint during the load",
                len(per) - 0.4, name, col, color, name, col, fmt, col)
            for col, what, color, fmt in ((2, "time (s)", "#4477aa", "%.2f"),
                                          (3, "WAL (MiB)", "#cc6677", "%.0f"))
            if per]
    subprocess.run(["gnuplot"], text=True, check=True, input="\n".join(data + [
        'set terminal pngcairo size 1100,%d font "sans,10"' % (
            60 + 180 * len(plots)), 'set output "%s"' % png,
        'set multiplot layout %d,2 title "Bulk insert, PRIMARY KEY DEFAULT '
        'f(), median of rounds"' % (len(plots) // 2), "set termoption "
        "noenhanced", "set style fill solid 0.8 border -1", "set boxwidth 0.6",
        "set grid ytics", "set yrange [0:*]", "set offsets 0, 0, graph 0.12, "
        "0", "unset key"] + plots + ["unset multiplot"]))


def write_tables(res, source):
    """The tables of each section measured, each file opening with a
    comment that names the run; and the chart."""
    info = res["info"]
    files = {"machine": table(["", ""], [(k, ", ".join(
        "%s=%s" % kv for kv in v.items()) if isinstance(v, dict) else " ".join(
            v) if isinstance(v, list) else v) for k, v in info.items()])}
    if "percall" in res:
        files["percall"] = percall_table(res["percall"], res.get(
            "pgbench", {}), {c.replace("EXT.", ""): w for c, w in GENERATORS},
            info.get("config", {}).get("clients", 4))
    if "insert" in res or "checkpointed" in res:
        files["insert"] = "\n".join(
            "### %s checkpoints during the load\n\n%s" % (
                title, insert_tables(res[k])) for k, title in (
                ("insert", "Without"), ("checkpointed", "With")) if k in res)
        chart(res, os.path.join(OUT, "insert.png"))
    if "sort" in res:
        files["sort"] = sort_tables(res["sort"]["sets"])
    if "range" in res:
        files["range"] = range_table(res["range"])
    if "estimates" in res:
        files["estimates"] = estimates_tables(res["estimates"])
    if "core18" in res:
        files["core18"] = percall_table(res["core18"]["percall"], {}, res[
            "core18"]["origins"]) + "\n" + insert_tables(
            res["core18"]["insert"], core18=True)
    for name, text in files.items():
        with open(os.path.join(OUT, name + ".md"), "w") as f:
            f.write("<!-- %s: %s, %s mode, %s, objectid %s (commit %s%s) -->"
                    "\n\n%s" % (source, info["server"].split(" on ")[0],
                                info["mode"], info["date"],
                                info["objectid_version"], info["commit"],
                                " + uncommitted changes" * info["dirty"],
                                text))
    log("tables: " + ", ".join("bench/out/%s.md" % f for f in files))


# --- the run -----------------------------------------------------------------

def release_install_lock():
    """Let go of the install lock the calling script holds on fd
    BENCH_LOCK_FD, once the server has the library loaded."""
    if os.environ.get("BENCH_LOCK_FD"):
        fcntl.flock(int(os.environ["BENCH_LOCK_FD"]), fcntl.LOCK_UN)
        log("install lock released")


def describe(mode, cfg):
    """What a run measured on: date, machine, server, extension version,
    commit, cluster settings (from bench/run's BENCH_SETTINGS)."""
    def git(*args):
        return subprocess.run(["git", "-C", TOP] + list(args), text=True,
                              capture_output=True).stdout.strip()
    with open("/proc/cpuinfo") as f:
        cpu = next(ln.split(":")[1].strip() for ln in f if "model name" in ln)
    return dict(
        date=datetime.datetime.now(datetime.timezone.utc).strftime(
            "%Y-%m-%d %H:%M UTC"), mode=mode, config=cfg, cpu=cpu,
        nproc=len(os.sched_getaffinity(0)), mem="%.0f GiB" % (os.sysconf(
            "SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30),
        kernel=platform.release(), server=one("version()"),
        major=int(one("current_setting('server_version_num')")) // 10000,
        objectid_version=one("(SELECT extversion FROM pg_extension "
                             "WHERE extname = 'objectid')"),
        commit=git("rev-parse", "--short", "HEAD"),
        dirty=bool(git("status", "--porcelain", "--untracked-files=no")),
        settings=os.environ.get("BENCH_SETTINGS", ""),
        load_start=open("/proc/loadavg").read().split()[:3])


def main():
    ap = argparse.ArgumentParser(
        prog="bench/run", description="Benchmark objectid against bigserial, "
        "gen_random_uuid() and uuid-ossp on a throwaway cluster; write the "
        "figures to bench/out/ (results-*.json, a markdown file of tables "
        "per section, insert.png).")
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--full", action="store_const", dest="mode",
                      const="full", help="also 10M-row inserts, more rounds")
    mode.add_argument("--tiny", action="store_const", dest="mode",
                      const="tiny", help="harness smoke test (small sizes)")
    ap.add_argument("--rounds", type=int, help="rounds per comparison")
    ap.add_argument("--clients", type=int, help="pgbench clients (default 4)")
    ap.add_argument("--only", default=",".join(SECTIONS),
                    help="comma list of sections: " + ",".join(SECTIONS))
    ap.add_argument("--tables", metavar="RESULTS.json", help="measure "
                    "nothing, write the tables from saved results (run as "
                    "python3 bench/bench.py --tables ...)")
    args = ap.parse_args()
    os.makedirs(OUT, exist_ok=True)
    if args.tables:
        with open(args.tables) as f:
            return write_tables(json.load(f), args.tables)
    only = [s for s in SECTIONS if s in args.only.split(",")]
    if set(args.only.split(",")) - set(SECTIONS):
        ap.error("unknown section in --only " + args.only)
    mode = args.mode or "quick"
    cfg = dict(MODES[mode])
    for k in ("rounds", "pgb_rounds", "insert_rounds", "sort_rounds"):
        cfg[k] = args.rounds or cfg[k]
    cfg["clients"] = args.clients or cfg["clients"]

    psql(open(os.path.join(HERE, "setup.sql")).read())
    # bench/run held the install lock while the cluster started with the
    # library preloaded and the extension was created: the code under test
    # is pinned now, so other checkouts may install again
    release_install_lock()
    started = time.time()

    info = describe(mode, cfg)
    log("server: " + info["server"])
    if os.environ.get("PG_MAJOR", str(info["major"])) != str(info["major"]):
        raise SystemExit("PG_MAJOR=%s, but the server is %d" % (
            os.environ["PG_MAJOR"], info["major"]))
    cfg["major"] = info["major"]
    gens = [(c.replace("EXT.", ""), ext(c), None) for c, _ in GENERATORS]
    keys = [tuple(map(ext, k)) for k in KEYS]
    res = dict(info=info)
    run = dict(percall=lambda: bench_percall(cfg, gens),
               pgbench=lambda: bench_pgbench(cfg, gens),
               insert=lambda: bench_insert(cfg, keys),
               checkpointed=lambda: bench_insert(cfg, keys, True),
               sort=lambda: bench_sort(cfg), range=lambda: bench_range(cfg),
               estimates=lambda: bench_estimates(cfg),
               core18=lambda: bench_core18(cfg))
    for name in only:
        got = run[name]()
        if got:
            res[name] = got
    info["load_end"] = open("/proc/loadavg").read().split()[:3]
    info["elapsed_s"] = round(time.time() - started)
    suffix = "" if len(only) == len(SECTIONS) else "-" + "+".join(only)
    raw = os.path.join(OUT, "results-%s-pg%d%s.json" % (mode, info["major"],
                                                        suffix))
    with open(raw, "w") as f:
        json.dump(res, f, indent=1)
    log("raw results: " + os.path.relpath(raw, TOP))
    write_tables(res, "bench/run%s%s" % (
        " --" + mode if mode != "quick" else "",
        " --only " + ",".join(only) if suffix else ""))


if __name__ == "__main__":
    main()
