// Everything stored for one account, found the same way by the export and the deletion (the
// admin CLI's and /meu-perfil's): the `accounts` row, every table of the account
// (account-tables.ts), the Better Auth user and its sign-in methods, and the files its rows
// name (ADR 015: rows, not a listing of the store, say what exists).
import { and, asc, count, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '#server/db/client.ts';
import * as schema from '#server/db/schema/index.ts';
import {
  isInvoicePhotoPath,
  photoThumbnailPath,
  scanPath,
  storagePathAccount,
} from '#server/services/storage/storage-path.ts';
import { ACCOUNT_TABLES, exportedRow, type Row } from './account-tables.ts';

/** Whose data: the account, and its main user when it has one (a user's id is its account's). */
export type AccountOwner = { accountId: string; userId: string | null; email: string };

/** Rows per query of an export: memory holds a page, not a table. */
const PAGE_ROWS = 500;

export type TablePage = { table: string; rows: Row[] };

type TableRead = {
  name: string;
  table: PgTable;
  column: PgColumn;
  value: string;
  keyColumns: readonly PgColumn[];
};

/** "(k1, k2) > (v1, v2)": the rows after the last one read, along the primary key. */
function afterKey(keyColumns: readonly PgColumn[], last: Row, keys: readonly string[]): SQL {
  const values = keyColumns.map((column, i) => sql.param(last[keys[i] ?? ''], column));
  return sql`(${sql.join([...keyColumns], sql`, `)}) > (${sql.join(values, sql`, `)})`;
}

/**
 * The rows of one table for the account, a page at a time along its primary key (served by
 * the key's index: every account table's key starts with account_id or is unique). A table
 * without a primary key is read in one query. Always yields at least one page, so an empty
 * table is still named in the export.
 */
async function* pagesOf(
  db: Database,
  { name, table, column, value, keyColumns }: TableRead,
): AsyncGenerator<TablePage> {
  const where = eq(column, value);
  if (keyColumns.length === 0) {
    const rows: Row[] = await db.select().from(table).where(where);
    yield { table: name, rows: rows.map((row) => exportedRow(name, table, row)) };
    return;
  }
  // The property names drizzle gives the key columns in a selected row.
  const columns = Object.entries(getTableColumns(table));
  const keys = keyColumns.map((key) => columns.find(([, c]) => c === key)?.[0] ?? '');
  let last: Row | undefined;
  for (;;) {
    const rows: Row[] = await db
      .select()
      .from(table)
      .where(last ? and(where, afterKey(keyColumns, last, keys)) : where)
      .orderBy(...keyColumns.map((key) => asc(key)))
      .limit(PAGE_ROWS);
    if (rows.length > 0 || last === undefined) {
      yield { table: name, rows: rows.map((row) => exportedRow(name, table, row)) };
    }
    last = rows.at(-1);
    if (rows.length < PAGE_ROWS || last === undefined) return;
  }
}

/**
 * Every row of the account, table by table (by SQL name) and page by page. Sessions and
 * verification tokens are left out: they are bearer secrets, not the account's data.
 */
export async function* readAccountRows(
  db: Database,
  { accountId, userId }: AccountOwner,
): AsyncGenerator<TablePage> {
  const { accounts, authUsers, authIdentities } = schema;
  const reads: TableRead[] = [
    {
      name: 'accounts',
      table: accounts,
      column: accounts.id,
      value: accountId,
      keyColumns: [accounts.id],
    },
    ...ACCOUNT_TABLES.map(({ name, table, accountColumn, keyColumns }) => ({
      name,
      table,
      column: accountColumn,
      value: accountId,
      keyColumns,
    })),
  ];
  if (userId !== null) {
    reads.push(
      {
        name: 'auth_users',
        table: authUsers,
        column: authUsers.id,
        value: userId,
        keyColumns: [authUsers.id],
      },
      {
        name: 'auth_identities',
        table: authIdentities,
        column: authIdentities.userId,
        value: userId,
        keyColumns: [authIdentities.id],
      },
    );
  }
  for (const read of reads) yield* pagesOf(db, read);
}

/** How many rows a deletion removes, sessions included. */
export async function countAccountRows(
  db: Database,
  { accountId, userId }: AccountOwner,
): Promise<number> {
  const countWhere = async (table: PgTable, column: PgColumn, value: string) => {
    const [row] = await db.select({ value: count() }).from(table).where(eq(column, value));
    return row?.value ?? 0;
  };
  const { accounts, authUsers, authIdentities, authSessions } = schema;
  let total = await countWhere(accounts, accounts.id, accountId);
  for (const { table, accountColumn } of ACCOUNT_TABLES) {
    total += await countWhere(table, accountColumn, accountId);
  }
  if (userId !== null) {
    total += await countWhere(authUsers, authUsers.id, userId);
    total += await countWhere(authIdentities, authIdentities.userId, userId);
    total += await countWhere(authSessions, authSessions.userId, userId);
  }
  return total;
}

/**
 * The storage paths the account's rows name: the profile photo, each invoice photo and its
 * thumbnail, each kept scan. Only paths inside the account's own folder.
 */
export async function listAccountFiles(db: Database, accountId: string): Promise<string[]> {
  const { profiles, invoices, scans } = schema;
  const paths = new Set<string>();
  const [profile] = await db
    .select({ photoPath: profiles.photoPath })
    .from(profiles)
    .where(eq(profiles.accountId, accountId));
  if (profile?.photoPath) paths.add(profile.photoPath);
  const invoiceRows = await db
    .select({ imagePaths: invoices.imagePaths })
    .from(invoices)
    .where(eq(invoices.accountId, accountId));
  for (const { imagePaths } of invoiceRows) {
    for (const photo of imagePaths) {
      paths.add(photo);
      if (isInvoicePhotoPath(photo)) paths.add(photoThumbnailPath(photo));
    }
  }
  const scanRows = await db
    .select({ id: scans.id })
    .from(scans)
    .where(eq(scans.accountId, accountId));
  for (const { id } of scanRows) paths.add(scanPath(accountId, id));
  return [...paths].filter((p) => storagePathAccount(p) === accountId).sort();
}
