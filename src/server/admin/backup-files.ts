// The files half of a backup: the stored objects the rows name, copied through the Storage
// interface (so the same code reads DATA_DIR/files or an S3 bucket) into files/, each listed
// with its type, size and checksum in files.ndjson; and the files at the top of DATA_DIR —
// today secrets.json, whose session secret signs the session cookies and file links and
// whose VAPID keys the browsers' push subscriptions were made for. A restored database is
// readable without them, but every user would be signed out and every push subscription dead.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isSafeStoragePath } from '#server/services/storage/storage-path.ts';
import type { Storage } from '#server/services/storage/storage.ts';
import {
  BackupRefusal,
  DATA_DIR_COPY,
  FILES_DIR,
  FILES_INDEX,
  fileEntrySchema,
  type FileEntry,
  type Manifest,
} from './backup-format.ts';
import { createHashedWriter, forEachConcurrently, readLinesHashed, sha256Of } from './backup-io.ts';
import { ADMIN_MESSAGES } from './admin-messages.ts';

/** Storage requests in flight at once. */
const FILE_CONCURRENCY = 8;

export type FilesSummary = Manifest['files'];

const corrupt = (file: string) => ADMIN_MESSAGES.backupCorrupt(file);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === code;
}

/** Copies every object named in `pathsFile` (one path a line) into `dir`/files/. */
export async function copyFilesOut(
  storage: Storage,
  pathsFile: string,
  dir: string,
): Promise<FilesSummary> {
  const summary = { count: 0, bytes: 0, missing: 0 };
  const index = await createHashedWriter(path.join(dir, FILES_INDEX));
  const record = (entry: FileEntry) => index.write(`${JSON.stringify(entry)}\n`);
  try {
    await forEachConcurrently(
      readLinesHashed(pathsFile, createHash('sha256')),
      FILE_CONCURRENCY,
      async (storagePath) => {
        // Unsafe paths cannot be stored; a missing object was deleted after the snapshot.
        const stored = isSafeStoragePath(storagePath) ? await storage.get(storagePath) : null;
        if (!stored) {
          summary.missing += 1;
          await record({ path: storagePath, missing: true });
          return;
        }
        const target = path.join(dir, FILES_DIR, storagePath);
        await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
        try {
          await writeFile(target, stored.bytes, { flag: 'wx', mode: 0o600 });
        } catch (error) {
          // Named by two rows (a kept scan that became an invoice's photo): copied once.
          if (isCode(error, 'EEXIST')) return;
          throw error;
        }
        summary.count += 1;
        summary.bytes += stored.bytes.length;
        await record({
          path: storagePath,
          contentType: stored.contentType,
          bytes: stored.bytes.length,
          sha256: sha256Of(stored.bytes),
        });
      },
    );
  } catch (error) {
    await index.close().catch(() => {});
    throw error;
  }
  const { sha256 } = await index.close();
  return { ...summary, indexSha256: sha256 };
}

/** Puts every object of the backup back into `storage`, each checked against its checksum. */
export async function copyFilesIn(
  storage: Storage,
  dir: string,
  expected: FilesSummary,
): Promise<{ count: number; missing: number }> {
  const summary = { count: 0, missing: 0 };
  const digest = createHash('sha256');
  await forEachConcurrently(
    readLinesHashed(path.join(dir, FILES_INDEX), digest),
    FILE_CONCURRENCY,
    async (line) => {
      const parsed = fileEntrySchema.safeParse(parseJson(line));
      if (!parsed.success || !isSafeStoragePath(parsed.data.path)) {
        throw new BackupRefusal(corrupt(FILES_INDEX));
      }
      const entry = parsed.data;
      if ('missing' in entry) {
        summary.missing += 1;
        return;
      }
      const file = path.posix.join(FILES_DIR, entry.path);
      const bytes = await readFile(path.join(dir, file)).catch((error: unknown) => {
        if (isCode(error, 'ENOENT')) throw new BackupRefusal(corrupt(file));
        throw error;
      });
      if (bytes.length !== entry.bytes || sha256Of(bytes) !== entry.sha256) {
        throw new BackupRefusal(corrupt(file));
      }
      await storage.put(entry.path, bytes, entry.contentType);
      summary.count += 1;
    },
  );
  if (
    digest.digest('hex') !== expected.indexSha256 ||
    summary.count !== expected.count ||
    summary.missing !== expected.missing
  ) {
    throw new BackupRefusal(corrupt(FILES_INDEX));
  }
  return summary;
}

/** Left out: hidden files and a write in progress (secrets.ts writes `<name>.<pid>.tmp`). */
function isKeptFile(name: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name) && !/\.(tmp|partial)$/.test(name);
}

/** Copies the regular files at the top of DATA_DIR (not the database or files/ folders). */
export async function copyDataDirOut(dataDir: string, dir: string): Promise<Manifest['dataDir']> {
  const entries = await readdir(dataDir, { withFileTypes: true }).catch((error: unknown) => {
    if (isCode(error, 'ENOENT')) return [];
    throw error;
  });
  const copied: Manifest['dataDir'] = [];
  const files = entries.filter((entry) => entry.isFile() && isKeptFile(entry.name));
  for (const { name } of files.sort((a, b) => a.name.localeCompare(b.name))) {
    const bytes = await readFile(path.join(dataDir, name));
    await mkdir(path.join(dir, DATA_DIR_COPY), { recursive: true, mode: 0o700 });
    await writeFile(path.join(dir, DATA_DIR_COPY, name), bytes, { flag: 'wx', mode: 0o600 });
    copied.push({ name, bytes: bytes.length, sha256: sha256Of(bytes) });
  }
  return copied;
}

/**
 * Puts the DATA_DIR files back, replacing any generated meanwhile (a server started once on
 * the empty target made its own secrets, which nothing in the empty database used).
 */
export async function copyDataDirIn(
  dir: string,
  dataDir: string,
  entries: Manifest['dataDir'],
): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  for (const { name, bytes: size, sha256 } of entries) {
    const file = path.posix.join(DATA_DIR_COPY, name);
    const bytes = await readFile(path.join(dir, file)).catch((error: unknown) => {
      if (isCode(error, 'ENOENT')) throw new BackupRefusal(corrupt(file));
      throw error;
    });
    if (bytes.length !== size || sha256Of(bytes) !== sha256) throw new BackupRefusal(corrupt(file));
    const target = path.join(dataDir, name);
    const partial = `${target}.${process.pid}.tmp`;
    await writeFile(partial, bytes, { mode: 0o600 });
    await rename(partial, target);
  }
}
