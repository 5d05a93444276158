// test/clients/node/mongodb_check.mjs: mongodb_check.js's checks in an
// ES-module application: its ObjectId classes and objectid-pg's entry as
// `import` gives them (bson's ES build, objectid-pg's index.mjs; mongodb,
// CommonJS, exports bson's CommonJS class).
import { createRequire } from 'node:module';
import pg from 'pg';
import { ObjectId } from 'bson';
import { ObjectId as ObjectId7 } from 'mongodb';
import { ObjectId as ObjectId6 } from 'mongodb6';
import { registerObjectId } from 'objectid-pg';

const require = createRequire(import.meta.url);
const { run } = require('./mongodb_check.js');

await run({
  kind: 'ES module',
  pg,
  ObjectId,
  drivers: { bson: ObjectId, 'mongodb 7': ObjectId7, 'mongodb 6': ObjectId6 },
  registerObjectId,
}, ...process.argv.slice(2));
