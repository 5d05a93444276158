"""bench/report.py: BENCHMARKS.md and the insert chart from bench.py's results.

    python3 bench/report.py bench/out/results-quick-pg15.json [BENCHMARKS.md]
    python3 bench/report.py bench/out/results-quick-pg18-core18.json \
        bench/core18.md

re-renders a report (or, from a run of the core18 section alone, the
fragment BENCHMARKS.md includes) from saved raw results without touching a
server.
"""

import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)

sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
from common import (CORE18_REFERENCE, ESTIMATE_FACTOR,  # noqa: E402
                    ESTIMATE_MIN_ROWS, GENERATORS, KEYS,
                    KEY_TARGETS, KEY_TARGET_RATIO, KEY_TARGET_ROWS,
                    RANGE_WINDOWS, REFERENCE, SORT_SETS)


def mib(b):
    return "%.1f" % (b / 2**20)


def x(r):
    return "—" if r is None else "%.3fx" % r if r < 0.1 else "%.2fx" % r


def ns(v):
    return "—" if v is None else "%.0f" % v if abs(v) >= 100 else "%.1f" % v


def verdict(ok):
    return "**met**" if ok else "**missed**"


def chart(results, png):
    """Insert time and WAL by key type at the largest size measured, one row
    of two panels per insert variant (gnuplot)."""
    variants = [(name, title) for name, title in (
        ("insert", "no checkpoint during the load"),
        ("checkpointed", "checkpoints during the load"))
        if results.get(name)]
    if not variants:
        return None
    rows = max(results[variants[0][0]], key=int)
    plots = []
    for name, title in variants:
        per = results[name].get(rows)
        if not per:
            continue
        dat = os.path.join(HERE, "out", "chart-%s.dat" % name)
        with open(dat, "w") as f:
            f.write("# key seconds wal_mib\n")
            for label, m in in_key_order(per):
                f.write('"%s" %.3f %.1f\n' % (label, m["secs"],
                                              m["wal"] / 2**20))
        if name == "checkpointed":
            title += ", max_wal_size = %s" % next(
                iter(per.values()))["max_wal_size"]
        plots.append("""
set xrange [-0.6:%(n)d-0.4]
set title "elapsed time (s), %(title)s"
plot %(dat)s using 0:2:xtic(1) with boxes linecolor rgb "#4477aa", '' using 0:2:(sprintf("%%.2f", $2)) with labels offset 0,0.8 notitle
set title "WAL written (MiB), %(title)s"
plot %(dat)s using 0:3:xtic(1) with boxes linecolor rgb "#cc6677", '' using 0:3:(sprintf("%%.0f", $3)) with labels offset 0,0.8 notitle
""" % dict(dat=json.dumps(dat), title=title, n=len(per)))
    script = """
set terminal pngcairo size 1100,%(height)d font "sans,10"
set output %(png)s
set multiplot layout %(nrows)d,2 title "Bulk insert of %(rows)s rows, PRIMARY KEY DEFAULT f() (median of rounds)"
set termoption noenhanced
set style fill solid 0.8 border -1
set boxwidth 0.6
set grid ytics
set yrange [0:*]
set offsets 0, 0, graph 0.12, 0
set xtics nomirror
unset key
%(plots)s
unset multiplot
""" % dict(png=json.dumps(png), rows="{:,}".format(int(rows)),
           nrows=len(plots), height=60 + 360 * len(plots),
           plots="".join(plots))
    subprocess.run(["gnuplot"], input=script, text=True, check=True)
    return png


def in_key_order(per):
    """(label, figures) in the order of bench.KEYS (JSON sorts its keys)."""
    return [(k[0], per[k[0]]) for k in KEYS if k[0] in per]


def insert_tables(w, ins):
    for rows in sorted(ins, key=int):
        w("#### %s rows\n" % "{:,}".format(int(rows)))
        w("| key | time (s) | time ratio | WAL (MiB) | WAL ratio | "
          "WAL records | full-page images | heap (MiB) | index (MiB) | "
          "checkpoints |")
        w("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
        for label, m in in_key_order(ins[rows]):
            w("| `%s` | %.2f | %s | %s | %s | %s | %s | %s | %s | %g |" % (
                label, m["secs"], x(m["time_ratio"]), mib(m["wal"]),
                x(m["wal_ratio"]), "{:,}".format(int(m["records"])),
                "{:,}".format(int(m["fpi"])), mib(m["heap"]),
                mib(m["index"]), m["checkpoints"]))
        w("")


def abbrev_outcome(m):
    """What the sort support said about its abbreviated keys (trace_sort)."""
    if m["type"] == "bigint":
        return "none (`int8` is sorted by value)"
    t = m.get("trace") or []
    if any("aborting" in ln for ln in t):
        ln = [ln for ln in t if "aborting" in ln][0]
        return "**aborted**: `%s`" % ln
    if t:
        return "kept: `%s`" % t[-1]
    return "kept"


def sort_section(w, srt, info):
    cfg = info["config"]
    sets = [st for st in SORT_SETS if st[0] in srt["sets"]]
    w("## 3. Sorting and index builds (PostgreSQL %s)\n" % info.get("major", "?"))
    w("Each data set is one table of about %s rows, frozen and analysed "
      "first. *random*: `objectid` from 12 random bytes "
      "(`substr(uuid_send(gen_random_uuid()), 1, 12)::objectid`), `uuid` "
      "from `gen_random_uuid()`. *x 4 sessions*: the values as a table with "
      "a few writers holds them, inserted by %d concurrent pgbench clients, "
      "1,000 rows a transaction, with the extension's `objectid()` and "
      "`uuidv7()` and with `nextval()` for `bigint`; *shuffled*: the same "
      "table rewritten in random order (what a sort gets after a hash join "
      "or an aggregate), where the in-order table is almost presorted. "
      "`ORDER BY` is `SELECT v FROM t ORDER BY v OFFSET <all>` with "
      "`work_mem = 2GB` (an in-memory quicksort); `CREATE INDEX` with "
      "`maintenance_work_mem = 2GB`, no parallel workers. Median of %d "
      "rounds, the data sets interleaved; ratios are medians of per-round "
      "ratios to the peer named. *Distinct 8-byte prefixes* counts what an "
      "abbreviated key (the first 8 bytes) can tell apart; *abbreviated "
      "keys* is what the sort support logged under `trace_sort` on a "
      "traced run of the `ORDER BY`.\n" % (
          "{:,}".format(cfg["sort_rows"]), cfg["clients"],
          cfg["sort_rounds"]))
    w("| data set | rows | distinct 8-byte prefixes | ORDER BY (ms) | "
      "ratio | CREATE INDEX (ms) | ratio | peer |")
    w("|---|--:|--:|--:|--:|--:|--:|---|")
    for name, _, _, _ in sets:
        m = srt["sets"][name]
        w("| %s | %s | %s | %.0f | %s | %.0f | %s | %s |" % (
            name, "{:,}".format(m["rows"]),
            "{:,}".format(m["distinct_prefix"]), m["order_ms"],
            x(m.get("order_ratio")), m["index_ms"], x(m.get("index_ratio")),
            m.get("peer", "—")))
    w("")
    w("Abbreviated keys, per data set:\n")
    for name, _, _, _ in sets:
        m = srt["sets"][name]
        method = [ln for ln in m["plan"] if "Sort Method" in ln]
        w("- %s: %s; `%s`" % (name, abbrev_outcome(m),
                               method[0] if method else "?"))
    w("")


def core18_section(w, c18, info, own_header):
    pc = c18["percall"]
    schema = c18["schema"]
    cfg = info["config"]
    w("## 4. PostgreSQL %s: core's `uuidv7()` and `uuidv4()` beside the "
      "extension's\n" % info.get("major", "18+"))
    if own_header:
        w("Measured on **PostgreSQL %s** (`%s`), %s mode, %s, on a %d-core "
          "machine shared with other work during the run: read the ratios. "
          "Same harness as section 1 (floor `count(true)`, fastest of %d "
          "runs per round, median of %d rounds), extension commit %s%s. "
          "Reproduce with `PG_MAJOR=%s bench/run --only core18`.\n" % (
              info["major"], info["server"].split(" on ")[0], info["mode"],
              info["date"], info["nproc"], cfg["reps"], cfg["rounds"],
              info["commit"], " + uncommitted changes" if info["dirty"]
              else "", info["major"]))
    w("From PostgreSQL 18 on, core has `uuidv4()` and `uuidv7()` in "
      "`pg_catalog`, which is searched before any schema of the "
      "`search_path` unless the path names it, so an unqualified "
      "`uuidv7()` is core's even with the extension installed. Core's "
      "calls the operating system's strong random source (OpenSSL) for "
      "every value; the extension's draw from a buffered pool per "
      "backend. Ratios are to core's unqualified `%s`.\n" % CORE18_REFERENCE)
    w("| call | whose | N | ns/call | ratio | ratio range | floor ns/row |")
    w("|---|---|--:|--:|--:|--:|--:|")
    for label in pc:
        m = pc[label]
        w("| `%s` | %s | %s | %s | %s | %s – %s | %s |" % (
            label, c18["origins"].get(label, "?"),
            "{:,}".format(m.get("rows", 0)), ns(m["ns"]), x(m["ratio"]),
            x(m["ratio_min"]), x(m["ratio_max"]), ns(m.get("floor_ns"))))
    w("")
    ins = c18.get("insert", {})
    for rows in sorted(ins, key=int):
        w("Bulk insert of %s rows, `CREATE TABLE t (<key>, n int NOT NULL)` "
          "then `INSERT INTO t (n) SELECT g FROM generate_series(1, N) g`, "
          "median of %d rounds; *stored default* is the column default as "
          "`pg_get_expr()` prints it under the default `search_path`, i.e. "
          "the function the table really calls.\n" % (
              "{:,}".format(int(rows)), cfg["insert_rounds"]))
        w("| key | stored default | time (s) | time ratio | WAL (MiB) |")
        w("|---|---|--:|--:|--:|")
        for label, m in ins[rows].items():
            w("| `%s` | `%s` | %.2f | %s | %s |" % (
                label, m.get("default") or "nextval(...)", m["secs"],
                x(m["time_ratio"]), mib(m["wal"])))
        w("")
    w("How to get the extension's generators on 18+ (figures above):\n")
    w("- **Schema-qualify the call**, in a column default or a query: "
      "`id uuid PRIMARY KEY DEFAULT %s.uuidv7()`. The default is bound to "
      "that function when the table is created; `pg_dump` keeps the "
      "qualification." % schema)
    w("- **Put the extension's schema ahead of `pg_catalog`**: `SET "
      "search_path = %s, pg_catalog` (per session, or `ALTER ROLE ... SET` "
      "/ `ALTER DATABASE ... SET`); then unqualified `uuidv7()` and "
      "`uuidv4()` resolve to the extension's, in queries and in defaults "
      "created under that path (a default is bound when the table is "
      "created, so a table created under the ordinary path keeps core's)."
      % schema)
    w("- `pg_catalog.uuidv7()` is always core's.\n")


def est_cell(est, actual):
    """An estimate and its ratio to the actual count."""
    if actual == 0:
        return "%.0f" % est
    return "%.0f (%s)" % (est, "%.2fx" % (est / actual))


def off_by(est, actual):
    """How far an estimate is from the count, as a factor >= 1."""
    est = max(est, 1.0)
    return max(est / actual, actual / est)


def estimates_section(w, est, info, own_header):
    w("## 5. PostgreSQL %s: row estimates of time windows\n"
      % info.get("major", "?"))
    if own_header:
        w("Measured on **PostgreSQL %s** (`%s`), %s, extension commit %s%s, "
          "default statistics target %s. Reproduce with `PG_MAJOR=%s "
          "bench/run --only estimates`.\n" % (
              info["major"], info["server"].split(" on ")[0], info["date"],
              info["commit"], " + uncommitted changes" if info["dirty"]
              else "", est["target"], info["major"]))
    w("The query is `WHERE key >= f(lo) AND key < f(hi)` with `f` = "
      "`objectid_from_timestamp` for `objectid` keys and "
      "`uuidv7_from_timestamp` for `uuid` keys, and `ts >= lo AND ts < hi` "
      "for the `timestamptz` column of the same rows (ids made with "
      "`objectid(ts)`, uuids with `uuidv7_at(ts)`). Estimates are the "
      "planner's `rows` (EXPLAIN), each followed by its ratio to the "
      "actual count. *objectid 1.0* is the same query with the operators' "
      "estimators set back to core's `scalarltsel` ... `scalargesel`, as "
      "in version 1.0; `uuid` keys always have core's. Goal: every window "
      "of at least %d rows estimated within %gx for `objectid`.\n"
      % (ESTIMATE_MIN_ROWS, ESTIMATE_FACTOR))
    w("| data set | windows >= %d rows | objectid: worst | objectid 1.0: worst | uuid v7: worst | timestamptz: worst | goal |"
      % ESTIMATE_MIN_ROWS)
    w("|---|--:|--:|--:|--:|--:|---|")
    for name, st in est["sets"].items():
        big = [m for m in st["windows"] if m["actual"] >= ESTIMATE_MIN_ROWS]
        worst = {lab: max([off_by(m[lab], m["actual"]) for m in big] or [1])
                 for lab in ("objectid", "objectid 1.0", "uuid v7",
                             "timestamptz")}
        w("| %s | %d | %.2fx | %.0fx | %.0fx | %.2fx | %s |" % (
            name, len(big), worst["objectid"], worst["objectid 1.0"],
            worst["uuid v7"], worst["timestamptz"],
            verdict(worst["objectid"] <= ESTIMATE_FACTOR)))
    w("")
    w("Worst is the largest factor between estimate and count, either way "
      "(an estimate of 1 row for 114 is 114x).\n")
    for name, st in est["sets"].items():
        w("### %s: %s rows, %s%s\n" % (
            name, "{:,}".format(st["rows"]),
            "spread evenly over 2024" if st["how"] == "uniform" else
            "a tenth spread over 2024-01-01 to 2024-12-25, the rest over "
            "the last week of the year",
            "" if st["indexed"] else " (no indexes)"))
        w("| start (UTC) | width | actual | objectid | objectid 1.0 | uuid v7 | timestamptz |")
        w("|---|---|--:|--:|--:|--:|--:|")
        for m in st["windows"]:
            a = m["actual"]
            w("| %s | %s | %s | %s | %s | %s | %s |" % (
                m["start"][:16], m["width"], "{:,}".format(a),
                est_cell(m["objectid"], a), est_cell(m["objectid 1.0"], a),
                est_cell(m["uuid v7"], a), est_cell(m["timestamptz"], a)))
        if st["indexed"]:
            w("\nEvery key finds the same rows as the timestamptz column in "
              "every window: %s." % (
                  "yes" if all(m.get("agree") for m in st["windows"])
                  else "**no**"))
        w("")
    j = est.get("join")
    if j:
        w("### A join over a time window\n")
        w("The uniform 1M set as orders, joined to %s shipments (one per "
          "order, three hours later, keyed by `objectid` too) over the "
          "same window on both keys, %s to %s, inside one histogram bin "
          "of each table:\n" % ("{:,}".format(j["items"]),
                                j["window"][0], j["window"][1]))
        w("```sql\n%s;\n```\n" % j["query"])
        labels = [k for k in j if k.startswith("1.")]
        w("| estimators | plan | run time (ms) |")
        w("|---|---|--:|")
        for lab in labels:
            top = [ln.strip().lstrip("-> ") for ln in j[lab]["plan"]
                   if "Join" in ln or "Nested Loop" in ln][:1]
            w("| %s | `%s` | %.0f |" % (lab, top[0] if top else "?",
                                         j[lab]["ms"]))
        w("")
        tops = [[ln.split("(")[0].strip() for ln in j[lab]["plan"]]
                for lab in labels]
        w("The plans %s.\n" % (
            "differ: with core's estimators each side's window is estimated "
            "at about a row, so the planner runs the inner window once per "
            "outer row (a nested loop); with the extension's it hashes one "
            "window and reads each once (%.0fx faster)" % (
                j[labels[0]]["ms"] / j[labels[-1]]["ms"])
            if tops[0] != tops[-1] else
            "have the same shape with both (only the estimates differ): "
            "on this schema a hash join is chosen even for an estimate of "
            "1 row, so this query shows the estimate, not a plan change"))
        for lab in labels:
            w("%s:\n\n```\n%s\n```\n" % (lab, "\n".join(j[lab]["plan"])))
    w("Why: core interpolates inside a histogram bin only for types it "
      "knows (`convert_to_scalar`), so for `objectid` and `uuid` a bound "
      "inside a bin counts as the bin's middle, and a window with both "
      "bounds in one bin (a hundredth of the table at the default target) "
      "comes out as 1 row. The extension's estimators read the position "
      "inside the bin from the id's bytes (doc/design.md, \"Row estimates\"). "
      "`uuid` is core's type with core's operators: its estimates stay as "
      "they are.\n")


def write_estimates(results, output):
    """The fragment of a run of the estimates section alone
    (bench/estimates.md, included into BENCHMARKS.md by the next full
    report)."""
    out = []
    estimates_section(out.append, results["estimates"], results["info"],
                      own_header=True)
    with open(output, "w") as f:
        f.write("\n".join(out))


def write_core18(results, output):
    """The fragment of a run of the core18 section alone (bench/core18.md,
    included into BENCHMARKS.md by the next full report)."""
    out = []
    if results.get("core18"):
        core18_section(out.append, results["core18"], results["info"],
                       own_header=True)
    else:
        out.append("This server (%s) has no core `uuidv7()`; nothing to "
                   "compare.\n" % results["info"]["server"])
    with open(output, "w") as f:
        f.write("\n".join(out))


def write(results, output):
    info = results["info"]
    out = []
    w = out.append
    tiny = info["mode"] == "tiny"
    if os.path.abspath(output) == os.path.join(TOP, "BENCHMARKS.md"):
        png = os.path.join(HERE, "insert.png")
    else:
        png = os.path.join(os.path.dirname(os.path.abspath(output)),
                           "insert.png")
    png = chart(results, png)

    w("# Benchmarks\n")
    w("Measured on **PostgreSQL %s** (`%s`), %s mode, on a %d-core machine "
      "that was shared with other work during the run: absolute figures are "
      "noisy, the ratios within one run are what to read.%s\n" % (
          info.get("major", "?"), info["server"].split(" on ")[0],
          info["mode"], info["nproc"],
          " Section 4 was measured on another major, in its own run; it "
          "says which." if not results.get("core18") and os.path.exists(
              os.path.join(HERE, "core18.md")) else ""))
    w("How objectid's generators, keys and sorts compare with what users "
      "would pick instead (`bigserial`, core `gen_random_uuid()`, uuid-ossp), "
      "measured on one throwaway cluster in one run. Every comparison is a "
      "ratio taken in the same run: the median of several rounds in which "
      "the contenders are interleaved (their order rotates each round). "
      "Benchmarks are not tests; nothing asserts a timing.\n")
    w("Reproduce with `bench/run` (quick mode, a few minutes) or "
      "`bench/run --full` (adds 10M-row inserts and more rounds); "
      "`bench/run --help` lists the options. The raw figures of the last run "
      "are in `bench/out/` (not committed).\n")
    if info.get("note"):
        w("> " + info["note"] + "\n")
    w("## Machine and server\n")
    w("| | |\n|---|---|")
    w("| date | %s |" % info["date"])
    w("| mode | %s (%s) |" % (info["mode"], ", ".join(
        "%s=%s" % kv for kv in sorted(info["config"].items()))))
    w("| CPU | %s, `nproc` = %d |" % (info["cpu"], info["nproc"]))
    if info.get("mem"):
        w("| memory | %.0f GiB |" % (info["mem"] / 2**30))
    w("| kernel | %s |" % info["kernel"])
    w("| server | **PostgreSQL %s** (`PG_MAJOR=%s`): %s |" % (
        info.get("major", "?"), info.get("pg_major_env") or "?",
        info["server"]))
    w("| objectid | extension %s, commit %s%s (branch %s) |" % (
        info["objectid_version"], info["commit"],
        " + uncommitted changes" if info["dirty"] else "", info["branch"]))
    w("| load average | %s at start, %s at end; the run took %d s |" % (
        " ".join(info["load_start"]), " ".join(info.get("load_end", [])),
        info.get("elapsed_s", 0)))
    w("| cluster | `pg_virtualenv -t`, %s |" % ", ".join(
        "`%s`" % s for s in info["settings"]))
    w("")
    if results["missing"]:
        w("Not in this build, so not measured: %s. The suite measures every "
          "generator of its list that the installed extension has, so they "
          "appear here once they exist.\n" % ", ".join(
              "`%s`" % m for m in results["missing"]))

    # --- targets
    w("## Targets\n")
    w("| target | measured | verdict |\n|---|---|---|")
    pc = results.get("percall", {})
    for label, _, _, origin, target in GENERATORS:
        if target is None:
            continue
        if label in pc:
            r = pc[label]["ratio"]
            w("| `%s` per call <= %.2fx `%s` | %s (%s ns vs %s ns) | %s |" % (
                label, target, REFERENCE, x(r), ns(pc[label]["ns"]),
                ns(pc[REFERENCE]["ns"]), verdict(r <= target)))
        else:
            w("| `%s` per call <= %.2fx `%s` | not in this build | — |" % (
                label, target, REFERENCE))
    ins = results.get("insert", {})
    for label in KEY_TARGETS:
        for what, key in (("WAL", "wal_ratio"), ("time", "time_ratio")):
            goal = "`%s` key: %s <= %.1fx `bigserial` at %s rows" % (
                label, what, KEY_TARGET_RATIO,
                "{:,}".format(KEY_TARGET_ROWS))
            if results.get("missing_keys") and label in results["missing_keys"]:
                w("| %s | not in this build | — |" % goal)
                continue
            if str(KEY_TARGET_ROWS) in ins:
                r = ins[str(KEY_TARGET_ROWS)][label][key]
                w("| %s | %s | %s |" % (goal, x(r),
                                        verdict(r <= KEY_TARGET_RATIO)))
            elif ins:
                rows = max(ins, key=int)
                r = ins[rows].get(label, {}).get(key)
                if r is None:
                    continue
                w("| %s | not measured (quick mode); %s at %s rows | "
                  "pending `--full` |" % (goal, x(r),
                                          "{:,}".format(int(rows))))
    srt = results.get("sort")
    for name, peer in (("objectid, random bytes", "uuid, gen_random_uuid()"),
                       ("objectid, objectid() x 4 sessions, shuffled",
                        "uuid, uuidv7() x 4 sessions, shuffled")):
        m = srt and srt["sets"].get(name)
        if not m or "order_ratio" not in m:
            continue
        r = m["order_ratio"]
        w("| `ORDER BY` over %s `objectid` (%s) <= same over `uuid` (%s) | "
          "%s (%.0f ms vs %.0f ms) | %s |" % (
              "{:,}".format(m["rows"]), name.split(", ", 1)[1],
              peer.split(", ", 1)[1], x(r), m["order_ms"],
              srt["sets"][peer]["order_ms"], verdict(r <= 1.0)))
    w("")
    findings = os.path.join(HERE, "findings.md")
    if os.path.exists(findings):
        with open(findings) as f:
            w(f.read().rstrip() + "\n")

    # --- 1. per call
    if pc:
        pg = results.get("pgbench", {})
        cfg = info["config"]
        w("## 1. Cost of one call (PostgreSQL %s)\n" % info.get("major", "?"))
        w("`SELECT count(f()) FROM generate_series(1, N)` minus the floor "
          "`SELECT count(true) FROM generate_series(1, N)`, which does "
          "everything but the call (the same rows, the same aggregate over a "
          "constant), both timed inside the server (`clock_timestamp()` "
          "around `EXECUTE`). In each round every generator runs %d times "
          "alternating with its own floor, and the fastest of each counts; "
          "N is sized per generator from a warm-up so that a loop takes "
          "about %d ms (at most %s rows). Shown: ns per call (the loop minus "
          "the floor, per row), the ratio to `%s`, medians of %d rounds, with "
          "the lowest and highest round's ratio, and the floor itself in ns "
          "per row. `clock_timestamp()` is a reference: one clock read and a "
          "by-value datum, no `palloc`, close to the least a time-based "
          "generator can cost through a SQL call. The 4-client columns run "
          "the same statements as pgbench custom scripts (%s calls per "
          "transaction, %d s per run, %d clients on %d cores, %d rounds, the "
          "floor run twice per round): the wall time one client waits per "
          "call.\n"
          % (cfg["reps"], cfg["loop_ms"], "{:,}".format(cfg["calls"]),
             REFERENCE, cfg["rounds"], "{:,}".format(cfg["pgb_calls"]),
             cfg["pgb_seconds"], cfg["clients"], info["nproc"],
             cfg["pgb_rounds"]))
        w("| generator | from | N | ns/call | ratio | ratio range | "
          "floor ns/row | 4 clients ns/call | 4 clients ratio |")
        w("|---|---|--:|--:|--:|--:|--:|--:|--:|")
        for label, call, _, origin, _ in GENERATORS:
            if label not in pc:
                continue
            m = pc[label]
            p = pg.get(label)
            w("| `%s` | %s | %s | %s | %s | %s – %s | %s | %s | %s |" % (
                call, origin, "{:,}".format(m.get("rows", 0)), ns(m["ns"]),
                x(m["ratio"]), x(m["ratio_min"]), x(m["ratio_max"]),
                ns(m.get("floor_ns")),
                ns(p["ns"]) if p else "—", x(p["ratio"]) if p else "—"))
        w("")
        if "nextval()" in pc:
            w("`nextval('bench.seq')` is what a `bigserial` column's default "
              "calls; it is here to explain the insert figures below.\n")

    # --- 2. insert
    if ins or results.get("checkpointed"):
        w("## 2. Bulk insert, key as `PRIMARY KEY DEFAULT f()` (PostgreSQL %s)\n"
          % info.get("major", "?"))
        w("`CREATE TABLE t (id <key>, n int NOT NULL)`, then `INSERT INTO t "
          "(n) SELECT g FROM generate_series(1, N) g` as one statement after "
          "a `CHECKPOINT`; time includes the commit; WAL is the "
          "`pg_current_wal_lsn()` difference; full-page images and records "
          "from `pg_stat_wal`; sizes after the load. Median of %d rounds; "
          "ratios to `bigserial` are medians of the per-round ratios. "
          "The last column counts the checkpoints that completed inside the "
          "load (with this cluster's settings, none should).\n" % info["config"]["insert_rounds"])
        if ins:
            w("### Without checkpoints during the load\n")
            insert_tables(w, ins)
        ck = results.get("checkpointed")
        if ck:
            w("### With checkpoints during the load\n")
            w("The same loads with `max_wal_size` lowered (%s) so that "
              "checkpoints fall inside them, as they do on a server under "
              "its defaults (1GB) when it takes 10M rows: after each "
              "checkpoint, the first change to a page writes a full-page "
              "image, and random keys touch every leaf page of the index "
              "again.\n" % ", ".join(
                  "%s at %s rows" % (next(iter(ck[rows].values()))[
                      "max_wal_size"], "{:,}".format(int(rows)))
                  for rows in sorted(ck, key=int)))
            insert_tables(w, ck)
        if results.get("missing_keys"):
            w("Not in this build: %s.\n" % ", ".join(
                "`%s`" % k for k in results["missing_keys"]))
        if png:
            w("![Insert time and WAL by key type](%s)\n" % os.path.relpath(
                png, os.path.dirname(os.path.abspath(output))))

    # --- 3. sort
    if srt and "sets" in srt:
        sort_section(w, srt, info)

    rng = results.get("range")
    if rng:
        n = "{:,}".format(info["config"]["range_rows"])
        w("### Range scans by timestamp boundaries (PostgreSQL %s)\n"
          % info.get("major", "?"))
        w("%s rows, one per %s from %s, generated with "
          "`objectid(t)`; each column has its own btree. `count(*)` of the "
          "rows in a window, with `oid >= objectid_from_timestamp(lo) AND oid "
          "< objectid_from_timestamp(hi)` against the same window on a "
          "`timestamptz` column%s; ms per query (each query repeated, the "
          "fastest of three passes per round), median of rounds.\n" % (
              n, rng.get("step", "500 ms"), "2024-01-01",
              " and on `uuidv7(t)` with "
              "`uuidv7_from_timestamp()`" if any(
                  "uuidv7" in w_["ms"] for w_ in rng["windows"].values())
              else ""))
        labels = list(next(iter(rng["windows"].values()))["ms"].keys())
        w("| window | rows | " + " | ".join(
            "%s (ms) | ratio" % lab for lab in labels) + " |")
        w("|---|--:|" + "--:|--:|" * len(labels))
        for wname in [wd[0] for wd in RANGE_WINDOWS
                      if wd[0] in rng["windows"]]:
            m = rng["windows"][wname]
            w("| %s | %s | " % (wname, "{:,}".format(m["rows"]["objectid"])) +
              " | ".join("%.3f | %s" % (m["ms"][lab], x(m["ratio"][lab]))
                         for lab in labels) + " |")
        w("")
        counts_agree = all(len(set(m["rows"].values())) == 1
                           for m in rng["windows"].values())
        w("Every column finds the same number of rows in every window: %s. "
          "Plan for the objectid window: `%s`.\n" % (
              "yes" if counts_agree else "**no**",
              " / ".join(rng["plans"].get("objectid", []))))

    # sections 4 and 5: measured in this run, or the fragment of their
    # own run (bench/core18.md, bench/estimates.md)
    for name, section in (("core18", core18_section),
                          ("estimates", estimates_section)):
        if results.get(name):
            section(w, results[name], info, own_header=False)
            continue
        frag = os.path.join(HERE, name + ".md")
        if os.path.exists(frag) and os.path.abspath(output) != frag:
            with open(frag) as f:
                w(f.read().rstrip() + "\n")

    w("## Method notes\n")
    w("- Per-call figures subtract a floor (`count(true)` over the same "
      "rows) measured right before each generator in the same session, so "
      "the loop and aggregate cost is taken out; what remains is the "
      "function call itself (fmgr dispatch, the generator, the `palloc` of "
      "the result). An earlier floor, `count(x)` over the series column, "
      "cost more than that (reading the column), so cheap calls came out "
      "too cheap, even negative, on some machines.")
    w("- The library is preloaded (`shared_preload_libraries`) and the "
      "extension created while `bench/run` holds the install lock, so "
      "another checkout's `make install` cannot change the code under "
      "measurement.")
    w("- The main insert figures come from a cluster where no checkpoint "
      "falls inside a load, so they show the cost of the key itself; the "
      "loads with checkpoints show what random keys cost in full-page "
      "images once checkpoints do happen.")
    w("")

    with open(output, "w") as f:
        f.write("\n".join(out))


if __name__ == "__main__":
    with open(sys.argv[1]) as f:
        res = json.load(f)
    if set(res) - {"info", "missing", "missing_keys"} == {"estimates"}:
        write_estimates(res, sys.argv[2] if len(sys.argv) > 2
                        else os.path.join(HERE, "estimates.md"))
    elif set(res) - {"info", "missing", "missing_keys"} == {"core18"}:
        write_core18(res, sys.argv[2] if len(sys.argv) > 2
                     else os.path.join(HERE, "core18.md"))
    else:
        write(res, sys.argv[2] if len(sys.argv) > 2
              else os.path.join(TOP, "BENCHMARKS.md"))
