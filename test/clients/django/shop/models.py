"""test/clients/django/shop/models.py: objectid keys as Django declares them.
Customer's key is made by the server (db_default=NewObjectId()), Order's
too, written as a plain Func; Order.customer is a ForeignKey to an
ObjectId key, Order.ref a nullable ObjectIdField."""

from django.db import models

from objectid_pg.django import NewObjectId, ObjectIdField


class Customer(models.Model):
    id = ObjectIdField(primary_key=True, db_default=NewObjectId())
    name = models.TextField()


class Order(models.Model):
    id = ObjectIdField(primary_key=True, db_default=models.Func(function="objectid"))
    customer = models.ForeignKey(Customer, on_delete=models.CASCADE, related_name="orders")
    ref = ObjectIdField(null=True, blank=True)
    item = models.TextField()
