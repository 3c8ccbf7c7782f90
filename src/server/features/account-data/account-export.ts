// The account's own data (GDPR access and portability), written the same way wherever it goes:
// the stored files under files/ and every row in account.json — into a folder by the admin
// CLI's `export-account`, into a ZIP by /meu-perfil's download (account-zip.ts). Files come
// first, one at a time, so account.json can say which were missing; its rows are read and
// written a page at a time, so neither the files nor the tables are ever held whole.
import path from 'node:path';
import type { Database } from '#server/db/client.ts';
import type { FieldCipher } from '#server/services/crypto/field-encryption.ts';
import { openExportedRow } from '#server/services/crypto/sealed-fields.ts';
import type { Storage } from '#server/services/storage/storage.ts';
import { readAccountRows, listAccountFiles, type AccountOwner } from './account-data.queries.ts';

export const EXPORT_FORMAT = 'papelada-account-export';
export const EXPORT_FORMAT_VERSION = 1;
export const EXPORT_DOCUMENT = 'account.json';
export const EXPORT_FILES_DIR = 'files';

export type ExportedFile = {
  /** The storage path, as the rows name it. */
  path: string;
  /** Where it is in the export, relative to account.json; null when it was missing. */
  file: string | null;
  contentType: string | null;
  bytes: number;
};

/** Where an export is written: a folder or a ZIP. */
export type ExportSink = {
  /** Adds a stored file; resolves once the sink may take the next. */
  addFile(name: string, bytes: Buffer): Promise<void>;
  /** Adds a text file from its chunks; resolves once the last one is written. */
  addText(name: string, chunks: AsyncIterable<string>): Promise<void>;
  /** The reader is gone (a download cancelled): nothing more is read. */
  isClosed(): boolean;
};

export type ExportDeps = {
  db: Database;
  storage: Storage;
  /** The values encrypted at rest are exported opened: they are the account's own (ADR 028). */
  cipher: FieldCipher;
  now: () => Date;
};

export type AccountExportResult = { rows: number; copied: number; missing: number };

/** bigint (a raw count) as a number, in case a driver hands one over. */
function jsonValue(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? Number(value) : value;
}

const json = (value: unknown) => JSON.stringify(value, jsonValue);

/**
 * account.json, as text chunks: the header fields, then each table's rows one a line, then the
 * files. `counted.rows` is complete once the last chunk is taken.
 */
async function* accountDocument(
  { db, cipher }: Pick<ExportDeps, 'db' | 'cipher'>,
  owner: AccountOwner,
  header: { exportedAt: string },
  files: readonly ExportedFile[],
  counted: { rows: number },
): AsyncGenerator<string> {
  yield [
    '{',
    `  "format": ${json(EXPORT_FORMAT)},`,
    `  "version": ${EXPORT_FORMAT_VERSION},`,
    `  "exportedAt": ${json(header.exportedAt)},`,
    `  "accountId": ${json(owner.accountId)},`,
    `  "email": ${json(owner.email)},`,
    '  "tables": {',
  ].join('\n');
  let table: string | null = null;
  let isFirstRow = true;
  const closeTable = () => (isFirstRow ? ']' : '\n    ]');
  for await (const page of readAccountRows(db, owner)) {
    let text = '';
    if (page.table !== table) {
      if (table !== null) text += `${closeTable()},`;
      text += `\n    ${json(page.table)}: [`;
      table = page.table;
      isFirstRow = true;
    }
    for (const row of page.rows) {
      text += `${isFirstRow ? '' : ','}\n      ${json(openExportedRow(cipher, page.table, row))}`;
      isFirstRow = false;
      counted.rows += 1;
    }
    yield text;
  }
  const fileLines = files.map((file, i) => `${i === 0 ? '' : ','}\n    ${json(file)}`).join('');
  yield `${table === null ? '' : closeTable()}\n  },\n  "files": [${fileLines}${files.length > 0 ? '\n  ' : ''}]\n}\n`;
}

/** Writes the account's files and rows into `sink`. */
export async function exportAccount(
  { db, storage, cipher, now }: ExportDeps,
  owner: AccountOwner,
  sink: ExportSink,
): Promise<AccountExportResult> {
  const files: ExportedFile[] = [];
  for (const storagePath of await listAccountFiles(db, owner.accountId)) {
    if (sink.isClosed()) return { rows: 0, copied: 0, missing: 0 };
    const stored = await storage.get(storagePath);
    if (!stored) {
      files.push({ path: storagePath, file: null, contentType: null, bytes: 0 });
      continue;
    }
    // Storage paths are plain segments (storage-path.ts), so they cannot leave files/.
    const file = path.posix.join(EXPORT_FILES_DIR, storagePath);
    await sink.addFile(file, stored.bytes);
    files.push({
      path: storagePath,
      file,
      contentType: stored.contentType,
      bytes: stored.bytes.length,
    });
  }
  const counted = { rows: 0 };
  const header = { exportedAt: now().toISOString() };
  await sink.addText(
    EXPORT_DOCUMENT,
    accountDocument({ db, cipher }, owner, header, files, counted),
  );
  const copied = files.filter((f) => f.file !== null).length;
  return { rows: counted.rows, copied, missing: files.length - copied };
}
