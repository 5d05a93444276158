"""test/clients/sqlalchemy_check.py: objectid_pg.sqlalchemy (the installed
objectid-pg package) with SQLAlchemy 2 and the driver argv[3] (psycopg, the
default, or psycopg2) against the database named by the PG* environment, in
which objectid is installed in the schema argv[1] by the route argv[2]: "c"
(the C extension), "plain" (portable/objectid.sql, a domain over text, whose
columns the drivers return as text) or "pgtle" (portable/pgtle.sql, text
I/O only).  SQLAlchemy needs the type's schema on the search_path (its
operators and functions are found there), so the engine puts it there when
it is not public.

Through the ORM and Core: typed models (DeclarativeBase, Mapped[ObjectId],
mapped_column) with an objectid primary key filled by
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
insertmanyvalues: many rows in one INSERT with RETURNING, in Core and in the
ORM (a key made by bson, default=ObjectId, the sentinel SQLAlchemy needs to
batch; a key made by the server is one INSERT per row, as SQLAlchemy
documents), the returned ObjectIds the server's, in the order given.  Time
windows: objectid_timestamp(id) between two instants, and the same through
objectid_first_at_or_after()/objectid_last_before(), find the rows bson's
generation_time puts there.
"""

import datetime
import os
import struct
import sys
import uuid
from typing import Optional

from bson import ObjectId
from sqlalchemy import (DateTime, MetaData, Table, Text, create_engine, event, func,
                        inspect, insert, select, text)
from sqlalchemy import __version__ as sa_version
from sqlalchemy import exc as sa_exc
from sqlalchemy.dialects import postgresql
from sqlalchemy.dialects.postgresql import UUID
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column
from sqlalchemy.schema import CreateTable

import common
import objectid_pg
from common import check, client_ids
from objectid_pg.sqlalchemy import ObjectIdType

class Base(DeclarativeBase):
    pass


class Order(Base):
    __tablename__ = "sa_orders"
    # server defaults other than the key come back in the INSERT's RETURNING
    __mapper_args__ = {"eager_defaults": True}

    id: Mapped[ObjectId] = mapped_column(ObjectIdType, primary_key=True, server_default=func.objectid())
    made: Mapped[ObjectId] = mapped_column(ObjectIdType, server_default=func.objectid())
    parent: Mapped[Optional[ObjectId]] = mapped_column(ObjectIdType)
    item: Mapped[str] = mapped_column(Text)


class Batch(Base):
    """A key made by bson when the object is flushed: the sentinel that lets
    the ORM insert many rows in one statement."""

    __tablename__ = "sa_batches"
    __mapper_args__ = {"eager_defaults": True}

    id: Mapped[ObjectId] = mapped_column(ObjectIdType, primary_key=True, default=ObjectId)
    made: Mapped[ObjectId] = mapped_column(ObjectIdType, server_default=func.objectid())
    n: Mapped[int]


class Event(Base):
    __tablename__ = "sa_events"

    id: Mapped[uuid.UUID] = mapped_column(UUID(as_uuid=True), primary_key=True, server_default=func.uuidv7())
    order_id: Mapped[Optional[ObjectId]] = mapped_column(ObjectIdType)


def refused(session, what, f):
    """f() must fail with the server's 22P02 (a DataError), and the session
    must be usable after a rollback."""
    try:
        f()
    except sa_exc.DataError as e:
        # the driver's error: psycopg's sqlstate, psycopg2's pgcode
        code = getattr(e.orig, "sqlstate", None) or getattr(e.orig, "pgcode", None)
        check(code == "22P02", f"{what}: {code} {e.orig}")
    else:
        check(False, f"{what} was not refused")
    session.rollback()
    check(session.execute(select(func.count()).select_from(Order)).scalar_one() >= 0,
          f"session usable after {what}")


def main():
    schema = sys.argv[1]
    route = sys.argv[2]
    driver = sys.argv[3] if len(sys.argv) > 3 else "psycopg"
    # the installed package, not the source tree's
    here = os.path.dirname(os.path.abspath(__file__))
    source = os.path.realpath(os.path.join(here, "..", "..", "clients", "python"))
    check(not os.path.realpath(objectid_pg.__file__).startswith(source + os.sep),
          f"objectid_pg imported from the source tree: {objectid_pg.__file__}")
    check(objectid_pg.__version__ is not None, "objectid_pg.__version__ from the installed metadata")

    connect_args = {}
    if schema != "public":
        connect_args["options"] = f"-c search_path=public,{schema}"
    engine = create_engine(f"postgresql+{driver}://", connect_args=connect_args)
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
            if route != "plain":
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
        call = func.objectid_timestamp(backfill)
        check(isinstance(call.type, DateTime) and isinstance(list(call.clauses)[0].type, ObjectIdType),
              "objectid_timestamp(ObjectId): its parameter typed ObjectIdType, its result DateTime")

    # insertmanyvalues, Core: one INSERT of 500 rows, RETURNING the keys the
    # server made, in the order of the rows given
    with engine.begin() as conn:
        del statements[:]
        rows = conn.execute(insert(orders).returning(orders.c.id, orders.c.item),
                            [{"item": f"many {i:03}"} for i in range(500)]).all()
        check(len(statements) == 1 and "RETURNING" in statements[0], f"one INSERT: {len(statements)}")
        check([r.item for r in rows] == [f"many {i:03}" for i in range(500)], "the rows in the order given")
        check(all(type(r.id) is ObjectId for r in rows), "insertmanyvalues returns ObjectIds")
        check([r.id for r in rows] == sorted(r.id for r in rows) and len({r.id for r in rows}) == 500,
              "the server's keys increase, in the order given")
        held = dict(conn.execute(text("SELECT item, id::text FROM sa_orders WHERE item LIKE 'many %'")).all())
        check(all(held[r.item] == str(r.id) for r in rows), "each returned key is its row's")
        conn.execute(orders.delete().where(orders.c.item.like("many %")))

    # insertmanyvalues, ORM: keys made by bson (default=ObjectId), the
    # server's made returned: one INSERT, each object gets its row's
    with Session(engine) as session:
        batch = [Batch(n=i) for i in range(300)]
        session.add_all(batch)
        del statements[:]
        session.flush()
        check(len(statements) == 1 and "RETURNING" in statements[0], f"the ORM's one INSERT: {statements[:2]}")
        check(all(type(b.id) is ObjectId and type(b.made) is ObjectId for b in batch), "ids and made are ObjectIds")
        check([b.made for b in batch] == sorted(b.made for b in batch), "made, in the order of the objects")
        held = dict(session.execute(text("SELECT n, made::text FROM sa_batches")).all())
        check(all(held[b.n] == str(b.made) for b in batch), "each object has its row's made")
        session.commit()

    # time windows: ids of known seconds, found through their time
    base = datetime.datetime(2024, 3, 1, tzinfo=datetime.timezone.utc)
    timed = [ObjectId.from_datetime(base + datetime.timedelta(seconds=s // 3)).binary[:4] + os.urandom(8)
             for s in range(30)]
    timed = [ObjectId(b) for b in timed]
    with Session(engine) as session:
        session.add_all([Order(id=oid, item=f"timed {i}") for i, oid in enumerate(timed)])
        session.commit()
        t0, t1 = base + datetime.timedelta(seconds=2), base + datetime.timedelta(seconds=7, milliseconds=500)
        want = sorted(o for o in timed if t0 <= o.generation_time < t1)
        check(len(want) == 18, f"the window's ids: {len(want)}")
        ts = func.objectid_timestamp(Order.id)
        got = session.scalars(select(Order.id).where(ts >= t0, ts < t1).order_by(Order.id)).all()
        check(got == want, "objectid_timestamp(id) in [t0, t1)")
        got = session.scalars(select(Order.id).where(Order.id >= func.objectid_first_at_or_after(t0),
                                                     Order.id <= func.objectid_last_before(t1))
                              .order_by(Order.id)).all()
        check(got == want, "id between objectid_first_at_or_after(t0) and objectid_last_before(t1)")
        bound = session.execute(select(func.objectid_first_at_or_after(t0), func.objectid_last_before(t1))).one()
        check(all(type(b) is ObjectId for b in bound), f"the window functions return ObjectIds: {bound}")
        session.execute(Order.__table__.delete().where(Order.item.like("timed %")))
        session.commit()

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
    print(f"sqlalchemy (SQLAlchemy {sa_version}, {driver}, objectid-pg {objectid_pg.__version__}, "
          f"{route}, schema {schema}): {common.passed} checks passed")


if __name__ == "__main__":
    main()
