// The demo account (ADR 021): one account, read-only, that 'Ver demo' on the landing page signs
// visitors into. This row marks it and records which month its generated year of data ends in,
// so the data is rebuilt when a new month begins.
import { date, pgTable, text } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { timestamps } from './columns.ts';

export const demoAccounts = pgTable('demo_accounts', {
  accountId: text('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  /** The first day of the month (Europe/Lisbon) the data was generated up to. */
  dataMonth: date('data_month', { mode: 'string' }).notNull(),
  ...timestamps(),
});

export type DemoAccount = typeof demoAccounts.$inferSelect;
