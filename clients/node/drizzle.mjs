// objectid-pg/drizzle for an ES-module application: the Drizzle column type
// (lib/drizzle.js) made with drizzle-orm's and bson's ES builds, so that its
// values are the application's ObjectIds.
import { customType } from 'drizzle-orm/pg-core';
import { ObjectId } from 'bson';
import column from './lib/drizzle.js';

export const { objectid } = column(customType, ObjectId);
