// Custom categories (spec invoice-work §3 "Custom category"). The ten built-in categories are
// constants in #shared/domain.ts, not rows.
import { sql } from 'drizzle-orm';
import { check, pgTable, primaryKey, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { CATEGORY_COLORS, type CategoryColor } from '#shared/domain.ts';
import { accounts } from './accounts.ts';
import { timestamps, valueIn } from './columns.ts';

export const customCategories = pgTable(
  'custom_categories',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    // 'Nome deve ter no máximo 50 caracteres'
    name: varchar('name', { length: 50 }).notNull(),
    iconName: text('icon_name').notNull(),
    color: text('color').$type<CategoryColor>().notNull(),
    type: text('type').notNull().default('custom'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    check('custom_categories_color_check', valueIn(t.color, CATEGORY_COLORS)),
    // No two categories of an account differ only by letter case; also serves the list by account.
    uniqueIndex('custom_categories_account_name_unique').on(t.accountId, sql`lower(${t.name})`),
  ],
);

export type CustomCategory = typeof customCategories.$inferSelect;
export type NewCustomCategory = typeof customCategories.$inferInsert;
