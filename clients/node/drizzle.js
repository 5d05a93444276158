'use strict';
// objectid-pg/drizzle for a CommonJS application: the Drizzle column type
// (lib/drizzle.js) made with require('drizzle-orm/pg-core') and
// require('bson'); drizzle.mjs is the same for an ES module.
const { customType } = require('drizzle-orm/pg-core');
const { ObjectId } = require('bson');

module.exports = require('./lib/drizzle.js')(customType, ObjectId);
