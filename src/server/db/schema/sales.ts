// Sales records for the CMV (cost of goods sold) screen (spec invoice-work §3 "Sales record")
// and the categories a company marks as goods for resale (issue 16 point 4).
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  foreignKey,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { customCategories } from './categories.ts';
import { timestamps } from './columns.ts';

/**
 * Spec field → column: date · sales_value → sales_value_cents (without VAT) ·
 * iva_collected → vat_collected_cents. One record per day: the screen records a day's sales,
 * and a CSV import of a month replaces the days it names.
 */
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
    // One record per day; also serves "SELECT date and sales_value in a month" / "iva_collected
    // in a month" and the 12-month report's range (sales.queries.ts, cmv-report.queries.ts).
    uniqueIndex('cmv_sales_account_date_unique').on(t.accountId, t.date),
  ],
);

/**
 * The categories whose suppliers sell the company its goods for resale: their invoices are the
 * cost of goods sold. A built-in category is named (the ten of #shared/domain.ts); a custom one
 * is referenced by id, so a rename keeps the mark and a deletion drops it (cascade).
 */
export const cmvResaleCategories = pgTable(
  'cmv_resale_categories',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    builtInName: text('built_in_name'),
    customCategoryId: uuid('custom_category_id'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    check(
      'cmv_resale_categories_one_kind_check',
      sql`(${t.builtInName} is null) <> (${t.customCategoryId} is null)`,
    ),
    foreignKey({
      name: 'cmv_resale_categories_custom_fk',
      columns: [t.accountId, t.customCategoryId],
      foreignColumns: [customCategories.accountId, customCategories.id],
    }).onDelete('cascade'),
    uniqueIndex('cmv_resale_categories_built_in_unique').on(t.accountId, t.builtInName),
    uniqueIndex('cmv_resale_categories_custom_unique').on(t.accountId, t.customCategoryId),
  ],
);

export type CmvSale = typeof cmvSales.$inferSelect;
export type NewCmvSale = typeof cmvSales.$inferInsert;
export type CmvResaleCategory = typeof cmvResaleCategories.$inferSelect;
