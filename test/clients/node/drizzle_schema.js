'use strict';
// test/clients/node/drizzle_schema.js: the Drizzle schema of the client tests:
// what drizzle-kit generate turns into a migration (test/clients/prepare) and
// what drizzle_check.js queries.  objectid-pg/drizzle as a user imports it.
const { pgTable, text, uuid } = require('drizzle-orm/pg-core');
const { sql } = require('drizzle-orm');
const { objectid } = require('objectid-pg/drizzle');

const orders = pgTable('dz_orders', {
  id: objectid('id').primaryKey().default(sql`objectid()`),
  ref: objectid('ref'),
  refs: objectid('refs').array(),
  item: text('item').notNull(),
  event: uuid('event').notNull().default(sql`uuidv7()`),
});

module.exports = { orders };
