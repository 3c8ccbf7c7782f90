// Sending the reminders whose time has come (issue 20 point 4). Inside the run's transaction:
// the pending reminders due now are read; one whose invoice was paid or deleted meanwhile is
// skipped; one whose person is in their quiet hours now waits for them to end (its
// deliver_after moves; nothing is dropped); the rest are marked sent, and their emails written
// to the outbox (email_audit, pending). After the commit: the pushes go out and the emails are
// delivered. A push lost on the way is not sent again (it is marked sent first: never twice
// beats at least once for a reminder); an email left pending by a crash is sent by the
// mail-outbox job, once.
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import {
  type EmailAuditRow,
  reminderDeliveries,
  reminderPreferences,
  type ReminderDelivery,
} from '#server/db/schema/index.ts';
import type { Logger } from '#server/logger.ts';
import { findAudit, insertPendingAudit } from '#server/services/mail/mail-audit.queries.ts';
import type { Mailer } from '#server/services/mail/mailer.ts';
import { reminderEmail } from '#server/services/mail/templates/reminder-email.ts';
import type { PushMessage, PushSender, PushTarget } from '#server/services/push/push-sender.ts';
import { quietHoursRelease, type ReminderKind } from '#shared/reminders.ts';
import {
  getPushTargets,
  personKey,
  removeDeadPushSubscription,
  touchPushSubscription,
  type PersonParams,
} from './push-subscriptions.queries.ts';
import { toReminderPreferences } from './reminder-preferences.queries.ts';
import { getPeople, stillOpenInvoices } from './reminder-detection.queries.ts';
import { reminderTexts } from './reminder-texts.ts';

/** The email_audit type of a reminder (the history lists it). */
export const REMINDER_EMAIL_TYPE = 'reminder';
/** Reminders handled per run; more wait for the next run. */
const MAX_PER_RUN = 2_000;
/**
 * The daily run and the 15-minute run both deliver: one waits for the other's commit (a
 * transaction-scoped lock), then reads what is still pending.
 */
const DELIVERY_LOCK_KEY = 7_310_455_112;

type PushJob = {
  accountId: string;
  message: PushMessage;
  targets: Array<PushTarget & { id: string }>;
};

export type PreparedDelivery = {
  /** Reminders sent, per account. */
  sentByAccount: Map<string, number>;
  pushes: PushJob[];
  emails: EmailAuditRow[];
};

const isInvoiceKind = (kind: ReminderKind) =>
  kind === 'invoice_due_soon' || kind === 'invoice_overdue';

/** Marks what is due now as sent (or deferred, or skipped); what to send after the commit. */
export async function prepareDueReminders(
  db: Database,
  { now, appUrl }: { now: Date; appUrl: string },
): Promise<PreparedDelivery> {
  await db.execute(sql`select pg_advisory_xact_lock(${DELIVERY_LOCK_KEY}::bigint)`);
  const due = await db
    .select()
    .from(reminderDeliveries)
    .where(and(eq(reminderDeliveries.status, 'pending'), lte(reminderDeliveries.deliverAfter, now)))
    .orderBy(asc(reminderDeliveries.deliverAfter), asc(reminderDeliveries.id))
    .limit(MAX_PER_RUN);
  const prepared: PreparedDelivery = { sentByAccount: new Map(), pushes: [], emails: [] };
  if (due.length === 0) return prepared;

  // Paid or deleted since the reminder was made: nothing to remind of any more.
  const open = await stillOpenInvoices(
    db,
    due.flatMap((r) =>
      isInvoiceKind(r.kind) && r.invoiceId
        ? [{ accountId: r.accountId, invoiceId: r.invoiceId }]
        : [],
    ),
  );
  const skipped = due.filter(
    (r) => isInvoiceKind(r.kind) && !open.has(`${r.accountId}\n${r.invoiceId}`),
  );
  await setStatus(db, skipped, 'skipped', now);

  const live = due.filter((r) => !skipped.includes(r));
  const quietUntil = await quietHoursEnds(db, live, now);
  const sendable: ReminderDelivery[] = [];
  for (const reminder of live) {
    const release = quietUntil.get(personKey(reminder));
    if (release) continue;
    sendable.push(reminder);
  }
  for (const [key, release] of quietUntil) {
    const [accountId = '', userId = ''] = key.split('\n');
    await db
      .update(reminderDeliveries)
      .set({ deliverAfter: release })
      .where(
        and(
          eq(reminderDeliveries.accountId, accountId),
          eq(reminderDeliveries.userId, userId),
          eq(reminderDeliveries.status, 'pending'),
          lte(reminderDeliveries.deliverAfter, now),
        ),
      );
  }

  // Only the rows this run turned sent are sent (a concurrent run got none of them).
  const sent = await setStatus(db, sendable, 'sent', now);
  for (const reminder of sent)
    prepared.sentByAccount.set(
      reminder.accountId,
      (prepared.sentByAccount.get(reminder.accountId) ?? 0) + 1,
    );
  await compose(db, sent, appUrl, prepared);
  return prepared;
}

/** The end of the quiet hours of each person now in them, by person. */
async function quietHoursEnds(
  db: Database,
  reminders: ReadonlyArray<ReminderDelivery>,
  now: Date,
): Promise<Map<string, Date>> {
  const people = new Map(reminders.map((r) => [personKey(r), r]));
  if (people.size === 0) return new Map();
  const rows = await db
    .select()
    .from(reminderPreferences)
    .where(inArray(reminderPreferences.accountId, [...new Set(reminders.map((r) => r.accountId))]));
  const stored = new Map(rows.map((row) => [personKey(row), row]));
  const ends = new Map<string, Date>();
  for (const key of people.keys()) {
    const { quietHours } = toReminderPreferences(stored.get(key));
    const release = quietHoursRelease(now, quietHours);
    if (release.getTime() > now.getTime()) ends.set(key, release);
  }
  return ends;
}

async function setStatus(
  db: Database,
  reminders: ReadonlyArray<ReminderDelivery>,
  status: 'sent' | 'skipped',
  now: Date,
): Promise<ReminderDelivery[]> {
  if (reminders.length === 0) return [];
  return db
    .update(reminderDeliveries)
    .set({ status, sentAt: status === 'sent' ? now : null })
    .where(
      and(
        inArray(reminderDeliveries.accountId, [...new Set(reminders.map((r) => r.accountId))]),
        inArray(
          reminderDeliveries.id,
          reminders.map((r) => r.id),
        ),
        eq(reminderDeliveries.status, 'pending'),
      ),
    )
    .returning();
}

/** One push and one email per person and kind, with every reminder of that kind in them. */
async function compose(
  db: Database,
  sent: ReadonlyArray<ReminderDelivery>,
  appUrl: string,
  prepared: PreparedDelivery,
): Promise<void> {
  const groups = new Map<string, ReminderDelivery[]>();
  for (const reminder of sent) {
    const key = `${personKey(reminder)}\n${reminder.kind}`;
    const group = groups.get(key);
    if (group) group.push(reminder);
    else groups.set(key, [reminder]);
  }
  const pushPeople: PersonParams[] = sent.filter((r) => r.push);
  const targets = await getPushTargets(db, pushPeople);
  const people = await getPeople(
    db,
    sent.filter((r) => r.email).map((r) => r.userId),
  );
  for (const group of groups.values()) {
    const [first] = group;
    if (!first) continue;
    const { accountId, kind } = first;
    const byPush = group.filter((r) => r.push);
    const devices = targets.get(personKey(first)) ?? [];
    if (byPush.length > 0 && devices.length > 0) {
      const { push } = reminderTexts(kind, byPush, appUrl);
      prepared.pushes.push({
        accountId,
        message: push,
        targets: devices.map((d) => ({
          id: d.id,
          endpoint: d.endpoint,
          p256dh: d.p256dh,
          authSecret: d.authSecret,
        })),
      });
    }
    const byEmail = group.filter((r) => r.email);
    const person = people.get(first.userId);
    if (byEmail.length > 0 && person) {
      const { email } = reminderTexts(kind, byEmail, appUrl);
      const rendered = reminderEmail({ ...email, name: person.name });
      const auditId = await insertPendingAudit(db, {
        accountId,
        to: person.email,
        type: REMINDER_EMAIL_TYPE,
        template: rendered.template,
        subject: rendered.subject,
        metadata: { kind, reminderIds: byEmail.map((r) => r.id) },
        body: { text: rendered.text, html: rendered.html },
      });
      const row = auditId ? await findAudit(db, { accountId, auditId }) : null;
      if (row) prepared.emails.push(row);
    }
  }
}

export type SendDeps = {
  /** Not the run's transaction: this runs after its commit. */
  db: Database;
  push: Pick<PushSender, 'send'>;
  mailer: Pick<Mailer, 'deliverPending'>;
  logger: Logger;
};

/** After the commit: every push to every device of its person, then the emails. */
export async function sendPrepared(prepared: PreparedDelivery, deps: SendDeps): Promise<void> {
  const { db, push, mailer, logger } = deps;
  for (const job of prepared.pushes) {
    for (const target of job.targets) {
      const ref = { accountId: job.accountId, id: target.id };
      const result = await push
        .send(target, job.message)
        .catch(
          (error: unknown) => ({ kind: 'failed', status: null, reason: String(error) }) as const,
        );
      if (result.kind === 'sent') await touchPushSubscription(db, ref);
      else if (result.kind === 'gone') {
        await removeDeadPushSubscription(db, ref);
        logger.info({ ...ref, status: result.status }, 'push subscription gone: removed');
      } else logger.warn({ ...ref, status: result.status, reason: result.reason }, 'push lost');
    }
  }
  for (const row of prepared.emails) {
    const result = await mailer.deliverPending(row);
    if (!result.ok) logger.warn({ auditId: row.id, code: result.code }, 'reminder email not sent');
  }
}
