"""test/clients/psycopg_async_check.py: objectid_pg.psycopg (the installed
objectid-pg package) in an asyncio application, as FastAPI and other async
frameworks run psycopg 3, against the database named by the PG*
environment, in which objectid is installed in the schema argv[1] by the
route argv[2] ("c" or "plain"; see psycopg_check.py).

`await register_objectid(aconn)` on an AsyncConnection, on an async cursor,
with a TypeInfo fetched once (`await fetch_objectid_info(aconn)`), and in
the `configure` callback of a psycopg_pool AsyncConnectionPool whose
connections then serve tasks running at once: ObjectIds go in as
parameters (text and binary) and come back equal, as ObjectId (a string on
the plain route, whose columns the server describes as text), objectid[] as
a list of ObjectId; where the extension is not installed, the await raises
LookupError.  Before 1.3's async support, register_objectid(aconn) failed
with "'coroutine' object has no attribute 'fetchone'".
"""

import asyncio
import sys

import psycopg
import psycopg_pool
from bson import ObjectId

import common
from common import check
from objectid_pg.psycopg import ObjectIdInfo, fetch_objectid_info, register_objectid


async def main():
    schema = sys.argv[1]
    route = sys.argv[2] if len(sys.argv) > 2 else "c"
    typ = f'"{schema}".objectid'
    # the schema need not be on the search_path: name its operator (the
    # plain edition's is text's, in pg_catalog)
    eq = "=" if route == "plain" else f'OPERATOR("{schema}".=)'

    def same(value, oid):
        # what an objectid column holding oid reads as
        return value == (str(oid) if route == "plain" else oid) and type(value) is (str if route == "plain" else ObjectId)

    async with await psycopg.AsyncConnection.connect(autocommit=True) as aconn:
        info = await register_objectid(aconn)
        check(isinstance(info, ObjectIdInfo) and info.oid > 0, f"registered on an AsyncConnection: {info!r}")
        await aconn.execute("DROP TABLE IF EXISTS py_async_ids")
        await aconn.execute(f"CREATE TABLE py_async_ids (n int PRIMARY KEY, id {typ}, ids {typ}[])")
        mine = [ObjectId() for _ in range(6)]
        for n, oid in enumerate(mine):
            ph = ("%s", "%t")[n % 2]
            await aconn.execute(f"INSERT INTO py_async_ids VALUES (%s, {ph}, %s)", [n, oid, [oid, mine[0]]])
        for binary in (False, True) if route == "c" else (False,):
            cur = await aconn.cursor(binary=binary).execute("SELECT n, id, ids FROM py_async_ids ORDER BY n")
            for n, oid, ids in await cur.fetchall():
                check(same(oid, mine[n]), f"row {n} (binary={binary}): {oid!r}")
                check(ids == [mine[n], mine[0]], f"objectid[] of row {n} (binary={binary}): {ids!r}")
        cur = await aconn.execute(f"SELECT count(*) FROM py_async_ids WHERE id {eq} ANY(%s::{typ}[])", [mine])
        check((await cur.fetchone())[0] == len(mine), "a list of ObjectId as a parameter")
        check((await fetch_objectid_info(aconn)).oid == info.oid, "await fetch_objectid_info(aconn)")

    # on a cursor, and with the TypeInfo of another connection
    async with await psycopg.AsyncConnection.connect() as aconn:
        acur = aconn.cursor()
        check((await register_objectid(acur)).oid == info.oid, "registered on an async cursor")
        await acur.execute(f"SELECT {typ}('507f1f77bcf86cd799439011')")
        check(same((await acur.fetchone())[0], ObjectId("507f1f77bcf86cd799439011")), "the cursor loads objectid")
    async with await psycopg.AsyncConnection.connect() as aconn:
        check(await register_objectid(aconn, info) is info, "registered with a given TypeInfo")
        cur = await aconn.execute(f"SELECT ARRAY[{typ}('507f1f77bcf86cd799439011')]")
        check((await cur.fetchone())[0] == [ObjectId("507f1f77bcf86cd799439011")], "objectid[] with a given TypeInfo")

    # an async pool registers each connection it opens (the lookup leaves
    # the connection idle, as the pool requires of configure: it discards a
    # connection left in a transaction); tasks at once
    async def configure(conn):
        await register_objectid(conn)

    async with psycopg_pool.AsyncConnectionPool("", min_size=2, max_size=3, configure=configure, open=False) as pool:
        await pool.open(wait=True, timeout=20)

        async def task(n):
            async with pool.connection() as conn:
                cur = await conn.execute(f"SELECT id FROM py_async_ids WHERE id {eq} %s", [mine[n]])
                return (await cur.fetchone())[0]

        got = await asyncio.gather(*(task(n) for n in range(len(mine))))
        for n, oid in enumerate(got):
            check(same(oid, mine[n]), f"pool task {n}: {oid!r}")

    async with await psycopg.AsyncConnection.connect(dbname="postgres") as aconn:
        try:
            await register_objectid(aconn)
        except LookupError:
            check(True, "LookupError without the extension")
        else:
            check(False, "registered where the extension is not installed")

    async with await psycopg.AsyncConnection.connect(autocommit=True) as aconn:
        await aconn.execute("DROP TABLE py_async_ids")
    print(f"python async (psycopg {psycopg.__version__}, psycopg_pool {psycopg_pool.__version__}, {route}, schema {schema}):"
          f" {common.passed} checks passed")


if __name__ == "__main__":
    asyncio.run(main())
