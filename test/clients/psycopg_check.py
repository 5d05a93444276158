"""test/clients/psycopg_check.py: clients/python (psycopg 3 + bson) against
the database named by the PG* environment, in which test/clients/check
installed the extension into the schema given as argv[1].

ObjectIds made by bson and by the server's objectid() go through every path
psycopg offers (text and binary parameters, text and binary results, a
server-side binary cursor, COPY in text and binary): they must come back
equal, as bson.ObjectId, sorted by ORDER BY as bson sorts them, with
objectid_timestamp() equal to bson's generation_time; NULL stays None; a bad
value is refused with SQLSTATE 22P02 and changes nothing.
"""

import os
import struct
import sys

import psycopg
from bson import ObjectId

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "clients", "python"))
from objectid_psycopg import fetch_objectid_info, register_objectid  # noqa: E402

checks = 0


def check(cond, what):
    global checks
    if not cond:
        raise AssertionError(what)
    checks += 1


def client_ids():
    """bson-made ids: now, and the edges of the unsigned 32-bit second
    (the first byte >= 0x80 tells an unsigned order from a signed one)."""
    ids = [ObjectId() for _ in range(20)]
    for sec in (0, 1, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFE, 0xFFFFFFFF):
        ids.append(ObjectId(struct.pack(">I", sec) + os.urandom(8)))
    ids.append(ObjectId(b"\x00" * 12))
    ids.append(ObjectId(b"\xff" * 12))
    return ids


def main():
    schema = sys.argv[1]
    with psycopg.connect(autocommit=True) as conn:
        info = register_objectid(conn)
        check(info.regtype in ("objectid", f"{schema}.objectid"), f"regtype {info.regtype}")
        typ = f'"{schema}".objectid'
        gen = f'"{schema}".objectid'
        ts = f'"{schema}".objectid_timestamp'
        # the schema need not be on the search_path: name its operator
        eq = f'OPERATOR("{schema}".=)'
        conn.execute("DROP TABLE IF EXISTS py_ids")
        conn.execute(f"CREATE TABLE py_ids (n int PRIMARY KEY, id {typ}, src text)")

        mine = client_ids()
        with conn.cursor() as cur:
            # %s (binary dumper, the default), %t (text), %b (binary)
            for i, oid in enumerate(mine):
                ph = ("%s", "%t", "%b")[i % 3]
                cur.execute(f"INSERT INTO py_ids VALUES (%s, {ph}, 'bson')", [i, oid])
            cur.execute("INSERT INTO py_ids VALUES (1000, %s, 'null')", [None])
            cur.execute(
                f"INSERT INTO py_ids SELECT 2000 + g, {gen}(), 'server' FROM generate_series(1, 10) g"
            )
            cur.execute(
                f"INSERT INTO py_ids SELECT 3000 + g, {gen}(timestamptz '2000-01-01 00:00:00+00' + g * interval '1 year'),"
                " 'server' FROM generate_series(1, 10) g"
            )

        expected = {i: oid for i, oid in enumerate(mine)}
        expected[1000] = None

        # every way of reading: text, binary, server-side binary cursor
        readers = {
            "text": conn.cursor(),
            "binary": conn.cursor(binary=True),
        }
        rows_by = {}
        for name, cur in readers.items():
            cur.execute("SELECT n, id FROM py_ids ORDER BY n")
            rows_by[name] = cur.fetchall()
        with conn.transaction():
            with conn.cursor("py_named", binary=True) as cur:
                cur.execute("SELECT n, id FROM py_ids ORDER BY n")
                rows_by["server-side binary"] = cur.fetchall()
        for name, rows in rows_by.items():
            check(rows == rows_by["text"], f"{name} rows differ from text rows")
            got = dict(rows)
            for n, oid in expected.items():
                check(got[n] == oid, f"{name}: row {n}: {got[n]!r} != {oid!r}")
            for n, oid in got.items():
                check(oid is None or type(oid) is ObjectId, f"{name}: row {n} is {type(oid)}")
        server_ids = [oid for n, oid in rows_by["text"] if n >= 2000]
        check(len(server_ids) == 20, "20 server ids")

        # the server's text output is bson's str(); its bytes are bson's
        for n, txt, raw in conn.execute("SELECT n, id::text, id::bytea FROM py_ids WHERE id IS NOT NULL"):
            oid = dict(rows_by["text"])[n]
            check(txt == str(oid), f"text of row {n}")
            check(raw == oid.binary, f"bytes of row {n}")

        # the server's ORDER BY is bson's ordering; objectid_timestamp is generation_time
        for binary in (False, True):
            cur = conn.cursor(binary=binary)
            cur.execute(f"SELECT id, {ts}(id) FROM py_ids WHERE id IS NOT NULL ORDER BY id")
            rows = cur.fetchall()
            ordered = [r[0] for r in rows]
            check(ordered == sorted(mine + server_ids), f"ORDER BY id is bson's order (binary={binary})")
            for oid, t in rows:
                check(t == oid.generation_time, f"timestamp of {oid}: {t} != {oid.generation_time}")

        # parameters compare as objectid on the server, in both formats
        for oid in mine + server_ids:
            for ph in ("%t", "%b"):
                n = conn.execute(f"SELECT count(*) FROM py_ids WHERE id {eq} {ph}", [oid]).fetchone()[0]
                check(n == 1, f"lookup of {oid} with {ph}")
        # objectid[] both ways
        arr = conn.execute("SELECT array_agg(id ORDER BY id) FROM py_ids").fetchone()[0]
        check(arr == sorted(mine + server_ids) + [None], "objectid[] loads as a list")
        n = conn.execute(f"SELECT count(*) FROM py_ids WHERE id {eq} ANY(%s)", [mine]).fetchone()[0]
        check(n == len(mine), "a list of ObjectId as objectid[]")

        # COPY out and back in, binary and text
        for fmt in ("binary", "text"):
            with conn.cursor() as cur:
                with cur.copy(f"COPY (SELECT n, id FROM py_ids ORDER BY n) TO STDOUT (FORMAT {fmt})") as copy:
                    copy.set_types(["int4", info.oid])
                    out = list(copy.rows())
                check(out == rows_by["text"], f"COPY TO ({fmt})")
                cur.execute(f"CREATE TEMP TABLE py_copy (n int, id {typ})")
                with cur.copy(f"COPY py_copy FROM STDIN (FORMAT {fmt})") as copy:
                    copy.set_types(["int4", info.oid])
                    for row in out:
                        copy.write_row(row)
                cur.execute("SELECT n, id FROM py_copy ORDER BY n")
                check(cur.fetchall() == rows_by["text"], f"COPY FROM ({fmt})")
                cur.execute("DROP TABLE py_copy")

        # a bad value from the client: the server's 22P02, nothing written
        before = conn.execute("SELECT count(*) FROM py_ids").fetchone()[0]
        for bad in ("not an objectid", str(mine[0])[:-1], str(mine[0]) + "0", "g" * 24, ""):
            try:
                conn.execute("INSERT INTO py_ids VALUES (9999, %s, 'bad')", [bad])
            except psycopg.errors.InvalidTextRepresentation as e:
                check(e.sqlstate == "22P02", f"sqlstate of {bad!r}")
            else:
                check(False, f"{bad!r} was accepted")
        check(conn.execute("SELECT count(*) FROM py_ids").fetchone()[0] == before, "nothing written")
        check(conn.closed is False and conn.execute("SELECT 1").fetchone()[0] == 1, "connection usable")

        conn.execute("DROP TABLE py_ids")

    # another connection looks the type up afresh, or takes a lookup made
    # once; without the extension there is none
    with psycopg.connect(autocommit=True) as conn:
        check(fetch_objectid_info(conn).oid == info.oid, "the same OID on a second connection")
    with psycopg.connect(autocommit=True) as conn:
        register_objectid(conn, info)
        row = conn.execute(f'SELECT "{schema}".objectid(), NULL::{typ}').fetchone()
        check(type(row[0]) is ObjectId and row[1] is None, "registered with a given TypeInfo")
    with psycopg.connect(dbname="postgres") as conn:
        check(fetch_objectid_info(conn) is None, "no objectid in a database without the extension")
    print(f"python (psycopg {psycopg.__version__}, schema {schema}): {checks} checks passed")


if __name__ == "__main__":
    main()
