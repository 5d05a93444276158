"""test/clients/django/settings.py: the settings of django_check.py's
project (the app shop, nothing else: no admin, auth or contenttypes).  The
database is the one the PG* environment names, reached through libpq's
environment (PGHOST, PGPORT, PGUSER, PGPASSWORD); OBJECTID_TEST_SCHEMA, when
not public, is put on the search_path, as an application whose extension
lives in a schema of its own does; OBJECTID_TEST_TEMPLATE, when set, is the
template the test runner makes its database from (where objectid is
installed beforehand); else the test database is made from template1 and
the first migration creates the extension."""

import os

SECRET_KEY = "objectid-clients-test"
INSTALLED_APPS = ["shop"]
USE_TZ = True
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

_schema = os.environ.get("OBJECTID_TEST_SCHEMA", "public")
DATABASES = {
    "default": {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": os.environ["PGDATABASE"],
        "OPTIONS": {"options": f"-c search_path=public,{_schema}"} if _schema != "public" else {},
        "TEST": {"TEMPLATE": os.environ.get("OBJECTID_TEST_TEMPLATE") or None},
    }
}
