"""Alembic support for objectid_pg.sqlalchemy.ObjectIdType.

In the migration environment's env.py, give autogenerate the renderer, in
both context.configure() calls:

    from objectid_pg.alembic import render_item

    context.configure(..., target_metadata=target_metadata, render_item=render_item)

`alembic revision --autogenerate` then writes an `objectid` column as
`objectid_pg.sqlalchemy.ObjectIdType()` and puts `import
objectid_pg.sqlalchemy` among the migration's imports (without it, Alembic
writes the type's module path and no import: a NameError at `upgrade`).
Importing this module also registers two operations, for the first
migration, as Django's `ObjectIdExtension()` is added to an app's first
migration:

    def upgrade():
        op.create_objectid_extension()
        op.create_table(...)

    def downgrade():
        op.drop_table(...)
        op.drop_objectid_extension()

`op.create_objectid_extension()` runs `CREATE EXTENSION IF NOT EXISTS
objectid` unless a type objectid is on the search_path already (the
extension installed by an administrator, or the portable edition, which has
no extension to create), in one statement, so that it also works in
offline mode (`alembic upgrade --sql`); `op.drop_objectid_extension()` runs
`DROP EXTENSION IF EXISTS objectid` unless other objects still use the type (tables
of other migrations, or ones made before the extension was in migrations): then it
keeps the extension, with a NOTICE.  A render_item of the application's
own can return this one's answer for the types it does not render itself.
"""

from __future__ import annotations

from typing import Any

from alembic.operations import MigrateOperation, Operations

from objectid_pg.sqlalchemy import ObjectIdType

__all__ = ["render_item", "CreateObjectIdExtensionOp", "DropObjectIdExtensionOp"]


def render_item(type_: str, obj: Any, autogen_context: Any) -> Any:
    """Alembic's render_item hook: ObjectIdType with its import; False
    (Alembic's own rendering) for everything else."""
    if type_ == "type" and isinstance(obj, ObjectIdType):
        autogen_context.imports.add("import objectid_pg.sqlalchemy")
        return "objectid_pg.sqlalchemy.ObjectIdType()"
    return False


# the statement Django's ObjectIdExtension runs in two steps, in one, so
# that a migration run offline (its SQL written out) keeps the condition
_CREATE = """DO $$
BEGIN
    IF pg_catalog.to_regtype('objectid') IS NULL THEN
        CREATE EXTENSION IF NOT EXISTS objectid;
    END IF;
END $$"""
_DROP = """DO $$
BEGIN
    DROP EXTENSION IF EXISTS objectid;
EXCEPTION WHEN dependent_objects_still_exist THEN
    RAISE NOTICE 'extension objectid is kept: other objects use it';
END $$"""


@Operations.register_operation("create_objectid_extension")
class CreateObjectIdExtensionOp(MigrateOperation):
    """`op.create_objectid_extension()`: CREATE EXTENSION objectid unless a
    type objectid is on the search_path already."""

    @classmethod
    def create_objectid_extension(cls, operations: Operations) -> Any:
        return operations.invoke(cls())

    def reverse(self) -> "DropObjectIdExtensionOp":
        return DropObjectIdExtensionOp()


@Operations.register_operation("drop_objectid_extension")
class DropObjectIdExtensionOp(MigrateOperation):
    """`op.drop_objectid_extension()`: DROP EXTENSION IF EXISTS objectid,
    unless other objects still use it."""

    @classmethod
    def drop_objectid_extension(cls, operations: Operations) -> Any:
        return operations.invoke(cls())

    def reverse(self) -> CreateObjectIdExtensionOp:
        return CreateObjectIdExtensionOp()


@Operations.implementation_for(CreateObjectIdExtensionOp)
def _create_objectid_extension(operations: Operations, operation: CreateObjectIdExtensionOp) -> None:
    operations.execute(_CREATE)


@Operations.implementation_for(DropObjectIdExtensionOp)
def _drop_objectid_extension(operations: Operations, operation: DropObjectIdExtensionOp) -> None:
    operations.execute(_DROP)
