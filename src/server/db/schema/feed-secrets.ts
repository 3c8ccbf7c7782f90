// The spreadsheet feed's secret (issue 17 point 2, ADR 022): one per account, behind the URL
// that Google Sheets' IMPORTDATA and Excel's "From Web" fetch without a session. Only the
// SHA-256 of the token is stored: the token is 32 random bytes, so a hash without salt or
// stretching is enough (nobody can guess one to test against it), and a database leak does not
// hand out working feed URLs. Revoking deletes the row; rotating replaces the hash.
import { timestamp, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { timestamps } from './columns.ts';

export const feedSecrets = pgTable(
  'feed_secrets',
  {
    // The primary key: one secret per account. Deleted with the account.
    accountId: text('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Hex SHA-256 of the token; the token itself is shown once and never stored. */
    tokenHash: text('token_hash').notNull(),
    /** When the current token was made: set again when it is rotated. */
    issuedAt: timestamp('issued_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** The last time a spreadsheet read the feed (written at most once a minute). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, precision: 3 }),
    ...timestamps(),
  },
  (t) => [
    // The feed finds its account by the hash of the token in the URL.
    uniqueIndex('feed_secrets_token_hash_unique').on(t.tokenHash),
  ],
);

export type FeedSecret = typeof feedSecrets.$inferSelect;
