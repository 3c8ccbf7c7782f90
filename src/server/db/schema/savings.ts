// Savings goals (spec invoice-work §1 "savings goals", issue 16 point 5): a target amount by a
// date. Progress is not stored: it is the paid invoices of the account's savings suppliers
// (main_category 'Poupanca') since the goal's start, read by savings.queries.ts.
import { sql } from 'drizzle-orm';
import { bigint, check, date, pgTable, primaryKey, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { timestamps } from './columns.ts';

export const savingsGoals = pgTable(
  'savings_goals',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    name: varchar('name', { length: 80 }).notNull(),
    targetCents: bigint('target_cents', { mode: 'number' }).notNull(),
    targetDate: date('target_date', { mode: 'string' }).notNull(),
    /** Savings count towards the goal from this day on. */
    startDate: date('start_date', { mode: 'string' }).notNull(),
    /** One savings supplier's NIF, or null: every savings supplier of the account. */
    supplierNif: text('supplier_nif'),
    ...timestamps(),
  },
  (t) => [
    // The primary key, led by the account, serves the list of an account's goals.
    primaryKey({ columns: [t.accountId, t.id] }),
    check('savings_goals_target_positive_check', sql`${t.targetCents} > 0`),
    check('savings_goals_dates_check', sql`${t.targetDate} >= ${t.startDate}`),
  ],
);

export type SavingsGoal = typeof savingsGoals.$inferSelect;
export type NewSavingsGoal = typeof savingsGoals.$inferInsert;
