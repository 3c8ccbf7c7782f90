// The outbox after a crash (issue 19.4): a row left pending by a server that died while
// delivering it is sent by the mail-outbox job once its lease is over — once — and a row
// still within its lease (another server may be delivering it now) is left alone.
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { devOutbox, emailAudit, scheduledJobs } from '#server/db/schema/index.ts';
import { signUpVerified } from '#server/features/auth/test-helpers.ts';
import { accountIdOf } from '#server/features/invoices/invoice-test-helpers.ts';
import { createScheduler } from '#server/services/scheduler/scheduler.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { insertPendingAudit } from './mail-audit.queries.ts';
import { MAIL_OUTBOX_JOB, MAIL_PENDING_LEASE_MS, mailOutboxJob } from './mail-outbox.job.ts';
import { createMailer } from './mailer.ts';

let t: TestApp;
let accountId: string;
const logger = pino({ level: 'silent' });

beforeAll(async () => {
  t = await createTestApp();
  const cookie = await signUpVerified(t, `outbox.${randomBytes(3).toString('hex')}@exemplo.pt`);
  accountId = await accountIdOf(t, cookie);
});
afterAll(() => t.close());

/** A message whose server died after writing its audit row, `ageMs` ago. */
async function leftPending(to: string, ageMs: number): Promise<string> {
  const auditId = await insertPendingAudit(t.db.db, {
    accountId,
    to,
    type: 'payment_notification',
    template: 'payment-notification',
    subject: `Pagamento efetuado ${to}`,
    metadata: { fatura_id: randomBytes(8).toString('hex') },
    body: { text: 'Pagámos a fatura.', html: '<p>Pagámos a fatura.</p>', fromName: 'Padaria' },
  });
  if (!auditId) throw new Error('not inserted');
  const at = new Date(Date.now() - ageMs);
  // updated_at follows every write of the row: set it after the insert.
  await t.db.db.execute(sql`update email_audit set updated_at = ${at} where id = ${auditId}`);
  return auditId;
}

async function runOutbox(now = new Date()) {
  await t.db.db.delete(scheduledJobs).where(eq(scheduledJobs.name, MAIL_OUTBOX_JOB));
  const mailer = createMailer({ db: t.db.db, logger, devMailbox: true });
  const scheduler = createScheduler({
    db: t.db.db,
    logger,
    jobs: [mailOutboxJob({ mailer })],
    now: () => now,
  });
  try {
    return await scheduler.runDue(MAIL_OUTBOX_JOB);
  } finally {
    await scheduler.stop();
  }
}

const delivered = async (to: string) =>
  (await t.db.db.select().from(devOutbox).where(eq(devOutbox.toAddress, to))).length;
const statusOf = async (auditId: string) =>
  (
    await t.db.db
      .select({ status: emailAudit.status })
      .from(emailAudit)
      .where(and(eq(emailAudit.accountId, accountId), eq(emailAudit.id, auditId)))
  )[0]?.status;

test('a message left pending past its lease is sent once, and its row ends sent', async () => {
  const to = 'contas@fornecedor-caido.pt';
  const auditId = await leftPending(to, MAIL_PENDING_LEASE_MS + 60_000);
  expect((await runOutbox()).kind).not.toBe('failed');
  expect(await delivered(to)).toBe(1);
  expect(await statusOf(auditId)).toBe('sent');

  // The next minute's run finds nothing to send.
  await runOutbox(new Date(Date.now() + 60_000));
  expect(await delivered(to)).toBe(1);
});

test('a message pending within its lease is left to the server delivering it', async () => {
  const to = 'contas@fornecedor-lento.pt';
  const auditId = await leftPending(to, 30_000);
  await runOutbox();
  expect(await delivered(to)).toBe(0);
  expect(await statusOf(auditId)).toBe('pending');
});

test('a resend that cannot be delivered ends failed, as the history shows it', async () => {
  const to = 'invalido';
  // An address no transport takes: the resend fails and the row says so.
  const auditId = await leftPending(to, MAIL_PENDING_LEASE_MS + 1_000);
  await runOutbox();
  expect(await statusOf(auditId)).toBe('failed');
  expect(await delivered(to)).toBe(0);
});
