"""test/clients/alembic_check.py: objectid_pg.alembic (the installed
objectid-pg package) with Alembic, SQLAlchemy 2 and psycopg 3, as an
application migrates with them, against the server of the PG* environment,
in a new database named after PGDATABASE (with "_alembic"), where objectid
is installed as in PGDATABASE: in the schema argv[1] by the route argv[2]
("c" or "plain").

In a new project: `alembic init`, the application's env.py and models
(test/clients/alembic), then `alembic revision --autogenerate` against the
new database, empty of tables: the migration must name the type with its
import (`objectid_pg.sqlalchemy.ObjectIdType()` and `import
objectid_pg.sqlalchemy`; without render_item Alembic writes the module path
and no import, a NameError at upgrade).  The README's lines added to it
(op.create_objectid_extension() first in upgrade(),
op.drop_objectid_extension() last in downgrade()), `alembic upgrade head`
must make the columns objectid, where a second autogenerate finds nothing to
change; the tables then hold server-made and bson ObjectIds; `alembic
downgrade base` drops the tables, and the extension unless a table of the
application's that the migrations do not know uses it; then `upgrade head`
again as SQL written offline (`upgrade --sql`, run with psql in another new
database).  With the C extension in public, the migration creates the
extension; in a schema, the extension or the plain route's domain is
installed there first (on the search_path of the application's
connections), and the migration leaves it alone, as it must on the plain
route, where creating the C extension would put a second type objectid
beside the portable one.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile

import alembic
import psycopg
from bson import ObjectId
from sqlalchemy import create_engine, select
from sqlalchemy.orm import Session

import common
from common import check

here = os.path.dirname(os.path.abspath(__file__))


def run(project, *args, env=None):
    """alembic ARGS in the project directory; its output"""
    proc = subprocess.run([os.path.join(os.path.dirname(sys.executable), "alembic"), *args], cwd=project,
                          env=env, capture_output=True, text=True)
    check(proc.returncode == 0, f"alembic {' '.join(args)} failed: {proc.stdout}{proc.stderr}")
    return proc.stdout


def new_database(admin, db, schema, route):
    """db, new: without objectid where it goes in public, else with it in
    schema, installed as check installs it (CREATE EXTENSION, or
    portable/objectid.sql run by psql)"""
    admin.execute(f'DROP DATABASE IF EXISTS "{db}"')
    admin.execute(f'CREATE DATABASE "{db}"')
    if schema == "public":
        return
    with psycopg.connect(dbname=db, autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
        if route == "c":
            conn.execute(f'CREATE EXTENSION objectid SCHEMA "{schema}"')
            return
    proc = subprocess.run(["psql", "-X", "-q", "-1", "-v", "ON_ERROR_STOP=1", "-d", db, "-f",
                           os.path.join(here, "..", "..", "portable", "objectid.sql")],
                          env=dict(os.environ, PGOPTIONS=f"-c search_path={schema}"), capture_output=True, text=True)
    check(proc.returncode == 0, f"portable/objectid.sql: {proc.stderr}")


def main():
    schema, route = sys.argv[1], sys.argv[2]
    db = f"{os.environ['PGDATABASE']}_alembic"
    admin = psycopg.connect(dbname="postgres", autocommit=True)
    new_database(admin, db, schema, route)
    options = "" if schema == "public" else f"?options=-csearch_path%3Dpublic,{schema}"
    env = dict(os.environ, OBJECTID_ALEMBIC_URL=f"postgresql+psycopg:///{db}{options}", PGDATABASE=db,
               PGOPTIONS="" if schema == "public" else f"-c search_path=public,{schema}")
    project = tempfile.mkdtemp(prefix="objectid-alembic.")
    try:
        run(project, "init", "migrations")
        shutil.copy(os.path.join(here, "alembic", "env.py"), os.path.join(project, "migrations", "env.py"))
        shutil.copy(os.path.join(here, "alembic", "models.py"), project)
        run(project, "revision", "--autogenerate", "-m", "first", env=env)
        versions = os.path.join(project, "migrations", "versions")
        [name] = os.listdir(versions)
        path = os.path.join(versions, name)
        text = open(path).read()
        check(re.search(r"^import objectid_pg\.sqlalchemy$", text, re.M), f"the migration imports the type: {text}")
        for line in ("sa.Column('id', objectid_pg.sqlalchemy.ObjectIdType(), server_default=sa.text('objectid()'), nullable=False)",
                     "sa.Column('customer_id', objectid_pg.sqlalchemy.ObjectIdType(), nullable=False)",
                     "sa.Column('refs', postgresql.ARRAY(objectid_pg.sqlalchemy.ObjectIdType()), nullable=True)"):
            check(line in text, f"the migration has {line}: {text}")
        # the README's two lines, as an application adds them
        text = re.sub(r'(def upgrade\(\) -> None:\n    """Upgrade schema."""\n)', r"\1    op.create_objectid_extension()\n", text)
        text = re.sub(r"(def downgrade\(\) -> None:\n(?:    .*\n)+)", r"\1    op.drop_objectid_extension()\n", text)
        check(text.count("_objectid_extension()") == 2, f"the extension's lines added: {text}")
        open(path, "w").write(text)

        with psycopg.connect(dbname=db, autocommit=True) as conn:
            had = conn.execute("SELECT count(*) FROM pg_catalog.pg_extension WHERE extname = 'objectid'").fetchone()[0]
        check(had == int(route == "c" and schema != "public"), f"objectid extensions before: {had}")
        run(project, "upgrade", "head", env=env)
        with psycopg.connect(dbname=db, autocommit=True) as conn:
            ext = conn.execute("SELECT count(*) FROM pg_catalog.pg_extension WHERE extname = 'objectid'").fetchone()[0]
            check(ext == int(route == "c"), f"objectid extensions after upgrade: {ext} ({route})")
            types = conn.execute(
                "SELECT string_agg(attname || ' ' || format_type(atttypid, atttypmod), ', ' ORDER BY attnum)"
                " FROM pg_catalog.pg_attribute WHERE attrelid = 'alembic_orders'::regclass AND attnum > 0"
                " AND attname <> 'item'").fetchone()[0]
            qualified = "" if schema == "public" else f"{schema}."
            want = ", ".join(f"{c} {qualified}objectid{a}" for c, a in
                             (("id", ""), ("customer_id", ""), ("parent", ""), ("refs", "[]")))
            check(types == want, f"alembic_orders: {types}, not {want}")
        # a second autogenerate finds the database as the models say
        out = run(project, "check", env=env)
        check("No new upgrade operations detected" in out, f"alembic check: {out}")

        sys.path.insert(0, project)
        import models

        engine = create_engine(env["OBJECTID_ALEMBIC_URL"])
        with Session(engine) as session:
            customer = models.Customer(name="ada")
            session.add(customer)
            session.flush()
            mine = ObjectId()
            session.add(models.Order(id=mine, customer_id=customer.id, item="fig"))
            session.commit()
            check(isinstance(customer.id, ObjectId), f"a server-made key: {customer.id!r}")
            order = session.scalars(select(models.Order).where(models.Order.customer_id == customer.id)).one()
            check(order.id == mine and order.parent is None, f"an order read back: {order.id!r}")
        engine.dispose()

        if had:
            # a table of the application's that the migrations do not know
            # uses the extension installed before them
            with psycopg.connect(dbname=db, autocommit=True) as conn:
                conn.execute(f'CREATE TABLE alembic_other (id "{schema}".objectid)')
        run(project, "downgrade", "base", env=env)
        with psycopg.connect(dbname=db, autocommit=True) as conn:
            left = conn.execute("SELECT string_agg(relname, ' ') FROM pg_catalog.pg_class"
                                " WHERE relname IN ('alembic_customers', 'alembic_orders', 'alembic_other')").fetchone()[0]
            ext = conn.execute("SELECT count(*) FROM pg_catalog.pg_extension WHERE extname = 'objectid'").fetchone()[0]
        check(left == ("alembic_other" if had else None), f"tables after downgrade: {left}")
        # the extension the migration created is dropped; one that the
        # application's other table uses is kept
        check(ext == had, f"objectid extensions after downgrade: {ext}, before: {had}")
        if schema == "public":
            # offline: the migration's SQL, run by psql in a new database
            sql = run(project, "upgrade", "head", "--sql", env=env)
            new_database(admin, db, schema, route)
            check("IF pg_catalog.to_regtype('objectid') IS NULL THEN" in sql, f"upgrade --sql: {sql}")
            proc = subprocess.run(["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", db], input=sql, env=env,
                                  capture_output=True, text=True)
            check(proc.returncode == 0, f"psql of upgrade --sql: {proc.stderr}")
            with psycopg.connect(dbname=db, autocommit=True) as conn:
                n = conn.execute("SELECT count(*) FROM pg_catalog.pg_extension WHERE extname = 'objectid'").fetchone()[0]
                check(n == 1 and conn.execute("SELECT to_regclass('alembic_orders') IS NOT NULL").fetchone()[0],
                      "upgrade --sql made the extension and the tables")
    finally:
        shutil.rmtree(project)
        admin.execute(f'DROP DATABASE IF EXISTS "{db}"')
        admin.close()
    print(f"alembic (Alembic {alembic.__version__}, objectid-pg, {route}, schema {schema}): {common.passed} checks passed")


if __name__ == "__main__":
    main()
