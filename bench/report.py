"""bench/report.py: BENCHMARKS.md and the insert chart from bench.py's results.

    python3 bench/report.py bench/out/results-quick.json [BENCHMARKS.md]

re-renders a report from saved raw results without touching a server.
"""

import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)

sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
from bench import (GENERATORS, KEYS, KEY_TARGETS,  # noqa: E402
                   KEY_TARGET_RATIO, KEY_TARGET_ROWS, RANGE_WINDOWS,
                   REFERENCE)


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
    w("| server | %s |" % info["server"])
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
    if srt:
        r = srt["order"]["ratio"]
        rounds = srt["order"].get("ratios")
        w("| `ORDER BY` over %s random `objectid` <= same over `uuid` | "
          "%s (%.0f ms vs %.0f ms)%s | %s |" % (
              "{:,}".format(info["config"]["sort_rows"]), x(r),
              srt["order"]["objectid_ms"], srt["order"]["uuid_ms"],
              "; rounds " + ", ".join(x(v) for v in rounds) if rounds else "",
              verdict(r <= 1.0)))
    w("")
    findings = os.path.join(HERE, "findings.md")
    if os.path.exists(findings):
        with open(findings) as f:
            w(f.read().rstrip() + "\n")

    # --- 1. per call
    if pc:
        pg = results.get("pgbench", {})
        cfg = info["config"]
        w("## 1. Cost of one call\n")
        w("`SELECT count(f()) FROM generate_series(1, N)` minus "
          "`SELECT count(x) FROM generate_series(1, N) x`, timed inside the "
          "server (`clock_timestamp()` around `EXECUTE`). In each round every "
          "generator runs %d times alternating with its own baseline, and "
          "the fastest of each counts; N is sized per generator from a "
          "warm-up so that a loop takes about %d ms (at most %s rows). "
          "Shown: ns per call and the ratio to `%s`, medians of %d rounds, "
          "with the lowest and highest round's ratio. The 4-client columns "
          "run the same statements as pgbench custom scripts (%s calls per "
          "transaction, %d s per run, %d clients on %d cores, %d rounds, the "
          "baseline run twice per round): the wall time one client waits "
          "per call.\n"
          % (cfg["reps"], cfg["loop_ms"], "{:,}".format(cfg["calls"]),
             REFERENCE, cfg["rounds"], "{:,}".format(cfg["pgb_calls"]),
             cfg["pgb_seconds"], cfg["clients"], info["nproc"],
             cfg["pgb_rounds"]))
        w("| generator | from | N | ns/call | ratio | ratio range | "
          "4 clients ns/call | 4 clients ratio |")
        w("|---|---|--:|--:|--:|--:|--:|--:|")
        for label, call, _, origin, _ in GENERATORS:
            if label not in pc:
                continue
            m = pc[label]
            p = pg.get(label)
            w("| `%s` | %s | %s | %s | %s | %s – %s | %s | %s |" % (
                call, origin, "{:,}".format(m.get("rows", 0)), ns(m["ns"]),
                x(m["ratio"]), x(m["ratio_min"]), x(m["ratio_max"]),
                ns(p["ns"]) if p else "—", x(p["ratio"]) if p else "—"))
        w("")
        if "nextval()" in pc:
            w("`nextval('bench.seq')` is what a `bigserial` column's default "
              "calls; it is here to explain the insert figures below.\n")

    # --- 2. insert
    if ins or results.get("checkpointed"):
        w("## 2. Bulk insert, key as `PRIMARY KEY DEFAULT f()`\n")
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
    if srt:
        n = "{:,}".format(info["config"]["sort_rows"])
        w("## 3. Sorting and index builds\n")
        w("%s random `objectid` values (`substr(uuid_send(gen_random_uuid()), "
          "1, 12)::objectid`) against %s random `uuid` values "
          "(`gen_random_uuid()`), in two tables frozen and analysed first. "
          "`ORDER BY` is `SELECT v FROM t ORDER BY v OFFSET %d` with "
          "`work_mem = 2GB` (an in-memory sort); `CREATE INDEX` with "
          "`maintenance_work_mem = 2GB`, no parallel workers. Median of %d "
          "rounds.\n" % (n, n, info["config"]["sort_rows"],
                          info["config"]["sort_rounds"]))
        w("| operation | objectid (ms) | uuid (ms) | ratio |")
        w("|---|--:|--:|--:|")
        for what, name in (("order", "ORDER BY"), ("index", "CREATE INDEX")):
            m = srt[what]
            w("| %s | %.0f | %.0f | %s |" % (name, m["objectid_ms"],
                                            m["uuid_ms"], x(m["ratio"])))
        w("")
        sorts = {label: [ln for ln in plan if "Sort Method" in ln]
                 for label, plan in srt.get("plans", {}).items()}
        if any(sorts.values()):
            w("Sort methods: %s.\n" % "; ".join(
                "%s: `%s`" % (label, " ".join(v)) for label, v in sorts.items()))

    rng = results.get("range")
    if rng:
        n = "{:,}".format(info["config"]["range_rows"])
        w("### Range scans by timestamp boundaries\n")
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

    w("## Method notes\n")
    w("- Per-call figures subtract a baseline measured right before each "
      "generator in the same session, so the loop and aggregate cost is "
      "taken out; what remains is the function call itself "
      "(fmgr dispatch, the generator, the `palloc` of the result).")
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
    write(res, sys.argv[2] if len(sys.argv) > 2
          else os.path.join(TOP, "BENCHMARKS.md"))
