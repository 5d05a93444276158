// test/clients/node/types_check.ts: the installed objectid-pg package's types
// (index.d.ts, drizzle.d.ts) as TypeScript sees them in an application:
// `tsc -p .` (test/clients/prepare) must compile this without an error, and
// each @ts-expect-error line must be one.
import { Client, Pool, TypeOverrides, types } from 'pg';
import { ObjectId } from 'bson';
import { objectidTypes, registerObjectId, type ObjectIdTypes } from 'objectid-pg';
import { objectid } from 'objectid-pg/drizzle';
import { eq, gt, inArray, sql } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePostgresJs } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';

const orders = pgTable('orders', {
  id: objectid('id').primaryKey().default(sql`objectid()`),
  ref: objectid('ref'),
  item: text('item'),
});

type Order = typeof orders.$inferSelect;
type NewOrder = typeof orders.$inferInsert;
export const selected: (o: Order) => [ObjectId, ObjectId | null] = (o) => [o.id, o.ref];
// @ts-expect-error: a selected id is an ObjectId, not a string
export const notAString: (o: Order) => string = (o) => o.id;
export const withoutId: NewOrder = { item: 'fig' };
export const withId: NewOrder = { id: new ObjectId(), ref: null };
// @ts-expect-error: an id is an ObjectId, not a number
export const numberId: NewOrder = { id: 42 };

export async function nodePostgres(client: Client, pool: Pool): Promise<ObjectId> {
  const info: ObjectIdTypes = await registerObjectId(client);
  const binary: 'bytes' | 'text' | null = info.binary;
  await registerObjectId(client, { ObjectId });
  await registerObjectId(client, { types });
  const overrides = new TypeOverrides();
  await registerObjectId(await pool.connect(), { types: overrides });
  // @ts-expect-error: a pool has no setTypeParser: it needs `types`
  await registerObjectId(pool);
  const found: ObjectIdTypes | null = await objectidTypes(pool);
  void binary, found;

  const db = drizzle(client);
  const [row] = await db.insert(orders).values({ item: 'fig' }).returning();
  const ids: ObjectId[] = (await db.select().from(orders)
    .where(inArray(orders.id, [row.id, new ObjectId()]))).map((o) => o.id);
  await db.select().from(orders).where(gt(orders.id, row.id));
  return ids[0];
}

export async function postgresJs(): Promise<ObjectId | undefined> {
  const db = drizzlePostgresJs(postgres());
  const rows = await db.select({ id: orders.id }).from(orders).where(eq(orders.ref, new ObjectId()));
  return rows[0]?.id;
}
