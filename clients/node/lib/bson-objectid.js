'use strict';
// What objectid-pg takes for a bson ObjectId: any ObjectId of any bson an
// application can hold, told by bson's own marker rather than by class.
// bson ships an ES build and a CommonJS build, whose ObjectIds are two
// classes, and `mongodb` (CommonJS) brings its own copy where the
// application's bson is another major (mongodb 6 beside bson 7), so an
// application can hold three ObjectId classes at once; every one of them
// says `_bsontype === 'ObjectId'` ('ObjectID' before bson 5) and has
// toHexString().

const MARKERS = new Set(['ObjectId', 'ObjectID']);
const HEX = /^[0-9a-f]{24}$/i;

// objectIdHex(value): the 24 lowercase hex digits of an ObjectId of any
// bson, or null for a value that is not one; throws a TypeError naming the
// fix for a value marked as an ObjectId whose hex digits cannot be read
function objectIdHex(value) {
  if (value === null || typeof value !== 'object' || !MARKERS.has(value._bsontype)) return null;
  const hex = typeof value.toHexString === 'function' ? value.toHexString() : undefined;
  if (typeof hex === 'string' && HEX.test(hex)) return hex.toLowerCase();
  throw new TypeError(`objectid-pg: a value marked as a bson ObjectId (_bsontype "${value._bsontype}") ` +
    'has no toHexString() giving 24 hex digits; pass the id\'s 24 hex digits as a string');
}

module.exports = { objectIdHex };
