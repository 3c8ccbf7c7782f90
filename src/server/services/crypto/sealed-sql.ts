// SQL shared by the start-up backfill and the key rotation: many rows changed by one UPDATE
// joined to a VALUES list (a statement per row costs a round trip each, ~0.2 ms on PGlite),
// and "which values are not under this key" by the prefix every sealed value and hash carries.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { hashPrefix, sealedPrefix } from './field-encryption.ts';

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Transaction;

/** Rows per statement: 6 parameters a row stays far below PostgreSQL's 65 535. */
export const ROWS_PER_STATEMENT = 500;

/**
 * `(values ($1::text, $2::uuid, …), …) as v(name, …)`: every parameter cast, so PostgreSQL
 * types the columns the same way on every row (a null alone would be `unknown`).
 */
export function valuesTable(
  alias: string,
  columns: ReadonlyArray<readonly [name: string, type: 'text' | 'uuid']>,
  rows: ReadonlyArray<ReadonlyArray<string | null>>,
): SQL {
  const lines = rows.map(
    (row) =>
      sql`(${sql.join(
        columns.map(([, type], i) => sql`${row[i] ?? null}::${sql.raw(type)}`),
        sql`, `,
      )})`,
  );
  const names = columns.map(([name]) => name).join(', ');
  return sql`(values ${sql.join(lines, sql`, `)}) as ${sql.raw(alias)}(${sql.raw(names)})`;
}

/** `column` holds a sealed value under another key than `keyId` (or a hash, with `hash`). */
export function notUnderKey(column: SQL, keyId: string, kind: 'sealed' | 'hash'): SQL {
  const prefix = kind === 'sealed' ? sealedPrefix(keyId) : hashPrefix(keyId);
  return sql`(${column} is not null and left(${column}, ${prefix.length}) <> ${prefix})`;
}

/** The key id a sealed value or hash carries, in SQL: `v1.<id>.…` and `h1.<id>.…` alike. */
export function keyIdSql(column: SQL): SQL {
  return sql`substring(${column} from 4 for 8)`;
}
