// Security events (issue 19 point 8): what the spec's browser-side security monitor watched,
// kept on the server where it cannot be switched off — failed sign-ins and lockouts, PIN
// failures, refused uploads, suspicious form input and bursts of requests — with the time and
// the address. Per account when the account is known (its owner sees them in /configuracoes);
// a failed sign-in for an email nobody has is kept without one, for operators (admin CLI).
// Pruned after 7 days and capped at 1 000 per account (security-events.ts).
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import {
  SECURITY_EVENT_KINDS,
  SECURITY_SEVERITIES,
  type SecurityEventKind,
  type SecuritySeverity,
} from '#shared/security-events.ts';
import { accounts } from './accounts.ts';
import { valueIn } from './columns.ts';

export const securityEvents = pgTable(
  'security_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Deleted with the account; null when no account is known (an unknown email). */
    accountId: text('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<SecurityEventKind>().notNull(),
    severity: text('severity').$type<SecuritySeverity>().notNull(),
    /** The client's address as the server sees it (TRUST_PROXY). */
    ip: text('ip').notNull(),
    /** A few facts, never a secret: the email tried, the upload's name and size, the route. */
    detail: jsonb('detail').$type<Record<string, string | number>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    check('security_events_kind_valid', valueIn(t.kind, SECURITY_EVENT_KINDS)),
    check('security_events_severity_valid', valueIn(t.severity, SECURITY_SEVERITIES)),
    // The owner's list (newest first), the cap per account and the 7-day prune.
    index('security_events_account_created_idx').on(t.accountId, t.createdAt.desc()),
    index('security_events_created_idx').on(t.createdAt),
  ],
);

export type SecurityEvent = typeof securityEvents.$inferSelect;
