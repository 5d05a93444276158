'use strict';
// test/clients/node/node_check.js: the objectid-pg package (clients/node,
// installed here by npm ci) with node-postgres and bson, against the
// database named by the PG* environment, in which objectid is installed in
// the schema given as the first argument by the route given as the second:
// "c" (the C extension, the default), "plain" (portable/objectid.sql, a
// domain over text) or "pgtle" (portable/pgtle.sql, a base type with text
// I/O only).
//
// ObjectIds made by bson and by the server's objectid() go in as parameters
// and come back in text results: equal to the source, as ObjectId, sorted by
// ORDER BY as their bytes sort (bson has no compare of its own),
// objectid_timestamp() equal to getTimestamp(); NULL stays null; a bad value
// is refused with SQLSTATE 22P02 and changes nothing.  Binary results
// (binary: true, which takes the extended protocol: a query without
// parameters would otherwise go as a simple query, in text): node-postgres
// hands binary values over decoded as UTF-8 (brianc/node-postgres#3495), so
// an id whose bytes are ASCII must come back right and one that is not
// UTF-8 must be refused with the adapter's error, never wrong bytes.  What
// differs by route, pinned so that it can only change knowingly:
// - plain: the server describes a domain column as text, so a column reads
//   as a string, the 24 hex digits of toHexString() (arrays of the domain,
//   which have their own type, read as arrays of ObjectId); its binary
//   format is text's, which survives node-postgres's decoding;
// - pgtle: no binary format: binary results are refused by the server
//   (42883) and the client stays usable.
const fs = require('fs');
const path = require('path');
const assert = require('assert/strict');

// the objectid-pg package as installed (test/clients/prepare: npm ci here)
const { Client } = require('pg');
const { ObjectId } = require('bson');
const { registerObjectId, objectidTypes } = require('objectid-pg');
const { check, passed, clientIds, byBytes, registeredPool, packageVersion } = require('../common');
const pkgVersion = (name) => packageVersion(__dirname, name);

// the error the adapter raises for binary values node-postgres mangled
const MANGLED = /node-postgres decoded the bytes as UTF-8 and lost some/;

async function main() {
  // the installed copy, not a link to the source tree
  const source = fs.realpathSync(path.join(__dirname, '..', '..', '..', 'clients', 'node'));
  check(!fs.realpathSync(require.resolve('objectid-pg')).startsWith(source + path.sep),
    `objectid-pg resolves to the source tree: ${require.resolve('objectid-pg')}`);
  const schema = process.argv[2];
  const route = process.argv[3] || 'c';
  // the binary format of the type; what a result column of it reads as
  const binary = { c: 'bytes', plain: 'text', pgtle: null }[route];
  // same(value, id): value is what a column holding id reads as: a string
  // on the plain route, an ObjectId elsewhere
  const same = (value, id) =>
    route === 'plain' ? value === id.toHexString() : value instanceof ObjectId && value.equals(id);
  const typ = `"${schema}".objectid`;
  // the schema need not be on the search_path: name its operator (the plain
  // edition's is text's, in pg_catalog)
  const eq = route === 'plain' ? '=' : `OPERATOR("${schema}".=)`;
  const client = new Client();
  // a query's rows, or the error it failed with
  const attempt = (q) => client.query(q).then((r) => r.rows, (e) => e);
  await client.connect();
  try {
    const info = await registerObjectId(client);
    check(info.oid > 0 && info.arrayOid > 0, 'OIDs found');
    check(info.binary === binary, `binary format ${info.binary}, not ${binary}`);
    await client.query('DROP TABLE IF EXISTS node_ids');
    await client.query(`CREATE TABLE node_ids (n int PRIMARY KEY, id ${typ}, src text)`);

    const mine = clientIds(ObjectId);
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
    const serverIds = [];
    check(text.length === mine.length + 21, 'row count');
    for (const { n, id } of text) {
      if (n < 1000) check(same(id, mine[n]), `row ${n}: ${id}`);
      else if (n === 1000) check(id === null, 'NULL row');
      else {
        check(route === 'plain' ? typeof id === 'string' : id instanceof ObjectId, `row ${n}: ${id}`);
        serverIds.push(new ObjectId(id));
      }
    }

    // binary results: right, or refused; never wrong
    const ascii = [new ObjectId('000000000000000000000000'), new ObjectId('7f7f7f7f7f7f7f7f7f7f7f7f'),
      new ObjectId('507f1f77bcf86cd799439011'.replace(/[89a-f]/g, '1'))];
    const notUtf8 = new ObjectId('ffffffffffffffffffffffff');
    const inBinary = (ids) => attempt({
      text: `SELECT id FROM unnest($1::${typ}[]) WITH ORDINALITY AS u(id, i) ORDER BY i`,
      values: [ids], binary: true,
    });
    const asciiRows = await inBinary(ascii);
    const notUtf8Rows = await inBinary([notUtf8]);
    if (binary === null) {
      check(asciiRows.code === '42883' && notUtf8Rows.code === '42883', `binary results refused: ${asciiRows.message}`);
    } else {
      check(Array.isArray(asciiRows) && asciiRows.every((r, i) => same(r.id, ascii[i])),
        `binary results of ASCII bytes: ${asciiRows.message || JSON.stringify(asciiRows)}`);
      if (binary === 'bytes') check(MANGLED.test(notUtf8Rows.message), `binary results that are not UTF-8 refused: ${notUtf8Rows}`);
      else check(same(notUtf8Rows[0].id, notUtf8), `binary results of the domain: ${notUtf8Rows.message}`);
      // arrays: the array header holds OIDs and lengths that may not be
      // UTF-8 either
      const arr = await attempt({ text: 'SELECT array_agg(id ORDER BY n) AS a FROM node_ids WHERE n < 1000',
        values: [], binary: true, queryMode: 'extended' });
      check(MANGLED.test(arr.message) || (arr[0].a.length === mine.length && arr[0].a.every((id, i) => id.equals(mine[i]))),
        `binary objectid[]: ${arr.message || 'right'}`);
    }
    check((await client.query('SELECT 1 AS one')).rows[0].one === 1, 'client usable after binary results');
    // the server's text output is toHexString(); its bytes are the id's
    for (const { n, t, b } of (await client.query(
      `SELECT n, id::text AS t, "${schema}".bytea(id) AS b FROM node_ids WHERE id IS NOT NULL`)).rows) {
      const id = new ObjectId(text.find((r) => r.n === n).id);
      check(t === id.toHexString(), `text of row ${n}`);
      check(Buffer.compare(b, Buffer.from(id.id)) === 0, `bytes of row ${n}`);
    }

    // ORDER BY id is the bytes' order; objectid_timestamp is getTimestamp()
    const all = mine.concat(serverIds).sort(byBytes);
    const rows = (await client.query(
      `SELECT id, "${schema}".objectid_timestamp(id) AS ts FROM node_ids WHERE id IS NOT NULL ORDER BY id`)).rows;
    check(rows.length === all.length, 'ordered row count');
    rows.forEach((r, i) => {
      const id = new ObjectId(r.id);
      check(same(r.id, all[i]), `ORDER BY position ${i}`);
      check(r.ts.getTime() === id.getTimestamp().getTime(), `timestamp of ${id}: ${r.ts.toISOString()}`);
    });

    // parameters compare as objectid on the server; objectid[] both ways
    for (const id of all) {
      const { rows } = await client.query(`SELECT count(*)::int AS c FROM node_ids WHERE id ${eq} $1`, [id]);
      check(rows[0].c === 1, `lookup of ${id}`);
    }
    // (arrays of the plain edition's domain are of a type of their own, not
    // text[]: arrays of ObjectId there too)
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
  const pool = await registeredPool(require('pg'), registerObjectId);
  try {
    const clients = await Promise.all([pool.connect(), pool.connect()]);
    for (const c of clients) {
      const { rows } = await c.query(`SELECT "${schema}".objectid() AS id, NULL::"${schema}".objectid AS n`);
      check(same(rows[0].id, new ObjectId(rows[0].id)) && rows[0].n === null, 'a pool client parses objectid');
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
  console.log(`node (objectid-pg ${pkgVersion('objectid-pg')}, pg ${pkgVersion('pg')}, bson ${pkgVersion('bson')}, ${route}, schema ${schema}): ${passed()} checks passed`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
