// `backup <dir>` (issue 19 point 7, ADR 018 "Backup and restore"): a consistent copy of the
// whole installation into a new or empty folder — every table from one database snapshot,
// then the stored files those rows name, then the files at the top of DATA_DIR, and last the
// manifest that says what is there and how to check it (a folder without it is unfinished).
// Runs in the CLI, or in the server through its admin socket while it serves PGlite.
import { rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { APP_VERSION } from '#server/version.ts';
import { ADMIN_MESSAGES } from './admin-messages.ts';
import { done, type AdminOutput } from './admin-request.ts';
import type { AdminDeps } from './admin-deps.ts';
import { prepareDir } from './account-export.ts';
import { copyDataDirOut, copyFilesOut } from './backup-files.ts';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  MANIFEST_FILE,
  type Manifest,
} from './backup-format.ts';
import { writeDatabaseSnapshot } from './backup-snapshot.ts';

/** The paths the rows name, between the snapshot and the copy of the files. */
const PATHS_FILE = '.storage-paths';

export async function backupCommand(
  deps: AdminDeps,
  { dir: rawDir }: { dir: string },
): Promise<AdminOutput> {
  const started = performance.now();
  const dir = path.resolve(rawDir);
  const problem = await prepareDir(dir);
  if (problem) return problem;
  const pathsFile = path.join(dir, PATHS_FILE);
  const createdAt = deps.now().toISOString();
  const snapshot = await writeDatabaseSnapshot(deps.db, dir, pathsFile);
  // Outside the transaction: on PGlite the app waits only for the rows, not for the files.
  const files = await copyFilesOut(deps.storage, pathsFile, dir);
  await rm(pathsFile);
  const dataDir = await copyDataDirOut(deps.dataDir, dir);
  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_FORMAT_VERSION,
    createdAt,
    appVersion: APP_VERSION,
    database: snapshot.database,
    migrations: snapshot.migrations,
    tables: snapshot.tables,
    sequences: snapshot.sequences,
    files,
    dataDir,
  };
  const partial = path.join(dir, `${MANIFEST_FILE}.partial`);
  await writeFile(partial, `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  await rename(partial, path.join(dir, MANIFEST_FILE));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const rows = snapshot.tables.reduce((sum, table) => sum + table.rows, 0);
  // The key in DATA_DIR is in the copy; one from the environment is the operator's to keep.
  const keyNote =
    deps.encryption.source.kind === 'environment' ? `\n${ADMIN_MESSAGES.backupKeyElsewhere}` : '';
  return done(
    ADMIN_MESSAGES.backupDone(
      dir,
      {
        seconds,
        rows,
        tables: snapshot.tables.length,
        level: snapshot.migrations.length,
        files: files.count,
      },
      files.missing,
      dataDir.map((file) => file.name),
    ) + keyNote,
  );
}
