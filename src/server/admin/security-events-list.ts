// `security-events [--email <email>] [--json]` (issue 19 point 8): the security events the
// server recorded in the last 7 days — every account's, or one account's — newest first, for an
// operator: when (Lisbon time), which account (or none: an email nobody has), what, how serious,
// from which address, and the event's details.
import { desc, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { authUsers, securityEvents } from '#server/db/schema/index.ts';
import { DEFAULT_TIMEZONE } from '#shared/domain.ts';
import { SECURITY_EVENT_LABELS, SECURITY_SEVERITY_LABELS } from '#shared/security-events.ts';
import type { AdminDeps } from './admin-deps.ts';
import { ADMIN_MESSAGES } from './admin-messages.ts';
import { done, refused, type AdminOutput } from './admin-request.ts';
import { findAccountByEmail } from './find-account.ts';
import { textTable } from './text-table.ts';

/** The newest this many: the table keeps up to 1 000 per account. */
const MAX_LISTED = 500;

const lisbon = new Intl.DateTimeFormat('pt-PT', {
  timeZone: DEFAULT_TIMEZONE,
  dateStyle: 'short',
  timeStyle: 'medium',
});

type Listed = {
  createdAt: Date;
  email: string | null;
  kind: keyof typeof SECURITY_EVENT_LABELS;
  severity: keyof typeof SECURITY_SEVERITY_LABELS;
  ip: string;
  detail: Record<string, string | number>;
};

async function listEvents(db: Database, accountId: string | undefined): Promise<Listed[]> {
  return db
    .select({
      createdAt: securityEvents.createdAt,
      email: authUsers.email,
      kind: securityEvents.kind,
      severity: securityEvents.severity,
      ip: securityEvents.ip,
      detail: securityEvents.detail,
    })
    .from(securityEvents)
    .leftJoin(authUsers, eq(authUsers.id, securityEvents.accountId))
    .where(accountId === undefined ? undefined : eq(securityEvents.accountId, accountId))
    .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
    .limit(MAX_LISTED);
}

const detailText = (detail: Record<string, string | number>) =>
  Object.entries(detail)
    .map(([key, value]) => `${key}=${value}`)
    .join(' ');

export function formatSecurityEventsTable(events: Listed[]): string {
  if (events.length === 0) return ADMIN_MESSAGES.noSecurityEvents;
  const header = ['Quando', 'Conta', 'Evento', 'Gravidade', 'IP', 'Detalhe'];
  const rows = events.map((event) => [
    lisbon.format(event.createdAt),
    event.email ?? '—',
    SECURITY_EVENT_LABELS[event.kind],
    SECURITY_SEVERITY_LABELS[event.severity],
    event.ip,
    detailText(event.detail),
  ]);
  return textTable(header, rows, events.length === 1 ? '1 evento.' : `${events.length} eventos.`);
}

export function formatSecurityEventsJson(events: Listed[]): string {
  return JSON.stringify(
    events.map((event) => ({ ...event, createdAt: event.createdAt.toISOString() })),
    null,
    2,
  );
}

export async function securityEventsCommand(
  deps: AdminDeps,
  request: { email: string | null; json: boolean },
): Promise<AdminOutput> {
  let accountId: string | undefined;
  if (request.email !== null) {
    const found = await findAccountByEmail(deps.db, request.email);
    if (found.kind === 'missing') return refused(ADMIN_MESSAGES.unknownEmail(request.email));
    if (found.kind === 'ambiguous') {
      return refused(ADMIN_MESSAGES.ambiguousEmail(request.email, found.count));
    }
    accountId = found.account.accountId;
  }
  const events = await listEvents(deps.db, accountId);
  return done(request.json ? formatSecurityEventsJson(events) : formatSecurityEventsTable(events));
}
