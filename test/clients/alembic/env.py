"""test/clients/alembic/env.py: the application's Alembic environment, as
clients/python/README.md says to write it (in place of the env.py that
`alembic init` writes): the models' metadata for autogenerate and
objectid_pg.alembic's render_item, in both modes.  The database URL comes
from OBJECTID_ALEMBIC_URL (alembic_check.py sets it)."""

import os

from alembic import context
from sqlalchemy import create_engine, pool

import models
from objectid_pg.alembic import render_item

target_metadata = models.Base.metadata
url = os.environ["OBJECTID_ALEMBIC_URL"]

if context.is_offline_mode():
    context.configure(url=url, target_metadata=target_metadata, render_item=render_item, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()
else:
    engine = create_engine(url, poolclass=pool.NullPool)
    with engine.connect() as connection:
        context.configure(connection=connection, target_metadata=target_metadata, render_item=render_item)
        with context.begin_transaction():
            context.run_migrations()
