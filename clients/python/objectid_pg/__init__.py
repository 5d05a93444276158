"""objectid-pg: the objectid PostgreSQL extension's type as bson.ObjectId in
Python: objectid_pg.psycopg (psycopg 3 loaders and dumpers),
objectid_pg.sqlalchemy (the SQLAlchemy column type ObjectIdType) and
objectid_pg.django (the Django model field ObjectIdField).  Each imports its
library only when imported itself."""

from importlib import metadata as _metadata

try:
    __version__ = _metadata.version("objectid-pg")
except _metadata.PackageNotFoundError:  # imported from the source tree
    __version__ = None
