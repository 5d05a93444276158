"""psycopg 3 adapters for the objectid PostgreSQL extension.

    import psycopg
    from bson import ObjectId
    from objectid_psycopg import register_objectid

    conn = psycopg.connect()
    register_objectid(conn)
    conn.execute("INSERT INTO t (id) VALUES (%s)", [ObjectId()])
    conn.execute("SELECT id FROM t").fetchone()[0]     # a bson.ObjectId

`objectid` values load as `bson.ObjectId` and `bson.ObjectId` parameters dump
as `objectid`, in text and binary format (binary: the 12 raw bytes, as the
server's objectid_send/objectid_recv), for plain and server-side cursors and
`COPY`; `objectid[]` loads as a list of ObjectId.  The type's OID depends on
the database, so it is looked up per connection; the lookup goes through the
extension's catalog entries, so the extension's schema need not be on the
search_path.
"""

from __future__ import annotations

from typing import Any, Optional

from bson import ObjectId
from psycopg.abc import AdaptContext
from psycopg.adapt import Buffer, Dumper, Loader
from psycopg.pq import Format
from psycopg.types import TypeInfo

__all__ = ["register_objectid", "fetch_objectid_info"]

# the type that the extension named objectid installed, wherever it lives
# (clients/node/index.js asks the same)
_INFO_QUERY = """
SELECT t.oid, t.typarray, format_type(t.oid, NULL)
  FROM pg_catalog.pg_type t
  JOIN pg_catalog.pg_depend d
    ON d.classid = 'pg_catalog.pg_type'::pg_catalog.regclass
   AND d.objid = t.oid AND d.deptype = 'e'
  JOIN pg_catalog.pg_extension e
    ON e.oid = d.refobjid AND e.extname = 'objectid'
 WHERE t.typname = 'objectid'
"""


def fetch_objectid_info(conn: Any) -> Optional[TypeInfo]:
    """The objectid type of the connection's database, or None if the
    extension is not installed there."""
    row = conn.execute(_INFO_QUERY, prepare=False).fetchone()
    if row is None:
        return None
    oid, array_oid, regtype = row
    return TypeInfo("objectid", oid, array_oid, regtype=regtype)


class ObjectIdTextLoader(Loader):
    """24 hex digits -> ObjectId."""

    def load(self, data: Buffer) -> ObjectId:
        return ObjectId(bytes(data).decode("ascii"))


class ObjectIdBinaryLoader(Loader):
    """12 raw bytes -> ObjectId."""

    format = Format.BINARY

    def load(self, data: Buffer) -> ObjectId:
        return ObjectId(bytes(data))


class _ObjectIdTextDumper(Dumper):
    def dump(self, obj: ObjectId) -> bytes:
        return str(obj).encode("ascii")


class _ObjectIdBinaryDumper(Dumper):
    format = Format.BINARY

    def dump(self, obj: ObjectId) -> bytes:
        return obj.binary


def register_objectid(
    context: AdaptContext, info: Optional[TypeInfo] = None
) -> TypeInfo:
    """Register the objectid loaders and dumpers on a connection (or a
    cursor).  `info` defaults to fetch_objectid_info(conn); pass it to reuse
    one lookup for several connections to the same database.  Raises
    LookupError if the extension is not installed."""
    if info is None:
        info = fetch_objectid_info(context.connection)
        if info is None:
            raise LookupError("extension objectid is not installed in this database")
    info.register(context)  # also objectid[] <-> list
    adapters = context.adapters
    adapters.register_loader(info.oid, ObjectIdTextLoader)
    adapters.register_loader(info.oid, ObjectIdBinaryLoader)
    # the dumpers carry this database's OID, so the server reads the
    # parameter as objectid without a cast
    for base in (_ObjectIdTextDumper, _ObjectIdBinaryDumper):
        dumper = type(base.__name__.lstrip("_"), (base,), {"oid": info.oid})
        adapters.register_dumper(ObjectId, dumper)
    return info
