// Email records. Spec accounts §3 "Email audit" and DESIGN.md contract 4 (dev mailbox).
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { sqlLiteral, timestamps, valueIn } from './columns.ts';

export const EMAIL_STATUSES = ['pending', 'sent', 'delivered', 'failed', 'bounced'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** The email to a supplier when one of its invoices is marked paid (spec invoice-work §4). */
export const PAYMENT_NOTIFICATION_EMAIL_TYPE = 'payment_notification';
/**
 * Statuses of a payment notification that is being sent or went out: while one of these rows
 * exists for an invoice, no other may be written. A failed one may be tried again.
 */
export const CLAIMED_EMAIL_STATUSES = [
  'pending',
  'sent',
  'delivered',
] as const satisfies readonly EmailStatus[];

/**
 * Every email the app sends, per account (spec: email_audit): pending when queued, then
 * sent / delivered / failed / bounced. `type` is e.g. 'verification', 'password_reset',
 * 'payment_notification'; `metadata` holds e.g. { fatura_id } for a payment notification.
 * Emails sent before an account exists (none today) would have no row here.
 */
export const emailAudit = pgTable(
  'email_audit',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    toAddress: text('to_address').notNull(),
    type: text('type').notNull(),
    template: text('template'),
    subject: text('subject').notNull(),
    status: text('status').$type<EmailStatus>().notNull().default('pending'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    providerMessageId: text('provider_message_id'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    check('email_audit_status_check', valueIn(t.status, EMAIL_STATUSES)),
    // Settings → email history: newest first per account.
    index('email_audit_account_created_idx').on(t.accountId, t.createdAt),
    // The mail-outbox job: rows left pending by a server that died while delivering them.
    index('email_audit_pending_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} = 'pending'`),
    // "Was this invoice's payment already notified?" (type + metadata->>'fatura_id').
    index('email_audit_account_type_idx').on(t.accountId, t.type),
    // Never twice for one invoice's payment: the sender inserts its pending row first, and a
    // second insert (a later or a concurrent request) is refused here (ON CONFLICT DO NOTHING).
    uniqueIndex('email_audit_payment_notification_once_idx')
      .on(t.accountId, sql`(${t.metadata} ->> 'fatura_id')`)
      .where(
        sql`${t.type} = ${sql.raw(sqlLiteral(PAYMENT_NOTIFICATION_EMAIL_TYPE))} and ${valueIn(t.status, CLAIMED_EMAIL_STATUSES)}`,
      ),
  ],
);

/**
 * The dev mailbox (DESIGN.md contract 4): when SMTP_URL is unset, every email is stored here
 * and listed newest first at /dev/emails and GET /api/dev/emails. Not per account: it is a
 * developer's view of everything the app sent, off in production.
 */
export const devOutbox = pgTable(
  'dev_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    // The sender's display name and Reply-To, when the message names them (payment notices).
    fromName: text('from_name'),
    replyTo: text('reply_to'),
    // The blind copy, when the message has one (a payment notice copied to its account).
    bcc: text('bcc'),
    links: jsonb('links')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    ...timestamps(),
  },
  // Listing newest first.
  (t) => [index('dev_outbox_created_idx').on(t.createdAt)],
);

export type EmailAuditRow = typeof emailAudit.$inferSelect;
export type DevOutboxRow = typeof devOutbox.$inferSelect;
