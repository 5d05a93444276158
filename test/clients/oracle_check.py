"""test/clients/oracle_check.py: the extension's conversions against pymongo's
bson, the library MongoDB's Python users write their data with, on thousands
of generated values, in the database named by the PG* environment, where
objectid is installed in the schema argv[1] by the route argv[2]: "c" (the C
extension) or "plain" (portable/objectid.sql).

- ObjectId: random 12-byte values and bson-made ones go in as text; the
  server's text, bytes (bytea()) and objectid_timestamp() must be bson's
  str(), .binary and generation_time; server-made ids (objectid()) must parse
  in bson to the same bytes.
- UUIDs, per representation (standard, javaLegacy, csharpLegacy,
  pythonLegacy: pymongo's STANDARD, JAVA_LEGACY, CSHARP_LEGACY,
  PYTHON_LEGACY): uuid_to_bytea() must be Binary.from_uuid()'s bytes,
  uuid_from_bytea() of those bytes as_uuid()'s UUID, uuid_to_extjson() the
  canonical Extended JSON that json_util.dumps() writes, uuid_from_extjson()
  of what json_util wrote the UUID; uuid_representations() of the bytes
  must name the representation; and uuid_detect_representation() over a
  column of what pymongo wrote must give the verdict README.md states.

Prints `oracle pymongo X (ROUTE): values compared N, mismatches 0`; any
mismatch fails it, the first ones printed.
"""

import json
import os
import sys
import uuid

import psycopg
import pymongo
from bson import ObjectId, json_util
from bson.binary import Binary, UuidRepresentation

N = 2000
REPS = {
    "standard": UuidRepresentation.STANDARD,
    "javaLegacy": UuidRepresentation.JAVA_LEGACY,
    "csharpLegacy": UuidRepresentation.CSHARP_LEGACY,
    "pythonLegacy": UuidRepresentation.PYTHON_LEGACY,
}
# the verdicts of uuid_detect_representation over bytea / over jsonb
VERDICT_BYTEA = {
    "standard": ["standard", "pythonLegacy"],
    "javaLegacy": ["javaLegacy"],
    "csharpLegacy": ["csharpLegacy"],
    "pythonLegacy": ["standard", "pythonLegacy"],
}
VERDICT_JSONB = {rep: [rep] for rep in REPS}

compared = 0
mismatches = []


def same(got, want, what):
    global compared
    compared += 1
    if got != want:
        mismatches.append(f"{what}: server {got!r}, pymongo {want!r}")


def uuids():
    """random v4, v7-shaped and arbitrary 16-byte UUIDs, nil and max"""
    out = [uuid.uuid4() for _ in range(N // 2)]
    for _ in range(N // 4):
        b = bytearray(os.urandom(16))
        b[6] = (b[6] & 0x0F) | 0x70
        b[8] = (b[8] & 0x3F) | 0x80
        out.append(uuid.UUID(bytes=bytes(b)))
    out += [uuid.UUID(bytes=os.urandom(16)) for _ in range(N // 4)]
    return out + [uuid.UUID(int=0), uuid.UUID(int=(1 << 128) - 1)]


def main():
    schema, route = sys.argv[1], sys.argv[2]
    with psycopg.connect(autocommit=True, options=f"-c search_path={schema},public") as conn:
        # ObjectId
        oids = [ObjectId(os.urandom(12)) for _ in range(N)] + [ObjectId() for _ in range(N // 10)]
        rows = conn.execute(
            "SELECT h::objectid::text, bytea(h::objectid),"
            " extract(epoch FROM objectid_timestamp(h::objectid))::bigint"
            " FROM unnest(%s::text[]) WITH ORDINALITY u(h, n) ORDER BY n",
            [[str(o) for o in oids]],
        ).fetchall()
        for o, (txt, raw, sec) in zip(oids, rows):
            same(txt, str(o), f"text of {o}")
            same(bytes(raw), o.binary, f"bytes of {o}")
            same(sec, int(o.generation_time.timestamp()), f"timestamp of {o}")
        same(len(rows), len(oids), "rows")
        for txt, raw in conn.execute("SELECT x::text, bytea(x) FROM (SELECT objectid() x FROM generate_series(1, %s)) s", [N]):
            same(bytes(raw), ObjectId(txt).binary, f"bson's parse of the server's {txt}")

        # UUIDs
        us = uuids()
        for rep, pyrep in REPS.items():
            bins = [Binary.from_uuid(u, pyrep) for u in us]
            docs = [json.loads(json_util.dumps(b, json_options=json_util.CANONICAL_JSON_OPTIONS)) for b in bins]
            rows = conn.execute(
                "SELECT uuid_to_bytea(u, %(r)s), uuid_from_bytea(b, %(r)s), uuid_to_extjson(u, %(r)s),"
                " uuid_from_extjson(j, %(r)s), uuid_representations(b)"
                " FROM unnest(%(u)s::uuid[], %(b)s::bytea[], %(j)s::jsonb[]) WITH ORDINALITY x(u, b, j, n) ORDER BY n",
                {"r": rep, "u": us, "b": [bytes(b) for b in bins], "j": [json.dumps(d) for d in docs]},
            ).fetchall()
            same(len(rows), len(us), f"{rep}: rows")
            for u, b, d, (to_b, from_b, to_j, from_j, reps) in zip(us, bins, docs, rows):
                same(bytes(to_b), bytes(b), f"{rep}: uuid_to_bytea({u})")
                same(from_b, b.as_uuid(pyrep), f"{rep}: uuid_from_bytea({bytes(b).hex()})")
                same(to_j, d, f"{rep}: uuid_to_extjson({u})")
                same(from_j, u, f"{rep}: uuid_from_extjson({d})")
                # a well-formed RFC 9562 UUID (variant 10, version 1-8)
                if u.variant == uuid.RFC_4122 and 1 <= (u.int >> 76) & 0xF <= 8:
                    same(rep in reps, True, f"{rep}: uuid_representations({bytes(b).hex()}) = {reps}")
            # what a column of pymongo's bytes and Extended JSON is detected as
            v4 = [bytes(b) for u, b in zip(us, bins) if u.version == 4][: N // 4]
            verdict = conn.execute("SELECT uuid_detect_representation(b)->'verdict' FROM unnest(%s::bytea[]) b",
                                   [v4]).fetchone()[0]
            same(verdict, VERDICT_BYTEA[rep], f"{rep}: detection over bytea")
            js = [json.dumps(d) for u, d in zip(us, docs) if u.version == 4][: N // 4]
            verdict = conn.execute("SELECT uuid_detect_representation(j)->'verdict' FROM unnest(%s::jsonb[]) j",
                                   [js]).fetchone()[0]
            same(verdict, VERDICT_JSONB[rep], f"{rep}: detection over jsonb")

    print(f"oracle pymongo {pymongo.version} ({route}, schema {schema}): values compared {compared}, "
          f"mismatches {len(mismatches)}")
    if mismatches:
        print("\n".join(mismatches[:20]), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
