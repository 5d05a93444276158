"""test/clients/window_plan.py: a time window written through the id's
second, `WHERE id::timestamptz >= %s`, with a bound of Python's time types
as psycopg 3 binds them, is read through the key's index from a new
connection's first statement after register_objectid() (issue 47), and
from its second.  Against the database named by the PG* environment, with
the C extension in the schema argv[1]; test/clients/check has made the
table client_windows there (100,000 ids five minutes apart from
2025-01-01, an objectid primary key, ANALYZEd), where the bound,
2025-12-01, keeps 4% of the rows: the planner chooses the index on its own
once the window is planned on the key, and reads every row where it is
not.  The bounds bind as the README says: an aware datetime as timestamptz,
a naive one as timestamp, a date as date.
"""

import datetime
import json
import sys

import psycopg

import common
from common import check
from objectid_pg.psycopg import register_objectid

EXPLAIN = "EXPLAIN (FORMAT JSON) SELECT id FROM client_windows WHERE id::timestamptz >= %s"
BOUNDS = [
    (datetime.datetime(2025, 12, 1, tzinfo=datetime.timezone.utc), "timestamp with time zone"),
    (datetime.datetime(2025, 12, 1), "timestamp without time zone"),
    (datetime.date(2025, 12, 1), "date"),
]


def scans(plan):
    """the plan's nodes, as 'Node Type on index or relation'"""
    node = plan["Plan"] if "Plan" in plan else plan
    out = [f"{node['Node Type']} on {node.get('Index Name') or node.get('Relation Name')}"]
    for child in node.get("Plans", []):
        out += scans(child)
    return out


def main():
    schema = sys.argv[1]
    for bound, bound_type in BOUNDS:
        with psycopg.connect() as conn:
            register_objectid(conn)
            for which in ("first", "second"):
                plan = conn.execute(EXPLAIN, [bound]).fetchone()[0]
                nodes = scans(plan[0])
                check(any(n.endswith(" on client_windows_pkey") for n in nodes),
                      f"{type(bound).__name__} {bound} ({bound_type}), a new connection's {which} statement after "
                      f"register_objectid: {json.dumps(nodes)}, not the key's index")
            got = conn.execute("SELECT pg_catalog.pg_typeof(%s)::text", [bound]).fetchone()[0]
            check(got == bound_type, f"{bound!r} binds as {got}, not {bound_type}")
    print(f"window plan (psycopg {psycopg.__version__}, c, schema {schema}): {common.passed} checks passed")


if __name__ == "__main__":
    main()
