// `restore <dir>` (issue 19 point 7, ADR 018 "Backup and restore"): a backup made by
// `backup` put into an EMPTY database — a new DATA_DIR, or a new PostgreSQL database — and
// its storage. Never run by a server (admin-cli.ts opens the target itself): a database in use
// is not empty. The order makes a failed restore safe to run again: the checks and the schema
// first, then the files and DATA_DIR's secrets (putting them twice is harmless), then every
// row in one transaction (nothing or all), then the migrations this code has beyond the
// backup's level.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { DbHandle } from '#server/db/client.ts';
import { migrateDb } from '#server/db/migrate.ts';
import type { Storage } from '#server/services/storage/storage.ts';
import { ADMIN_MESSAGES } from './admin-messages.ts';
import { done, refused, type AdminOutput } from './admin-request.ts';
import { foreignKeyOrder, listTables, tablesWithRows } from './backup-catalog.ts';
import { copyDataDirIn, copyFilesIn } from './backup-files.ts';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupRefusal,
  MANIFEST_FILE,
  manifestSchema,
  type Manifest,
} from './backup-format.ts';
import {
  appliedMigrations,
  checkLevel,
  codeMigrations,
  isPrefixOf,
  migrateToLevel,
} from './backup-schema-level.ts';
import { loadTables, tableMismatch } from './restore-load.ts';

export type RestoreTarget = { handle: DbHandle; storage: Storage; dataDir: string };

function isCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === code;
}

/** The backup's manifest, or the refusal that says why the folder is not a usable backup. */
export async function readManifest(dir: string): Promise<Manifest> {
  let text: string;
  try {
    text = await readFile(path.join(dir, MANIFEST_FILE), 'utf8');
  } catch (error) {
    if (!isCode(error, 'ENOENT')) throw error;
    const exists = await stat(dir).then(
      () => true,
      () => false,
    );
    throw new BackupRefusal(
      exists ? ADMIN_MESSAGES.notABackup(dir) : ADMIN_MESSAGES.backupDirMissing(dir),
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupRefusal(ADMIN_MESSAGES.backupCorrupt(MANIFEST_FILE));
  }
  const header = json as { format?: unknown; version?: unknown } | null;
  if (header?.format !== BACKUP_FORMAT) throw new BackupRefusal(ADMIN_MESSAGES.notABackup(dir));
  if (typeof header.version === 'number' && header.version > BACKUP_FORMAT_VERSION) {
    throw new BackupRefusal(ADMIN_MESSAGES.backupNewerFormat(header.version));
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) throw new BackupRefusal(ADMIN_MESSAGES.backupCorrupt(MANIFEST_FILE));
  return parsed.data;
}

/** The checks that need no database: this code can read the backup's format and schema. */
export async function readRestorableManifest(dir: string): Promise<Manifest> {
  const manifest = await readManifest(dir);
  const level = checkLevel(manifest.migrations);
  if (level.kind === 'newer') {
    throw new BackupRefusal(ADMIN_MESSAGES.backupNewerSchema(level.level, level.codeLevel));
  }
  if (level.kind === 'diverged') throw new BackupRefusal(ADMIN_MESSAGES.backupDiverged(level.at));
  return manifest;
}

async function restore({ handle, storage, dataDir }: RestoreTarget, dir: string) {
  const started = performance.now();
  const manifest = await readRestorableManifest(dir);
  const { db } = handle;
  const full = await tablesWithRows(db);
  if (full.length > 0) throw new BackupRefusal(ADMIN_MESSAGES.restoreNotEmpty(full));
  const applied = await appliedMigrations(db);
  if (!isPrefixOf(applied, manifest.migrations)) {
    throw new BackupRefusal(
      ADMIN_MESSAGES.restoreTargetAhead(applied.length, manifest.migrations.length),
    );
  }
  await migrateToLevel(handle, manifest.migrations.length);
  const catalog = await listTables(db);
  const mismatch = tableMismatch(catalog, manifest.tables);
  if (mismatch) throw new BackupRefusal(ADMIN_MESSAGES.backupSchemaMismatch(mismatch));
  const order = await foreignKeyOrder(
    db,
    catalog.map((table) => table.name),
  );
  const files = await copyFilesIn(storage, dir, manifest.files);
  await copyDataDirIn(dir, dataDir, manifest.dataDir);
  const rows = await loadTables(db, dir, manifest, catalog, order);
  await migrateDb(handle);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  return ADMIN_MESSAGES.restoreDone(
    dir,
    manifest.createdAt,
    { seconds, rows, tables: manifest.tables.length, files: files.count },
    { from: manifest.migrations.length, to: codeMigrations().length },
  );
}

/** Restores the backup in `dir` into `target`; a refusal is exit 1 with its reason. */
export async function restoreBackup(target: RestoreTarget, dir: string): Promise<AdminOutput> {
  try {
    return done(await restore(target, path.resolve(dir)));
  } catch (error) {
    if (error instanceof BackupRefusal) return refused(error.message);
    throw error;
  }
}
