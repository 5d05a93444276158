"""test/clients/sqlalchemy_check.py: objectid_pg.sqlalchemy (the installed
objectid-pg package, SQLAlchemy with psycopg2) against the database named by
the PG* environment, in which objectid is installed in the schema argv[1] by
the route argv[2]: "c" (the C extension) or "plain" (portable/objectid.sql, a
domain over text, whose columns psycopg2 returns as text).  SQLAlchemy needs
the type's schema on the search_path (its operators and functions are found
there), so the engine puts it there when it is not public.

Through the ORM and Core: a model with an objectid primary key filled by
`server_default=func.objectid()` and other objectid columns; the DDL
create_all() emits; ids made by bson (now, and at the ends of the 32-bit
second) and by the server, which must come back as bson.ObjectId equal to
the server's own text, the server's ones through RETURNING in the INSERT
(no SELECT after it); ORDER BY id is bson's order; comparisons, in_() and
Session.get with ObjectIds; NULL stays None; strings that are not ObjectIds
are refused by the server with 22P02 and the session is usable after a
rollback (written, or compared with the C type; compared with the plain
edition's domain, which compares as text, they find nothing); func.objectid() and func.objectid_timestamp() typed; reflection of
the table gives ObjectIdType; uuid v7 keys from server_default=func.uuidv7().
"""

import datetime
import os
import struct
import sys
import uuid

from bson import ObjectId
from sqlalchemy import (Column, MetaData, Table, Text, create_engine, event, func,
                        inspect, insert, select, text)
from sqlalchemy import __version__ as sa_version
from sqlalchemy import exc as sa_exc
from sqlalchemy.dialects import postgresql
from sqlalchemy.dialects.postgresql import UUID
from sqlalchemy.orm import Mapped, Session, declarative_base
from sqlalchemy.schema import CreateTable

import common
import objectid_pg
from common import check, client_ids
from objectid_pg.sqlalchemy import ObjectIdType

Base = declarative_base()


class Order(Base):
    __tablename__ = "sa_orders"
    # server defaults other than the key come back in the INSERT's RETURNING
    __mapper_args__ = {"eager_defaults": True}

    id: Mapped[ObjectId] = Column(ObjectIdType, primary_key=True, server_default=func.objectid())
    made: Mapped[ObjectId] = Column(ObjectIdType, nullable=False, server_default=func.objectid())
    parent: Mapped[ObjectId] = Column(ObjectIdType, nullable=True)
    item: Mapped[str] = Column(Text)


class Event(Base):
    __tablename__ = "sa_events"

    id: Mapped[uuid.UUID] = Column(UUID(as_uuid=True), primary_key=True, server_default=func.uuidv7())
    order_id: Mapped[ObjectId] = Column(ObjectIdType)


def refused(session, what, f):
    """f() must fail with the server's 22P02 (a DataError), and the session
    must be usable after a rollback."""
    try:
        f()
    except sa_exc.DataError as e:
        check(e.orig.pgcode == "22P02", f"{what}: {e.orig.pgcode} {e.orig}")
    else:
        check(False, f"{what} was not refused")
    session.rollback()
    check(session.execute(select(func.count()).select_from(Order)).scalar_one() >= 0,
          f"session usable after {what}")


def main():
    schema = sys.argv[1]
    route = sys.argv[2]
    # the installed package, not the source tree's
    here = os.path.dirname(os.path.abspath(__file__))
    source = os.path.realpath(os.path.join(here, "..", "..", "clients", "python"))
    check(not os.path.realpath(objectid_pg.__file__).startswith(source + os.sep),
          f"objectid_pg imported from the source tree: {objectid_pg.__file__}")
    check(objectid_pg.__version__ is not None, "objectid_pg.__version__ from the installed metadata")

    connect_args = {}
    if schema != "public":
        connect_args["options"] = f"-c search_path=public,{schema}"
    engine = create_engine("postgresql+psycopg2://", connect_args=connect_args)
    statements = []
    event.listen(engine, "before_cursor_execute",
                 lambda conn, cursor, stmt, params, context, many: statements.append(stmt))

    ddl = str(CreateTable(Order.__table__).compile(dialect=postgresql.dialect()))
    check("id objectid DEFAULT objectid() NOT NULL" in ddl, f"DDL: {ddl}")
    Base.metadata.drop_all(engine)
    Base.metadata.create_all(engine)
    with engine.connect() as conn:
        check(conn.execute(text("SELECT format_type(atttypid, NULL) FROM pg_attribute"
                                " WHERE attrelid = 'sa_orders'::regclass AND attname = 'id'")).scalar_one()
              == "objectid", "the table's id is of type objectid")

    mine = client_ids(now=10)
    with Session(engine) as session:
        # the server fills id and made; bson's ids given as they are, in
        # parent too
        server_made = [Order(item=f"server {i}") for i in range(10)]
        given = [Order(id=oid, parent=oid, item=f"bson {i}") for i, oid in enumerate(mine)]
        nulls = Order(item="null parent", parent=None)
        session.add_all(server_made + given + [nulls])
        del statements[:]
        session.flush()
        inserts = [s for s in statements if s.lstrip().upper().startswith("INSERT")]
        check(len(inserts) == len(statements), f"only INSERTs in the flush: {statements}")
        check(all("RETURNING" in s for s in inserts), f"every INSERT has RETURNING: {inserts}")
        check(any("RETURNING sa_orders.id" in s for s in inserts), f"server-made ids come back through RETURNING: {inserts}")
        for o in server_made + given + [nulls]:
            check(type(o.__dict__["id"]) is ObjectId, f"{o.item}: id is {o.__dict__['id']!r}")
            check(type(o.__dict__["made"]) is ObjectId, f"{o.item}: made is {o.__dict__['made']!r}")
        check(len(statements) == len(inserts), "no SELECT to fetch a default")
        check(all(o.id == oid for o, oid in zip(given, mine)), "given ids kept")
        check(len({o.id for o in server_made}) == 10, "ten distinct server ids")
        session.commit()
        all_ids = sorted(mine + [o.id for o in server_made] + [nulls.id])

        # what the server holds is what the objects say
        server_text = dict(session.execute(text("SELECT item, id::text FROM sa_orders")).all())
        for o in server_made + given + [nulls]:
            check(server_text[o.item] == str(o.id), f"{o.item}: the server's text {server_text[o.item]}")

    with Session(engine) as session:
        rows = session.execute(select(Order).order_by(Order.id)).scalars().all()
        check([o.id for o in rows] == all_ids, "ORDER BY id is bson's order")
        check(all(type(o.id) is ObjectId and type(o.made) is ObjectId for o in rows), "ObjectIds read")
        by_item = {o.item: o for o in rows}
        check(by_item["null parent"].parent is None, "NULL reads as None")
        check(all(by_item[f"bson {i}"].parent == oid for i, oid in enumerate(mine)), "parents read")

        # comparisons and in_() with ObjectIds, as Python orders them
        mid = all_ids[len(all_ids) // 2]
        for op, name in ((lambda c: c > mid, ">"), (lambda c: c >= mid, ">="), (lambda c: c < mid, "<"),
                         (lambda c: c != mid, "!=")):
            got = session.execute(select(Order.id).where(op(Order.id)).order_by(Order.id)).scalars().all()
            check(got == [i for i in all_ids if op(i)], f"id {name} mid")
        some = [all_ids[0], all_ids[3], all_ids[-1], ObjectId()]
        got = set(session.execute(select(Order.id).where(Order.id.in_(some))).scalars())
        check(got == set(some[:3]), "in_() with ObjectIds")
        check(session.execute(select(Order.id).where(Order.id.in_([]))).scalars().all() == [], "in_([])")
        check(session.execute(select(Order.item).where(Order.id == mine[3])).scalar_one() == "bson 3", "== ObjectId")
        check(session.execute(select(Order.item).where(Order.id == str(mine[4]))).scalar_one() == "bson 4",
              "== the 24 hex digits")
        check(session.execute(select(func.count()).where(Order.parent.is_(None))).scalar_one() == 11,
              "IS NULL")
        session.expunge_all()
        check(session.get(Order, mine[5]).item == "bson 5", "Session.get with an ObjectId")

        # strings that are not ObjectIds: the server refuses them, the
        # session goes on after a rollback
        before = session.execute(select(func.count()).select_from(Order)).scalar_one()
        good = str(mine[0])
        for bad in ("not an objectid", good[:-1], good + "0", "g" * 24, ""):
            def add(bad=bad):
                session.add(Order(id=bad, item="bad"))
                session.flush()
            refused(session, f"id={bad!r}", add)
            find = select(Order).where(Order.id == bad)
            if route == "c":
                refused(session, f"where id = {bad!r}", lambda find=find: session.execute(find).all())
            else:
                # the domain's columns compare as text: nothing found
                check(session.execute(find).all() == [], f"where id = {bad!r} on the plain route")
        check(session.execute(select(func.count()).select_from(Order)).scalar_one() == before, "nothing written")
        # a valid string is stored, and reads back as an ObjectId
        hex_id = ObjectId()
        session.add(Order(id=str(hex_id), item="hex"))
        session.commit()
        session.expunge_all()
        check(session.execute(select(Order.id).where(Order.item == "hex")).scalar_one() == hex_id,
              "a str id reads back as its ObjectId")

    # Core: RETURNING, the typed functions
    orders = Order.__table__
    with engine.begin() as conn:
        new = conn.execute(insert(orders).values(item="core").returning(orders.c.id, orders.c.made)).one()
        check(type(new.id) is ObjectId and type(new.made) is ObjectId, f"Core RETURNING: {new}")
        fresh = conn.execute(select(func.objectid())).scalar_one()
        check(type(fresh) is ObjectId and fresh > new.id, f"select(func.objectid()): {fresh!r}")
        at = datetime.datetime(2020, 6, 1, 12, tzinfo=datetime.timezone.utc)
        backfill = conn.execute(select(func.objectid(at))).scalar_one()
        check(type(backfill) is ObjectId and backfill.generation_time == at, f"objectid(timestamptz): {backfill!r}")
        low = conn.execute(select(func.objectid_from_timestamp(at))).scalar_one()
        check(low == ObjectId(struct.pack(">I", int(at.timestamp())) + b"\x00" * 8), f"objectid_from_timestamp: {low}")
        for oid, ts in conn.execute(select(orders.c.id, func.objectid_timestamp(orders.c.id))):
            check(ts == oid.generation_time, f"objectid_timestamp({oid}) = {ts}")
        ts = conn.execute(select(func.objectid_timestamp(backfill))).scalar_one()
        check(ts == at, f"objectid_timestamp() of an ObjectId parameter: {ts}")

    # reflection: the column's type is ObjectIdType, its default objectid()
    reflected = Table("sa_orders", MetaData(), autoload_with=engine)
    for name in ("id", "made", "parent"):
        check(isinstance(reflected.c[name].type, ObjectIdType), f"reflected {name}: {reflected.c[name].type!r}")
    check(reflected.c.id.primary_key, "reflected primary key")
    default = inspect(engine).get_columns("sa_orders")[0]["default"]
    check(default.endswith("objectid()"), f"reflected default {default}")
    with engine.connect() as conn:
        got = conn.execute(select(reflected.c.id).order_by(reflected.c.id)).scalars().all()
        check(got == sorted(all_ids + [hex_id, new.id]) and all(type(i) is ObjectId for i in got),
              "the reflected table reads ObjectIds")

    # uuid v7 keys from the server
    with Session(engine) as session:
        events = [Event(order_id=mine[i]) for i in range(5)]
        session.add_all(events)
        session.flush()
        ids = [e.id for e in events]
        check(all(type(i) is uuid.UUID and i.version == 7 for i in ids), f"uuidv7 keys: {ids}")
        check(ids == sorted(ids) and len(set(ids)) == 5, "uuidv7 keys increase")
        session.commit()
        check(session.execute(select(Event.order_id).where(Event.id == ids[2])).scalar_one() == mine[2],
              "a uuid v7 key finds its row")

    Base.metadata.drop_all(engine)
    engine.dispose()
    print(f"sqlalchemy (SQLAlchemy {sa_version}, psycopg2, objectid-pg {objectid_pg.__version__}, "
          f"{route}, schema {schema}): {common.passed} checks passed")


if __name__ == "__main__":
    main()
