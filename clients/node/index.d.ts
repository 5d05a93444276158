// Types of objectid-pg (index.js): node-postgres adapters for the objectid
// PostgreSQL extension.  The client types are structural, so that pg's
// Client, PoolClient and Pool fit without this package depending on @types/pg.

/** The database's objectid type, as objectidTypes() finds it. */
export interface ObjectIdTypes {
  /** OID of objectid (the C extension's type, pg_tle's, or the plain edition's domain). */
  oid: number;
  /** OID of objectid[]. */
  arrayOid: number;
  /**
   * What the type's binary format carries: 'bytes' (the C extension: the 12
   * bytes), 'text' (the plain edition's domain: the 24 hex digits) or null
   * (pg_tle's type, which has no binary format).
   */
  binary: 'bytes' | 'text' | null;
}

/** What the lookup needs of a client: node-postgres's query(text). */
export interface Queryable {
  query(text: string): Promise<{ rows: any[] }>;
}

/** Where parsers go: a pg Client, a pg TypeOverrides, or pg.types. */
export interface TypeParserTarget {
  setTypeParser(oid: number, format: any, parser: (value: any) => any): void;
}

/** A bson ObjectId class: bson's, or the copy mongodb uses. */
export interface ObjectIdClass {
  new (id: string | Uint8Array): { toHexString(): string };
  prototype: { toHexString(): string };
}

/** The objectid type of the client's database, or null where it is not installed. */
export declare function objectidTypes(client: Queryable): Promise<ObjectIdTypes | null>;

/**
 * Registers the parsers for objectid and objectid[] on the client (or on
 * `types`: a Pool's TypeOverrides, or pg.types for every client, which is
 * what Drizzle's node-postgres driver uses), and makes the query() of the
 * client's class send an ObjectId of any bson (bson's ES and CommonJS
 * builds, mongodb's copy) as its 24 hex digits.  Values read are ObjectIds
 * of the application's bson, or of `ObjectId` where given.  Rejects where
 * objectid is not installed.
 */
export declare function registerObjectId(
  client: Queryable & TypeParserTarget,
  options?: { ObjectId?: ObjectIdClass; types?: TypeParserTarget },
): Promise<ObjectIdTypes>;
export declare function registerObjectId(
  client: Queryable,
  options: { ObjectId?: ObjectIdClass; types: TypeParserTarget },
): Promise<ObjectIdTypes>;
