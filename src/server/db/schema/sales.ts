// Sales records for the CMV (cost of goods sold) screen (spec invoice-work §3 "Sales record").
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { timestamps } from './columns.ts';

/** Spec field → column: date · sales_value → sales_value_cents · iva_collected → vat_collected_cents. */
export const cmvSales = pgTable(
  'cmv_sales',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    date: date('date', { mode: 'string' }).notNull(),
    salesValueCents: bigint('sales_value_cents', { mode: 'number' }).notNull(),
    vatCollectedCents: bigint('vat_collected_cents', { mode: 'number' }).notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    check(
      'cmv_sales_amounts_positive_check',
      sql`${t.salesValueCents} >= 0 and ${t.vatCollectedCents} >= 0`,
    ),
    // "SELECT date and sales_value in a month" / "iva_collected in a month".
    index('cmv_sales_account_date_idx').on(t.accountId, t.date),
  ],
);

export type CmvSale = typeof cmvSales.$inferSelect;
export type NewCmvSale = typeof cmvSales.$inferInsert;
