// Opens the database: a PostgreSQL server through node-postgres when a URL is given,
// otherwise embedded PGlite (on disk under DATA_DIR, or in memory for tests).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type Assume } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type DbDriver = 'pglite' | 'postgres';
/**
 * What a raw `db.execute(sql…)` gives on both drivers: node-postgres' QueryResult and
 * PGlite's Results both carry `rows`.
 */
export interface DbQueryResultHKT extends PgQueryResultHKT {
  type: DbQueryResult<Assume<this['row'], Record<string, unknown>>>;
}
export type DbQueryResult<TRow> = { rows: TRow[] };
/** The drizzle database both drivers share; query code is written once against it. */
export type Database = PgDatabase<DbQueryResultHKT, typeof schema>;
export type DbHandle = {
  db: Database;
  driver: DbDriver;
  ping(): Promise<void>;
  close(): Promise<void>;
};
/** databaseUrl → PostgreSQL; else PGlite at `${dataDir}/pglite`, or in memory without dataDir. */
export type CreateDbOptions = { databaseUrl?: string; dataDir?: string };

/** The raw driver client behind a handle, for migrations, benchmarks and test set-up. */
export type DriverClient =
  { driver: 'pglite'; client: PGlite } | { driver: 'postgres'; client: pg.Pool };

const DRIZZLE_CONFIG = { schema, casing: 'snake_case' } as const;
/**
 * Every PGlite the app opens (tests' too): pg_trgm backs the invoice search index (ADR 013),
 * and its migration's CREATE EXTENSION needs the extension's files loaded into PGlite.
 */
export const PGLITE_OPTIONS = { extensions: { pg_trgm } } satisfies PGliteOptions;
const driverClients = new WeakMap<DbHandle, DriverClient>();

export async function createDb(options: CreateDbOptions): Promise<DbHandle> {
  if (options.databaseUrl) {
    return wrapPool(
      new pg.Pool({ connectionString: options.databaseUrl, application_name: 'papelada' }),
    );
  }
  if (options.dataDir === undefined) return wrapPglite(await PGlite.create(PGLITE_OPTIONS));
  // PGlite's own mkdir is not recursive: create the parent first (research/stack-notes.md §1).
  mkdirSync(options.dataDir, { recursive: true });
  return wrapPglite(
    await PGlite.create({ ...PGLITE_OPTIONS, dataDir: path.join(options.dataDir, 'pglite') }),
  );
}

/** A handle over an open PGlite; closing the handle closes it. */
export function wrapPglite(client: PGlite): DbHandle {
  const db = drizzlePglite({ client, ...DRIZZLE_CONFIG });
  return register(
    {
      db,
      driver: 'pglite',
      ping: async () => void (await db.execute(sql`select 1`)),
      close: () => client.close(),
    },
    { driver: 'pglite', client },
  );
}

/** A handle over a node-postgres pool; closing the handle ends the pool. */
export function wrapPool(pool: pg.Pool): DbHandle {
  // Without a listener, an idle connection dropped by the server (restart, failover) would
  // crash the process; the pool discards it, and the next query or ping reports the outage.
  pool.on('error', () => {});
  const db = drizzleNodePg({ client: pool, ...DRIZZLE_CONFIG });
  return register(
    {
      db,
      driver: 'postgres',
      ping: async () => void (await db.execute(sql`select 1`)),
      close: () => pool.end(),
    },
    { driver: 'postgres', client: pool },
  );
}

export function driverClientOf(handle: DbHandle): DriverClient {
  const driverClient = driverClients.get(handle);
  if (!driverClient) throw new Error('This DbHandle was not created by createDb');
  return driverClient;
}

function register(handle: DbHandle, driverClient: DriverClient): DbHandle {
  driverClients.set(handle, driverClient);
  return handle;
}
