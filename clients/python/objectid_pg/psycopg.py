"""psycopg 3 adapters for the objectid PostgreSQL extension.

    import psycopg
    from bson import ObjectId
    from objectid_pg.psycopg import register_objectid

    conn = psycopg.connect()
    register_objectid(conn)
    conn.execute("INSERT INTO t (id) VALUES (%s)", [ObjectId()])
    conn.execute("SELECT id FROM t").fetchone()[0]     # a bson.ObjectId

On an AsyncConnection (or an async pool's `configure` callback) the same
calls return coroutines, as psycopg's own `TypeInfo.fetch` does:

    aconn = await psycopg.AsyncConnection.connect()
    await register_objectid(aconn)

`objectid` values load as `bson.ObjectId` and `bson.ObjectId` parameters dump
as `objectid`, in text and binary format (binary: the 12 raw bytes, as the
server's objectid_send/objectid_recv), for plain and server-side cursors and
`COPY`; `objectid[]` loads as a list of ObjectId.  The type's OID depends on
the database, so it is looked up per connection; the lookup goes through the
extension's catalog entries, so the extension's schema need not be on the
search_path.

The portable edition (portable/README.md) is found too:
- pg_tle (portable/pgtle.sql): a base type with text I/O only, so only the
  text format is registered; the server refuses binary results of the type
  and psycopg refuses `%b` parameters of ObjectId;
- plain SQL (portable/objectid.sql): a domain over text.  The server
  describes a domain column as text, so a result column of the domain loads
  as str (the 24 hex digits, the C type's text); its arrays, parameters and
  `COPY` with the domain's OID go through these adapters, binary format
  being text's (the 24 hex digits as ASCII).
"""

from __future__ import annotations

from typing import Any, Coroutine, Optional, Tuple, overload

from bson import ObjectId
from psycopg import AsyncConnection, AsyncCursor, Connection, Cursor
from psycopg.abc import AdaptContext
from psycopg.adapt import Buffer, Dumper, Loader
from psycopg.pq import Format
from psycopg.rows import tuple_row
from psycopg.types import TypeInfo

__all__ = ["register_objectid", "fetch_objectid_info", "ObjectIdInfo"]

# the type that the extension named objectid installed, wherever it lives
# (the C extension, or pg_tle's objectid); else the plain edition's domain,
# the one over text that the objectid_timestamp of its schema takes, the one
# on the search_path first (objectid-pg for node, clients/node/index.js, asks
# the same)
_INFO_QUERY = """
SELECT t.oid, t.typarray, pg_catalog.format_type(t.oid, NULL),
       CASE WHEN t.typtype = 'd' THEN 'text'
            WHEN t.typsend <> 0 AND t.typreceive <> 0 THEN 'bytes' END
  FROM pg_catalog.pg_type t
 WHERE t.typname = 'objectid'
   AND (EXISTS (SELECT FROM pg_catalog.pg_depend d
                  JOIN pg_catalog.pg_extension e
                    ON e.oid = d.refobjid AND e.extname = 'objectid'
                 WHERE d.classid = 'pg_catalog.pg_type'::pg_catalog.regclass
                   AND d.objid = t.oid AND d.deptype = 'e')
        OR t.typtype = 'd'
           AND t.typbasetype = 'pg_catalog.text'::pg_catalog.regtype
           AND EXISTS (SELECT FROM pg_catalog.pg_proc p
                        WHERE p.pronamespace = t.typnamespace
                          AND p.proname = 'objectid_timestamp'
                          AND p.proargtypes[0] = t.oid))
 ORDER BY t.typtype = 'd', NOT pg_catalog.pg_type_is_visible(t.oid),
          t.typnamespace::pg_catalog.regnamespace::pg_catalog.text
 LIMIT 1
"""


class ObjectIdInfo(TypeInfo):
    """The TypeInfo of objectid, and what its binary format carries:
    `binary` is "bytes" (the C extension: the 12 bytes), "text" (the plain
    edition's domain: text's, the 24 hex digits) or None (pg_tle's type,
    which has no binary format)."""

    def __init__(
        self, name: str, oid: int, array_oid: int, *, regtype: str = "",
        binary: Optional[str] = "bytes"
    ):
        super().__init__(name, oid, array_oid, regtype=regtype)
        self.binary = binary


def _info(row: Optional[Tuple[Any, ...]]) -> Optional[ObjectIdInfo]:
    if row is None:
        return None
    oid, array_oid, regtype, binary = row
    return ObjectIdInfo("objectid", oid, array_oid, regtype=regtype, binary=binary)


# the lookup leaves the connection as it found it, idle or in a transaction
# (an async pool's configure callback must leave it idle), as psycopg's own
# TypeInfo.fetch does, and reads tuples whatever the connection's
# row_factory
def _fetch(conn: Connection[Any]) -> Optional[ObjectIdInfo]:
    with conn.transaction(), Cursor(conn, row_factory=tuple_row) as cur:
        return _info(cur.execute(_INFO_QUERY, prepare=False).fetchone())


async def _fetch_async(aconn: AsyncConnection[Any]) -> Optional[ObjectIdInfo]:
    async with aconn.transaction(), AsyncCursor(aconn, row_factory=tuple_row) as cur:
        await cur.execute(_INFO_QUERY, prepare=False)
        return _info(await cur.fetchone())


@overload
def fetch_objectid_info(conn: AsyncConnection[Any]) -> Coroutine[Any, Any, Optional[ObjectIdInfo]]: ...
@overload
def fetch_objectid_info(conn: Any) -> Optional[ObjectIdInfo]: ...
def fetch_objectid_info(conn: Any) -> Any:
    """The objectid type of the connection's database, or None if neither
    the extension nor the plain-SQL edition is installed there.  For an
    AsyncConnection, a coroutine: `await fetch_objectid_info(aconn)`."""
    if isinstance(conn, AsyncConnection):
        return _fetch_async(conn)
    return _fetch(conn)


class ObjectIdTextLoader(Loader):
    """24 hex digits -> ObjectId."""

    def load(self, data: Buffer) -> ObjectId:
        return ObjectId(bytes(data).decode("ascii"))


class ObjectIdBinaryLoader(Loader):
    """12 raw bytes -> ObjectId."""

    format = Format.BINARY

    def load(self, data: Buffer) -> ObjectId:
        return ObjectId(bytes(data))


class ObjectIdHexBinaryLoader(ObjectIdTextLoader):
    """The domain's binary format, text's: 24 hex digits -> ObjectId."""

    format = Format.BINARY


class _ObjectIdTextDumper(Dumper):
    def dump(self, obj: ObjectId) -> bytes:
        return str(obj).encode("ascii")


class _ObjectIdBinaryDumper(Dumper):
    format = Format.BINARY

    def dump(self, obj: ObjectId) -> bytes:
        return obj.binary


class _ObjectIdHexBinaryDumper(_ObjectIdTextDumper):
    format = Format.BINARY


# per binary format of the type: its loaders and dumpers (the last dumper
# is the one %s uses)
_ADAPTERS = {
    "bytes": ((ObjectIdTextLoader, ObjectIdBinaryLoader), (_ObjectIdTextDumper, _ObjectIdBinaryDumper)),
    "text": ((ObjectIdTextLoader, ObjectIdHexBinaryLoader), (_ObjectIdTextDumper, _ObjectIdHexBinaryDumper)),
    None: ((ObjectIdTextLoader,), (_ObjectIdTextDumper,)),
}


def _register(context: AdaptContext, info: Optional[TypeInfo]) -> TypeInfo:
    if info is None:
        raise LookupError("extension objectid is not installed in this database")
    info.register(context)  # also objectid[] <-> list
    adapters = context.adapters
    loaders, dumpers = _ADAPTERS[getattr(info, "binary", "bytes")]
    for loader in loaders:
        adapters.register_loader(info.oid, loader)
    # the dumpers carry this database's OID, so the server reads the
    # parameter as objectid without a cast
    for base in dumpers:
        dumper = type(base.__name__.lstrip("_"), (base,), {"oid": info.oid})
        adapters.register_dumper(ObjectId, dumper)
    return info


async def _register_async(context: Any, info: Optional[TypeInfo]) -> TypeInfo:
    if info is None:
        info = await _fetch_async(context.connection)
    return _register(context, info)


@overload
def register_objectid(
    context: "AsyncConnection[Any] | AsyncCursor[Any]", info: Optional[TypeInfo] = None
) -> Coroutine[Any, Any, TypeInfo]: ...
@overload
def register_objectid(context: AdaptContext, info: Optional[TypeInfo] = None) -> TypeInfo: ...
def register_objectid(context: Any, info: Optional[TypeInfo] = None) -> Any:
    """Register the objectid loaders and dumpers on a connection (or a
    cursor).  `info` defaults to fetch_objectid_info(conn); pass it to reuse
    one lookup for several connections to the same database.  Raises
    LookupError if neither the extension nor the plain-SQL edition is
    installed.  On an AsyncConnection or its cursor, a coroutine that does
    the same: `await register_objectid(aconn)` (also with `info`)."""
    if isinstance(getattr(context, "connection", None), AsyncConnection):
        return _register_async(context, info)
    if info is None:
        info = fetch_objectid_info(context.connection)
    return _register(context, info)
