'use strict';
// node-postgres adapters for the objectid PostgreSQL extension, made for
// one bson ObjectId class: index.js (CommonJS) makes them for the bson that
// require() gives, index.mjs (ES module) for the one that import gives, so
// an application of either kind gets its own class (bson ships a CommonJS
// and an ES build, and their ObjectIds are two classes).
//
//   import { ObjectId } from 'bson';                // or require('bson')
//   import { registerObjectId } from 'objectid-pg'; // or require('objectid-pg')
//
//   await registerObjectId(client);
//   await client.query('INSERT INTO t (id) VALUES ($1)', [new ObjectId()]);
//   (await client.query('SELECT id FROM t')).rows[0].id;   // an ObjectId
//
// objectid values parse as ObjectId in text results and in binary ones
// (`binary: true`: the 12 raw bytes), objectid[] as an array of ObjectId.
// The type's OID differs between databases, so it is looked up on each
// client, through the extension's catalog entries: the extension's schema
// need not be on the search_path.
//
// The portable edition (portable/README.md) is found too:
// - pg_tle (portable/pgtle.sql): a base type with text I/O only, so no
//   binary parser (the server refuses binary results of the type);
// - plain SQL (portable/objectid.sql): a domain over text.  The server
//   describes a domain column as text, so it parses as a string (the 24 hex
//   digits, the C type's text); arrays of the domain have their own type
//   and parse as arrays of ObjectId.

const postgresArray = require('postgres-array');

// the type that the extension named objectid installed, wherever it lives
// (the C extension, or pg_tle's objectid); else the plain edition's domain,
// the one over text that the objectid_timestamp of its schema takes, the one
// on the search_path first (objectid-pg for Python, objectid_pg/psycopg.py,
// asks the same)
const INFO_QUERY = `
SELECT t.oid, t.typarray,
       CASE WHEN t.typtype = 'd' THEN 'text'
            WHEN t.typsend <> 0 AND t.typreceive <> 0 THEN 'bytes' END AS binary
  FROM pg_catalog.pg_type t
 WHERE t.typname = 'objectid'
   AND (EXISTS (SELECT FROM pg_catalog.pg_depend d
                  JOIN pg_catalog.pg_extension e
                    ON e.oid = d.refobjid AND e.extname = 'objectid'
                 WHERE d.classid = 'pg_catalog.pg_type'::pg_catalog.regclass
                   AND d.objid = t.oid AND d.deptype = 'e')
        OR t.typtype = 'd'
           AND t.typbasetype = 'pg_catalog.text'::pg_catalog.regtype
           AND EXISTS (SELECT FROM pg_catalog.pg_proc p
                        WHERE p.pronamespace = t.typnamespace
                          AND p.proname = 'objectid_timestamp'
                          AND p.proargtypes[0] = t.oid))
 ORDER BY t.typtype = 'd', NOT pg_catalog.pg_type_is_visible(t.oid),
          t.typnamespace::pg_catalog.regnamespace::pg_catalog.text
 LIMIT 1`;

// objectidTypes(client): { oid, arrayOid, binary } of the database's
// objectid type, or null when neither the extension nor the plain-SQL
// edition is installed there.  binary is what the type's binary format
// carries: 'bytes' (the C extension: the 12 bytes), 'text' (the plain
// edition's domain: text's, the 24 hex digits) or null (pg_tle's type,
// which has none).
async function objectidTypes(client) {
  const res = await client.query(INFO_QUERY);
  if (res.rows.length === 0) return null;
  const row = res.rows[0];
  return { oid: Number(row.oid), arrayOid: Number(row.typarray), binary: row.binary };
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

// node-postgres (8.x, up to 8.23 at least) decodes every value of a row as
// UTF-8 and hands a binary one over as Buffer.from(that string), so a byte
// sequence that is not UTF-8 arrives as U+FFFD (brianc/node-postgres#3495).
// intact(value): the Buffer when no replacement character is in it (then
// the decoding lost nothing), else an error rather than wrong bytes.
const REPLACEMENT = Buffer.from('\ufffd');
function intact(value) {
  const buf = Buffer.from(value);
  if (buf.includes(REPLACEMENT)) {
    throw new Error('objectid in binary format: node-postgres decoded the bytes as UTF-8 and lost some ' +
      '(brianc/node-postgres#3495); read objectid in text format (no binary: true)');
  }
  return buf;
}

// parseBinaryArray(buf, element): an array in PostgreSQL's binary format
// (array_send: dimensions, a flag, the element type, each dimension's
// length and lower bound, then each element's length, -1 for NULL, and
// bytes) as nested arrays, each element through element(Buffer)
function parseBinaryArray(buf, element) {
  const ndim = buf.readInt32BE(0);
  const dims = [];
  for (let i = 0; i < ndim; i++) dims.push(buf.readInt32BE(12 + 8 * i));
  let pos = 12 + 8 * ndim;
  const level = (d) => {
    const out = [];
    for (let i = 0; i < dims[d]; i++) {
      if (d + 1 < ndim) {
        out.push(level(d + 1));
        continue;
      }
      const len = buf.readInt32BE(pos);
      pos += 4;
      out.push(len < 0 ? null : element(buf.subarray(pos, pos + len)));
      if (len > 0) pos += len;
    }
    return out;
  };
  return ndim === 0 ? [] : level(0);
}

// registerObjectId(Default, client, { ObjectId, types }): register the parsers on a
// connected pg Client (or on a pg TypeOverrides-like object given as
// `types`, for a Pool's `types` option) and let ObjectId values be passed
// as parameters.  `ObjectId` defaults to Default, the class the adapters
// were made for (the application's bson, as its kind of module loads it); pass
// mongodb's own when the application uses the driver's copy of bson.
// Resolves to objectidTypes' answer; rejects when the extension is not
// there.
async function registerObjectId(Default, client, options = {}) {
  const ObjectId = options.ObjectId || Default;
  const info = await objectidTypes(client);
  if (info === null) throw new Error('extension objectid is not installed in this database');
  const target = options.types || client;
  const fromText = (text) => new ObjectId(text);
  target.setTypeParser(info.oid, 'text', fromText);
  target.setTypeParser(info.arrayOid, 'text', (text) => postgresArray.parse(text, fromText));
  // binary results (`binary: true`): the C type's 12 bytes, the domain's
  // 24 hex digits (text's binary format; only arrays of the domain are
  // described with its OIDs, a domain column as text); pg_tle's type has no
  // binary format
  const fromBinary = {
    bytes: (buf) => new ObjectId(Buffer.from(buf)),
    text: (buf) => new ObjectId(buf.toString('latin1')),
  }[info.binary];
  if (fromBinary) {
    target.setTypeParser(info.oid, 'binary', (value) => fromBinary(intact(value)));
    target.setTypeParser(info.arrayOid, 'binary', (value) => parseBinaryArray(intact(value), fromBinary));
  }
  teachToPostgres(ObjectId);
  return info;
}

// adapters(ObjectId): registerObjectId, with ObjectId its default class,
// and objectidTypes
module.exports = (ObjectId) => ({
  registerObjectId: (client, options) => registerObjectId(ObjectId, client, options),
  objectidTypes,
});
