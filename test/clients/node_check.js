'use strict';
// test/clients/node_check.js: clients/node (node-postgres + bson) against the
// database named by the PG* environment, in which test/clients/check
// installed the extension into the schema given as the first argument.
//
// ObjectIds made by bson and by the server's objectid() go in as parameters
// and come back, in text and binary results: equal to the source, as
// ObjectId, sorted by ORDER BY as their bytes sort (bson has no compare of
// its own), objectid_timestamp() equal to getTimestamp(); NULL stays null; a
// bad value is refused with SQLSTATE 22P02 and changes nothing.
const path = require('path');
const crypto = require('crypto');
const assert = require('assert/strict');

const clientDir = path.join(__dirname, '..', '..', 'clients', 'node');
const clientRequire = require('module').createRequire(path.join(clientDir, 'index.js'));
const { Client, Pool, TypeOverrides } = clientRequire('pg');
const { ObjectId } = clientRequire('bson');
const { registerObjectId, objectidTypes } = require(clientDir);

let checks = 0;
function check(cond, what) {
  assert.ok(cond, what);
  checks += 1;
}
const pkgVersion = (name) =>
  JSON.parse(require('fs').readFileSync(path.join(clientDir, 'node_modules', name, 'package.json'))).version;
const byBytes = (a, b) => Buffer.compare(Buffer.from(a.id), Buffer.from(b.id));

function clientIds() {
  const ids = [];
  for (let i = 0; i < 20; i++) ids.push(new ObjectId());
  for (const sec of [0, 1, 0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff]) {
    const b = Buffer.alloc(12);
    b.writeUInt32BE(sec, 0);
    crypto.randomBytes(8).copy(b, 4);
    ids.push(new ObjectId(b));
  }
  ids.push(new ObjectId(Buffer.alloc(12, 0)), new ObjectId(Buffer.alloc(12, 0xff)));
  return ids;
}

async function main() {
  const schema = process.argv[2];
  const typ = `"${schema}".objectid`;
  // the schema need not be on the search_path: name its operator
  const eq = `OPERATOR("${schema}".=)`;
  const client = new Client();
  await client.connect();
  try {
    const info = await registerObjectId(client);
    check(info.oid > 0 && info.arrayOid > 0, 'OIDs found');
    await client.query('DROP TABLE IF EXISTS node_ids');
    await client.query(`CREATE TABLE node_ids (n int PRIMARY KEY, id ${typ}, src text)`);

    const mine = clientIds();
    for (let i = 0; i < mine.length; i++) {
      await client.query("INSERT INTO node_ids VALUES ($1, $2, 'bson')", [i, mine[i]]);
    }
    await client.query("INSERT INTO node_ids VALUES (1000, $1, 'null')", [null]);
    await client.query(`INSERT INTO node_ids SELECT 2000 + g, "${schema}".objectid(), 'server'
                          FROM generate_series(1, 10) g`);
    await client.query(`INSERT INTO node_ids SELECT 3000 + g,
                          "${schema}".objectid(timestamptz '2000-01-01 00:00:00+00' + g * interval '1 year'),
                          'server' FROM generate_series(1, 10) g`);

    const sql = 'SELECT n, id FROM node_ids ORDER BY n';
    const text = (await client.query(sql)).rows;
    const binary = (await client.query({ text: sql, binary: true })).rows;
    const serverIds = [];
    for (const [name, rows] of [['text', text], ['binary', binary]]) {
      check(rows.length === mine.length + 21, `${name}: row count`);
      for (const { n, id } of rows) {
        if (n < 1000) check(id instanceof ObjectId && id.equals(mine[n]), `${name}: row ${n}`);
        else if (n === 1000) check(id === null, `${name}: NULL row`);
        else {
          check(id instanceof ObjectId, `${name}: row ${n} is an ObjectId`);
          if (name === 'text') serverIds.push(id);
        }
      }
      for (let i = 0; i < rows.length; i++) {
        check(rows[i].id === null ? text[i].id === null : rows[i].id.equals(text[i].id), `${name} = text, row ${i}`);
      }
    }
    // the server's text output is toHexString(); its bytes are the id's
    for (const { n, t, b } of (await client.query(
      'SELECT n, id::text AS t, id::bytea AS b FROM node_ids WHERE id IS NOT NULL')).rows) {
      const id = text.find((r) => r.n === n).id;
      check(t === id.toHexString(), `text of row ${n}`);
      check(Buffer.compare(b, Buffer.from(id.id)) === 0, `bytes of row ${n}`);
    }

    // ORDER BY id is the bytes' order; objectid_timestamp is getTimestamp()
    const all = mine.concat(serverIds).sort(byBytes);
    for (const binaryFormat of [false, true]) {
      const rows = (await client.query({
        text: `SELECT id, "${schema}".objectid_timestamp(id) AS ts FROM node_ids WHERE id IS NOT NULL ORDER BY id`,
        binary: binaryFormat,
      })).rows;
      check(rows.length === all.length, 'ordered row count');
      rows.forEach((r, i) => {
        check(r.id.equals(all[i]), `ORDER BY position ${i} (binary=${binaryFormat})`);
        if (!binaryFormat) {
          check(r.ts.getTime() === r.id.getTimestamp().getTime(), `timestamp of ${r.id}: ${r.ts.toISOString()}`);
        }
      });
    }

    // parameters compare as objectid on the server; objectid[] both ways
    for (const id of all) {
      const { rows } = await client.query(`SELECT count(*)::int AS c FROM node_ids WHERE id ${eq} $1`, [id]);
      check(rows[0].c === 1, `lookup of ${id}`);
    }
    const arr = (await client.query('SELECT array_agg(id ORDER BY id) AS a FROM node_ids')).rows[0].a;
    check(arr.length === all.length + 1 && arr[arr.length - 1] === null, 'objectid[] length, NULL last');
    all.forEach((id, i) => check(arr[i].equals(id), `objectid[] element ${i}`));
    const any = await client.query(`SELECT count(*)::int AS c FROM node_ids WHERE id ${eq} ANY($1)`, [mine]);
    check(any.rows[0].c === mine.length, 'an array of ObjectId as objectid[]');

    // a bad value from the client: the server's 22P02, nothing written
    const before = (await client.query('SELECT count(*)::int AS c FROM node_ids')).rows[0].c;
    const good = mine[0].toHexString();
    for (const bad of ['not an objectid', good.slice(0, -1), good + '0', 'g'.repeat(24), '', { $oid: good }]) {
      let err = null;
      try {
        await client.query("INSERT INTO node_ids VALUES (9999, $1, 'bad')", [bad]);
      } catch (e) {
        err = e;
      }
      check(err !== null && err.code === '22P02', `${JSON.stringify(bad)}: ${err ? err.code + ' ' + err.message : 'accepted'}`);
    }
    check((await client.query('SELECT count(*)::int AS c FROM node_ids')).rows[0].c === before, 'nothing written');
    await client.query('DROP TABLE node_ids');
  } finally {
    await client.end();
  }

  // a Pool: one lookup, registered on the pool's types, serves every client
  const types = new TypeOverrides();
  const pool = new Pool({ types, max: 2 });
  try {
    const first = await pool.connect();
    try {
      await registerObjectId(first, { types });
    } finally {
      first.release();
    }
    const clients = await Promise.all([pool.connect(), pool.connect()]);
    for (const c of clients) {
      const { rows } = await c.query(`SELECT "${schema}".objectid() AS id, NULL::"${schema}".objectid AS n`);
      check(rows[0].id instanceof ObjectId && rows[0].n === null, 'a pool client parses objectid');
      c.release();
    }
  } finally {
    await pool.end();
  }

  // a database without the extension has no objectid type
  const other = new Client({ database: 'postgres' });
  await other.connect();
  try {
    check((await objectidTypes(other)) === null, 'no objectid without the extension');
    await assert.rejects(registerObjectId(other), /not installed/);
  } finally {
    await other.end();
  }
  console.log(`node (pg ${pkgVersion('pg')}, bson ${pkgVersion('bson')}, schema ${schema}): ${checks} checks passed`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
