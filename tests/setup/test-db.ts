// A fresh migrated database per call, for API tests (STYLE.md "Tests": a real database,
// never a mock). In-memory PGlite by default; a throw-away database on the server named
// by TEST_DATABASE_URL when that is set.
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import {
  createDb,
  driverClientOf,
  PGLITE_OPTIONS,
  wrapPglite,
  type DbHandle,
} from '#server/db/client.ts';
import { MIGRATIONS_FOLDER, migrateDb } from '#server/db/migrate.ts';

export async function createTestDb(): Promise<DbHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  return serverUrl ? createServerTestDb(serverUrl) : createPgliteTestDb();
}

// A new PGlite runs initdb (~2.5 s); loading a dump of an already migrated one takes ~0.5 s.
// The dump is cached on disk, keyed by the migrations and the PGlite version, so every test
// file (each in its own worker) pays the initdb once per change of schema, not once per file.
const CACHE_DIR = fileURLToPath(
  new URL('../../node_modules/.cache/papelada-test-db', import.meta.url),
);
let template: Promise<Blob> | undefined;

async function createPgliteTestDb(): Promise<DbHandle> {
  template ??= loadOrBuildTemplate();
  return wrapPglite(await PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: await template }));
}

async function loadOrBuildTemplate(): Promise<Blob> {
  const file = path.join(CACHE_DIR, `pglite-${templateKey()}.tar`);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    // Not cached yet: build it below.
  }
  const handle = wrapPglite(await PGlite.create(PGLITE_OPTIONS));
  try {
    await migrateDb(handle);
    const client = driverClientOf(handle).client;
    if (!(client instanceof PGlite)) throw new Error('expected a PGlite handle');
    const dump = await client.dumpDataDir('none');
    // Write then rename, so a worker never reads a half-written dump from a parallel one.
    // Best effort: without a writable cache every file just pays the initdb.
    try {
      mkdirSync(CACHE_DIR, { recursive: true });
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
      renameSync(partial, file);
      for (const old of readdirSync(CACHE_DIR)) {
        if (
          old.startsWith('pglite-') &&
          path.join(CACHE_DIR, old) !== file &&
          !old.includes('.tar.')
        )
          rmSync(path.join(CACHE_DIR, old), { force: true });
      }
    } catch {
      // Read-only node_modules: carry on uncached.
    }
    return dump;
  } finally {
    await handle.close();
  }
}

function templateKey(): string {
  const hash = createHash('sha256');
  const pglitePackage = new URL(
    '../../node_modules/@electric-sql/pglite/package.json',
    import.meta.url,
  );
  hash.update(readFileSync(pglitePackage));
  const files = readdirSync(MIGRATIONS_FOLDER, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of files) {
    const full = path.join(MIGRATIONS_FOLDER, file);
    if (!file.endsWith('.sql') && !file.endsWith('.json')) continue;
    hash.update(file).update(readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * CREATE DATABASE on the server as a copy of a migrated template, and DROP it again on close().
 * Copying a template is a file copy on the server (~0.1 s); migrating each database anew cost
 * every test file a second or more, one file after another in CI's PostgreSQL pass.
 */
async function createServerTestDb(serverUrl: string): Promise<DbHandle> {
  const templateName = await ensureServerTemplate(serverUrl);
  const name = `papelada_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await runOnServer(serverUrl, `create database ${name} template ${templateName}`);
  const handle = await createDb({ databaseUrl: databaseUrlFor(serverUrl, name) });
  const closePool = handle.close;
  // Replaced in place rather than copied: the handle object is the key of driverClientOf.
  handle.close = async () => {
    await closePool();
    await runOnServer(serverUrl, `drop database if exists ${name} with (force)`);
  };
  return handle;
}

// Arbitrary constant key of the advisory lock under which one worker builds the template.
const TEMPLATE_LOCK_KEY = 7_310_455_019;
let serverTemplate: Promise<string> | undefined;

/**
 * The name of a database migrated to the committed migrations, built once per schema: named
 * after the database TEST_DATABASE_URL names (CI drops every database that starts with that
 * name when its run ends) and the migrations' hash. Built under another name and renamed when
 * complete, under an advisory lock, so parallel workers never copy a half-migrated one.
 */
function ensureServerTemplate(serverUrl: string): Promise<string> {
  serverTemplate ??= (async () => {
    // Sliced so the name and its `_building` suffix stay within PostgreSQL's 63 characters.
    const base = (new URL(serverUrl).pathname.slice(1) || 'postgres').slice(0, 30);
    const templateName = `${base}_tpl_${templateKey()}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
      const found = await client.query('select 1 from pg_database where datname = $1', [
        templateName,
      ]);
      if (found.rowCount === 0) {
        const building = `${templateName}_building`;
        await client.query(`drop database if exists ${building} with (force)`);
        await client.query(`create database ${building}`);
        const handle = await createDb({ databaseUrl: databaseUrlFor(serverUrl, building) });
        try {
          await migrateDb(handle);
        } finally {
          await handle.close();
        }
        await client.query(`alter database ${building} rename to ${templateName}`);
      }
      return templateName;
    } finally {
      await client.end();
    }
  })();
  return serverTemplate;
}

/**
 * A new, empty database (no schema) on the server of `serverUrl`, for tests that run their own
 * servers or restores against it: named after TEST_DATABASE_URL's database, so CI drops any
 * left behind when its run ends; `drop()` removes it.
 */
export async function createEmptyServerDatabase(
  serverUrl: string,
  label: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  // Sliced so the name stays within PostgreSQL's 63 characters.
  const base = (new URL(serverUrl).pathname.slice(1) || 'postgres').slice(0, 24);
  const name = `${base}_${label}_${randomBytes(4).toString('hex')}`
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_');
  await runOnServer(serverUrl, `create database ${name}`);
  return {
    url: databaseUrlFor(serverUrl, name),
    drop: () => runOnServer(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

function databaseUrlFor(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function runOnServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
