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
// Parameters: an ObjectId of any bson the application holds (bson's ES and
// CommonJS builds, the copy inside mongodb) binds as its 24 hex digits
// (bindObjectIds below); results are ObjectIds of the class the adapters
// were made for.
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
const { objectIdHex } = require('./bson-objectid.js');

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
// server refuses).  Installed once per ObjectId class, not enumerable: the
// class the adapters were made for keeps binding where bindObjectIds does
// not reach (pg-cursor and pg-query-stream prepare their values before
// query() sees them).
function teachToPostgres(ObjectId) {
  if (!Object.prototype.hasOwnProperty.call(ObjectId.prototype, 'toPostgres')) {
    Object.defineProperty(ObjectId.prototype, 'toPostgres', {
      value: function toPostgres() { return this.toHexString(); },
      configurable: true,
      writable: true,
    });
  }
}

// bindable(value): a parameter as node-postgres can send it: an ObjectId of
// any bson as its 24 hex digits, an array element by element (the same
// array where nothing in it changes), anything else as it is.  A value
// marked as an ObjectId whose hex digits cannot be read becomes a parameter
// whose toPostgres() throws objectIdHex's error, so that the query fails in
// the client, through node-postgres's own path for a parameter it cannot
// prepare (the promise rejects, or the callback gets the error; the
// connection stays usable), never as the server's 22P02 for JSON.
function bindable(value) {
  if (Array.isArray(value)) {
    let out = value;
    value.forEach((element, i) => {
      const bound = bindable(element);
      if (bound !== element) {
        if (out === value) out = value.slice();
        out[i] = bound;
      }
    });
    return out;
  }
  let hex;
  try {
    hex = objectIdHex(value);
  } catch (err) {
    return { toPostgres() { throw err; } };
  }
  return hex === null ? value : hex;
}

// bindObjectIds(client): the query() of the client's class (pg's Client,
// which a Pool's clients are too, so pool.query() and Drizzle's
// node-postgres driver go through it) sends ObjectIds of every bson as
// their hex digits: the parameters of query(text, values), and the values
// of query({ text, values }).  Once per class (marked with a symbol shared
// by every copy of this package).
const BINDS = Symbol.for('objectid-pg.bindObjectIds');
function bindObjectIds(client) {
  let owner = client;
  while (owner && !Object.prototype.hasOwnProperty.call(owner, 'query')) owner = Object.getPrototypeOf(owner);
  if (!owner || owner[BINDS] || typeof owner.query !== 'function') return;
  const query = owner.query;
  Object.defineProperty(owner, 'query', {
    value: function queryBindingObjectIds(config, values) {
      const args = Array.prototype.slice.call(arguments);
      if (Array.isArray(values)) {
        args[1] = bindable(values);
      } else if (config !== null && typeof config === 'object' && Array.isArray(config.values)) {
        const bound = bindable(config.values);
        if (bound !== config.values) {
          // a Submittable (pg's Query) keeps its own values; a plain
          // config is copied, not changed
          if (typeof config.submit === 'function') config.values = bound;
          else args[0] = Object.assign({}, config, { values: bound });
        }
      }
      return query.apply(this, args);
    },
    configurable: true,
    writable: true,
  });
  Object.defineProperty(owner, BINDS, { value: true });
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

// registerObjectId(Default, client, { ObjectId, types }): register the
// parsers on a connected pg Client (or on a pg TypeOverrides-like object
// given as `types`, for a Pool's `types` option) and let ObjectIds of every
// bson be passed as parameters (bindObjectIds).  Results are ObjectIds of
// `ObjectId`, by default Default, the class the adapters were made for (the
// application's bson, as its kind of module loads it); pass another, such
// as mongodb's, to read them as that class.  Resolves to objectidTypes'
// answer; rejects when the extension is not there.
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
  bindObjectIds(client);
  return info;
}

// adapters(ObjectId): registerObjectId, with ObjectId its default class,
// and objectidTypes
module.exports = (ObjectId) => ({
  registerObjectId: (client, options) => registerObjectId(ObjectId, client, options),
  objectidTypes,
});
