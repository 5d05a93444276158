"""Django model field for the objectid PostgreSQL extension.

    from django.db import models
    from objectid_pg.django import NewObjectId, ObjectIdField

    class Order(models.Model):
        id = ObjectIdField(primary_key=True, db_default=NewObjectId())
        item = models.TextField()

and, first in the app's first migration, `ObjectIdExtension()`
(`CREATE EXTENSION IF NOT EXISTS objectid`, unless a type objectid is
already on the search_path, such as the portable edition's).

`ObjectIdField` is an `objectid` column holding `bson.ObjectId`: values
read from the database, whatever the driver returns (the 24 hex digits, or
an ObjectId where objectid_pg.psycopg is registered), become ObjectIds;
ObjectIds and their 24 hex digits are accepted wherever a value is
(assignment, `filter(id=...)`, `__in`, `__gt`, ...) and go to the database
as the 24 hex digits; anything else raises ValidationError before a query
is sent.  A ForeignKey to a model whose key is an ObjectIdField is an
`objectid` column too.  With `db_default=NewObjectId()` the server makes the
key, and Django takes it from the INSERT's RETURNING.
"""

from __future__ import annotations

from typing import Any, Optional

from bson import ObjectId
from bson.errors import InvalidId
from django import forms
from django.core import exceptions
from django.db import models, router
from django.db.migrations.operations.base import Operation
from django.utils.translation import gettext_lazy as _

__all__ = ["ObjectIdField", "ObjectIdFormField", "NewObjectId", "ObjectIdExtension"]


def _parse(value: Any) -> ObjectId:
    """An ObjectId from an ObjectId, its 24 hex digits or its 12 bytes;
    InvalidId or TypeError for anything else (None included: bson would
    make a new one)."""
    if isinstance(value, ObjectId):
        return value
    if isinstance(value, (bytes, bytearray, memoryview)):
        value = bytes(value)
        if len(value) == 24:  # a driver's undecoded text
            value = value.decode("ascii")
    elif not isinstance(value, str):
        raise TypeError(f"not an ObjectId: {value!r}")
    return ObjectId(value)


class ObjectIdFormField(forms.CharField):
    """A text input whose cleaned value is a bson.ObjectId."""

    default_error_messages = {"invalid": _("Enter a valid ObjectId (24 hexadecimal digits).")}

    def prepare_value(self, value: Any) -> Any:
        return str(value) if isinstance(value, ObjectId) else value

    def to_python(self, value: Any) -> Optional[ObjectId]:
        value = super().to_python(value)
        if value in self.empty_values:
            return None
        try:
            return _parse(value)
        except (InvalidId, TypeError):
            raise exceptions.ValidationError(self.error_messages["invalid"], code="invalid")


class ObjectIdField(models.Field):
    """The `objectid` column type: `bson.ObjectId` in Python."""

    description = _("MongoDB ObjectId")
    empty_strings_allowed = False
    default_error_messages = {"invalid": _("“%(value)s” is not a valid ObjectId.")}

    def db_type(self, connection: Any) -> str:
        return "objectid"

    def to_python(self, value: Any) -> Optional[ObjectId]:
        if value is None:
            return None
        try:
            return _parse(value)
        except (InvalidId, TypeError):
            raise exceptions.ValidationError(
                self.error_messages["invalid"], code="invalid", params={"value": value})

    def from_db_value(self, value: Any, expression: Any, connection: Any) -> Optional[ObjectId]:
        return None if value is None else _parse(value)

    def get_prep_value(self, value: Any) -> Optional[ObjectId]:
        return self.to_python(super().get_prep_value(value))

    def get_db_prep_value(self, value: Any, connection: Any, prepared: bool = False) -> Optional[str]:
        if not prepared:
            value = self.get_prep_value(value)
        # the 24 hex digits: the type's text, which every driver can send
        return None if value is None else str(value)

    def value_to_string(self, obj: Any) -> Optional[str]:
        value = self.value_from_object(obj)
        return None if value is None else str(value)

    def formfield(self, **kwargs: Any) -> Any:
        return super().formfield(**{"form_class": ObjectIdFormField, **kwargs})


class NewObjectId(models.Func):
    """`objectid()`: a new ObjectId, made by the server (for `db_default`)."""

    function = "objectid"
    arity = 0
    output_field = ObjectIdField()


class ObjectIdExtension(Operation):
    """A migration operation: `CREATE EXTENSION IF NOT EXISTS objectid`,
    unless a type objectid is on the search_path already (the extension, or
    the portable edition's plain-SQL route, which has no extension to
    create).  Backwards, as django.contrib.postgres's CreateExtension:
    `DROP EXTENSION objectid` where the extension is installed."""

    reversible = True

    def state_forwards(self, app_label: str, state: Any) -> None:
        pass

    def _applies(self, schema_editor: Any, app_label: str) -> bool:
        return schema_editor.connection.vendor == "postgresql" and router.allow_migrate(
            schema_editor.connection.alias, app_label)

    def database_forwards(self, app_label: str, schema_editor: Any, from_state: Any, to_state: Any) -> None:
        if not self._applies(schema_editor, app_label):
            return
        with schema_editor.connection.cursor() as cursor:
            cursor.execute("SELECT pg_catalog.to_regtype('objectid') IS NOT NULL")
            if cursor.fetchone()[0]:
                return
        schema_editor.execute("CREATE EXTENSION IF NOT EXISTS objectid")

    def database_backwards(self, app_label: str, schema_editor: Any, from_state: Any, to_state: Any) -> None:
        if not self._applies(schema_editor, app_label):
            return
        with schema_editor.connection.cursor() as cursor:
            cursor.execute("SELECT FROM pg_catalog.pg_extension WHERE extname = 'objectid'")
            if cursor.fetchone() is None:
                return
        schema_editor.execute("DROP EXTENSION objectid")

    def describe(self) -> str:
        return "Creates extension objectid"

    @property
    def migration_name_fragment(self) -> str:
        return "create_extension_objectid"
