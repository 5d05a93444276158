// objectid-pg for an ES-module application: the node-postgres adapters
// (lib/node-postgres.js) for the ObjectId of import 'bson', a class other
// than require('bson')'s (bson ships an ES and a CommonJS build).
import { ObjectId } from 'bson';
import adapters from './lib/node-postgres.js';

export const { registerObjectId, objectidTypes } = adapters(ObjectId);
