// The account's email settings (spec accounts §3 "Email config": key and value; read ordered by
// key): the sender's name, the reply-to address, a copy to oneself and the payment email's
// wording (#shared/schemas/email-config.ts EMAIL_CONFIG_KEYS). A setting left at its default
// has no row. Row-level security walls it like every account-owned table (migration 0020+).
import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { timestamps } from './columns.ts';

export const emailConfig = pgTable(
  'email_config',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value').notNull(),
    ...timestamps(),
  },
  // The account's settings, ordered by key: the primary key serves that read.
  (t) => [primaryKey({ columns: [t.accountId, t.key] })],
);

export type EmailConfigRow = typeof emailConfig.$inferSelect;
