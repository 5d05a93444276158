"""SQLAlchemy column type for the objectid PostgreSQL extension.

    from bson import ObjectId
    from sqlalchemy import Column, Text, func
    from sqlalchemy.orm import declarative_base
    from objectid_pg.sqlalchemy import ObjectIdType

    Base = declarative_base()

    class Order(Base):
        __tablename__ = "orders"
        id = Column(ObjectIdType, primary_key=True, server_default=func.objectid())
        item = Column(Text)

`ObjectIdType` renders as `objectid` in DDL, binds `bson.ObjectId` values
(and strings, which the server checks: SQLSTATE 22P02 for one that is not an
ObjectId) as the 24 hex digits, and turns what the driver returns into
`bson.ObjectId`: the text psycopg2 gives for a type it does not know, the
text of the portable edition's domain, or an ObjectId already made by
objectid_pg.psycopg's loaders.  Comparisons and `in_()` with ObjectIds bind
through it, so the server compares objectid with objectid.

Importing this module also
- registers the type with the PostgreSQL dialect's `ischema_names`, so that
  reflecting a table gives `ObjectIdType` for an `objectid` column (where
  the type's schema is on the search_path: the server names it unqualified
  then);
- gives `func.objectid()`, `func.objectid_from_timestamp()` and the time
  window bounds (`func.objectid_first_at_or_after()`, `_first_after`,
  `_last_before`, `_last_at_or_before`, `_first_in_second`) the type
  `ObjectIdType`, and `func.objectid_timestamp()` `DateTime(timezone=True)`
  (its ObjectId argument binds as `ObjectIdType`), so that selecting them
  yields ObjectId and datetime.

Written for SQLAlchemy 1.4 and 2.x (UserDefinedType, GenericFunction);
tested with 2.x.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

from bson import ObjectId
from sqlalchemy import literal
from sqlalchemy import types as sqltypes
from sqlalchemy.dialects.postgresql import base as _pg_base
from sqlalchemy.sql.functions import GenericFunction

__all__ = ["ObjectIdType"]


def _to_objectid(value: Any) -> Optional[ObjectId]:
    """What a driver returns for an objectid column, as an ObjectId: the 24
    hex digits (str, or bytes from a driver that does not decode them), the
    12 raw bytes, or an ObjectId (objectid_pg.psycopg's loaders)."""
    if value is None or isinstance(value, ObjectId):
        return value
    if isinstance(value, (bytes, bytearray, memoryview)):
        value = bytes(value)
        if len(value) == 24:
            value = value.decode("ascii")
    return ObjectId(value)


class ObjectIdType(sqltypes.UserDefinedType):
    """The `objectid` column type: `bson.ObjectId` in Python."""

    cache_ok = True

    def get_col_spec(self, **kw: Any) -> str:
        return "objectid"

    @property
    def python_type(self) -> type:
        return ObjectId

    def bind_processor(self, dialect: Any) -> Callable[[Any], Any]:
        def process(value: Any) -> Any:
            # a str goes as it is, for the server to check (22P02), and so
            # does None; an ObjectId, or what bson makes one of (12 bytes),
            # as its 24 hex digits
            if value is None or isinstance(value, str):
                return value
            return str(value if isinstance(value, ObjectId) else ObjectId(value))

        return process

    def literal_processor(self, dialect: Any) -> Callable[[Any], str]:
        def process(value: Any) -> str:
            # only what bson accepts as an ObjectId reaches the SQL text
            return "'%s'" % _to_objectid(value)

        return process

    def result_processor(self, dialect: Any, coltype: Any) -> Callable[[Any], Any]:
        return _to_objectid


# reflection: the PostgreSQL dialect looks a column's type name up here
# before it resolves a domain to its base type, so the portable edition's
# domain (when its schema is on the search_path) reflects as ObjectIdType too
_pg_base.ischema_names["objectid"] = ObjectIdType


# the functions that return an objectid, each a GenericFunction of its name
# (SQLAlchemy registers them for func.<name> as the class is made)
for _name, _doc in (
    ("objectid", "`objectid()` and `objectid(timestamptz)`: a new ObjectId."),
    ("objectid_from_timestamp", "`objectid_from_timestamp(timestamptz)`: the smallest ObjectId of that second."),
    ("objectid_first_at_or_after", "`objectid_first_at_or_after(timestamptz)` (1.3): a time window's lower bound."),
    ("objectid_first_after", "`objectid_first_after(timestamptz)` (1.3)."),
    ("objectid_last_before", "`objectid_last_before(timestamptz)` (1.3): a time window's upper bound."),
    ("objectid_last_at_or_before", "`objectid_last_at_or_before(timestamptz)` (1.3)."),
    ("objectid_first_in_second", "`objectid_first_in_second(timestamptz)` (1.3)."),
):
    globals()[_name] = type(_name, (GenericFunction,), {
        "__doc__": _doc, "__module__": __name__, "type": ObjectIdType(), "inherit_cache": True})


class objectid_timestamp(GenericFunction):  # noqa: N801
    """`objectid_timestamp(objectid)`: the second an ObjectId carries."""

    type = sqltypes.DateTime(timezone=True)
    inherit_cache = True

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # an ObjectId argument binds through ObjectIdType, as its 24 hex
        # digits: untyped, the driver could not adapt it
        super().__init__(
            *(literal(a, ObjectIdType()) if isinstance(a, ObjectId) else a for a in args), **kwargs)
