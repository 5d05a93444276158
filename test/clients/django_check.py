"""test/clients/django_check.py: objectid_pg.django (the installed objectid-pg
package) with Django and psycopg 3, against the server of the PG*
environment, in which the database PGDATABASE has objectid installed in the
schema argv[1] by the route argv[2] ("c", "plain" or "pgtle").  The project
is test/clients/django (settings.py, the app shop: models, its migration,
tests).

First `makemigrations --check`: the committed migration is what Django makes
of the models (ObjectIdField deconstructs as written), and `sqlmigrate`
declares the columns objectid.  Then Django's own test runner: it creates
its test database, migrates it (the migration's ObjectIdExtension creates
the extension) and runs shop/tests.py.  The C extension in public: the test
database comes from template1, so the migration creates the extension; the
other databases: from PGDATABASE as the template (settings TEST
TEMPLATE), where objectid is installed already in its schema, which the
migration leaves alone (the role needs CREATEDB, and owns PGDATABASE).
"""

import io
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [here, os.path.join(here, "django")]

import django  # noqa: E402
import psycopg  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connections  # noqa: E402

import common  # noqa: E402
import objectid_pg  # noqa: E402


def main():
    schema, route = sys.argv[1], sys.argv[2]
    source = os.path.realpath(os.path.join(here, "..", "..", "clients", "python"))
    common.check(not os.path.realpath(objectid_pg.__file__).startswith(source + os.sep),
                 f"objectid_pg imported from the source tree: {objectid_pg.__file__}")
    os.environ.update(DJANGO_SETTINGS_MODULE="settings", OBJECTID_TEST_SCHEMA=schema, OBJECTID_TEST_ROUTE=route)
    if not (route == "c" and schema == "public"):
        os.environ["OBJECTID_TEST_TEMPLATE"] = os.environ["PGDATABASE"]
    django.setup()

    # exits 1, naming the changes, where the models and the migration differ
    call_command("makemigrations", "shop", check=True, dry_run=True, verbosity=0)
    out = io.StringIO()
    call_command("sqlmigrate", "shop", "0001", stdout=out)
    sql = out.getvalue()
    for line in ('"id" objectid DEFAULT (objectid()) NOT NULL PRIMARY KEY', '"ref" objectid NULL',
                 '"customer_id" objectid NOT NULL'):
        common.check(line in sql, f"sqlmigrate shop 0001 has {line}: {sql}")

    from django.test.runner import DiscoverRunner

    tests = DiscoverRunner(verbosity=0).build_suite(["shop"]).countTestCases()
    common.check(tests >= 11, f"shop's tests found: {tests}")
    # the test database is made from PGDATABASE: no session may be in it
    connections.close_all()
    # (run_tests builds the suite again, sets up and tears down the test
    # database and exits 1 where a test failed)
    if DiscoverRunner(verbosity=1, interactive=False).run_tests(["shop"]):
        sys.exit(1)
    print(f"django (Django {django.__version__}, psycopg {psycopg.__version__}, {tests} tests, "
          f"objectid-pg {objectid_pg.__version__}, {route}, schema {schema}): {common.passed} checks passed")


if __name__ == "__main__":
    main()
