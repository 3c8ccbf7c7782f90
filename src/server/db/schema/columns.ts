// Column helpers shared by the schema files. Not re-exported from the schema index:
// they are building blocks, not tables.
import { sql, type SQL } from 'drizzle-orm';
import { timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * `created_at` / `updated_at` for every table. Millisecond precision (`timestamptz(3)`) so a
 * value read into a JS Date and sent back (keyset cursors, optimistic updates) compares equal
 * to the stored one; microseconds would be silently lost on the way through JavaScript.
 */
export function timestamps() {
  return {
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  };
}

/** Quotes a string as an SQL literal (DDL cannot take bind parameters). */
export function sqlLiteral(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/**
 * `column in ('a', 'b')` with the values inlined, for CHECK constraints built from the value
 * sets of `#shared/domain.ts`, and for partial-index predicates that a query must repeat word
 * for word so the planner can match the index.
 */
export function valueIn(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} in (${sql.raw(values.map(sqlLiteral).join(', '))})`;
}

// Accent folding without the unaccent extension (absent from some servers, and PGlite would
// need it loaded): accented Latin letters to their base letter, before lower(), which folds
// only ASCII under the C collation.
const ACCENTED = 'ÀÁÂÃÄÅàáâãäåÈÉÊËèéêëÌÍÎÏìíîïÒÓÔÕÖòóôõöÙÚÛÜùúûüÇçÑñÝýÿ';
const UNACCENTED = 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyy';

/**
 * SQL twin of #shared/invoice-search.ts foldForSearch for Latin text: accents folded, lower
 * case, runs of whitespace made one space, trimmed. (Letters outside Latin-1 are left as
 * they are; the shared function folds every combining mark.)
 */
export function foldForSearchSql(column: AnyPgColumn): SQL {
  return sql`btrim(regexp_replace(lower(translate(${column}, ${sql.raw(sqlLiteral(ACCENTED))}, ${sql.raw(sqlLiteral(UNACCENTED))})), '[[:space:]]+', ' ', 'g'))`;
}
