// The databases the list and endpoint benchmarks run on: PGlite in a temporary data dir, and a
// fresh database on a PostgreSQL server. Each gives the app's DbHandle plus the raw driver,
// for the bare-SQL baseline and EXPLAIN.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Logger } from 'drizzle-orm';
import pg from 'pg';
import { z } from 'zod';
import {
  createDb,
  driverClientOf,
  useAppRole,
  wrapPool,
  type Database,
  type DbHandle,
} from '#server/db/client.ts';
import { migrateDb } from '#server/db/migrate.ts';
import * as schema from '#server/db/schema/index.ts';

export type Statement = { sql: string; params: unknown[] };

export type ListTarget = {
  name: string;
  version: string;
  handle: DbHandle;
  /** Clients for the concurrent run; 1 means "not meaningful" (PGlite is one connection). */
  maxClients: number;
  /** Runs a statement on the raw driver: no query builder, no row mapping. */
  raw(statement: Statement): Promise<unknown>;
  /** A drizzle instance on the same driver that records the statements it sends. */
  recording: {
    db: Database;
    last(): Statement;
    /** Every statement sent while `fn` runs, in order; run nothing else meanwhile. */
    capture<T>(fn: () => Promise<T>): Promise<{ result: T; statements: Statement[] }>;
  };
  close(): Promise<void>;
};

function recorder() {
  let last: Statement = { sql: '', params: [] };
  let captured: Statement[] | null = null;
  const logger: Logger = {
    logQuery: (sql, params) => {
      last = { sql, params };
      captured?.push(last);
    },
  };
  const capture = async <T>(fn: () => Promise<T>) => {
    const statements: Statement[] = [];
    captured = statements;
    try {
      return { result: await fn(), statements };
    } finally {
      captured = null;
    }
  };
  return { logger, last: () => last, capture };
}

export async function openPgliteTarget(): Promise<ListTarget> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'papelada-bench-'));
  const handle = await createDb({ dataDir });
  const driverClient = driverClientOf(handle);
  if (driverClient.driver !== 'pglite') throw new Error('expected PGlite');
  const { client } = driverClient;
  await migrateDb(handle);
  // As src/server/server.ts: after the migrations, the app's role, bound by row-level security.
  await useAppRole(handle);
  const version = await client.query<{ version: string }>('select version()');
  const record = recorder();
  return {
    name: 'PGlite',
    version: version.rows[0]?.version.split(' on ')[0] ?? 'unknown',
    handle,
    maxClients: 1,
    raw: (statement) => client.query(statement.sql, statement.params),
    recording: {
      db: drizzlePglite({ client, schema, casing: 'snake_case', logger: record.logger }),
      last: record.last,
      capture: record.capture,
    },
    close: async () => {
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function runOn(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Null when the server cannot be reached. */
export async function openPostgresTarget(
  serverUrl: string,
  maxClients: number,
): Promise<ListTarget | null> {
  try {
    await runOn(serverUrl, 'select 1');
  } catch {
    return null;
  }
  const name = `papelada_bench_${Date.now()}`;
  await runOn(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: maxClients });
  const handle = wrapPool(pool);
  const drop = async () => {
    await handle.close();
    await runOn(serverUrl, `drop database if exists ${name} with (force)`);
  };
  try {
    await migrateDb(handle);
    await useAppRole(handle);
  } catch (error) {
    await drop();
    throw error;
  }
  const version = await pool.query<{ server_version: string }>('show server_version');
  const record = recorder();
  return {
    name: 'PostgreSQL',
    version: `PostgreSQL ${version.rows[0]?.server_version ?? 'unknown'}`,
    handle,
    maxClients,
    raw: (statement) => pool.query(statement.sql, statement.params),
    recording: {
      db: drizzleNodePg({ client: pool, schema, casing: 'snake_case', logger: record.logger }),
      last: record.last,
      capture: record.capture,
    },
    close: drop,
  };
}

type PlanNode = { 'Index Name'?: string | undefined; Plans?: PlanNode[] | undefined };
const planNodeSchema: z.ZodType<PlanNode> = z.lazy(() =>
  z.object({ 'Index Name': z.string().optional(), Plans: z.array(planNodeSchema).optional() }),
);
const explainSchema = z.object({
  rows: z.array(
    z.object({
      // node-postgres and PGlite both parse the json column; accept text too.
      'QUERY PLAN': z.preprocess(
        (value) => (typeof value === 'string' ? JSON.parse(value) : value),
        z.array(z.object({ Plan: planNodeSchema, 'Execution Time': z.number() })),
      ),
    }),
  ),
});

function indexNames(node: PlanNode): string[] {
  return [
    ...(node['Index Name'] ? [node['Index Name']] : []),
    ...(node.Plans ?? []).flatMap(indexNames),
  ];
}

/** EXPLAIN ANALYZE of a statement: the indexes its plan reads and the server-side time. */
export async function explain(
  target: ListTarget,
  statement: Statement,
): Promise<{ indexes: string[]; executionMs: number }> {
  const result = explainSchema.parse(
    await target.raw({
      sql: `explain (analyze, format json) ${statement.sql}`,
      params: statement.params,
    }),
  );
  const top = result.rows[0]?.['QUERY PLAN'][0];
  if (!top) throw new Error('EXPLAIN returned no plan');
  return { indexes: [...new Set(indexNames(top.Plan))], executionMs: top['Execution Time'] };
}
