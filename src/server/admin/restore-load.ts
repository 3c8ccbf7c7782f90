// The rows of a backup loaded into a database already migrated to the backup's schema level:
// one transaction for all tables, each table in foreign-key order, a thousand rows per INSERT
// (PostgreSQL parses each row's text forms back with the column's own type, the inverse of
// the backup's ::text), every file checked against its manifest checksum and every table's
// count against the manifest before the transaction commits. Anything off rolls it all back.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { ADMIN_MESSAGES } from './admin-messages.ts';
import {
  restoreSequences,
  setPortableSession,
  type CatalogTable,
  type SqlRunner,
} from './backup-catalog.ts';
import {
  BackupRefusal,
  quoteIdent,
  tableFile,
  type Manifest,
  type TableEntry,
} from './backup-format.ts';
import { readLinesHashed } from './backup-io.ts';

const INSERT_ROWS = 1000;
/** A batch is one JSON parameter: kept well below what a statement may carry. */
const INSERT_BYTES = 4 * 1024 * 1024;

/** Why the backup's tables cannot load into this schema, or null when they match it. */
export function tableMismatch(
  catalog: readonly CatalogTable[],
  backup: readonly TableEntry[],
): string | null {
  const ours = new Map(catalog.map((table) => [table.name, table]));
  const theirs = new Set(backup.map((table) => table.name));
  for (const table of backup) {
    const target = ours.get(table.name);
    if (!target) return `a tabela ${table.name} não existe`;
    const shape = (t: { columns: readonly { name: string; type: string }[] }) =>
      t.columns.map((c) => `${c.name} ${c.type}`).join(', ');
    if (shape(target) !== shape(table)) return `as colunas de ${table.name} são outras`;
  }
  const extra = catalog.find((table) => !theirs.has(table.name));
  return extra ? `a cópia não tem a tabela ${extra.name}` : null;
}

async function loadTable(
  tx: SqlRunner,
  dir: string,
  table: CatalogTable,
  entry: TableEntry,
): Promise<void> {
  const target = `public.${quoteIdent(table.name)} (${table.columns.map((c) => quoteIdent(c.name)).join(', ')})`;
  // The types are the target catalog's (equal to the manifest's, checked before): no text
  // from the backup folder is ever spliced into SQL.
  const casts = table.columns.map((c, i) => `(r->>${i})::${c.type}`).join(', ');
  const insert = async (lines: string[]) => {
    try {
      await tx.execute(sql`
        insert into ${sql.raw(target)} overriding system value
        select ${sql.raw(casts)} from json_array_elements(${`[${lines.join(',')}]`}::json) as r`);
    } catch (error) {
      // drizzle's message carries the whole batch (rows, password hashes): PostgreSQL's only.
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      throw new Error(`${table.name}: ${cause instanceof Error ? cause.message : String(cause)}`);
    }
  };
  const digest = createHash('sha256');
  let rows = 0;
  let batch: string[] = [];
  let size = 0;
  for await (const line of readLinesHashed(path.join(dir, tableFile(table.name)), digest)) {
    batch.push(line);
    size += line.length;
    rows += 1;
    if (batch.length >= INSERT_ROWS || size >= INSERT_BYTES) {
      await insert(batch);
      batch = [];
      size = 0;
    }
  }
  if (batch.length > 0) await insert(batch);
  if (rows !== entry.rows || digest.digest('hex') !== entry.sha256) {
    throw new BackupRefusal(ADMIN_MESSAGES.backupCorrupt(tableFile(table.name)));
  }
}

/** Loads every table (`order`: foreign-key order) and the sequences; the rows loaded. */
export function loadTables(
  db: Database,
  dir: string,
  manifest: Manifest,
  catalog: readonly CatalogTable[],
  order: readonly string[],
): Promise<number> {
  const tables = new Map(catalog.map((table) => [table.name, table]));
  const entries = new Map(manifest.tables.map((entry) => [entry.name, entry]));
  return db.transaction(async (tx) => {
    await setPortableSession(tx);
    let total = 0;
    for (const name of order) {
      const table = tables.get(name);
      const entry = entries.get(name);
      if (!table || !entry) throw new Error(`restore: no table ${name} in the backup`);
      await loadTable(tx, dir, table, entry);
      total += entry.rows;
    }
    await restoreSequences(tx, manifest.sequences);
    // What the tables hold now, counted by the database rather than by the lines read.
    for (const { name, rows } of manifest.tables) {
      const counted = await tx.execute<{ count: string }>(
        sql`select count(*)::text as count from ${sql.raw(`public.${quoteIdent(name)}`)}`,
      );
      if (Number(counted.rows[0]?.count) !== rows) {
        throw new BackupRefusal(ADMIN_MESSAGES.backupCorrupt(tableFile(name)));
      }
    }
    return total;
  });
}
