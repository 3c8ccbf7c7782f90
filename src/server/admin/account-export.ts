// `export-account <email> <dir>`: the account's rows as JSON (account.json) and its stored
// files under files/, in a new or empty folder readable only by its owner.
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ADMIN_MESSAGES } from './admin-messages.ts';
import { done, refused, type AdminOutput } from './admin-request.ts';
import type { AdminDeps } from './admin-deps.ts';
import { accountOrRefusal } from './account-lookup.ts';
import { listAccountFiles, readAccountRows } from './account-data.ts';

export const EXPORT_FORMAT_VERSION = 1;

export type ExportedFile = {
  /** The storage path, as the rows name it. */
  path: string;
  /** Where it is in the export, relative to account.json; null when it was missing. */
  file: string | null;
  contentType: string | null;
  bytes: number;
};

/** Non-empty folders are refused: an export never mixes with other files or overwrites them. */
async function prepareDir(dir: string): Promise<AdminOutput | null> {
  const existing = await stat(dir).catch(() => null);
  if (existing && !existing.isDirectory()) return refused(ADMIN_MESSAGES.dirIsFile(dir));
  if (existing && (await readdir(dir)).length > 0) return refused(ADMIN_MESSAGES.dirNotEmpty(dir));
  await mkdir(dir, { recursive: true, mode: 0o700 });
  return null;
}

export async function exportAccountCommand(
  deps: AdminDeps,
  { email, dir: rawDir }: { email: string; dir: string },
): Promise<AdminOutput> {
  const dir = path.resolve(rawDir);
  const found = await accountOrRefusal(deps.db, email);
  if (found.kind === 'refused') return found.output;
  const { account } = found;
  const problem = await prepareDir(dir);
  if (problem) return problem;

  const tables = await readAccountRows(deps.db, account);
  const files: ExportedFile[] = [];
  for (const storagePath of await listAccountFiles(deps.db, account.accountId)) {
    const stored = await deps.storage.get(storagePath);
    if (!stored) {
      files.push({ path: storagePath, file: null, contentType: null, bytes: 0 });
      continue;
    }
    // Storage paths are plain segments (storage-path.ts), so they cannot leave files/.
    const file = path.posix.join('files', storagePath);
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true, mode: 0o700 });
    await writeFile(path.join(dir, file), stored.bytes, { mode: 0o600 });
    files.push({
      path: storagePath,
      file,
      contentType: stored.contentType,
      bytes: stored.bytes.length,
    });
  }
  const document = {
    format: 'papelada-account-export',
    version: EXPORT_FORMAT_VERSION,
    exportedAt: deps.now().toISOString(),
    accountId: account.accountId,
    email: account.email,
    tables,
    files,
  };
  await writeFile(path.join(dir, 'account.json'), `${JSON.stringify(document, jsonValue, 2)}\n`, {
    mode: 0o600,
  });
  const rows = Object.values(tables).reduce((sum, list) => sum + list.length, 0);
  const copied = files.filter((f) => f.file !== null).length;
  return done(ADMIN_MESSAGES.exported(account.email, dir, rows, copied, files.length - copied));
}

/** bigint (a raw count) as a number, in case a driver hands one over. */
function jsonValue(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? Number(value) : value;
}
