// A backup's schema level: the drizzle migrations applied to the database it came from. A
// restore builds the empty database up to that same level, loads the rows there, and only
// then applies the migrations this code has beyond it, so the rows of an older backup go
// through the same migrations a live database would have.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { driverClientOf, type DbHandle } from '#server/db/client.ts';
import { MIGRATIONS_FOLDER } from '#server/db/migrate.ts';
import type { SqlRunner } from './backup-catalog.ts';
import type { MigrationRef } from './backup-format.ts';

type JournalEntry = { idx: number; when: number; tag: string; breakpoints: boolean };
type Journal = { version: string; dialect: string; entries: JournalEntry[] };

const JOURNAL = path.join('meta', '_journal.json');

function readJournal(folder: string): Journal {
  return JSON.parse(readFileSync(path.join(folder, JOURNAL), 'utf8')) as Journal;
}

/** The migrations this code ships, oldest first, as drizzle records them once applied. */
export function codeMigrations(folder = MIGRATIONS_FOLDER): MigrationRef[] {
  const { entries } = readJournal(folder);
  return readMigrationFiles({ migrationsFolder: folder }).map((migration, i) => ({
    tag: entries[i]?.tag ?? null,
    createdAt: migration.folderMillis,
    hash: migration.hash,
  }));
}

/** What drizzle recorded as applied, oldest first; none on a database never migrated. */
export async function appliedMigrations(db: SqlRunner): Promise<MigrationRef[]> {
  const { rows: found } = await db.execute<{ present: boolean }>(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!found[0]?.present) return [];
  const { rows } = await db.execute<{ hash: string; created_at: string }>(sql`
    select hash, created_at::text as created_at
    from drizzle.__drizzle_migrations order by created_at, id`);
  const known = new Map(codeMigrations().map((m) => [m.createdAt, m.tag]));
  return rows.map(({ hash, created_at }) => {
    const createdAt = Number(created_at);
    return { tag: known.get(createdAt) ?? null, createdAt, hash };
  });
}

export type LevelCheck =
  | { kind: 'known'; level: number }
  /** Migrations this code does not have: a newer version of the app made the backup. */
  | { kind: 'newer'; level: number; codeLevel: number }
  /** Another migration where this code has one of its own: not a history it shares. */
  | { kind: 'diverged'; at: number };

function sameMigration(a: MigrationRef, b: MigrationRef): boolean {
  return a.createdAt === b.createdAt && a.hash === b.hash;
}

/** Whether `applied` is the start of the code's own history, and how far it goes. */
export function checkLevel(applied: readonly MigrationRef[], code = codeMigrations()): LevelCheck {
  for (const [i, migration] of applied.entries()) {
    const ours = code[i];
    if (!ours) return { kind: 'newer', level: applied.length, codeLevel: code.length };
    if (!sameMigration(migration, ours)) return { kind: 'diverged', at: i };
  }
  return { kind: 'known', level: applied.length };
}

/** `prefix` is where `full` starts: a database on the way to the backup's level. */
export function isPrefixOf(prefix: readonly MigrationRef[], full: readonly MigrationRef[]) {
  return prefix.length <= full.length && prefix.every((m, i) => sameMigration(m, full[i] ?? m));
}

/**
 * Applies the code's first `level` migrations and no more: drizzle's migrator run on a copy
 * of the migrations folder whose journal stops there.
 */
export async function migrateToLevel(handle: DbHandle, level: number): Promise<void> {
  if (level === 0) return;
  const folder = mkdtempSync(path.join(tmpdir(), 'papelada-migrations-'));
  try {
    const journal = readJournal(MIGRATIONS_FOLDER);
    const entries = journal.entries.slice(0, level);
    mkdirSync(path.join(folder, 'meta'));
    writeFileSync(path.join(folder, JOURNAL), JSON.stringify({ ...journal, entries }));
    for (const { tag } of entries) {
      cpSync(path.join(MIGRATIONS_FOLDER, `${tag}.sql`), path.join(folder, `${tag}.sql`));
    }
    const driverClient = driverClientOf(handle);
    if (driverClient.driver === 'pglite') {
      await migratePglite(drizzlePglite({ client: driverClient.client }), {
        migrationsFolder: folder,
      });
    } else {
      await migrateNodePg(drizzleNodePg({ client: driverClient.client }), {
        migrationsFolder: folder,
      });
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
