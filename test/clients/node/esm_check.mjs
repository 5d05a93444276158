// test/clients/node/esm_check.mjs: the objectid-pg package as an ES-module
// application imports it (README: `import { ObjectId } from 'bson'`), with
// node-postgres and Drizzle, against the database named by the PG*
// environment, where objectid is installed in the schema given as the
// first argument by the route given as the second ("c" or "plain"; see
// node_check.js).  bson's ES build and its CommonJS build are two ObjectId
// classes: the ES entries of objectid-pg (index.mjs, drizzle.mjs) must make
// the application's own, so that an ObjectId parameter binds (not sent as
// JSON, which the server refuses) and values read back are `instanceof` the
// class the application imported.  node_check.js and drizzle_check.js are
// the CommonJS application.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ObjectId } from 'bson';
import { registerObjectId } from 'objectid-pg';
import { objectid } from 'objectid-pg/drizzle';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { eq, inArray, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';

const require = createRequire(import.meta.url);
const { check, passed } = require('../common.js');
const here = path.dirname(fileURLToPath(import.meta.url));
const [schema, route = 'c'] = process.argv.slice(2);

// this test means something only where the two builds are two classes
check(require('bson').ObjectId !== ObjectId, "bson's ES and CommonJS ObjectIds are one class here");
// the installed copy, not a link to the source tree
const source = fs.realpathSync(path.join(here, '..', '..', '..', 'clients', 'node'));
const installed = fs.realpathSync(path.join(here, 'node_modules', 'objectid-pg'));
check(!installed.startsWith(source + path.sep) && installed !== source,
  `objectid-pg is a link to the source tree: ${installed}`);

const searchPath = schema === 'public' ? null : `public,${schema}`;
const client = new pg.Client(searchPath ? { options: `-c search_path=${searchPath}` } : {});
await client.connect();
try {
  // node-postgres: an ObjectId of the application's class in, and out
  await registerObjectId(client);
  await client.query('DROP TABLE IF EXISTS esm_orders');
  await client.query(`CREATE TABLE esm_orders (id objectid PRIMARY KEY DEFAULT objectid(),
    refs objectid[], item text NOT NULL)`);
  const mine = new ObjectId();
  const other = new ObjectId();
  await client.query('INSERT INTO esm_orders (id, refs, item) VALUES ($1, $2, $3)',
    [mine, [mine, other], 'node-postgres']);
  const row = (await client.query('SELECT id, refs FROM esm_orders WHERE id = $1::objectid', [mine])).rows[0];
  check(row !== undefined, 'node-postgres: the row found by its ObjectId parameter');
  if (route === 'plain') {
    check(row.id === mine.toHexString(), `node-postgres: a domain column reads as its text, not ${row.id}`);
  } else {
    check(row.id instanceof ObjectId && row.id.equals(mine),
      `node-postgres: the id is the application's ObjectId: ${row.id?.constructor?.name} ${row.id}`);
  }
  check(row.refs.length === 2 && row.refs.every((x) => x instanceof ObjectId) &&
    row.refs[0].equals(mine) && row.refs[1].equals(other), 'node-postgres: objectid[] as ObjectIds of the application');

  // Drizzle (node-postgres driver): the column builder of the ES entry
  const orders = pgTable('esm_orders', {
    id: objectid('id').primaryKey().default(sql`objectid()`),
    item: text('item').notNull(),
  });
  const db = drizzle(client);
  const [made] = await db.insert(orders).values({ item: 'drizzle' }).returning();
  check(made.id instanceof ObjectId, `drizzle: the server's id is the application's ObjectId: ${made.id?.constructor?.name}`);
  const given = new ObjectId();
  await db.insert(orders).values({ id: given, item: 'given' });
  const found = await db.select().from(orders).where(eq(orders.id, given));
  check(found.length === 1 && found[0].id instanceof ObjectId && found[0].id.equals(given),
    'drizzle: an ObjectId of the application in eq() and back');
  const both = await db.select().from(orders).where(inArray(orders.id, [made.id, given])).orderBy(orders.id);
  check(both.length === 2 && both.every((r) => r.id instanceof ObjectId), 'drizzle: inArray() of ObjectIds');
  await client.query('DROP TABLE esm_orders');
} finally {
  await client.end();
}
console.log(`ES module (objectid-pg's index.mjs and drizzle.mjs, ${route}, schema ${schema}): ${passed()} checks passed`);
