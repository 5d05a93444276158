'use strict';
// Drizzle ORM column type for the objectid PostgreSQL extension, made for
// one drizzle-orm and one bson ObjectId class: drizzle.js (CommonJS) makes
// it with what require() gives, drizzle.mjs (ES module) with what import
// gives, so that an application's ObjectId class is the one its rows hold.
//
//   import { pgTable, text } from 'drizzle-orm/pg-core';
//   import { sql } from 'drizzle-orm';
//   import { objectid } from 'objectid-pg/drizzle';
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
// always reads; or an ObjectId where registerObjectId was given pg.types.
// Both end as an ObjectId of the class given (the application's: bson is a
// peer dependency).

const { objectIdHex } = require('./bson-objectid.js');

// toDriver(value): the 24 hex digits of an ObjectId of any bson (the
// application's, mongodb's copy); a string as it is, for the server to
// check (SQLSTATE 22P02 when it is not an ObjectId)
function toDriver(value) {
  if (typeof value === 'string') return value;
  const hex = objectIdHex(value);
  if (hex !== null) return hex;
  throw new TypeError(`objectid: expected an ObjectId or a string, not ${value === null ? 'null' : typeof value}`);
}

// column(customType, ObjectId): { objectid }, the column builder, whose
// values are ObjectIds of that class
module.exports = (customType, ObjectId) => {
  // fromDriver(value): an ObjectId, from the text, an ObjectId of this
  // class (kept), or one of another copy
  const fromDriver = (value) => {
    if (value instanceof ObjectId) return value;
    if (typeof value === 'string') return new ObjectId(value);
    const hex = objectIdHex(value);
    if (hex !== null) return new ObjectId(hex);
    throw new TypeError(`objectid: the driver returned ${typeof value}, not the type's text`);
  };
  const objectid = customType({
    dataType() {
      return 'objectid';
    },
    toDriver,
    fromDriver,
  });
  return { objectid };
};
