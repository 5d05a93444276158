'use strict';
// test/clients/node/mongodb_check.js: the ObjectIds of every bson an
// application migrating from MongoDB holds bind as parameters after a plain
// `registerObjectId(client)`, with no class passed, against the database
// named by the PG* environment, where objectid is installed in the schema
// given as the first argument by the route given as the second ("c" or
// "plain"; see node_check.js).  Run as a CommonJS application (this file)
// and as an ES-module one (mongodb_check.mjs, which calls run() with what
// import gives).
//
// The application here holds bson 6 (package.json), mongodb 7, which
// brings its own bson 7 (a second copy, nested in node_modules/mongodb),
// and mongodb 6 (installed as `mongodb6`, sharing the application's bson
// 6).  mongodb is CommonJS, so its ObjectId is bson's CommonJS class: in an
// ES-module application both drivers' ObjectIds are classes other than the
// `import { ObjectId } from 'bson'` that objectid-pg's ES entry was made
// for; in a CommonJS one, mongodb 7's is.  Each kind of ObjectId goes in as
// a parameter, alone, in an array (objectid[] and `= ANY`), through a
// client and through a Pool, and comes back equal; a value marked as an
// ObjectId whose hex digits cannot be read fails in the client, with an
// error naming the fix, never as the server's 22P02 for the JSON node-postgres
// would otherwise send (`"…"`, the doubled quotes of the issue).
const { check, passed, registeredPool, packageVersion } = require('../common');

// bson's major of an ObjectId (bson 5+ marks its values with it)
const bsonMajor = (id) => id[Symbol.for('@@mdb.bson.version')];

// run({ kind, pg, ObjectId, drivers, registerObjectId }, schema, route):
// ObjectId is the application's bson's (as its kind of module loads it),
// drivers maps a name to the ObjectId class a driver exports
async function run(app, schema, route = 'c') {
  const { pg, ObjectId, drivers, registerObjectId } = app;
  // hex(value): the hex digits of what an objectid column reads as (a
  // string on the plain route, an ObjectId of the application's class
  // elsewhere)
  const hex = (value) => {
    if (route === 'plain') {
      check(typeof value === 'string', `plain route: a string, not ${value}`);
      return value;
    }
    check(value instanceof ObjectId, `an ObjectId of the application's bson, not ${value?.constructor?.name}`);
    return value.toHexString();
  };
  const typ = `"${schema}".objectid`;
  // the schema need not be on the search_path: name its operator (the plain
  // edition's is text's, in pg_catalog)
  const eq = route === 'plain' ? '=' : `OPERATOR("${schema}".=)`;
  const kinds = Object.entries(drivers);
  for (const [name, Driver] of kinds) {
    check(typeof Driver === 'function' && new Driver()._bsontype === 'ObjectId', `${name} exports an ObjectId class`);
  }
  // the copies are what the test says they are: mongodb 7's a bson 7 of its
  // own, mongodb 6's the application's bson 6 (the same class in CommonJS)
  check(bsonMajor(new drivers['mongodb 7']()) === 7 && drivers['mongodb 7'] !== ObjectId,
    "mongodb 7's ObjectId is its own bson 7's");
  check(bsonMajor(new drivers['mongodb 6']()) === 6, "mongodb 6's ObjectId is bson 6's");
  check((drivers['mongodb 6'] === ObjectId) === (app.kind === 'CommonJS'),
    `mongodb 6's ObjectId is the application's class only in CommonJS (${app.kind})`);

  const client = new pg.Client();
  await client.connect();
  try {
    await registerObjectId(client);
    await client.query('DROP TABLE IF EXISTS mongodb_ids');
    await client.query(`CREATE TABLE mongodb_ids (n int PRIMARY KEY, id ${typ}, ids ${typ}[])`);
    const made = [];
    for (const [i, [name, Driver]] of kinds.entries()) {
      const id = new Driver();
      const mine = new ObjectId();
      made.push(id);
      await client.query('INSERT INTO mongodb_ids VALUES ($1, $2, $3)', [i, id, [id, mine]]);
      const { rows } = await client.query('SELECT id, ids FROM mongodb_ids WHERE n = $1', [i]);
      check(hex(rows[0].id) === id.toHexString(), `${name}: the id read back: ${rows[0].id}`);
      // arrays of the domain are a type of their own: ObjectIds on every route
      check(rows[0].ids.length === 2 && rows[0].ids[0] instanceof ObjectId &&
        rows[0].ids[0].toHexString() === id.toHexString() && rows[0].ids[1].equals(mine),
        `${name}: objectid[] read back`);
      const found = await client.query(`SELECT count(*)::int AS c FROM mongodb_ids WHERE id ${eq} $1::${typ}`, [id]);
      check(found.rows[0].c === 1, `${name}: found by an ObjectId parameter`);
      const config = await client.query({ text: `SELECT $1::${typ}::text AS t`, values: [id] });
      check(config.rows[0].t === id.toHexString(), `${name}: query({ text, values })`);
    }
    const any = await client.query(`SELECT count(*)::int AS c FROM mongodb_ids WHERE id ${eq} ANY ($1::${typ}[])`, [made]);
    check(any.rows[0].c === kinds.length, 'an array of ObjectIds of every driver');

    // what objectid-pg cannot read as an ObjectId fails in the client, alone
    // or in an array, and the client goes on
    const unreadable = { _bsontype: 'ObjectId', toHexString: () => 'not 24 hex digits' };
    for (const values of [[unreadable], [[unreadable]]]) {
      let err = null;
      try {
        await client.query(`SELECT $1::text AS t`, values);
      } catch (e) {
        err = e;
      }
      check(err instanceof TypeError && err.code === undefined &&
        /^objectid-pg: .*pass the id's 24 hex digits as a string$/.test(err.message),
        `an unreadable ObjectId fails in the client: ${err && (err.code || '') + ' ' + err.message}`);
      check((await client.query('SELECT 1 AS one')).rows[0].one === 1, 'client usable after it');
    }
    await client.query('DROP TABLE mongodb_ids');
  } finally {
    await client.end();
  }

  // a Pool registered as the README says: pool.query() takes them too
  const pool = await registeredPool(pg, registerObjectId);
  try {
    for (const [name, Driver] of kinds) {
      const id = new Driver();
      const { rows } = await pool.query(`SELECT $1::${typ} AS id`, [id]);
      check(hex(rows[0].id) === id.toHexString(), `${name}: through pool.query()`);
    }
  } finally {
    await pool.end();
  }
  const v = (name) => packageVersion(__dirname, name);
  console.log(`mongodb (${app.kind}, mongodb ${v('mongodb')} and ${v('mongodb6')}, objectid-pg ${v('objectid-pg')}, ` +
    `${route}, schema ${schema}): ${passed()} checks passed`);
}

module.exports = { run };

if (require.main === module) {
  const app = {
    kind: 'CommonJS',
    pg: require('pg'),
    ObjectId: require('bson').ObjectId,
    drivers: { bson: require('bson').ObjectId, 'mongodb 7': require('mongodb').ObjectId, 'mongodb 6': require('mongodb6').ObjectId },
    registerObjectId: require('objectid-pg').registerObjectId,
  };
  run(app, ...process.argv.slice(2)).catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
