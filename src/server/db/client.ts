// Opens the database: a PostgreSQL server through node-postgres when a URL is given,
// otherwise embedded PGlite (on disk under DATA_DIR, or in memory for tests).
//
// Row-level security (ADR 027): before a statement, the connection it runs on is given the
// account of the async context it was issued from (account-context.ts) as `app.account_id`,
// and, once `useAppRole` was called, the role `papelada_app` that cannot bypass the policies —
// only when they differ from what the connection already has, so a run of statements for one
// account pays nothing. PostgreSQL: per pooled connection, when the pool hands it out (a
// transaction holds one connection, so it is set once, before BEGIN). PGlite: one connection
// for everyone, so the setting and the statement (or the whole transaction) run under one lock
// that no other request's statement can enter in between.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type Assume } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { asOwner, dbContext } from './account-context.ts';
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

/**
 * The driver client behind a handle, for migrations, benchmarks and test set-up: guarded as the
 * handle's drizzle is (its statements run with the caller's role and account, ADR 027).
 */
export type DriverClient =
  { driver: 'pglite'; client: PGlite } | { driver: 'postgres'; client: pg.Pool };

const DRIZZLE_CONFIG = { schema, casing: 'snake_case' } as const;
/**
 * Every PGlite the app opens (tests' too): pg_trgm backs the invoice search index (ADR 013),
 * and its migration's CREATE EXTENSION needs the extension's files loaded into PGlite.
 */
export const PGLITE_OPTIONS = { extensions: { pg_trgm } } satisfies PGliteOptions;
const driverClients = new WeakMap<DbHandle, DriverClient>();

/** The role the app's statements run as once `useAppRole` found it (migration 0018). */
export const APP_ROLE = 'papelada_app';
/** Whether a handle's statements (outside `asOwner`) switch to APP_ROLE. */
type RoleSwitch = { appRole: boolean };
const roleSwitches = new WeakMap<DbHandle, RoleSwitch>();
/** One statement sets both: `none` is the connecting role (RESET ROLE). */
const SET_CONTEXT_SQL =
  "select set_config('role', $1, false), set_config('app.account_id', $2, false)";
/** What a new connection has: the connecting role, no account. */
const FRESH_STATE = 'none\n';

type WantedState = { role: string; accountId: string; key: string };

/** The role and account the statement about to be issued from here must run with. */
function wantedState(roleSwitch: RoleSwitch): WantedState {
  const context = dbContext();
  const role = roleSwitch.appRole && !context.owner ? APP_ROLE : 'none';
  return { role, accountId: context.accountId, key: `${role}\n${context.accountId}` };
}

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
export function wrapPglite(raw: PGlite): DbHandle {
  const roleSwitch: RoleSwitch = { appRole: false };
  const client = guardPglite(raw, roleSwitch);
  const db = drizzlePglite({ client, ...DRIZZLE_CONFIG });
  return register(
    {
      db,
      driver: 'pglite',
      ping: async () => void (await db.execute(sql`select 1`)),
      close: () => raw.close(),
    },
    { driver: 'pglite', client },
    roleSwitch,
  );
}

/** A handle over a node-postgres pool; closing the handle ends the pool. */
export function wrapPool(pool: pg.Pool): DbHandle {
  // Without a listener, an idle connection dropped by the server (restart, failover) would
  // crash the process; the pool discards it, and the next query or ping reports the outage.
  pool.on('error', () => {});
  const roleSwitch: RoleSwitch = { appRole: false };
  guardPool(pool, roleSwitch);
  const db = drizzleNodePg({ client: pool, ...DRIZZLE_CONFIG });
  return register(
    {
      db,
      driver: 'postgres',
      ping: async () => void (await db.execute(sql`select 1`)),
      close: () => pool.end(),
    },
    { driver: 'postgres', client: pool },
    roleSwitch,
  );
}

/**
 * From now on the handle's statements run as APP_ROLE (except inside `asOwner`): called after
 * the migrations by whatever serves requests. False, and nothing changes, when the role does
 * not exist or the connecting role may not take it (then FORCE ROW LEVEL SECURITY still binds a
 * connecting role that owns the tables without being a superuser).
 */
export async function useAppRole(handle: DbHandle): Promise<boolean> {
  const roleSwitch = roleSwitches.get(handle);
  if (!roleSwitch) throw new Error('This DbHandle was not created by createDb');
  const { rows } = await asOwner(() =>
    handle.db.execute<{ allowed: boolean }>(
      sql`select pg_has_role(current_user, rolname, 'MEMBER') as allowed from pg_roles where rolname = ${APP_ROLE}`,
    ),
  );
  roleSwitch.appRole = rows[0]?.allowed === true;
  return roleSwitch.appRole;
}

/**
 * The PGlite the app's drizzle (and driverClientOf) uses: every query, exec and transaction
 * first brings the one connection to the caller's role and account, under a lock held until
 * the statement or the transaction ends. PGlite already runs one of them at a time (a
 * transaction holds it to the end), so the lock adds no waiting, only the guarantee that no
 * other request's statement runs between the setting and the statement.
 */
function guardPglite(raw: PGlite, roleSwitch: RoleSwitch): PGlite {
  let current = FRESH_STATE;
  let tail: Promise<unknown> = Promise.resolve();
  function exclusive<T>(wanted: WantedState, run: () => Promise<T>): Promise<T> {
    const result = tail.then(async () => {
      if (wanted.key !== current) {
        await raw.query(SET_CONTEXT_SQL, [wanted.role, wanted.accountId]);
        current = wanted.key;
      }
      return run();
    });
    tail = result.catch(() => undefined);
    return result;
  }
  const guarded: Pick<PGlite, 'query' | 'sql' | 'exec' | 'transaction'> = {
    query: (query, params, options) =>
      exclusive(wantedState(roleSwitch), () => raw.query(query, params, options)),
    sql: (strings, ...params) =>
      exclusive(wantedState(roleSwitch), () => raw.sql(strings, ...params)),
    exec: (query, options) => exclusive(wantedState(roleSwitch), () => raw.exec(query, options)),
    transaction: (callback) => exclusive(wantedState(roleSwitch), () => raw.transaction(callback)),
  };
  return new Proxy(raw, {
    get(target, property) {
      if (Object.hasOwn(guarded, property)) return guarded[property as keyof typeof guarded];
      const value: unknown = Reflect.get(target, property, target);
      // PGlite's methods use private fields: they must run on the PGlite itself.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * Every connection the pool hands out (to Pool.query, to a transaction, to a raw user) is
 * first brought to the caller's role and account, in one round trip, when it has another.
 */
function guardPool(pool: pg.Pool, roleSwitch: RoleSwitch): void {
  const states = new WeakMap<pg.PoolClient, string>();
  const connect = pool.connect.bind(pool);
  async function prepared(wanted: WantedState): Promise<pg.PoolClient> {
    const client = await connect();
    if ((states.get(client) ?? FRESH_STATE) !== wanted.key) {
      try {
        await client.query(SET_CONTEXT_SQL, [wanted.role, wanted.accountId]);
      } catch (error) {
        // Its state is unknown now: the pool discards it.
        client.release(error instanceof Error ? error : true);
        throw error;
      }
      states.set(client, wanted.key);
    }
    return client;
  }
  type ConnectCallback = (
    error: Error | undefined,
    client?: pg.PoolClient,
    done?: (release?: Error | boolean) => void,
  ) => void;
  function guardedConnect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    // Read now, in the caller's context (pg-pool calls back from elsewhere).
    const ready = prepared(wantedState(roleSwitch));
    if (!callback) return ready;
    ready.then(
      (client) => callback(undefined, client, (release) => client.release(release)),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
    return undefined;
  }
  // Pool.query checks its connection out through `this.connect` (callback form), drizzle's
  // transactions and raw users through the promise form: both land here.
  pool.connect = guardedConnect as typeof pool.connect;
}

export function driverClientOf(handle: DbHandle): DriverClient {
  const driverClient = driverClients.get(handle);
  if (!driverClient) throw new Error('This DbHandle was not created by createDb');
  return driverClient;
}

function register(handle: DbHandle, driverClient: DriverClient, roleSwitch: RoleSwitch): DbHandle {
  driverClients.set(handle, driverClient);
  roleSwitches.set(handle, roleSwitch);
  return handle;
}
