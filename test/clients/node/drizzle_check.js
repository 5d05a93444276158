'use strict';
// test/clients/node/drizzle_check.js: objectid-pg/drizzle (the objectid()
// column builder of the installed objectid-pg package) with Drizzle ORM,
// against the database named by the PG* environment, in which objectid is
// installed in the schema argv[2] by the route argv[3]: "c" (the C
// extension) or "plain" (portable/objectid.sql, a domain over text, read as
// text by every driver).  argv[4] is the migration folder drizzle-kit
// generate wrote from drizzle_schema.js (test/clients/prepare).  Drizzle
// names the type unqualified, so the connections put the type's schema on
// the search_path when it is not public.
//
// The migration is applied with drizzle's migrator, then the same checks run
// four times: with node-postgres and with postgres.js where nothing is
// registered (the drivers hand objectid over as text, and would send an
// ObjectId parameter as JSON: the builder's toDriver must give the text),
// with node-postgres after registerObjectId(client) (the client's own
// queries parse objectid; drizzle's node-postgres driver bypasses a client's
// parsers, so it still hands over text), and after
// registerObjectId(client, { types: pg.types }) (it hands over ObjectIds).
// Each time:
// inserts with returning(): ids made by the server (the column's
// default(sql`objectid()`), and the uuidv7() one) and by bson (now, and the
// ends of the 32-bit second) come back as bson ObjectIds equal to the
// server's text; select ordered by id is the bytes' order; eq, gt, lt,
// inArray and isNull with ObjectIds; objectid[] both ways; NULL; strings
// that are not ObjectIds refused with 22P02 (written; compared, on the C
// type: the domain compares as text and finds nothing), in and out of a
// transaction, the connection usable afterwards.
const fs = require('fs');
const path = require('path');

const pg = require('pg');
const postgres = require('postgres');
const { ObjectId } = require('bson');
const { sql, eq, gt, lt, inArray, isNull, asc } = require('drizzle-orm');
const { drizzle: drizzlePg } = require('drizzle-orm/node-postgres');
const { migrate } = require('drizzle-orm/node-postgres/migrator');
const { drizzle: drizzlePostgresJs } = require('drizzle-orm/postgres-js');
const { registerObjectId } = require('objectid-pg');
const { orders } = require('./drizzle_schema');
const { check, passed, clientIds, byBytes, packageVersion } = require('../common');

const version = (name) => packageVersion(__dirname, name);
const UUIDV7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

// the SQLSTATE of a driver's error, wrapped by drizzle or not
const sqlstate = (e) => (e && (e.code || (e.cause && e.cause.code))) || `${e}`;

// checks(db, label, opts): the checks above on one drizzle database;
// opts.raw(q): rows of a query through drizzle's own execute(), opts.driverGives:
// what the driver hands drizzle for an objectid column ('string', 'ObjectId')
async function runChecks(db, label, route, opts) {
  const raw = async (q) => {
    const r = await db.execute(sql.raw(q));
    return Array.isArray(r) ? r : r.rows;
  };
  const count = async () => Number((await raw('SELECT count(*) AS c FROM dz_orders'))[0].c);
  await db.delete(orders);

  // what the driver itself gives drizzle for the column (before fromDriver)
  await raw("INSERT INTO dz_orders (item) VALUES ('probe')");
  const probe = (await raw('SELECT id FROM dz_orders'))[0].id;
  check(opts.driverGives === 'ObjectId' ? probe instanceof ObjectId : typeof probe === 'string',
    `${label}: the driver gives ${probe && probe.constructor.name}, not ${opts.driverGives}`);
  await db.delete(orders);

  // inserts with returning(): the server's ids, bson's ids, NULL
  const made = await db.insert(orders)
    .values(Array.from({ length: 10 }, (_, i) => ({ item: `server ${i}` }))).returning();
  check(made.length === 10 && made.every((r) => r.id instanceof ObjectId), `${label}: server ids returned as ObjectId`);
  check(new Set(made.map((r) => r.id.toHexString())).size === 10, `${label}: ten distinct server ids`);
  check(made.every((r) => UUIDV7.test(r.event)), `${label}: uuidv7() defaults returned`);
  const mine = clientIds(ObjectId, 10);
  const given = await db.insert(orders)
    .values(mine.map((id, i) => ({ id, ref: id, refs: [id, mine[0]], item: `bson ${i}` })))
    .returning({ id: orders.id, ref: orders.ref, refs: orders.refs });
  given.forEach((r, i) => {
    check(r.id instanceof ObjectId && r.id.equals(mine[i]), `${label}: returned id ${i}`);
    check(r.ref instanceof ObjectId && r.ref.equals(mine[i]), `${label}: returned ref ${i}`);
    check(r.refs.length === 2 && r.refs[0].equals(mine[i]) && r.refs[1].equals(mine[0]), `${label}: returned refs ${i}`);
  });
  const [nul] = await db.insert(orders).values({ item: 'null', ref: null, refs: null }).returning();
  check(nul.id instanceof ObjectId && nul.ref === null && nul.refs === null, `${label}: NULL returned as null`);

  // the server's text of each id is the returned ObjectId's
  const text = new Map((await raw('SELECT item, id::text AS t FROM dz_orders')).map((r) => [r.item, r.t]));
  for (const [i, r] of made.entries()) check(text.get(`server ${i}`) === r.id.toHexString(), `${label}: server text ${i}`);
  for (const [i, id] of mine.entries()) check(text.get(`bson ${i}`) === id.toHexString(), `${label}: bson text ${i}`);

  // select ordered by id: the bytes' order, ObjectIds all
  const all = mine.concat(made.map((r) => r.id), [nul.id]).sort(byBytes);
  const rows = await db.select().from(orders).orderBy(asc(orders.id));
  check(rows.length === all.length, `${label}: row count`);
  rows.forEach((r, i) => check(r.id instanceof ObjectId && r.id.equals(all[i]), `${label}: ORDER BY id position ${i}`));
  check(rows.filter((r) => r.ref === null).length === 11, `${label}: NULL refs read as null`);
  check(rows.every((r) => r.refs === null || r.refs.every((x) => x instanceof ObjectId)), `${label}: objectid[] read`);

  // comparisons with ObjectIds
  const ids = async (where) => (await db.select({ id: orders.id }).from(orders).where(where).orderBy(asc(orders.id)))
    .map((r) => r.id.toHexString());
  const hex = (list) => list.map((id) => id.toHexString());
  const mid = all[Math.floor(all.length / 2)];
  const cmp = (a) => Buffer.compare(Buffer.from(a.id), Buffer.from(mid.id));
  check((await ids(eq(orders.id, mine[3]))).join() === mine[3].toHexString(), `${label}: eq`);
  check((await ids(gt(orders.id, mid))).join() === hex(all.filter((a) => cmp(a) > 0)).join(), `${label}: gt`);
  check((await ids(lt(orders.id, mid))).join() === hex(all.filter((a) => cmp(a) < 0)).join(), `${label}: lt`);
  const some = [all[0], all[3], all[all.length - 1], new ObjectId()];
  check((await ids(inArray(orders.id, some))).join() === hex(some.slice(0, 3)).join(), `${label}: inArray`);
  check((await ids(isNull(orders.ref))).length === 11, `${label}: isNull`);
  const [byRef] = await db.select({ item: orders.item }).from(orders).where(eq(orders.ref, mine[5]));
  check(byRef.item === 'bson 5', `${label}: eq on a column that is not the key`);

  // strings that are not ObjectIds: refused by the server, nothing written,
  // the connection usable; a valid string is an ObjectId read back
  const before = await count();
  const good = mine[0].toHexString();
  for (const bad of ['not an objectid', good.slice(0, -1), `${good}0`, 'g'.repeat(24), '']) {
    const e = await db.insert(orders).values({ id: bad, item: 'bad' }).then(() => null, (err) => err);
    check(sqlstate(e) === '22P02', `${label}: insert ${JSON.stringify(bad)}: ${sqlstate(e)}`);
    const found = await db.select().from(orders).where(eq(orders.id, bad)).then((r) => r, (err) => err);
    if (route === 'c') check(sqlstate(found) === '22P02', `${label}: eq ${JSON.stringify(bad)}: ${sqlstate(found)}`);
    else check(Array.isArray(found) && found.length === 0, `${label}: eq ${JSON.stringify(bad)} on the plain route`);
  }
  const inTx = await db.transaction(async (tx) => {
    await tx.insert(orders).values({ item: 'in a transaction' });
    await tx.insert(orders).values({ id: 'not an objectid', item: 'bad' });
  }).then(() => null, (err) => err);
  check(sqlstate(inTx) === '22P02', `${label}: in a transaction: ${sqlstate(inTx)}`);
  check(await count() === before, `${label}: nothing written`);
  const fromString = new ObjectId();
  await db.insert(orders).values({ id: fromString.toHexString(), item: 'string' });
  const [back] = await db.select({ id: orders.id }).from(orders).where(eq(orders.item, 'string'));
  check(back.id instanceof ObjectId && back.id.equals(fromString), `${label}: a string id reads back as its ObjectId`);
}

async function main() {
  // the installed copy, not a link to the source tree
  const source = fs.realpathSync(path.join(__dirname, '..', '..', '..', 'clients', 'node'));
  const builder = fs.realpathSync(require.resolve('objectid-pg/drizzle'));
  check(!builder.startsWith(source + path.sep), `objectid-pg/drizzle resolves to the source tree: ${builder}`);
  const [schema, route, migrations] = process.argv.slice(2);
  const searchPath = schema === 'public' ? null : `public,${schema}`;

  const client = new pg.Client(searchPath ? { options: `-c search_path=${searchPath}` } : {});
  await client.connect();
  let sqlJs = null;
  try {
    await client.query('DROP TABLE IF EXISTS dz_orders; DROP SCHEMA IF EXISTS drizzle CASCADE');
    const db = drizzlePg(client);
    await migrate(db, { migrationsFolder: migrations });
    const type = (await client.query(`SELECT format_type(atttypid, NULL) AS t FROM pg_attribute
      WHERE attrelid = 'dz_orders'::regclass AND attname = 'id'`)).rows[0].t;
    check(type === 'objectid', `the migration made id of type objectid, not ${type}`);

    // nothing registered (registerObjectId also gives ObjectId a
    // toPostgres(), which would hide what toDriver does)
    check(!('toPostgres' in ObjectId.prototype), 'ObjectId has no toPostgres() yet');
    await runChecks(db, 'node-postgres', route, { driverGives: 'string' });
    sqlJs = postgres({ max: 1, onnotice: () => {}, ...(searchPath ? { connection: { search_path: searchPath } } : {}) });
    await runChecks(drizzlePostgresJs(sqlJs), 'postgres.js', route, { driverGives: 'string' });

    // registered on the client: its own queries parse objectid, drizzle's
    // do not (the probe in runChecks)
    const info = await registerObjectId(client);
    check(info.oid > 0, 'objectid found');
    const own = (await client.query("SELECT id FROM dz_orders WHERE item = 'string'")).rows[0].id;
    check(route === 'plain' ? typeof own === 'string' : own instanceof ObjectId, `the client's own parser: ${own}`);
    await runChecks(db, 'node-postgres with the client registered', route, { driverGives: 'string' });

    // on pg.types, which drizzle's node-postgres driver uses: the driver
    // hands over ObjectIds (the domain's columns stay text)
    await registerObjectId(client, { types: pg.types });
    await runChecks(db, 'node-postgres with pg.types', route,
      { driverGives: route === 'plain' ? 'string' : 'ObjectId' });

    await client.query('DROP TABLE dz_orders; DROP SCHEMA drizzle CASCADE');
  } finally {
    await client.end();
    if (sqlJs) await sqlJs.end();
  }
  console.log(`drizzle (objectid-pg ${version('objectid-pg')}, drizzle-orm ${version('drizzle-orm')}, pg ${version('pg')}, ` +
    `postgres.js ${version('postgres')}, ${route}, schema ${schema}): ${passed()} checks passed`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
