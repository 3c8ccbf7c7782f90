// What the backup and the restore read from PostgreSQL's own catalog rather than from the
// drizzle schema: the tables the migrations made (a table added later is backed up without
// touching this code), their columns and types, the order their foreign keys allow, and the
// sequences. The same queries on PGlite and on a PostgreSQL server.
import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { quoteIdent, type BackupColumn } from './backup-format.ts';

/** A database or a transaction: all these need is `execute`. */
export type SqlRunner = Pick<Database, 'execute'>;

export type CatalogTable = { name: string; columns: BackupColumn[] };

/**
 * Every table of the public schema with its columns in table order, generated ones left out
 * (PostgreSQL computes them again on insert). A partition's rows are its parent's.
 */
export async function listTables(db: SqlRunner): Promise<CatalogTable[]> {
  const { rows } = await db.execute<{ table_name: string; column_name: string; type: string }>(sql`
    select c.relname as table_name, a.attname as column_name,
           format_type(a.atttypid, a.atttypmod) as type
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
      and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    order by c.relname, a.attnum`);
  const tables = new Map<string, CatalogTable>();
  for (const row of rows) {
    const table = tables.get(row.table_name) ?? { name: row.table_name, columns: [] };
    table.columns.push({ name: row.column_name, type: row.type });
    tables.set(row.table_name, table);
  }
  return [...tables.values()];
}

/**
 * The tables in an order where each comes after every table its foreign keys point to, so
 * rows load with the constraints checked as they go (they are not deferrable). Ties by name.
 */
export async function foreignKeyOrder(db: SqlRunner, names: readonly string[]): Promise<string[]> {
  const { rows } = await db.execute<{ child: string; parent: string }>(sql`
    select child.relname as child, parent.relname as parent
    from pg_constraint k
    join pg_class child on child.oid = k.conrelid
    join pg_class parent on parent.oid = k.confrelid
    join pg_namespace n on n.oid = child.relnamespace
    where k.contype = 'f' and n.nspname = 'public'`);
  const parents = new Map<string, Set<string>>(names.map((name) => [name, new Set()]));
  for (const { child, parent } of rows) {
    // A row pointing into its own table loads in the same statement as its parent only if
    // they share a batch; none of our tables does that.
    if (child !== parent && parents.has(parent)) parents.get(child)?.add(parent);
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < names.length) {
    const ready = [...parents]
      .filter(([name, needs]) => !placed.has(name) && [...needs].every((p) => placed.has(p)))
      .map(([name]) => name)
      .sort();
    if (ready.length === 0) {
      const left = names.filter((name) => !placed.has(name));
      throw new Error(`foreign keys form a cycle between ${left.join(', ')}`);
    }
    for (const name of ready) {
      ordered.push(name);
      placed.add(name);
    }
  }
  return ordered;
}

export type SequenceValue = { name: string; value: string };

/** The sequences of the public schema that were used, with their last value (as text). */
export async function readSequences(db: SqlRunner): Promise<SequenceValue[]> {
  const { rows } = await db.execute<{ name: string; value: string }>(sql`
    select sequencename as name, last_value::text as value
    from pg_sequences
    where schemaname = 'public' and last_value is not null
    order by sequencename`);
  return rows;
}

export async function restoreSequences(
  db: SqlRunner,
  sequences: readonly SequenceValue[],
): Promise<void> {
  for (const { name, value } of sequences) {
    const qualified = `public.${quoteIdent(name)}`;
    await db.execute(sql`select setval(${qualified}::regclass, ${value}::bigint, true)`);
  }
}

/**
 * The session settings under which every value is written and read back as the same text on
 * PGlite and on PostgreSQL, whatever the server's defaults: dates and times in ISO form and
 * UTC, intervals in PostgreSQL's own style, bytea as hex, floats with every digit. Row-level
 * security off: a role it would filter rows for gets an error instead of a partial backup.
 */
export async function setPortableSession(tx: SqlRunner): Promise<void> {
  await tx.execute(sql`
    select set_config('TimeZone', 'UTC', true), set_config('DateStyle', 'ISO, YMD', true),
           set_config('IntervalStyle', 'postgres', true), set_config('bytea_output', 'hex', true),
           set_config('extra_float_digits', '1', true), set_config('row_security', 'off', true)`);
}

/** Whether any table of the public schema holds a row, and which (for the refusal). */
export async function tablesWithRows(db: SqlRunner): Promise<string[]> {
  const full: string[] = [];
  for (const { name } of await listTables(db)) {
    const { rows } = await db.execute<{ found: boolean }>(
      sql`select exists (select 1 from ${sql.raw(`public.${quoteIdent(name)}`)}) as found`,
    );
    if (rows[0]?.found) full.push(name);
  }
  return full;
}
