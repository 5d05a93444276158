"""test/clients/psycopg_check.py: objectid_pg.psycopg (the installed objectid-pg
package, clients/python) with psycopg 3 and bson, against the database named
by the PG* environment, in which objectid is installed in the schema argv[1]
by the route argv[2]: "c" (the C extension, the default),
"plain" (portable/objectid.sql, a domain over text) or "pgtle"
(portable/pgtle.sql, a base type with text I/O only).

ObjectIds made by bson and by the server's objectid() go through every path
psycopg offers (text and binary parameters, text and binary results, a
server-side binary cursor, COPY in text and binary): they must come back
equal, as bson.ObjectId, sorted by ORDER BY as bson sorts them, with
objectid_timestamp() equal to bson's generation_time; NULL stays None; a bad
value is refused with SQLSTATE 22P02 and changes nothing.  What differs by
route, pinned so that it can only change knowingly:
- plain: the server describes a domain column as text, so a column reads as
  str, the 24 hex digits that str(ObjectId) gives (arrays of the domain,
  which have their own type, read as lists of ObjectId); the binary format is
  text's;
- pgtle: no binary format: binary results and binary COPY are refused by the
  server (42883), a binary parameter by psycopg before anything is sent, and
  the connection stays usable; %s sends text.
"""

import os
import sys

import psycopg
from bson import ObjectId

import common
import objectid_pg
from common import check, client_ids
from objectid_pg.psycopg import fetch_objectid_info, register_objectid

def refused(conn, what, sqlstate, f):
    """f() must fail with sqlstate (None: psycopg's ProgrammingError, raised
    before anything is sent), and leave the connection usable."""
    try:
        f()
    except psycopg.errors.ProgrammingError if sqlstate is None else psycopg.Error as e:
        check(e.sqlstate == sqlstate, f"{what}: {e.sqlstate} {e}")
    else:
        check(False, f"{what} was not refused")
    check(conn.execute("SELECT 1").fetchone()[0] == 1, f"connection usable after {what}")


def main():
    # the installed package, not the source tree's
    here = os.path.dirname(os.path.abspath(__file__))
    source = os.path.realpath(os.path.join(here, "..", "..", "clients", "python"))
    check(not os.path.realpath(objectid_pg.__file__).startswith(source + os.sep),
          f"objectid_pg imported from the source tree: {objectid_pg.__file__}")
    schema = sys.argv[1]
    route = sys.argv[2] if len(sys.argv) > 2 else "c"
    # binary format of the type; what a result column of it reads as
    binary = {"c": "bytes", "plain": "text", "pgtle": None}[route]
    if route == "plain":
        def as_read(oid):
            return None if oid is None else str(oid)
        read_type = str
    else:
        def as_read(oid):
            return oid
        read_type = ObjectId
    with psycopg.connect(autocommit=True) as conn:
        info = register_objectid(conn)
        check(info.regtype in ("objectid", f"{schema}.objectid"), f"regtype {info.regtype}")
        check(info.binary == binary, f"binary format {info.binary!r}, not {binary!r}")
        typ = f'"{schema}".objectid'
        gen = f'"{schema}".objectid'
        ts = f'"{schema}".objectid_timestamp'
        # the schema need not be on the search_path: name its operator (the
        # plain edition's is text's, in pg_catalog)
        eq = "=" if route == "plain" else f'OPERATOR("{schema}".=)'
        conn.execute("DROP TABLE IF EXISTS py_ids")
        conn.execute(f"CREATE TABLE py_ids (n int PRIMARY KEY, id {typ}, src text)")

        mine = client_ids()
        # %s (the binary dumper where there is one), %t (text), %b (binary)
        placeholders = ("%s", "%t", "%b") if binary else ("%s", "%t")
        if not binary:
            refused(conn, "a binary parameter", None,
                    lambda: conn.execute(f"SELECT %b::{typ}", [mine[0]]))
        with conn.cursor() as cur:
            for i, oid in enumerate(mine):
                ph = placeholders[i % len(placeholders)]
                cur.execute(f"INSERT INTO py_ids VALUES (%s, {ph}, 'bson')", [i, oid])
            cur.execute("INSERT INTO py_ids VALUES (1000, %s, 'null')", [None])
            cur.execute(
                f"INSERT INTO py_ids SELECT 2000 + g, {gen}(), 'server' FROM generate_series(1, 10) g"
            )
            cur.execute(
                f"INSERT INTO py_ids SELECT 3000 + g, {gen}(timestamptz '2000-01-01 00:00:00+00' + g * interval '1 year'),"
                " 'server' FROM generate_series(1, 10) g"
            )

        expected = {i: as_read(oid) for i, oid in enumerate(mine)}
        expected[1000] = None

        # every way of reading: text, binary, server-side binary cursor
        sql = "SELECT n, id FROM py_ids ORDER BY n"
        rows_by = {"text": conn.execute(sql).fetchall()}
        if binary:
            rows_by["binary"] = conn.cursor(binary=True).execute(sql).fetchall()
            with conn.transaction():
                with conn.cursor("py_named", binary=True) as cur:
                    cur.execute(sql)
                    rows_by["server-side binary"] = cur.fetchall()
        else:
            refused(conn, "binary results", "42883", lambda: conn.cursor(binary=True).execute(sql))
        for name, rows in rows_by.items():
            check(rows == rows_by["text"], f"{name} rows differ from text rows")
            got = dict(rows)
            for n, oid in expected.items():
                check(got[n] == oid, f"{name}: row {n}: {got[n]!r} != {oid!r}")
            for n, oid in got.items():
                check(oid is None or type(oid) is read_type, f"{name}: row {n} is {type(oid)}")
        server_ids = [ObjectId(oid) for n, oid in rows_by["text"] if n >= 2000]
        check(len(server_ids) == 20, "20 server ids")

        # the server's text output is bson's str(); its bytes are bson's
        for n, txt, raw in conn.execute(f'SELECT n, id::text, "{schema}".bytea(id) FROM py_ids WHERE id IS NOT NULL'):
            oid = ObjectId(dict(rows_by["text"])[n])
            check(txt == str(oid), f"text of row {n}")
            check(raw == oid.binary, f"bytes of row {n}")

        # the server's ORDER BY is bson's ordering; objectid_timestamp is generation_time
        all_ids = sorted(mine + server_ids)
        for binary_results in (False, True) if binary else (False,):
            cur = conn.cursor(binary=binary_results)
            cur.execute(f"SELECT id, {ts}(id) FROM py_ids WHERE id IS NOT NULL ORDER BY id")
            rows = cur.fetchall()
            ordered = [r[0] for r in rows]
            check(ordered == [as_read(oid) for oid in all_ids], f"ORDER BY id is bson's order (binary={binary_results})")
            for oid, t in rows:
                oid = ObjectId(oid)
                check(t == oid.generation_time, f"timestamp of {oid}: {t} != {oid.generation_time}")

        # parameters compare as objectid on the server, in each format
        for oid in all_ids:
            for ph in placeholders[1:]:
                n = conn.execute(f"SELECT count(*) FROM py_ids WHERE id {eq} {ph}", [oid]).fetchone()[0]
                check(n == 1, f"lookup of {oid} with {ph}")
        # objectid[] both ways (arrays of the plain edition's domain are of
        # a type of their own, not text[]: lists of ObjectId there too)
        for binary_results in (False, True) if binary else (False,):
            cur = conn.cursor(binary=binary_results)
            arr = cur.execute("SELECT array_agg(id ORDER BY id) FROM py_ids").fetchone()[0]
            check(arr == all_ids + [None], f"objectid[] loads as a list (binary={binary_results})")
            check(all(type(x) is ObjectId for x in arr[:-1]), f"objectid[] of ObjectId (binary={binary_results})")
        n = conn.execute(f"SELECT count(*) FROM py_ids WHERE id {eq} ANY(%s)", [mine]).fetchone()[0]
        check(n == len(mine), "a list of ObjectId as objectid[]")
        if not binary:
            refused(conn, "binary array results", "42883",
                    lambda: conn.cursor(binary=True).execute("SELECT array_agg(id) FROM py_ids"))

        # COPY out and back in, binary and text; with the OID given, the
        # loaders make ObjectId on every route
        for fmt in ("binary", "text"):
            copy_out = f"COPY (SELECT n, id FROM py_ids ORDER BY n) TO STDOUT (FORMAT {fmt})"
            if fmt == "binary" and not binary:
                def copy_binary():
                    with conn.cursor().copy(copy_out) as copy:
                        list(copy.rows())
                refused(conn, "binary COPY", "42883", copy_binary)
                continue
            with conn.cursor() as cur:
                with cur.copy(copy_out) as copy:
                    copy.set_types(["int4", info.oid])
                    out = list(copy.rows())
                check(out == [(n, oid and ObjectId(oid)) for n, oid in rows_by["text"]], f"COPY TO ({fmt})")
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
        row = conn.execute(f'SELECT "{schema}".objectid(), NULL::{typ}, ARRAY["{schema}".objectid()]').fetchone()
        check(type(row[0]) is read_type and row[1] is None and type(row[2][0]) is ObjectId,
              "registered with a given TypeInfo")
    with psycopg.connect(dbname="postgres") as conn:
        check(fetch_objectid_info(conn) is None, "no objectid in a database without the extension")
    print(f"python (objectid-pg {objectid_pg.__version__}, psycopg {psycopg.__version__}, {route}, schema {schema}): {common.passed} checks passed")


if __name__ == "__main__":
    main()
