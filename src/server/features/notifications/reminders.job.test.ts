// The reminders run (issue 20 point 4) against a push service on loopback that verifies the
// VAPID signature as a real one does, with the payload decrypted as the browser would: the
// overdue reminder's words arrive; the email lands in the dev mailbox; a second run sends
// nothing new; quiet hours hold a reminder until they end; a subscription the push service
// says is gone (410) is deleted; a paid invoice is not reminded of; a member only gets what
// their role may see.
import { and, count, eq, sql } from 'drizzle-orm';
import { asOwner } from '#server/db/account-context.ts';
import { useAppRole } from '#server/db/client.ts';
import { pino } from 'pino';
import webpush from 'web-push';
import { afterAll, afterEach, beforeEach, expect, test } from 'vitest';
import {
  authUsers,
  devOutbox,
  emailAudit,
  invoices,
  pushSubscriptions,
  reminderDeliveries,
  teamMembers,
} from '#server/db/schema/index.ts';
import { grantPlan } from '#server/features/plans/plan-changes.ts';
import { latestMail } from '#server/features/team/team-test-helpers.ts';
import { createInProcessEventBus } from '#server/services/events/event-bus.ts';
import { createMailer } from '#server/services/mail/mailer.ts';
import { createPushSender } from '#server/services/push/push-sender.ts';
import { createScheduler } from '#server/services/scheduler/scheduler.ts';
import type { PlanId } from '#shared/plans.ts';
import { DEFAULT_REMINDER_PREFERENCES, type ReminderPreferences } from '#shared/reminders.ts';
import type { SubUserRole } from '#shared/permissions.ts';
import { insertAccount } from '#tests/factories/accounts.ts';
import { insertInvoice } from '#tests/factories/invoices.ts';
import { insertSupplier } from '#tests/factories/suppliers.ts';
import { createTestDb } from '#tests/setup/test-db.ts';
import { savePushSubscription } from './push-subscriptions.queries.ts';
import {
  decryptPush,
  startPushService,
  verifyVapid,
  type ReceivedPush,
} from './push-service-test-kit.ts';
import { browserSubscription, type BrowserSubscription } from './push-test-helpers.ts';
import { saveReminderPreferences } from './reminder-preferences.queries.ts';
import {
  REMINDER_DELIVERY_JOB,
  reminderDeliveryJob,
  REMINDERS_JOB,
  REMINDERS_SCHEDULE,
  remindersJob,
} from './reminders.job.ts';
import { nextRunAt } from '#server/services/scheduler/job-slots.ts';

const handle = await createTestDb();
// As startServer does: the run's statements go through row-level security as system work.
await useAppRole(handle);
const db = handle.db;
const service = await startPushService();
const logger = pino({ level: 'silent' });
const events = createInProcessEventBus();
const push = createPushSender({
  vapid: webpush.generateVAPIDKeys(),
  subject: 'mailto:lembretes@papelada.exemplo.pt',
});
const mailer = createMailer({ db, logger, devMailbox: true });
const APP_URL = 'https://papelada.exemplo.pt';
const jobs = [remindersJob, reminderDeliveryJob].map((job) =>
  job({ db, push, mailer, appUrl: APP_URL }),
);

afterAll(async () => {
  await service.close();
  await events.close();
  await handle.close();
});

// The runs' records are rows for the whole database: every test starts from none.
beforeEach(async () => {
  await asOwner(async () => {
    await db.execute(sql`truncate accounts, auth_users, scheduled_jobs, dev_outbox cascade`);
  });
  service.received.length = 0;
});
afterEach(() => {
  service.received.length = 0;
});

/** One run of `job` by a server whose clock says `iso`. */
async function run(job: string, iso: string) {
  const scheduler = createScheduler({ db, logger, jobs, now: () => new Date(iso) });
  const outcome = await scheduler.runDue(job);
  await scheduler.stop();
  expect(outcome.kind, JSON.stringify(outcome)).toBe('ran');
}

let people = 0;

type PersonOptions = { preferences?: Partial<ReminderPreferences>; plan?: PlanId };

/** A signed-up person with their own account (the holder), their choices saved. */
async function holder({ preferences, plan }: PersonOptions = {}) {
  const { id: accountId } = await insertAccount(db);
  const email = `pessoa${(people += 1)}@exemplo.pt`;
  await db.insert(authUsers).values({ id: accountId, name: `Ana ${people}`, email });
  if (preferences)
    await saveReminderPreferences(db, {
      accountId,
      userId: accountId,
      preferences: { ...DEFAULT_REMINDER_PREFERENCES, ...preferences },
    });
  if (plan) await grantPlan({ db, events }, { accountId, planId: plan });
  return { accountId, email };
}

/** A browser of the person's subscribed at the loopback push service. */
async function device(accountId: string, userId: string, name: string) {
  const browser = browserSubscription(service.endpoint(name));
  await savePushSubscription(db, {
    accountId,
    userId,
    endpoint: browser.json.endpoint,
    p256dh: browser.json.keys.p256dh,
    authSecret: browser.json.keys.auth,
    label: 'Chrome em Android',
  });
  return browser;
}

const pushAndEmail = { push: true, email: true };

/** What the phone shows: the payload, after checking the request as the push service does. */
function shown(received: ReceivedPush | undefined, browser: BrowserSubscription) {
  if (!received) throw new Error('no push arrived');
  const claims = verifyVapid(received, push.publicKey);
  expect(claims.aud).toBe(new URL(received.path, service.endpoint('x')).origin);
  expect(claims.sub).toBe('mailto:lembretes@papelada.exemplo.pt');
  expect(claims.exp * 1000).toBeGreaterThan(Date.now());
  expect(Number(received.headers.ttl)).toBeGreaterThan(0);
  return JSON.parse(decryptPush(received, browser)) as Record<string, string>;
}

const mailCount = async () => (await db.select({ n: count() }).from(devOutbox))[0]?.n ?? 0;

test('the daily run is at 09:00 in Lisbon', () => {
  expect(nextRunAt(REMINDERS_SCHEDULE, new Date('2026-03-10T09:00:00Z'))).toEqual(
    new Date('2026-03-11T09:00:00Z'),
  );
  expect(nextRunAt(REMINDERS_SCHEDULE, new Date('2026-07-10T09:00:00Z'))).toEqual(
    new Date('2026-07-11T08:00:00Z'),
  );
});

test('an invoice that just became overdue: a VAPID-signed push the phone decrypts, and an email', async () => {
  const { accountId, email } = await holder({ preferences: { invoiceOverdue: pushAndEmail } });
  const phone = await device(accountId, accountId, 'ana-telemovel');
  const invoice = await insertInvoice(db, accountId, {
    number: 'FT 2026/41',
    supplierName: 'Águas do Porto',
    totalCents: 4_590,
    issueDate: '2026-02-07',
    dueDate: '2026-03-09',
    paymentStatus: 'Vencida',
  });

  await run(REMINDERS_JOB, '2026-03-10T09:00:00Z');

  expect(service.received.map((r) => r.path)).toEqual(['/push/ana-telemovel']);
  const message = shown(service.received[0], phone);
  expect(message).toMatchObject({
    title: 'Fatura vencida',
    url: `/?fatura=${invoice.id}`,
    tag: 'invoice_overdue',
  });
  expect(message.body).toMatch(
    /^A fatura FT 2026\/41 de Águas do Porto \(45,90\s€\) venceu a 09\/03\/2026 e ainda não está paga\.$/,
  );
  const mail = await latestMail(db, email, 'Fatura vencida: FT 2026/41 de Águas do Porto');
  expect(mail.text).toContain('FT 2026/41 · Águas do Porto');
  expect(mail.text).toContain(`${APP_URL}/?fatura=${invoice.id}`);
  expect(mail.html).toContain('Fatura vencida');
  const [audit] = await db.select().from(emailAudit).where(eq(emailAudit.toAddress, email));
  expect(audit).toMatchObject({ type: 'reminder', status: 'sent', accountId });
  const [subscription] = await db.select().from(pushSubscriptions);
  expect(subscription?.lastUsedAt).not.toBeNull();
});

test('running the job again, the next day or every 15 minutes, sends nothing new', async () => {
  const { accountId, email } = await holder({
    preferences: { invoiceOverdue: pushAndEmail, invoiceDueSoon: pushAndEmail },
  });
  await device(accountId, accountId, 'ana');
  await insertInvoice(db, accountId, { dueDate: '2026-03-09', paymentStatus: 'Vencida' });
  await insertInvoice(db, accountId, { dueDate: '2026-03-12' });

  await run(REMINDERS_JOB, '2026-03-10T09:00:00Z');
  expect(service.received).toHaveLength(2);
  const mails = await mailCount();
  expect(mails).toBe(2);
  await latestMail(db, email, 'Fatura a vencer');

  await run(REMINDER_DELIVERY_JOB, '2026-03-10T09:15:00Z');
  await run(REMINDERS_JOB, '2026-03-11T09:00:00Z');
  await run(REMINDER_DELIVERY_JOB, '2026-03-11T09:15:00Z');
  expect(service.received).toHaveLength(2);
  expect(await mailCount()).toBe(mails);
  expect(await db.select({ n: count() }).from(reminderDeliveries)).toEqual([{ n: 2 }]);
});

test('in the quiet hours a reminder waits for their end, then goes', async () => {
  const { accountId, email } = await holder({ preferences: { invoiceOverdue: pushAndEmail } });
  const phone = await device(accountId, accountId, 'ana');
  await insertInvoice(db, accountId, { dueDate: '2026-03-09', paymentStatus: 'Vencida' });

  // A server that was down at 09:00 catches up at 23:30: inside 22:00–08:00.
  await run(REMINDERS_JOB, '2026-03-10T23:30:00Z');
  expect(service.received).toEqual([]);
  expect(await mailCount()).toBe(0);
  const [waiting] = await db.select().from(reminderDeliveries);
  expect(waiting).toMatchObject({
    status: 'pending',
    deliverAfter: new Date('2026-03-11T08:00:00Z'),
  });

  await run(REMINDER_DELIVERY_JOB, '2026-03-11T07:45:00Z');
  expect(service.received).toEqual([]);
  await run(REMINDER_DELIVERY_JOB, '2026-03-11T08:00:00Z');
  expect(shown(service.received[0], phone).title).toBe('Fatura vencida');
  await latestMail(db, email, 'Fatura vencida');
  expect(service.received).toHaveLength(1);
});

test('a subscription its push service says is gone (410) is deleted; the others get the push', async () => {
  const { accountId } = await holder({ preferences: { invoiceOverdue: pushAndEmail } });
  const old = await device(accountId, accountId, 'telemovel-antigo');
  const phone = await device(accountId, accountId, 'telemovel-novo');
  service.answer(old.json.endpoint, 410);
  await insertInvoice(db, accountId, { dueDate: '2026-03-09', paymentStatus: 'Vencida' });

  await run(REMINDERS_JOB, '2026-03-10T09:00:00Z');

  expect(service.received.map((r) => [r.path, r.status])).toEqual([
    ['/push/telemovel-antigo', 410],
    ['/push/telemovel-novo', 201],
  ]);
  expect(shown(service.received[1], phone).title).toBe('Fatura vencida');
  const left = await db.select().from(pushSubscriptions);
  expect(left.map((s) => s.endpoint)).toEqual([phone.json.endpoint]);
});

test('an invoice paid while its reminder waited is not reminded of', async () => {
  const { accountId } = await holder({ preferences: { invoiceOverdue: pushAndEmail } });
  await device(accountId, accountId, 'ana');
  const invoice = await insertInvoice(db, accountId, {
    dueDate: '2026-03-09',
    paymentStatus: 'Vencida',
  });
  await run(REMINDERS_JOB, '2026-03-10T23:30:00Z');
  await db
    .update(invoices)
    .set({ paymentStatus: 'Paga', isPaid: true, paidAt: '2026-03-11' })
    .where(eq(invoices.id, invoice.id));

  await run(REMINDER_DELIVERY_JOB, '2026-03-11T08:00:00Z');
  expect(service.received).toEqual([]);
  expect(await mailCount()).toBe(0);
  const [reminder] = await db.select().from(reminderDeliveries);
  expect(reminder?.status).toBe('skipped');
});

test('on a Monday: due soon, a supplier past 85 % of its limit and the weekly digest, by email', async () => {
  const { accountId, email } = await holder({
    plan: 'professional',
    preferences: {
      invoiceDueSoon: { push: false, email: true },
      supplierLimit: { push: false, email: true },
      weeklyDigest: { email: true },
    },
  });
  const supplier = await insertSupplier(db, accountId, {
    name: 'Papelaria Central',
    spendingLimitCents: 10_000,
    spendingLimitActive: true,
    spendingLimitPeriod: 'mensal',
  });
  await insertInvoice(db, accountId, {
    supplierNif: supplier.nif,
    supplierName: supplier.name,
    issueDate: '2026-03-02',
    dueDate: '2026-03-02',
    totalCents: 9_000,
    paymentStatus: 'Paga',
    isPaid: true,
    paidAt: '2026-03-05',
  });
  await insertInvoice(db, accountId, {
    number: 'FT 7/2026',
    supplierName: 'Luz Boa',
    dueDate: '2026-03-11',
    totalCents: 2_000,
  });

  await run(REMINDERS_JOB, '2026-03-09T09:00:00Z');

  const due = await latestMail(db, email, 'Fatura a vencer: FT 7/2026 de Luz Boa');
  expect(due.text).toMatch(/FT 7\/2026 · Luz Boa: 20,00\s€ · vence a 11\/03\/2026/);
  const limit = await latestMail(db, email, 'Papelaria Central passou 85 % do limite de despesa');
  expect(limit.text).toMatch(/Papelaria Central: 90 % \(90,00\s€ de 100,00\s€\)/);
  expect(limit.text).toContain(`${APP_URL}/faturas/${supplier.nif}`);
  const digest = await latestMail(db, email, 'O seu resumo semanal do Papelada');
  expect(digest.text).toMatch(/Faturas por pagar: 1 · 20,00\s€/);
  expect(digest.text).toMatch(/Pagas na semana passada: 1 · 90,00\s€/);
  expect(service.received).toEqual([]);
});

test('a member gets reminders only of what their role may see in the account', async () => {
  const team = await holder({ plan: 'enterprise_500' });
  const member = async (role: SubUserRole) => {
    const userId = `membro-${role}-${(people += 1)}`;
    const email = `${userId}@exemplo.pt`;
    await db.insert(authUsers).values({ id: userId, name: userId, email });
    await db.insert(teamMembers).values({ accountId: team.accountId, userId, role });
    await saveReminderPreferences(db, {
      accountId: team.accountId,
      userId,
      preferences: { ...DEFAULT_REMINDER_PREFERENCES, invoiceOverdue: pushAndEmail },
    });
    return email;
  };
  const manager = await member('manager');
  const user = await member('user');
  await insertInvoice(db, team.accountId, { dueDate: '2026-03-09', paymentStatus: 'Vencida' });

  await run(REMINDERS_JOB, '2026-03-10T09:00:00Z');

  await latestMail(db, manager, 'Fatura vencida');
  // A Utilizador does not see every invoice of the account: nothing for them.
  const toUser = await db.select().from(devOutbox).where(eq(devOutbox.toAddress, user));
  expect(toUser).toEqual([]);
  const rows = await db
    .select({ userId: reminderDeliveries.userId })
    .from(reminderDeliveries)
    .where(and(eq(reminderDeliveries.accountId, team.accountId)));
  expect(rows.map((r) => r.userId)).toEqual([manager.split('@')[0]]);
});
