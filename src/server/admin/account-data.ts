// Everything stored for one account, found the same way by export-account and delete-account:
// the `accounts` row, every table whose account_id references it (read from the schema, so a
// table added later is covered without touching this file), the Better Auth user and its
// sign-in methods, and the files its rows name (ADR 015: rows, not a listing of the store,
// say what exists).
import { count, eq, getTableColumns, getTableName, is } from 'drizzle-orm';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '#server/db/client.ts';
import * as schema from '#server/db/schema/index.ts';
import { PAYMENT_NOTIFICATION_EMAIL_TYPE } from '#server/db/schema/index.ts';
import { BODY_KEY } from '#server/services/mail/mail-audit.queries.ts';
import {
  isInvoicePhotoPath,
  photoThumbnailPath,
  scanPath,
  storagePathAccount,
} from '#server/services/storage/storage-path.ts';

export type AccountTable = { name: string; table: PgTable; accountColumn: PgColumn };

/** Tables whose `account_id` is a foreign key to accounts.id, by SQL name. */
const schemaExports: Record<string, unknown> = schema;
export const ACCOUNT_TABLES: readonly AccountTable[] = Object.values(schemaExports)
  .filter((value): value is PgTable => is(value, PgTable))
  .flatMap((table) => {
    const ownsRows = getTableConfig(table).foreignKeys.some((fk) => {
      const { columns, foreignTable } = fk.reference();
      return foreignTable === schema.accounts && columns.some((c) => c.name === 'account_id');
    });
    const accountColumn = Object.values(getTableColumns(table)).find(
      (column) => column.name === 'account_id',
    );
    return ownsRows && accountColumn ? [{ name: getTableName(table), table, accountColumn }] : [];
  })
  .sort((a, b) => a.name.localeCompare(b.name));

/** Credentials of a sign-in method: never exported (the password hash, OAuth tokens). */
const SECRET_IDENTITY_COLUMNS = new Set(['password', 'access_token', 'refresh_token', 'id_token']);

/**
 * The stored body of a mail (kept for "resend") carries, for verification and password-reset
 * mails, a link that signs in or sets a password: a bearer secret. A payment notice's body is
 * what the account wrote to its supplier, and stays.
 */
function withoutMailSecrets(row: Row): Row {
  const metadata = row.metadata;
  if (row.type === PAYMENT_NOTIFICATION_EMAIL_TYPE || typeof metadata !== 'object' || !metadata) {
    return row;
  }
  const kept = Object.entries(metadata).filter(([key]) => key !== BODY_KEY);
  return { ...row, metadata: Object.fromEntries(kept) };
}

const EXPORT_REDACTIONS: Record<string, (row: Row) => Row> = {
  email_audit: withoutMailSecrets,
};

export type AccountRef = { accountId: string; userId: string | null };
type Row = Record<string, unknown>;

/** A row keyed by SQL column names (as in the database), secrets left out. */
function sqlRow(table: PgTable, row: Row, omit: ReadonlySet<string> = new Set()): Row {
  const out: Row = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    if (!omit.has(column.name)) out[column.name] = row[key];
  }
  return out;
}

async function rowsWhere(db: Database, table: PgTable, column: PgColumn, value: string) {
  const rows: Row[] = await db.select().from(table).where(eq(column, value));
  return rows;
}

/**
 * Every row of the account by table name. Sessions and verification tokens are left out: they
 * are bearer secrets, not the account's data.
 */
export async function readAccountRows(
  db: Database,
  { accountId, userId }: AccountRef,
): Promise<Record<string, Row[]>> {
  const tables: Record<string, Row[]> = {};
  const { accounts, authUsers, authIdentities } = schema;
  tables.accounts = (await rowsWhere(db, accounts, accounts.id, accountId)).map((row) =>
    sqlRow(accounts, row),
  );
  for (const { name, table, accountColumn } of ACCOUNT_TABLES) {
    const redact = EXPORT_REDACTIONS[name] ?? ((row: Row) => row);
    tables[name] = (await rowsWhere(db, table, accountColumn, accountId)).map((row) =>
      redact(sqlRow(table, row)),
    );
  }
  if (userId !== null) {
    tables.auth_users = (await rowsWhere(db, authUsers, authUsers.id, userId)).map((row) =>
      sqlRow(authUsers, row),
    );
    tables.auth_identities = (
      await rowsWhere(db, authIdentities, authIdentities.userId, userId)
    ).map((row) => sqlRow(authIdentities, row, SECRET_IDENTITY_COLUMNS));
  }
  return tables;
}

/** How many rows delete-account removes, sessions included. */
export async function countAccountRows(
  db: Database,
  { accountId, userId }: AccountRef,
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
