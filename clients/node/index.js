'use strict';
// objectid-pg for a CommonJS application: the node-postgres adapters
// (lib/node-postgres.js) for the ObjectId of require('bson').  An ES module
// that imports objectid-pg gets index.mjs, for the ObjectId of import 'bson'.
module.exports = require('./lib/node-postgres.js')(require('bson').ObjectId);
