// A prepared select whose rows are mapped by a loop compiled once, for the hottest read (the
// invoice list, issue 13.3). drizzle maps every cell of every row through a generic walk — an
// `is(field, Column)` prototype check, a path split and a reduce per cell — which cost a page of
// 50 invoices more than PostgreSQL spent running it. For a flat selection (one level of columns
// and aliased SQL) the mapping is known up front: a key and a decoder per position.
//
// It goes through drizzle's own session (prepareQuery with a result mapper, the hook relational
// queries use), so the statement text, placeholders, logging and both drivers stay drizzle's.
import { Column, is, type SQL, type Query } from 'drizzle-orm';
import type { Database } from './client.ts';

type Selection = Record<string, Column | SQL.Aliased>;

/** What a selection's rows hold: each column's data type, or the aliased SQL's type. */
export type FlatRow<S extends Selection> = {
  [K in keyof S]: S[K] extends Column
    ? S[K]['_']['notNull'] extends true
      ? S[K]['_']['data']
      : S[K]['_']['data'] | null
    : S[K] extends SQL.Aliased<infer T>
      ? T
      : never;
};

export type FlatSelect<Row> = {
  execute(values: Record<string, unknown>): Promise<Row[]>;
};

/** `query`'s columns must be `selection`'s, in its order (as db.select(selection) writes them). */
export function prepareFlatSelect<S extends Selection>(
  db: Database,
  query: { toSQL(): Query },
  selection: S,
  name = '',
): FlatSelect<FlatRow<S>> {
  const keys = Object.keys(selection);
  const decoders = keys.map((key) => {
    const field = selection[key];
    return is(field, Column) ? field : null;
  });
  const mapRows = (rows: unknown[][]) => {
    const mapped = new Array<Record<string, unknown>>(rows.length);
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r] as unknown[];
      const out: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++) {
        const raw = row[i];
        const decoder = decoders[i];
        out[keys[i] as string] =
          raw === null || raw === undefined
            ? null
            : decoder
              ? decoder.mapFromDriverValue(raw)
              : raw;
      }
      mapped[r] = out;
    }
    return mapped as FlatRow<S>[];
  };
  return db._.session.prepareQuery<{ execute: FlatRow<S>[]; all: unknown; values: unknown }>(
    query.toSQL(),
    undefined,
    name,
    true,
    mapRows,
  );
}
