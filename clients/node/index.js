'use strict';
// node-postgres adapters for the objectid PostgreSQL extension.
//
//   const { Client } = require('pg');
//   const { ObjectId } = require('bson');
//   const { registerObjectId } = require('objectid-pg');
//
//   const client = new Client();
//   await client.connect();
//   await registerObjectId(client);
//   await client.query('INSERT INTO t (id) VALUES ($1)', [new ObjectId()]);
//   (await client.query('SELECT id FROM t')).rows[0].id;   // an ObjectId
//
// objectid values parse as ObjectId in text results and in binary ones
// (`binary: true`: the 12 raw bytes), objectid[] as an array of ObjectId.
// The type's OID differs between databases, so it is looked up on each
// client, through the extension's catalog entries: the extension's schema
// need not be on the search_path.

const bson = require('bson');
const postgresArray = require('postgres-array');

// the type that the extension named objectid installed, wherever it lives
// (clients/python/objectid_psycopg.py asks the same)
const INFO_QUERY = `
SELECT t.oid, t.typarray
  FROM pg_catalog.pg_type t
  JOIN pg_catalog.pg_depend d
    ON d.classid = 'pg_catalog.pg_type'::pg_catalog.regclass
   AND d.objid = t.oid AND d.deptype = 'e'
  JOIN pg_catalog.pg_extension e
    ON e.oid = d.refobjid AND e.extname = 'objectid'
 WHERE t.typname = 'objectid'`;

// objectidTypes(client): { oid, arrayOid } of the database's objectid type,
// or null when the extension is not installed there
async function objectidTypes(client) {
  const res = await client.query(INFO_QUERY);
  if (res.rows.length === 0) return null;
  return { oid: Number(res.rows[0].oid), arrayOid: Number(res.rows[0].typarray) };
}

// node-postgres turns a parameter that has toPostgres() into its result;
// without it an ObjectId would be sent as JSON (a quoted string, which the
// server refuses).  Installed once per ObjectId class, not enumerable.
function teachToPostgres(ObjectId) {
  if (!Object.prototype.hasOwnProperty.call(ObjectId.prototype, 'toPostgres')) {
    Object.defineProperty(ObjectId.prototype, 'toPostgres', {
      value: function toPostgres() { return this.toHexString(); },
      configurable: true,
      writable: true,
    });
  }
}

// registerObjectId(client, { ObjectId, types }): register the parsers on a
// connected pg Client (or on a pg TypeOverrides-like object given as
// `types`, for a Pool's `types` option) and let ObjectId values be passed
// as parameters.  `ObjectId` defaults to this package's bson.ObjectId; pass
// mongodb's own when the application uses the driver's copy of bson.
// Resolves to { oid, arrayOid }; rejects when the extension is not there.
async function registerObjectId(client, options = {}) {
  const ObjectId = options.ObjectId || bson.ObjectId;
  const info = await objectidTypes(client);
  if (info === null) throw new Error('extension objectid is not installed in this database');
  const target = options.types || client;
  const fromText = (text) => new ObjectId(text);
  target.setTypeParser(info.oid, 'text', fromText);
  target.setTypeParser(info.oid, 'binary', (buf) => new ObjectId(Buffer.from(buf)));
  target.setTypeParser(info.arrayOid, 'text', (text) => postgresArray.parse(text, fromText));
  teachToPostgres(ObjectId);
  return info;
}

module.exports = { registerObjectId, objectidTypes };
