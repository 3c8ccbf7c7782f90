// Which tables hold an account's rows, and how a row is written out: every table whose
// account_id references accounts.id (read from the schema, so a table added later — another
// feature's — is covered without touching this file), by SQL name, with SQL column names and
// no credentials.
import { getTableColumns, getTableName, is } from 'drizzle-orm';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import * as schema from '#server/db/schema/index.ts';
import { PAYMENT_NOTIFICATION_EMAIL_TYPE } from '#server/db/schema/index.ts';
import { BODY_KEY } from '#server/services/mail/mail-audit.queries.ts';

export type Row = Record<string, unknown>;

export type AccountTable = {
  name: string;
  table: PgTable;
  accountColumn: PgColumn;
  /** The primary key's columns, in key order: exports read the table in pages along it. */
  keyColumns: PgColumn[];
};

/** The table's own column objects (getTableConfig builds copies of them), in key order. */
function keyColumnsOf(table: PgTable): PgColumn[] {
  const columns = Object.values(getTableColumns(table));
  const composite = getTableConfig(table).primaryKeys[0];
  if (!composite) return columns.filter((column) => column.primary);
  return composite.columns.flatMap((key) => columns.filter((c) => c.name === key.name));
}

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
    if (!ownsRows || !accountColumn) return [];
    return [{ name: getTableName(table), table, accountColumn, keyColumns: keyColumnsOf(table) }];
  })
  .sort((a, b) => a.name.localeCompare(b.name));

/**
 * Credentials are never exported, whichever table holds them: a password hash, OAuth tokens, a
 * feed token's hash. Matched by column name so a later table's secret is left out too.
 */
export function isSecretColumn(name: string): boolean {
  return /(^|_)(password|token|secret)$/.test(name) || name.endsWith('_hash');
}

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

/** A row as exported: keyed by SQL column names (as in the database), secrets left out. */
export function exportedRow(tableName: string, table: PgTable, row: Row): Row {
  const out: Row = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    if (!isSecretColumn(column.name)) out[column.name] = row[key];
  }
  return EXPORT_REDACTIONS[tableName]?.(out) ?? out;
}
