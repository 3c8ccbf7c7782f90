// How the CLI reaches the target of `restore` (ADR 018 "Backup and restore"). Unlike the
// other commands it never goes through a running server, and it creates the database rather
// than requiring one: PGlite under a new DATA_DIR, held by the admin socket meanwhile so no
// server opens it half restored, or the (empty) PostgreSQL database DATABASE_URL names. It
// does not migrate at open: the restore builds the schema up to the backup's level itself.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createDb, type DbHandle } from '#server/db/client.ts';
import type { Env } from '#server/env.ts';
import { ADMIN_MESSAGES } from './admin-messages.ts';
import { storageFor } from './admin-direct.ts';
import { EXIT, refused, withNewline, type AdminOutput } from './admin-request.ts';
import {
  DataDirInUseError,
  isAdminSocketListening,
  openAdminSocket,
  type AdminSocket,
} from './admin-socket.ts';
import { BackupRefusal } from './backup-format.ts';
import { readRestorableManifest, restoreBackup } from './restore-command.ts';

const failure = (exitCode: 1 | 3, message: string): AdminOutput => ({
  exitCode,
  stdout: '',
  stderr: withNewline(message),
});

const detailOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The restore as the operator runs it: `dir` absolute, the target from the environment. */
export async function restoreFromCli(env: Env, dir: string): Promise<AdminOutput> {
  // A folder that is no backup (or one too new) is refused before anything is created.
  try {
    await readRestorableManifest(dir);
  } catch (error) {
    if (error instanceof BackupRefusal) return refused(error.message);
    throw error;
  }
  const dataDir = path.resolve(env.DATA_DIR);
  let socket: AdminSocket | undefined;
  if (!env.DATABASE_URL) {
    if (await isAdminSocketListening(dataDir)) {
      return refused(ADMIN_MESSAGES.restoreServerRunning(dataDir));
    }
    try {
      mkdirSync(dataDir, { recursive: true });
      socket = await openAdminSocket({ dataDir, role: 'cli' });
    } catch (error) {
      if (error instanceof DataDirInUseError) {
        return refused(ADMIN_MESSAGES.restoreServerRunning(dataDir));
      }
      return failure(EXIT.database, ADMIN_MESSAGES.cannotOpen(detailOf(error)));
    }
  }
  let handle: DbHandle | undefined;
  try {
    handle = await createDb({ databaseUrl: env.DATABASE_URL, dataDir });
    await handle.ping();
  } catch (error) {
    await handle?.close().catch(() => {});
    await socket?.close();
    return failure(EXIT.database, ADMIN_MESSAGES.cannotOpen(detailOf(error)));
  }
  try {
    return await restoreBackup({ handle, storage: storageFor(env, dataDir), dataDir }, dir);
  } catch (error) {
    return failure(EXIT.refused, ADMIN_MESSAGES.commandFailed(detailOf(error)));
  } finally {
    await handle.close();
    await socket?.close();
  }
}
