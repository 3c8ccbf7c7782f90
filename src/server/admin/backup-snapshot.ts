// The database half of a backup: every table of the public schema, the migrations applied and
// the sequences, read inside ONE read-only REPEATABLE READ transaction, so all of it is the
// database at one instant while the app keeps writing (on PGlite, which has one connection,
// the transaction also holds the app's queries until it ends). Rows leave a table through a
// cursor, a thousand at a time, each as a JSON array of its columns' text forms (what COPY
// would write: exact for every type on both PGlite and PostgreSQL, no pg_dump needed). The
// storage paths the rows name are listed in the same snapshot, for the files half.
import path from 'node:path';
import { sql, type Assume, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { invoices, profiles, scans } from '#server/db/schema/index.ts';
import {
  isInvoicePhotoPath,
  photoThumbnailPath,
  scanPath,
} from '#server/services/storage/storage-path.ts';
import {
  listTables,
  readSequences,
  setPortableSession,
  type CatalogTable,
  type SequenceValue,
  type SqlRunner,
} from './backup-catalog.ts';
import { quoteIdent, tableFile, type MigrationRef, type TableEntry } from './backup-format.ts';
import { createHashedWriter, type HashedWriter } from './backup-io.ts';
import { appliedMigrations } from './backup-schema-level.ts';

/** One snapshot of every table: what makes the backup consistent (issue 19 point 7). */
export const SNAPSHOT_TRANSACTION = {
  isolationLevel: 'repeatable read',
  accessMode: 'read only',
} as const;

const FETCH_ROWS = 1000;

export type DatabaseSnapshot = {
  database: string;
  migrations: MigrationRef[];
  tables: TableEntry[];
  sequences: SequenceValue[];
  /** How many storage paths were listed into the paths file (duplicates included). */
  storagePaths: number;
};

/** Runs `onBatch` on the rows of `query`, FETCH_ROWS at a time, through a cursor of `tx`. */
async function forEachBatch<TRow extends Record<string, unknown>>(
  tx: SqlRunner,
  query: SQL,
  onBatch: (rows: Assume<TRow, Record<string, unknown>>[]) => Promise<void>,
): Promise<void> {
  await tx.execute(sql`declare backup_rows no scroll cursor for ${query}`);
  for (;;) {
    const { rows } = await tx.execute<TRow>(
      sql.raw(`fetch forward ${FETCH_ROWS} from backup_rows`),
    );
    if (rows.length > 0) await onBatch(rows);
    if (rows.length < FETCH_ROWS) break;
  }
  await tx.execute(sql`close backup_rows`);
}

/** Writes through `writer` and closes it, also when writing failed. */
async function writeAll(
  writer: HashedWriter,
  write: (writer: HashedWriter) => Promise<void>,
): Promise<{ bytes: number; sha256: string }> {
  try {
    await write(writer);
  } catch (error) {
    await writer.close().catch(() => {});
    throw error;
  }
  return writer.close();
}

async function exportTable(tx: SqlRunner, table: CatalogTable, dir: string): Promise<TableEntry> {
  const values = table.columns.map((column) => `${quoteIdent(column.name)}::text`).join(', ');
  const query = sql.raw(
    `select to_json(array[${values}])::text as line from public.${quoteIdent(table.name)}`,
  );
  let rows = 0;
  const writer = await createHashedWriter(path.join(dir, tableFile(table.name)));
  const written = await writeAll(writer, (out) =>
    forEachBatch<{ line: string }>(tx, query, async (batch) => {
      rows += batch.length;
      await out.write(`${batch.map((row) => row.line).join('\n')}\n`);
    }),
  );
  return { name: table.name, columns: table.columns, rows, ...written };
}

/**
 * The storage paths the rows name, one a line: profile photos, invoice photos and their
 * thumbnails, kept scans — the same rows as the account export's listAccountFiles
 * (features/account-data), for every account (ADR 015: the rows say what exists).
 */
async function exportStoragePaths(tx: SqlRunner, pathsFile: string): Promise<number> {
  const query = sql`
    select ${profiles.photoPath} as path, null::text as account_id, null::text as scan_id
    from ${profiles} where ${profiles.photoPath} is not null
    union all
    select jsonb_array_elements_text(${invoices.imagePaths}), null, null from ${invoices}
    union all
    select null, ${scans.accountId}, ${scans.id}::text from ${scans}`;
  let count = 0;
  const writer = await createHashedWriter(pathsFile);
  await writeAll(writer, (out) =>
    forEachBatch<{ path: string | null; account_id: string | null; scan_id: string | null }>(
      tx,
      query,
      async (batch) => {
        const paths: string[] = [];
        for (const row of batch) {
          if (row.path !== null) {
            paths.push(row.path);
            if (isInvoicePhotoPath(row.path)) paths.push(photoThumbnailPath(row.path));
          } else if (row.account_id !== null && row.scan_id !== null) {
            paths.push(scanPath(row.account_id, row.scan_id));
          }
        }
        count += paths.length;
        if (paths.length > 0) await out.write(`${paths.join('\n')}\n`);
      },
    ),
  );
  return count;
}

/**
 * Writes tables/<table>.ndjson for every table into `dir`, and the storage paths the rows
 * name into `pathsFile`, all from one snapshot of the database.
 */
export function writeDatabaseSnapshot(
  db: Database,
  dir: string,
  pathsFile: string,
): Promise<DatabaseSnapshot> {
  return db.transaction(async (tx) => {
    await setPortableSession(tx);
    const { rows } = await tx.execute<{ version: string }>(sql`select version() as version`);
    const migrations = await appliedMigrations(tx);
    const tables: TableEntry[] = [];
    for (const table of await listTables(tx)) tables.push(await exportTable(tx, table, dir));
    const sequences = await readSequences(tx);
    const storagePaths = await exportStoragePaths(tx, pathsFile);
    return { database: rows[0]?.version ?? '', migrations, tables, sequences, storagePaths };
  }, SNAPSHOT_TRANSACTION);
}
