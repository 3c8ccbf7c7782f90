// `export-account <email> <dir>`: the account's rows as JSON (account.json) and its stored
// files under files/, in a new or empty folder readable only by its owner. What is written is
// the shared export's (features/account-data), the same as /meu-perfil's ZIP.
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { exportAccount, type ExportSink } from '#server/features/account-data/account-export.ts';
import { ADMIN_MESSAGES } from './admin-messages.ts';
import { done, refused, type AdminOutput } from './admin-request.ts';
import type { AdminDeps } from './admin-deps.ts';
import { accountOrRefusal } from './account-lookup.ts';

/** Non-empty folders are refused: an export never mixes with other files or overwrites them. */
export async function prepareDir(dir: string): Promise<AdminOutput | null> {
  const existing = await stat(dir).catch(() => null);
  if (existing && !existing.isDirectory()) return refused(ADMIN_MESSAGES.dirIsFile(dir));
  if (existing && (await readdir(dir)).length > 0) return refused(ADMIN_MESSAGES.dirNotEmpty(dir));
  await mkdir(dir, { recursive: true, mode: 0o700 });
  return null;
}

/** The export written into `dir`, each file readable by its owner only. */
function folderSink(dir: string): ExportSink {
  const target = async (name: string) => {
    const file = path.join(dir, name);
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    return file;
  };
  return {
    async addFile(name, bytes) {
      await writeFile(await target(name), bytes, { mode: 0o600 });
    },
    async addText(name, chunks) {
      const file = createWriteStream(await target(name), { mode: 0o600 });
      await pipeline(Readable.from(chunks), file);
    },
    isClosed: () => false,
  };
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
  const { rows, copied, missing } = await exportAccount(
    { ...deps, cipher: deps.encryption.cipher },
    account,
    folderSink(dir),
  );
  return done(ADMIN_MESSAGES.exported(account.email, dir, rows, copied, missing));
}
