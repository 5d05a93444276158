"""test/clients/alembic/models.py: the application's SQLAlchemy models, as
clients/python/README.md declares them: server-made ObjectId keys, a
foreign key of the type, a nullable column and an objectid[]."""

from typing import List, Optional

from bson import ObjectId
from sqlalchemy import ForeignKey, func
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from objectid_pg.sqlalchemy import ObjectIdType


class Base(DeclarativeBase):
    pass


class Customer(Base):
    __tablename__ = "alembic_customers"
    id: Mapped[ObjectId] = mapped_column(ObjectIdType, primary_key=True, server_default=func.objectid())
    name: Mapped[str]


class Order(Base):
    __tablename__ = "alembic_orders"
    id: Mapped[ObjectId] = mapped_column(ObjectIdType, primary_key=True, server_default=func.objectid())
    customer_id: Mapped[ObjectId] = mapped_column(ObjectIdType, ForeignKey("alembic_customers.id"))
    parent: Mapped[Optional[ObjectId]] = mapped_column(ObjectIdType)
    refs: Mapped[Optional[List[ObjectId]]] = mapped_column(ARRAY(ObjectIdType))
    item: Mapped[str]
