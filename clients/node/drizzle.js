'use strict';
// Drizzle ORM column type for the objectid PostgreSQL extension.
//
//   const { pgTable, text } = require('drizzle-orm/pg-core');
//   const { sql } = require('drizzle-orm');
//   const { objectid } = require('objectid-pg/drizzle');
//
//   const orders = pgTable('orders', {
//     id: objectid('id').primaryKey().default(sql`objectid()`),
//     item: text('item'),
//   });
//
// A column of it is `objectid` in DDL (drizzle-kit) and a bson ObjectId in
// the application, with drizzle-orm's node-postgres driver and with
// postgres.js.  Values reach fromDriver as the driver hands them over:
// text (the 24 hex digits) where nothing parses the type, as drizzle's
// node-postgres driver does (it uses pg.types, not a client's parsers, for
// the rows it maps) and postgres.js, and as the portable edition's domain
// always reads; or an ObjectId where registerObjectId (this package's
// index.js) was given pg.types.  Both end as an ObjectId of the bson that
// this package resolves (the application's: bson is a peer dependency).

const { customType } = require('drizzle-orm/pg-core');
const { ObjectId } = require('bson');

// isObjectIdLike(value): an ObjectId of this bson or of another copy
// (mongodb's own, say)
const isObjectIdLike = (value) =>
  value !== null && typeof value === 'object' && typeof value.toHexString === 'function';

// toDriver(value): the 24 hex digits of an ObjectId; a string as it is, for
// the server to check (SQLSTATE 22P02 when it is not an ObjectId)
function toDriver(value) {
  if (typeof value === 'string') return value;
  if (isObjectIdLike(value)) return value.toHexString();
  throw new TypeError(`objectid: expected an ObjectId or a string, not ${value === null ? 'null' : typeof value}`);
}

// fromDriver(value): an ObjectId, from the text, an ObjectId of this bson
// (kept), or one of another copy
function fromDriver(value) {
  if (value instanceof ObjectId) return value;
  if (typeof value === 'string') return new ObjectId(value);
  if (isObjectIdLike(value)) return new ObjectId(value.toHexString());
  throw new TypeError(`objectid: the driver returned ${typeof value}, not the type's text`);
}

const objectid = customType({
  dataType() {
    return 'objectid';
  },
  toDriver,
  fromDriver,
});

module.exports = { objectid };
