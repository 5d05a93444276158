"""test/clients/common.py: what the Python checks (psycopg_check.py,
sqlalchemy_check.py) share: check(), which counts the checks passed, and
client_ids(), ObjectIds made by bson."""

import os
import struct

from bson import ObjectId

passed = 0


def check(cond, what):
    global passed
    if not cond:
        raise AssertionError(what)
    passed += 1


def client_ids(now=20):
    """bson-made ids: `now` of them now, and the edges of the unsigned 32-bit
    second (the first byte >= 0x80 tells an unsigned order from a signed
    one), all-zero and all-ones."""
    ids = [ObjectId() for _ in range(now)]
    for sec in (0, 1, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFE, 0xFFFFFFFF):
        ids.append(ObjectId(struct.pack(">I", sec) + os.urandom(8)))
    ids.append(ObjectId(b"\x00" * 12))
    ids.append(ObjectId(b"\xff" * 12))
    return ids
