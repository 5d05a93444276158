// Types of objectid-pg/drizzle (drizzle.js): objectid(), a Drizzle column
// builder whose values are bson ObjectIds.
import type { ObjectId } from 'bson';
import type { customType } from 'drizzle-orm/pg-core';

/**
 * An `objectid` column: `objectid('id').primaryKey().default(sql`objectid()`)`.
 * Selects give bson `ObjectId`s; inserts and comparisons (`eq`, `gt`,
 * `inArray`, ...) take them (a string is sent as it is, for the server to
 * check).
 */
export declare const objectid: ReturnType<typeof customType<{ data: ObjectId; driverData: string }>>;
