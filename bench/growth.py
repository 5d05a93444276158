#!/usr/bin/env python3
"""bench/growth.py: the measurements of bench/growth (issue #24), run by it
on its cluster.  One table per key kind grows in batches of INSERT ...
DEFAULT (bench/growth.sql), the kinds interleaved batch by batch (their
order rotating) so that they share the machine's conditions and the
checkpoints; at each size of SIZES the tables are measured.  Every batch
and measurement is kept in the cluster (tables growth.batch, growth.point),
so a piece that stops is continued by the next.  Writes
bench/out/growth-<mode>-pg<major>.json, .md and -{throughput,wal,index}.png.
`python3 bench/growth.py --tables RESULTS.json` writes the tables and plots
again from saved results, without a server.
"""

import argparse
import json
import math
import os
import random
import subprocess
import time

from bench import (HERE, OUT, checkpoints_expr, describe, ext, log, median,
                   mib, num, one, psql, quote, release_install_lock, table, x)

SIZES = dict(full=(1_000_000, 10_000_000, 50_000_000),
             tiny=(100_000, 300_000, 1_000_000))
BATCHES = 20        # batches to the first size; every batch has that size
# (label, table, column definition, least major).  uuidv4() is the
# extension's random UUID: the same index behaviour as gen_random_uuid(),
# without core's per-call cost of OpenSSL on 15-17 (2.2 us against 47 ns,
# BENCHMARKS.md section 1), so the two together tell the cost of random
# placement from the cost of the generator.
KINDS = [("bigserial", "bigserial", "id bigserial PRIMARY KEY", 0),
         ("objectid()", "objectid", "id objectid PRIMARY KEY DEFAULT "
          "EXT.objectid()", 0),
         ("uuidv7()", "uuidv7", "id uuid PRIMARY KEY DEFAULT EXT.uuidv7()", 0),
         ("core uuidv7()", "core_uuidv7", "id uuid PRIMARY KEY DEFAULT "
          "pg_catalog.uuidv7()", 18),
         ("uuidv4()", "uuidv4", "id uuid PRIMARY KEY DEFAULT EXT.uuidv4()", 0),
         ("gen_random_uuid()", "gen_random_uuid", "id uuid PRIMARY KEY "
          "DEFAULT gen_random_uuid()", 0)]
RANDOM = ("uuidv4()", "gen_random_uuid()")
LOOKUPS, RUNS = 1000, 5     # ids per point-lookup run; runs of each query
HOURS = 365 * 24            # a window holds 1/HOURS of the rows: one hour
                            # of a table that took a year to fill

SETUP = """
CREATE EXTENSION IF NOT EXISTS objectid;
CREATE EXTENSION IF NOT EXISTS %s;
CREATE SCHEMA IF NOT EXISTS growth;
CREATE TABLE IF NOT EXISTS growth.batch (kind text, rows bigint,
	batch bigint, secs float8, wal numeric, fpi bigint, records bigint,
	checkpoints bigint, heap_read bigint, heap_hit bigint, idx_read bigint,
	idx_hit bigint, heap bigint, index bigint);
CREATE TABLE IF NOT EXISTS growth.point (size bigint, kind text, m jsonb,
	PRIMARY KEY (size, kind));
CREATE TABLE IF NOT EXISTS growth.piece (info jsonb);
"""
# avg_leaf_density as pgstattuple's pgstatindex() computes it: free space
# over the usable space (page minus header and special space) of leaf pages;
# from pageinspect where pgstattuple is not installed (the upstream builds)
DENSITY = {"pgstattuple": "SELECT avg_leaf_density FROM pgstatindex(%s)",
           "pageinspect": "SELECT round(100 - 100 * sum(free_size) / (count(*)"
           " * 8152.0), 2) FROM bt_multi_page_stats(%s, 1, -1) "
           "WHERE type IN ('l', 'r')"}


def parse_size(s):
    """'10M' -> 10000000"""
    s = s.upper()
    return int(float(s.rstrip("KM")) * {"K": 1e3, "M": 1e6}.get(s[-1], 1))


def loaded(t):
    """The rows in table t: n is the row number, so max(n) is on the last
    page (read by a TID range scan)."""
    blk = int(one("pg_relation_size('growth.%s') / 8192" % t))
    return int(one("SELECT coalesce(max(n), 0) FROM growth.%s WHERE ctid >= "
                   "'(%d,0)'" % (t, max(blk - 1, 0))))


def grow(kinds, target, batch, deadline, ckpt):
    """Batches into every table until each has target rows or the deadline
    has passed; returns whether they got there.  All batches run in one
    session, as from one application connection: objectid() and uuidv7()
    values increase within a backend, and a new backend per batch would
    start objectid()'s process value afresh each time."""
    last = {t: loaded(t) for _, t, _, _ in kinds}
    script = ["\\set ckpt %s" % quote(ckpt)]
    r = 0
    while min(last.values()) < target:
        script.append("SELECT clock_timestamp() > %s::timestamptz AS late "
                      "\\gset\n\\if :late\n\\echo -- time is up: run again "
                      "to continue\n\\q\n\\endif" % quote(time.strftime(
                          "%Y-%m-%d %H:%M:%S+00", time.gmtime(deadline))))
        for _, t, _, _ in kinds[r % len(kinds):] + kinds[:r % len(kinds)]:
            if last[t] < target:
                b = min(last[t] + batch, target)
                script.append(
                    "\\set t growth.%s\n\\set kind %s\n\\set a %d\n\\set b "
                    "%d\n\\i %s" % (t, t, last[t], b, quote(
                        os.path.join(HERE, "growth.sql"))))
                last[t] = b
        r += 1
        if r % 20 == 0 or min(last.values()) == target:
            script.append("\\echo --   %s rows" % num(min(last.values())))
    subprocess.run(["psql", "-X", "-q", "-o", "/dev/null", "-v",
                    "ON_ERROR_STOP=1", "-f", "-"],
                   input="\n".join(script) + "\n", text=True, check=True)
    return min(loaded(t) for _, t, _, _ in kinds) >= target


def ids_at(t, n, seed):
    """Keys of about n rows spread uniformly over the table, as literals,
    the same positions (block fractions and offsets) for every table."""
    rnd = random.Random(seed)
    blocks = int(one("pg_relation_size('growth.%s') / 8192" % t))
    tids = ",".join('"(%d,%d)"' % (rnd.random() * blocks, rnd.randint(1, 100))
                    for _ in range(n))
    return [r[0] for r in psql("SELECT 'R', id FROM growth.%s WHERE ctid = "
                               "ANY('{%s}'::tid[]);\n" % (t, tids))]


def measure(kinds, size, batch, batches, density):
    """The figures of every table at size rows: of the batches that took it
    over the last tenth of that size (at least 5 batches), and of the table
    as it stands."""
    for _, t, _, _ in kinds:
        t0 = time.time()
        psql("VACUUM ANALYZE growth.%s;\n" % t)
        log("  VACUUM ANALYZE growth.%s: %.1f s" % (t, time.time() - t0))
    window = max(10, size // HOURS)
    for label, t, _, _ in kinds:
        typ = one("SELECT format_type(atttypid, NULL) FROM pg_attribute WHERE "
                  "attrelid = 'growth.%s'::regclass AND attname = 'id'" % t)
        last = [b for b in batches[t] if size - max(
            size // 10, 5 * batch) < b["rows"] <= size]
        m = {f: sum(b[f] for b in last) for f in (
            "batch", "secs", "wal", "fpi", "records", "checkpoints",
            "heap_read", "heap_hit", "idx_read", "idx_hit")}
        m.update(rows_per_s=m["batch"] / m["secs"], wal_per_row=m["wal"] / m[
            "batch"], fpi_per_row=m["fpi"] / m["batch"], reads_per_row=(
                m["heap_read"] + m["idx_read"]) / m["batch"])
        m["heap"], m["index"] = map(int, psql(
            "SELECT 'R', pg_relation_size('growth.%s'), pg_indexes_size("
            "'growth.%s');\n" % (t, t))[0])
        m["leaf_density"] = float(one(DENSITY[density] % quote(
            "growth.%s_pkey" % t)))
        # a window of `window` rows from a random row on, by key range; the
        # key that ends it is found first, outside the timing
        qs = []
        for lo in ids_at(t, RUNS, size):
            hi = one("SELECT coalesce((SELECT id FROM growth.%s WHERE id >= "
                     "%s::%s ORDER BY id OFFSET %d LIMIT 1), (SELECT id FROM "
                     "growth.%s ORDER BY id DESC LIMIT 1))" % (
                         t, quote(lo), typ, window, t))
            qs.append("SELECT sum(n) FROM growth.%s WHERE id >= %s::%s AND id "
                      "< %s::%s" % (t, quote(lo), typ, quote(hi), typ))
        m["window_rows"] = window
        m["window_ms_all"] = [float(one("bench.ms(%s)" % quote(q)))
                              for q in qs]
        # LOOKUPS keys at random rows, fresh keys for every run
        runs = ["SELECT count(t.n) FROM unnest('{%s}'::%s[]) k(id) JOIN "
                "growth.%s t USING (id)" % (",".join(
                    '"%s"' % i for i in ids_at(t, LOOKUPS,
                                               size * 10 + r)), typ, t)
                for r in range(RUNS)]
        m["lookup_us_all"] = [float(r[0]) * 1000 / LOOKUPS for r in psql(
            "SET enable_hashjoin = off;\nSET enable_mergejoin = off;\n"
            + "".join("SELECT 'R', bench.ms(%s);\n" % quote(q)
                      for q in runs))]
        m["window_ms"] = median(m["window_ms_all"])
        m["lookup_us"] = median(m["lookup_us_all"])
        m["plans"] = [ln.strip() for ln in psql(
            "SET enable_hashjoin = off;\nSET enable_mergejoin = off;\n"
            "EXPLAIN (COSTS OFF) %s;\nEXPLAIN (COSTS OFF) %s;\n" % (
                qs[0], runs[0]), raw=True)]
        psql("INSERT INTO growth.point VALUES (%d, %s, %s);\n" % (
            size, quote(t), quote(json.dumps(m))))
        log("  %s: %.0f rows/s, %.0f WAL B/row, %.3f FPI/row, index %s MiB, "
            "leaf density %.1f%%, window %.2f ms, lookup %.1f us" % (
                label, m["rows_per_s"], m["wal_per_row"], m["fpi_per_row"],
                mib(m["index"]), m["leaf_density"], m["window_ms"],
                m["lookup_us"]))


def results(kinds):
    """Everything the cluster holds, as one dict."""
    cols = ("rows", "batch", "secs", "wal", "fpi", "records", "checkpoints",
            "heap_read", "heap_hit", "idx_read", "idx_hit", "heap", "index")
    batches = {t: [] for _, t, _, _ in kinds}
    for r in psql("SELECT 'R', kind, %s FROM growth.batch ORDER BY rows;\n"
                  % ", ".join(cols)):
        batches[r[0]].append(dict(zip(cols, map(float, r[1:]))))
    points = {}
    for size, t, m in psql("SELECT 'R', size, kind, m FROM growth.point "
                           "ORDER BY size;\n"):
        points.setdefault(size, {})[t] = json.loads(m)
    return dict(pieces=[json.loads(r[0]) for r in psql(
        "SELECT 'R', info FROM growth.piece;\n")],
        kinds=[k[:3] for k in kinds], batches=batches, points=points)


# --- tables and plots --------------------------------------------------------

def md(res):
    labels = {t: label for label, t, _ in res["kinds"]}
    info = res["pieces"][-1]
    commits = sorted(set("%s%s" % (p["commit"], "+" * p["dirty"])
                         for p in res["pieces"]))
    out = ["<!-- bench/growth, %s, %s mode, %s, objectid %s, commits %s -->\n"
           % (info["server"].split(" on ")[0], info["mode"], info["date"],
              info["objectid_version"], ", ".join(commits)),
           "Settings: `%s`\n" % info["settings"]]
    for size, per in sorted(res["points"].items(), key=lambda kv: int(kv[0])):
        base, first = per.get("bigserial"), next(iter(per.values()))
        out.append("### %s rows\n\n" % num(size) + table(
            ["key", ">rows/s", ">ratio", ">WAL B/row", ">FPI/row",
             ">checkpoints", ">heap (MiB)", ">index (MiB)", ">leaf density",
             ">buffer reads/row", ">window (ms)", ">lookup (us)"],
            [("`%s`" % labels[t], "%.0f" % m["rows_per_s"],
              x(m["rows_per_s"] / base["rows_per_s"]) if base else "—",
              "%.0f" % m["wal_per_row"], "%.3f" % m["fpi_per_row"],
              "%d" % m["checkpoints"], mib(m["heap"]), mib(m["index"]),
              "%.1f%%" % m["leaf_density"], "%.3f" % m["reads_per_row"],
              "%.2f" % m["window_ms"], "%.1f" % m["lookup_us"])
             for t, m in per.items()]))
        out.append("Over the last %s rows: rows/s, WAL, full-page images, "
                   "checkpoints, buffer reads (heap and index blocks not "
                   "found in shared buffers; on 15 the blocks that extended "
                   "them count too, on 18 not). Window: %s rows from a "
                   "random row by key range (`sum(n)`), median of %d; "
                   "lookup: %d random keys by "
                   "primary key (nested loop), median of %d runs. For %s the "
                   "key range is not a time window.\n" % (
                       num(first["batch"]), num(first["window_rows"]), RUNS,
                       LOOKUPS, RUNS,
                       " and ".join("`%s`" % k for k in RANDOM)))
    return "\n".join(out)


# line colour and dash type per key kind: time-ordered solid, random dashed
STYLE = {"bigserial": ("#555555", 1), "objectid()": ("#228833", 1),
         "uuidv7()": ("#4477aa", 1), "core uuidv7()": ("#66ccee", 1),
         "uuidv4()": ("#ee7733", 2), "gen_random_uuid()": ("#cc3311", 2)}


def plot(png, title, ylabel, series, extra=()):
    """Lines against table size (millions of rows, log scale), one per key
    kind: series {label: [(rows, y)]}; extra: more gnuplot commands and
    plot elements (a string starting with ',')."""
    data = ["$d%d << EOD\n%sEOD" % (i, "".join(
        "%g %g\n" % (r / 1e6, y) for r, y in pts))
        for i, pts in enumerate(series.values())]
    plots = ", ".join(
        '$d%d using 1:2 with linespoints pt 7 ps 0.4 lw 1.5 lc rgb "%s" dt %d '
        'title "%s"' % ((i,) + STYLE[label] + (label,))
        for i, label in enumerate(series))
    subprocess.run(["gnuplot"], text=True, check=True, input="\n".join(data + [
        'set terminal pngcairo size 900,520 font "sans,10"',
        'set output "%s"' % png, "set termoption noenhanced",
        'set title "%s"' % title, 'set xlabel "rows in the table (millions)"',
        'set ylabel "%s"' % ylabel, "set logscale x", "set grid",
        "set yrange [0:*]", "set key outside right top"] + [
            e for e in extra if e[0] != ","] + ["plot " + plots + "".join(
                e for e in extra if e[0] == ",")]))


def write(res, stem):
    with open(stem + ".md", "w") as f:
        f.write(md(res))
    labels = {t: label for label, t, _ in res["kinds"]}

    def binned(t, fig):
        """fig(batches) over bins of 20 per decade of table size"""
        bins = {}
        for b in res["batches"][t]:
            bins.setdefault(round(math.log10(b["rows"]) * 20), []).append(b)
        return [(bs[-1]["rows"], fig(bs)) for _, bs in sorted(bins.items())]
    major = res["pieces"][-1]["major"]
    for name, title, ylabel, fig, extra in (
            ("throughput", "Insert rate as the table grows", "rows/s",
             lambda bs: sum(b["batch"] for b in bs) / sum(b["secs"]
                                                          for b in bs), ()),
            ("wal", "WAL per row inserted", "WAL bytes per row",
             lambda bs: sum(b["wal"] for b in bs) / sum(b["batch"]
                                                        for b in bs), ()),
            ("index", "Primary key index size", "MiB (log scale)",
             lambda bs: bs[-1]["index"] / 2**20, (
                 "set logscale y", "set yrange [*:*]", ', 256 with lines '
                 'dt 3 lc rgb "black" title "shared_buffers"'))):
        plot("%s-%s.png" % (stem, name), "%s, PostgreSQL %d, shared_buffers "
             "256MB" % (title, major), ylabel,
             {labels[t]: binned(t, fig) for t in res["batches"]}, extra)
    log("tables: %s.md; plots: %s-{throughput,wal,index}.png" % (
        os.path.relpath(stem), os.path.relpath(stem)))


def main():
    ap = argparse.ArgumentParser(
        prog="bench/growth", description="Grow a table per key kind to 1M, "
        "10M, 50M rows on a cluster kept in bench/out/, measuring at each "
        "size; write bench/out/growth-<mode>-pg<major>.{json,md} and plots.")
    ap.add_argument("--tiny", action="store_true",
                    help="harness smoke test: %s rows" % "/".join(
                        map(num, SIZES["tiny"])))
    ap.add_argument("--size", default=None, help="grow to this size (one of "
                    "the mode's sizes: 1M, 10M, 50M), measuring each size on "
                    "the way; default the largest")
    ap.add_argument("--minutes", type=float, default=9, help="stop growing "
                    "after this long (the measurement of a size reached still "
                    "runs); run again to continue (default 9)")
    ap.add_argument("--tables", nargs="?", const="", metavar="RESULTS.json",
                    help="measure nothing: write the tables and plots from "
                    "saved results (default: this mode and major's)")
    ap.add_argument("--clean", action="store_true", help="delete the "
                    "cluster and results of this mode and major (done by "
                    "bench/growth)")
    args = ap.parse_args()
    mode = "tiny" if args.tiny else "full"
    stem = os.path.join(OUT, "growth-%s-pg%s" % (mode, os.environ.get(
        "PG_MAJOR", "15")))
    if args.tables is not None:
        path = args.tables or stem + ".json"
        with open(path) as f:
            return write(json.load(f), path[:-len(".json")])
    sizes = SIZES[mode]
    batch = sizes[0] // BATCHES
    target = parse_size(args.size) if args.size else sizes[-1]
    if target not in sizes:
        ap.error("--size must be one of %s" % ", ".join(map(num, sizes)))
    started = time.time()

    major = int(one("current_setting('server_version_num')")) // 10000
    density = "pgstattuple" if one(
        "SELECT count(*) FROM pg_available_extensions WHERE name = "
        "'pgstattuple'") == "1" else "pageinspect"
    psql(SETUP % density + open(os.path.join(HERE, "setup.sql")).read())
    # the server started with the library preloaded: the code measured is
    # pinned, other checkouts may install again
    release_install_lock()
    kinds = [k for k in KINDS if major >= k[3]]
    psql("".join("CREATE TABLE IF NOT EXISTS growth.%s (%s, n int NOT "
                 "NULL);\n" % (t, ext(col)) for _, t, col, _ in kinds))
    info = describe(mode, dict(sizes=sizes, batch=batch,
                               target=target, density=density))
    psql("INSERT INTO growth.piece VALUES (%s);\n" % quote(json.dumps(info)))
    log("server: %s; objectid %s, commit %s" % (
        info["server"].split(" on ")[0], info["objectid_version"],
        info["commit"]))
    measured = {int(r[0]) for r in psql(
        "SELECT DISTINCT 'R', size FROM growth.point;\n")}
    done = True
    for size in (s for s in sizes if s <= target):
        t0 = time.time()
        log("growing to %s rows" % num(size))
        done = grow(kinds, size, batch, started + args.minutes * 60,
                    checkpoints_expr(major))
        if not done:
            break
        if size not in measured:
            log("grown to %s rows in %.0f s; measuring" % (
                num(size), time.time() - t0))
            batches = results(kinds)["batches"]
            measure(kinds, size, batch, batches, density)
            log("measured %s rows; %.0f s since the piece started" % (
                num(size), time.time() - started))
    res = results(kinds)
    with open(stem + ".json", "w") as f:
        json.dump(res, f, indent=1)
    write(res, stem)
    log("piece took %.0f s; %s" % (time.time() - started, "done" if done
                                    else "not done: run it again"))


if __name__ == "__main__":
    main()
