// The landing page's newsletter (issue 20 point 5): one row per address that asked for it.
// Double opt-in: 'pending' until the emailed link is opened ('confirmed'); the link in every
// message leaves it ('unsubscribed', kept so that a later subscription starts over cleanly).
// Not an account's: anyone may subscribe, signed in or not, so no account_id and no RLS.
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps, valueIn } from './columns.ts';

export const NEWSLETTER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

const instant = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Trimmed and lower case (#shared/schemas/auth.ts emailSchema). */
    email: text('email').notNull(),
    status: text('status').$type<NewsletterStatus>().notNull().default('pending'),
    /** SHA-256 of the confirmation link's token (http/secret-token.ts); the token is mailed. */
    confirmTokenHash: text('confirm_token_hash'),
    confirmExpiresAt: instant('confirm_expires_at'),
    confirmedAt: instant('confirmed_at'),
    unsubscribedAt: instant('unsubscribed_at'),
    ...timestamps(),
  },
  (t) => [
    check('newsletter_subscribers_status_check', valueIn(t.status, NEWSLETTER_STATUSES)),
    // Subscribing finds the address's row.
    uniqueIndex('newsletter_subscribers_email_unique').on(t.email),
    // The confirmation link finds its row by the token's hash.
    uniqueIndex('newsletter_subscribers_confirm_token_unique')
      .on(t.confirmTokenHash)
      .where(sql`${t.confirmTokenHash} is not null`),
    // The admin CLI lists the confirmed subscribers, oldest first.
    index('newsletter_subscribers_confirmed_idx')
      .on(t.confirmedAt)
      .where(sql`${t.status} = 'confirmed'`),
  ],
);

export type NewsletterSubscriber = typeof newsletterSubscribers.$inferSelect;
