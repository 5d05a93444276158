'use strict';
// test/clients/common.js: what the node checks (node/node_check.js,
// node/drizzle_check.js, node/mongodb_check.js, prisma/prisma_check.js)
// share: check(), which counts the checks passed, clientIds(), ObjectIds made
// by the caller's bson, the ObjectIds' byte order, a registered Pool, and the
// version of a package a check installed.
const assert = require('assert/strict');
const crypto = require('crypto');
const fs = require('fs');
const path = require('path');

let passed = 0;
function check(cond, what) {
  assert.ok(cond, what);
  passed += 1;
}

// clientIds(ObjectId, now): `now` ids made now, and the edges of the
// unsigned 32-bit second, all-zero and all-ones
function clientIds(ObjectId, now = 20) {
  const ids = [];
  for (let i = 0; i < now; i++) ids.push(new ObjectId());
  for (const sec of [0, 1, 0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff]) {
    const b = Buffer.alloc(12);
    b.writeUInt32BE(sec, 0);
    crypto.randomBytes(8).copy(b, 4);
    ids.push(new ObjectId(b));
  }
  ids.push(new ObjectId(Buffer.alloc(12, 0)), new ObjectId(Buffer.alloc(12, 0xff)));
  return ids;
}

// the server's order of objectid: the bytes' (bson has no compare of its own)
const byBytes = (a, b) => Buffer.compare(Buffer.from(a.id), Buffer.from(b.id));

// registeredPool(pg, registerObjectId): a Pool of two clients, registered as
// clients/node/README.md says: once, with any client, on the pool's types
async function registeredPool({ Pool, TypeOverrides }, registerObjectId) {
  const types = new TypeOverrides();
  const pool = new Pool({ types, max: 2 });
  const first = await pool.connect();
  try {
    await registerObjectId(first, { types });
  } finally {
    first.release();
  }
  return pool;
}

// the version of the package `name` installed in the project at `dir` (read
// from the file: some packages export no ./package.json)
const packageVersion = (dir, name) =>
  JSON.parse(fs.readFileSync(path.join(dir, 'node_modules', name, 'package.json'))).version;

module.exports = { check, passed: () => passed, clientIds, byBytes, registeredPool, packageVersion };
