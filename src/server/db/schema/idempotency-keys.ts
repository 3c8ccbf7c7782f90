// Idempotency keys (issue 19 point 4): a client that sends a write with an `Idempotency-Key`
// header and retries it after a timeout gets the first answer again instead of a second
// invoice. One row per account and key, kept 24 hours: the request's fingerprint (method,
// path, body hash) and, once the first request is done, its answer. A row without an answer is
// a request still running — or one that died with its server, which a retry is told about
// rather than run again (it may have committed).
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** As the client sent it: 1 to 255 visible ASCII characters. */
    key: text('key').notNull(),
    /** `METHOD /path`: the same key on another route is another request. */
    route: text('route').notNull(),
    /** Hex SHA-256 of the body (empty for multipart uploads, which are not hashed). */
    bodyHash: text('body_hash').notNull(),
    /** Null while the first request runs. */
    status: integer('status'),
    contentType: text('content_type'),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.key] }),
    // The hourly prune of keys older than 24 hours.
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
