// Helpers for the tests of the values encrypted at rest (ADR 028): what the database holds, read
// raw — every column of a row as one text, so a value stored in the clear anywhere in the row,
// under any column name, is found.
import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';

export type SealedTable = 'profiles' | 'invoices' | 'suppliers';

/** Every row of an account in `table`, each as the JSON text of all its columns. */
export async function rawRowsOf(
  db: Database,
  table: SealedTable,
  accountId: string,
): Promise<Array<Record<string, unknown> & { text: string }>> {
  const { rows } = await db.execute<{ row: string }>(
    sql`select row_to_json(x)::text as row from ${sql.raw(table)} x where x.account_id = ${accountId}`,
  );
  return rows.map(({ row }) => ({ ...(JSON.parse(row) as Record<string, unknown>), text: row }));
}

/** The raw row of `table` with this id (invoices, suppliers). */
export async function rawRowById(
  db: Database,
  table: Exclude<SealedTable, 'profiles'>,
  accountId: string,
  id: string,
): Promise<Record<string, unknown> & { text: string }> {
  const row = (await rawRowsOf(db, table, accountId)).find((r) => r.id === id);
  if (!row) throw new Error(`no ${table} row ${id}`);
  return row;
}
