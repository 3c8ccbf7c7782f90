// Web Push and reminders (issue 20 points 3 and 4): the devices a person said yes to
// notifications on, each person's reminder preferences in an account, and the record of every
// reminder made — the one that is never made twice.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { REMINDER_KINDS, type ReminderKind } from '#shared/reminders.ts';
import { accounts } from './accounts.ts';
import { authUsers } from './auth.ts';
import { timestamps, valueIn } from './columns.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * One browser's Web Push subscription (PushSubscription.toJSON()) for a person acting in an
 * account: the push service's endpoint and the browser's keys the payload is encrypted to. A
 * subscription the push service answers 404 or 410 for is deleted (it will never work again).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    /** Who said yes on this device (the holder, or a member acting in the account). */
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key (base64url). */
    p256dh: text('p256dh').notNull(),
    /** The browser's 16-byte auth secret (base64url): never exported (account-tables.ts). */
    authSecret: text('auth_secret').notNull(),
    /** 'Chrome em Android': how the device is named in the list, from its User-Agent. */
    label: text('label').notNull(),
    /** The last time its push service accepted a push to it; null until the first. */
    lastUsedAt: instant('last_used_at'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    // One row per endpoint and account (a browser subscribing again updates it). Led by the
    // endpoint: the subscribe finds the same browser's rows in the person's other accounts.
    uniqueIndex('push_subscriptions_endpoint_account_unique').on(t.endpoint, t.accountId),
    // /configuracoes lists a person's devices; the reminders job reads them per person.
    index('push_subscriptions_account_user_idx').on(t.accountId, t.userId, t.createdAt),
  ],
);

/** A person's reminder choices in one account (/configuracoes 'Lembretes'); none: the defaults. */
export const reminderPreferences = pgTable(
  'reminder_preferences',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    dueSoonPush: boolean('due_soon_push').notNull().default(true),
    dueSoonEmail: boolean('due_soon_email').notNull().default(false),
    overduePush: boolean('overdue_push').notNull().default(true),
    overdueEmail: boolean('overdue_email').notNull().default(false),
    limitPush: boolean('limit_push').notNull().default(true),
    limitEmail: boolean('limit_email').notNull().default(false),
    weeklyDigestEmail: boolean('weekly_digest_email').notNull().default(false),
    quietHoursEnabled: boolean('quiet_hours_enabled').notNull().default(true),
    /** Minutes after midnight, Lisbon time: 22:00 and 08:00 by default. */
    quietHoursStart: smallint('quiet_hours_start').notNull().default(1320),
    quietHoursEnd: smallint('quiet_hours_end').notNull().default(480),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.userId] }),
    check(
      'reminder_preferences_quiet_hours_check',
      sql`${t.quietHoursStart} between 0 and 1439 and ${t.quietHoursEnd} between 0 and 1439`,
    ),
  ],
);

export const REMINDER_DELIVERY_STATUSES = ['pending', 'sent', 'skipped'] as const;
export type ReminderDeliveryStatus = (typeof REMINDER_DELIVERY_STATUSES)[number];

/** What a reminder says, kept when it is made: a deferred one is sent as it was found. */
export type ReminderFacts = Record<string, string | number | null>;

/**
 * Every reminder made: to whom, of what (an invoice, a supplier, or the week for the digest),
 * of which kind and for which period (the invoice's due date, the limit's period start, the
 * digest's Monday), by which channels. The unique constraint is the promise that the same
 * reminder is never made twice, whoever runs the job and however often. `pending` until it is
 * sent — after the person's quiet hours if it was made during them — or `skipped` when its
 * invoice was paid or deleted meanwhile.
 */
export const reminderDeliveries = pgTable(
  'reminder_deliveries',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ReminderKind>().notNull(),
    invoiceId: uuid('invoice_id'),
    supplierId: uuid('supplier_id'),
    period: date('period', { mode: 'string' }).notNull(),
    push: boolean('push').notNull(),
    email: boolean('email').notNull(),
    status: text('status').$type<ReminderDeliveryStatus>().notNull().default('pending'),
    /** Not before this moment (the end of the quiet hours it was made in). */
    deliverAfter: instant('deliver_after').notNull(),
    sentAt: instant('sent_at'),
    facts: jsonb('facts').$type<ReminderFacts>().notNull().default({}),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    unique('reminder_deliveries_once_unique')
      .on(t.accountId, t.userId, t.kind, t.invoiceId, t.supplierId, t.period)
      .nullsNotDistinct(),
    check('reminder_deliveries_kind_check', valueIn(t.kind, REMINDER_KINDS)),
    check('reminder_deliveries_status_check', valueIn(t.status, REMINDER_DELIVERY_STATUSES)),
    check(
      'reminder_deliveries_subject_check',
      sql`(${t.invoiceId} is not null) = (${t.kind} in ('invoice_due_soon', 'invoice_overdue')) and (${t.supplierId} is not null) = (${t.kind} = 'supplier_limit')`,
    ),
    // The delivery pass: the pending reminders whose time has come, across accounts.
    index('reminder_deliveries_pending_idx')
      .on(t.deliverAfter)
      .where(sql`${t.status} = 'pending'`),
  ],
);

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type ReminderPreferencesRow = typeof reminderPreferences.$inferSelect;
export type ReminderDelivery = typeof reminderDeliveries.$inferSelect;
