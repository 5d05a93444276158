"""test/clients/migration_check.py: doc/migrations.md's recipes, as written
there, on exports that pymongo 4 writes, against the database named by the
PG* environment, where objectid is installed in the schema argv[1] (put on
the search_path, as the recipes name its functions unqualified) by the
route argv[2] ("c" or "plain").

1. pymongo 4's json_util in LEGACY mode (LEGACY_JSON_OPTIONS, and LEGACY
   with each uuid_representation) writes a UUID as {"$uuid": "<32 hex
   digits>"}, the UUID itself, which the Extended JSON spec calls a parse
   error: 60 such documents, loaded by step 2's recipe (its ```sql block
   that fills users_rejected, run by psql with the export as users.json),
   must all convert, each to its own UUID, and none be rejected.  Before the
   recipe rewrote them, all 60 were rejected with 22P02.
2. A collection whose application moved from javaLegacy (subtype 03, 30
   documents) to standard (subtype 04, 30), as pymongo's Binary.from_uuid
   writes them in canonical Extended JSON: step 1's detection over the whole
   column gives no verdict ("mixed"), step 1's query over the subtype 03
   values gives ["javaLegacy"], and step 2's recipe (set to javaLegacy, as it
   is written) converts all 60 right.
"""

import os
import re
import subprocess
import sys
import tempfile
import uuid

import psycopg
from bson import ObjectId, json_util
from bson.binary import Binary, UuidRepresentation
from bson.json_util import LEGACY_JSON_OPTIONS, JSONMode, JSONOptions

import common
from common import check

here = os.path.dirname(os.path.abspath(__file__))


def sql_block(pattern):
    """the one ```sql block of doc/migrations.md that matches pattern"""
    text = open(os.path.join(here, "..", "..", "doc", "migrations.md")).read()
    blocks = [b for b in re.findall(r"^```sql\n(.*?)^```$", text, re.M | re.S) if re.search(pattern, b)]
    check(len(blocks) == 1, f"doc/migrations.md: one block matching {pattern}, not {len(blocks)}")
    return blocks[0]


def recipe(env, lines, expected):
    """step 2's recipe on an export of these lines; users must hold
    expected ({ObjectId: UUID}) and users_rejected nothing"""
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, "users.json"), "w") as f:
            f.write("".join(line + "\n" for line in lines))
        proc = subprocess.run(["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1"], input=sql_block(r"\busers_rejected\b"),
                              cwd=tmp, env=env, capture_output=True, text=True)
    check(proc.returncode == 0, f"the recipe: {proc.stderr}")
    with psycopg.connect(autocommit=True, options=env["PGOPTIONS"]) as conn:
        rejected = conn.execute("SELECT * FROM users_rejected").fetchall()
        columns = [c.name for c in conn.execute("SELECT * FROM users_rejected LIMIT 0").description]
        got = dict(conn.execute("SELECT id::text, user_id FROM users").fetchall())
        conn.execute("DROP TABLE mongo_users, users, users_rejected")
    check(rejected == [], f"rejected: {len(rejected)} of {len(lines)}: {rejected[:2]}")
    check(columns == ["line", "sqlstate", "error", "detail"], f"users_rejected keeps the detail: {columns}")
    check(len(got) == len(lines), f"{len(got)} of {len(lines)} converted")
    for oid, u in expected.items():
        check(got.get(str(oid)) == u, f"{oid}: {got.get(str(oid))}, not {u}")
    return len(got)


def main():
    schema, route = sys.argv[1], sys.argv[2]
    env = dict(os.environ, PGOPTIONS=f"-c search_path=public,{schema}")

    # 1. pymongo 4's LEGACY mode: {"$uuid": "<32 hex digits>"}
    options = [LEGACY_JSON_OPTIONS] + [JSONOptions(json_mode=JSONMode.LEGACY, uuid_representation=r)
                                       for r in (UuidRepresentation.STANDARD, UuidRepresentation.PYTHON_LEGACY,
                                                 UuidRepresentation.JAVA_LEGACY, UuidRepresentation.CSHARP_LEGACY)]
    expected, lines = {}, []
    for i in range(60):
        oid, u = ObjectId(), uuid.uuid4()
        expected[oid] = u
        lines.append(json_util.dumps({"_id": oid, "userId": u, "name": f"user {i}"},
                                     json_options=options[i % len(options)]))
    check(all(re.search(r'"userId": \{"\$uuid": "[0-9a-f]{32}"\}', line) for line in lines),
          f"pymongo's LEGACY export writes $uuid as 32 hex digits: {lines[0]}")
    legacy = recipe(env, lines, expected)

    # 2. a collection moved from javaLegacy (subtype 03) to standard (04)
    expected, docs = {}, []
    for i in range(60):
        oid, u = ObjectId(), uuid.uuid4()
        expected[oid] = u
        rep = UuidRepresentation.JAVA_LEGACY if i < 30 else UuidRepresentation.STANDARD
        docs.append(json_util.dumps({"_id": oid, "userId": Binary.from_uuid(u, rep), "name": f"user {i}"},
                                    json_options=json_util.CANONICAL_JSON_OPTIONS))
    with psycopg.connect(autocommit=True, options=env["PGOPTIONS"]) as conn:
        conn.execute("CREATE TABLE mongo_users (doc jsonb)")
        with conn.cursor().copy("COPY mongo_users (doc) FROM STDIN") as copy:
            for doc in docs:
                copy.write_row([doc])
        whole = conn.execute("SELECT r->'verdict', r->>'reason' FROM"
                             " (SELECT uuid_detect_representation(doc->'userId') FROM mongo_users) s(r)").fetchone()
        check(whole == (None, "mixed"), f"the whole column: {whole}")
        step1 = conn.execute(sql_block(r"->'verdict' AS verdict FROM mongo_users")).fetchone()[0]
        check(step1 == ["javaLegacy"], f"step 1 over the subtype 03 values: {step1}")
        conn.execute("DROP TABLE mongo_users")
    mixed = recipe(env, docs, expected)
    print(f"migration (pymongo {__import__('pymongo').version}: LEGACY $uuid {legacy} of 60,"
          f" javaLegacy then standard {mixed} of 60, {route}, schema {schema}): {common.passed} checks passed")


if __name__ == "__main__":
    main()
