"""test/clients/django/shop/tests.py: ObjectIdField through Django's ORM, in
the test database Django's runner made and migrated (django_check.py says
how).  Each check() counts one check passed."""

import datetime
import os

import django
from bson import ObjectId
from django.core.exceptions import ValidationError
from django.db import connection, models, transaction
from django.db.models.expressions import DatabaseDefault
from django.test import TestCase

from common import check, client_ids
from objectid_pg.django import ObjectIdField, ObjectIdFormField
from shop.models import Customer, Order

ROUTE = os.environ["OBJECTID_TEST_ROUTE"]


def server_text(table, pk):
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT id::text FROM {table} WHERE id::text = %s", [str(pk)])
        row = cursor.fetchone()
    return row and row[0]


class Schema(TestCase):
    def test_columns(self):
        """migrate made objectid columns, the keys with DEFAULT objectid(),
        and the migration's ObjectIdExtension created the extension where
        there was no objectid type (the C route in public: the test database
        comes from template1) and left the one there alone."""
        with connection.cursor() as cursor:
            cursor.execute("""
                SELECT c.relname || '.' || a.attname, pg_catalog.format_type(a.atttypid, NULL),
                       pg_catalog.pg_get_expr(d.adbin, d.adrelid)
                  FROM pg_catalog.pg_attribute a
                  JOIN pg_catalog.pg_class c ON c.oid = a.attrelid
                  LEFT JOIN pg_catalog.pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
                 WHERE c.relname IN ('shop_customer', 'shop_order') AND a.attnum > 0
                   AND NOT a.attisdropped AND a.attname IN ('id', 'customer_id', 'ref')""")
            got = {name: (t, d) for name, t, d in cursor.fetchall()}
            cursor.execute("SELECT e.extname, n.nspname FROM pg_catalog.pg_extension e "
                           "JOIN pg_catalog.pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'objectid'")
            ext = cursor.fetchall()
        want_type = "objectid"
        check(got["shop_customer.id"][0] == want_type and got["shop_order.id"][0] == want_type, f"keys: {got}")
        check(got["shop_customer.id"][1].endswith("objectid()") and got["shop_order.id"][1].endswith("objectid()"),
              f"the keys' defaults: {got}")
        check(got["shop_order.customer_id"] == (want_type, None), f"the foreign key's column: {got}")
        check(got["shop_order.ref"] == (want_type, None), f"ref: {got}")
        schema = os.environ.get("OBJECTID_TEST_SCHEMA", "public")
        if ROUTE == "plain":
            check(ext == [], f"no extension on the plain route: {ext}")
        else:
            check(ext == [("objectid", schema)], f"the extension in {schema}: {ext}")

    def test_field(self):
        """deconstruct (what makemigrations writes), to_python, the form field."""
        name, path, args, kwargs = ObjectIdField(null=True).deconstruct()
        check(path == "objectid_pg.django.ObjectIdField" and kwargs == {"null": True}, f"deconstruct: {path} {kwargs}")
        field = Customer._meta.get_field("id")
        oid = ObjectId()
        check(field.to_python(str(oid)) == oid and field.to_python(oid.binary) == oid, "to_python")
        for bad in ("nope", str(oid)[:-1], 12, b"short"):
            try:
                field.to_python(bad)
            except ValidationError as e:
                check(e.code == "invalid", f"to_python({bad!r}): {e.code}")
            else:
                check(False, f"to_python({bad!r}) accepted")
        form = field.formfield()
        check(isinstance(form, ObjectIdFormField), f"formfield: {form!r}")
        check(form.clean(f" {oid} ") == oid, "the form field cleans to an ObjectId")
        check(form.prepare_value(oid) == str(oid), "the form field shows the 24 hex digits")
        try:
            form.clean("g" * 24)
        except ValidationError as e:
            check(e.code == "invalid", f"form.clean: {e.code}")
        else:
            check(False, "the form field accepted g*24")


class Keys(TestCase):
    def test_db_default(self):
        """create() with the key made by the server: it comes back through
        RETURNING as an ObjectId, the server's own, in the order made."""
        before = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
        made = [Customer.objects.create(name=f"c{i}") for i in range(5)]
        for c in made:
            check(type(c.pk) is ObjectId, f"create() gives the key: {c.pk!r}")
            check(server_text("shop_customer", c.pk) == str(c.pk), f"{c.pk} is the server's")
            check(c.pk.generation_time >= before - datetime.timedelta(seconds=1), f"{c.pk} made now")
        check([c.pk for c in made] == sorted(c.pk for c in made) and len({c.pk for c in made}) == 5,
              "the server's keys increase")
        c = Customer(name="saved")
        c.save()
        check(type(c.pk) is ObjectId and Customer.objects.get(pk=c.pk).name == "saved", "save() gives the key")
        # the plain Func in db_default does the same
        o = Order.objects.create(customer=c, item="fig")
        check(type(o.pk) is ObjectId and server_text("shop_order", o.pk) == str(o.pk), f"Func db_default: {o.pk!r}")

    def test_bulk_create(self):
        """bulk_create: one INSERT, each row a key made by the server.  Django
        5.2 leaves the objects' keys unset (its bulk_create takes a key with a
        db_default for a key given: Django's ticket 36260, fixed in 6.0)."""
        objs = Customer.objects.bulk_create([Customer(name=f"b{i:03}") for i in range(100)])
        by_name = dict(Customer.objects.values_list("name", "id"))
        check(len(by_name) == 100 and len(set(by_name.values())) == 100, "100 rows, 100 server keys")
        check(all(type(k) is ObjectId for k in by_name.values()), "the server's keys read as ObjectIds")
        names = sorted(by_name)
        check([by_name[n] for n in names] == sorted(by_name.values()), "the server made them in the order given")
        if django.VERSION >= (6, 0):
            check(all(by_name[c.name] == c.pk for c in objs), "bulk_create sets the keys")
        else:
            check(all(isinstance(c.pk, DatabaseDefault) for c in objs), "Django 5.2's bulk_create leaves them unset")

    def test_given_keys(self):
        """ObjectIds made by bson, and their hex strings, as keys."""
        ids = client_ids(now=10)
        for i, oid in enumerate(ids):
            Customer.objects.create(id=oid if i % 2 else str(oid), name=f"given {i}")
        rows = list(Customer.objects.order_by("id").values_list("id", flat=True))
        check(rows == sorted(ids), "ORDER BY id is bson's order")
        check(all(type(i) is ObjectId for i in rows), "values_list reads ObjectIds")
        check(list(Customer.objects.order_by("-id").values_list("id", flat=True)) == sorted(ids, reverse=True),
              "order_by('-id')")
        for i, oid in enumerate(ids):
            check(server_text("shop_customer", oid) == str(oid), f"given {i} stored as given")


class Lookups(TestCase):
    @classmethod
    def setUpTestData(cls):
        cls.ids = sorted(client_ids(now=10))
        Customer.objects.bulk_create([Customer(id=oid, name=f"n{i}") for i, oid in enumerate(cls.ids)])

    def test_exact(self):
        oid = self.ids[4]
        check(Customer.objects.get(pk=oid).name == "n4", "get(pk=ObjectId)")
        check(Customer.objects.get(id=str(oid)).name == "n4", "get(id=hex)")
        check(Customer.objects.get(id=str(oid).upper()).name == "n4", "get(id=HEX)")
        check(not Customer.objects.filter(id=ObjectId()).exists(), "an unknown ObjectId finds nothing")

    def test_in(self):
        some = [self.ids[0], str(self.ids[3]), self.ids[-1], ObjectId()]
        got = set(Customer.objects.filter(id__in=some).values_list("id", flat=True))
        check(got == {self.ids[0], self.ids[3], self.ids[-1]}, f"id__in: {got}")
        check(list(Customer.objects.filter(id__in=[])) == [], "id__in=[]")

    def test_ranges(self):
        mid = self.ids[len(self.ids) // 2]
        for lookup, want in (("gt", lambda i: i > mid), ("gte", lambda i: i >= mid),
                             ("lt", lambda i: i < mid), ("lte", lambda i: i <= mid)):
            for given in (mid, str(mid)):
                got = list(Customer.objects.filter(**{f"id__{lookup}": given}).order_by("id")
                           .values_list("id", flat=True))
                check(got == [i for i in self.ids if want(i)], f"id__{lookup}={given!r}")
        lo, hi = self.ids[2], self.ids[-3]
        got = list(Customer.objects.filter(id__range=(lo, str(hi))).order_by("id").values_list("id", flat=True))
        check(got == self.ids[2:-2], "id__range")

    def test_bad_values(self):
        """A value that is not an ObjectId is refused before a query is sent."""
        for bad in ("nope", str(self.ids[0])[:-1], "g" * 24, ""):
            for f in (lambda: Customer.objects.get(id=bad), lambda: list(Customer.objects.filter(id__in=[bad])),
                      lambda: Customer.objects.create(id=bad, name="bad")):
                try:
                    # (save() fails inside its atomic block: a savepoint
                    # keeps the test's transaction usable)
                    with transaction.atomic():
                        f()
                except ValidationError as e:
                    check(e.code == "invalid", f"{bad!r}: {e.code}")
                else:
                    check(False, f"{bad!r} accepted")
        check(Customer.objects.count() == len(self.ids), "nothing written")

    def test_timestamp(self):
        """objectid_timestamp() in an annotation: bson's generation_time."""
        ts = models.Func("id", function="objectid_timestamp", output_field=models.DateTimeField())
        for oid, at in Customer.objects.annotate(ts=ts).values_list("id", "ts"):
            check(at == oid.generation_time, f"objectid_timestamp({oid}) = {at}")


class ForeignKeys(TestCase):
    def test_foreign_key(self):
        a = Customer.objects.create(name="a")
        b = Customer.objects.create(name="b")
        ref = ObjectId()
        orders = [Order.objects.create(customer=a if i % 3 else b, item=f"o{i}", ref=ref if i < 3 else None)
                  for i in range(9)]
        check(all(type(o.customer_id) is ObjectId for o in orders), "customer_id is an ObjectId")
        check(a.orders.count() == 6 and b.orders.count() == 3, "the reverse relation")
        check(Order.objects.filter(customer=a).count() == 6, "filter(customer=obj)")
        check(Order.objects.filter(customer_id=str(b.pk)).count() == 3, "filter(customer_id=hex)")
        check(Order.objects.filter(customer__name="b").count() == 3, "a join on the objectid key")
        got = Order.objects.select_related("customer").get(pk=orders[1].pk)
        check(got.customer.pk == a.pk and type(got.customer.pk) is ObjectId, "select_related")
        customers = Customer.objects.filter(pk__in=[a.pk, b.pk]).prefetch_related("orders").order_by("id")
        check([len(c.orders.all()) for c in customers] == [6, 3], "prefetch_related")
        check(Order.objects.filter(ref=ref).count() == 3 and Order.objects.filter(ref__isnull=True).count() == 6,
              "a nullable ObjectIdField")
        check(Order.objects.get(pk=orders[5].pk).ref is None, "NULL reads as None")
        Order.objects.filter(ref__isnull=True).update(ref=str(ref))
        check(set(Order.objects.values_list("ref", flat=True)) == {ref}, "update(ref=hex) reads back as the ObjectId")
        a.delete()
        check(Order.objects.count() == 3, "ON DELETE CASCADE by Django")
