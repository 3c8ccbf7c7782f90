// The help chat (issue 20 point 7): each person acting in an account has one conversation with
// support, keyed by who acts (#shared/team.ts actorKeyOf: 'user:<id>' for a person with a login,
// 'sub:<id>' for a PIN profile), so a PIN profile's questions are its own. A message is the
// person's ('user') or the operator's answer ('support', written by the admin CLI). A person's
// message waits until support answers its conversation (`answered_at`).
import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { SUPPORT_DIRECTIONS, type SupportDirection } from '#shared/schemas/support.ts';
import { accounts } from './accounts.ts';
import { authUsers } from './auth.ts';
import { timestamps, valueIn } from './columns.ts';

export const supportMessages = pgTable(
  'support_messages',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    /** The conversation: who acts in the account (actorKeyOf), on both sides of it. */
    conversationKey: text('conversation_key').notNull(),
    direction: text('direction').$type<SupportDirection>().notNull(),
    body: text('body').notNull(),
    /** The signed-in person who wrote it, whose email gets the answer; null for support. */
    userId: text('user_id').references(() => authUsers.id, { onDelete: 'set null' }),
    /** The acting profile's name when it was written; null for support. */
    authorName: text('author_name'),
    /** A person's message: when support answered its conversation; null while it waits. */
    answeredAt: timestamp('answered_at', { withTimezone: true, precision: 3 }),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    check('support_messages_direction_check', valueIn(t.direction, SUPPORT_DIRECTIONS)),
    check(
      'support_messages_author_check',
      sql`(${t.direction} = 'user') = (${t.authorName} is not null)`,
    ),
    // The panel reads one conversation in order, newest first and limited.
    index('support_messages_conversation_idx').on(
      t.accountId,
      t.conversationKey,
      t.createdAt,
      t.id,
    ),
    // `npm run admin -- support`: the messages still waiting for an answer, across accounts.
    index('support_messages_waiting_idx')
      .on(t.createdAt)
      .where(sql`${t.direction} = 'user' and ${t.answeredAt} is null`),
    // `support-reply <id>`: the operator names a message by its id (or its first 8 digits, a
    // range of this index), not knowing the account.
    index('support_messages_id_idx').on(t.id),
  ],
);

export type SupportMessageRow = typeof supportMessages.$inferSelect;
