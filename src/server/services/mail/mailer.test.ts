import { and, eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { DbHandle } from '#server/db/client.ts';
import { devOutbox, emailAudit } from '#server/db/schema/index.ts';
import { insertAccount } from '#tests/factories/accounts.ts';
import { createTestDb } from '#tests/setup/test-db.ts';
import { createMailer } from './mailer.ts';
import { verificationEmail } from './templates/verification-email.ts';

let handle: DbHandle;
let accountId: string;
const logLines: string[] = [];
const logger = pino({ level: 'info' }, { write: (line: string) => void logLines.push(line) });

beforeAll(async () => {
  handle = await createTestDb();
  accountId = (await insertAccount(handle.db)).id;
});

afterAll(async () => {
  await handle.close();
});

const link = 'http://localhost:3000/api/auth/verify-email?token=abc.def&callbackURL=/auth/callback';

test('in dev mode a message is stored in the outbox with its links and audited as sent', async () => {
  const mailer = createMailer({ db: handle.db, logger, devMailbox: true });
  expect(mailer.transport).toBe('outbox');
  const result = await mailer.send({
    accountId,
    to: 'ana@exemplo.pt',
    type: 'verification',
    ...verificationEmail({ name: 'Ana', url: link }),
  });
  if (!result.ok) throw new Error(`expected a sent mail, got ${result.code}`);

  const [audit] = await handle.db
    .select()
    .from(emailAudit)
    .where(eq(emailAudit.id, result.auditId));
  expect(audit).toMatchObject({
    accountId,
    toAddress: 'ana@exemplo.pt',
    type: 'verification',
    template: 'verification',
    subject: 'Confirme o seu email',
    status: 'sent',
    errorCode: null,
    providerMessageId: result.messageId,
  });

  const [outbox] = await handle.db
    .select()
    .from(devOutbox)
    .where(eq(devOutbox.id, result.messageId ?? ''));
  expect(outbox?.toAddress).toBe('ana@exemplo.pt');
  expect(outbox?.links).toEqual([link]);
  expect(outbox?.html).toContain('Confirmar email');
  expect(outbox?.text).toContain(link);
});

test('in dev mode the subject and links are logged, and nothing else of the message', async () => {
  logLines.length = 0;
  const mailer = createMailer({ db: handle.db, logger, devMailbox: true });
  await mailer.send({
    accountId,
    to: 'rui@exemplo.pt',
    type: 'verification',
    ...verificationEmail({ name: 'Rui Segredo', url: link }),
  });
  const entries = logLines.map((l) => JSON.parse(l) as Record<string, unknown>);
  const stored = entries.find((e) => e.msg === 'dev mailbox: email stored');
  expect(stored).toMatchObject({ subject: 'Confirme o seu email', links: [link] });
  expect(logLines.join('\n')).not.toContain('Rui Segredo');
});

test('without the dev mailbox the outbox still keeps the mail but the links are not logged', async () => {
  logLines.length = 0;
  const mailer = createMailer({ db: handle.db, logger, devMailbox: false });
  const result = await mailer.send({
    accountId,
    to: 'eva@exemplo.pt',
    type: 'verification',
    ...verificationEmail({ name: 'Eva', url: link }),
  });
  expect(result.ok).toBe(true);
  expect(logLines.join('\n')).not.toContain('token=');
});

test('a malformed recipient is not sent and is audited failed with INVALID_EMAIL', async () => {
  const mailer = createMailer({ db: handle.db, logger, devMailbox: true });
  const before = await handle.db.select().from(devOutbox);
  const result = await mailer.send({
    accountId,
    to: 'sem-arroba',
    type: 'verification',
    ...verificationEmail({ name: 'X', url: link }),
  });
  expect(result).toMatchObject({
    ok: false,
    code: 'INVALID_EMAIL',
    message: 'Endereço de email inválido',
  });
  const [audit] = await handle.db
    .select()
    .from(emailAudit)
    .where(eq(emailAudit.id, result.auditId));
  expect(audit).toMatchObject({
    status: 'failed',
    errorCode: 'INVALID_EMAIL',
    errorMessage: 'Endereço de email inválido',
  });
  expect(await handle.db.select().from(devOutbox)).toHaveLength(before.length);
});

test('resend delivers the stored message again and keeps the same audit row', async () => {
  const mailer = createMailer({ db: handle.db, logger, devMailbox: true });
  const first = await mailer.send({
    accountId,
    to: 'lia@exemplo.pt',
    type: 'verification',
    metadata: { origem: 'teste' },
    ...verificationEmail({ name: 'Lia', url: link }),
  });
  const again = await mailer.resend(accountId, first.auditId);
  if (!again?.ok) throw new Error('expected the resend to succeed');
  expect(again.auditId).toBe(first.auditId);
  const copies = await handle.db
    .select()
    .from(devOutbox)
    .where(eq(devOutbox.toAddress, 'lia@exemplo.pt'));
  expect(copies).toHaveLength(2);
  expect(copies[1]?.html).toBe(copies[0]?.html);
  const audits = await handle.db
    .select()
    .from(emailAudit)
    .where(and(eq(emailAudit.accountId, accountId), eq(emailAudit.toAddress, 'lia@exemplo.pt')));
  expect(audits).toHaveLength(1);
  expect(audits[0]?.status).toBe('sent');
  expect(audits[0]?.metadata).toMatchObject({ origem: 'teste' });
});

test("resend of another account's audit row finds nothing", async () => {
  const mailer = createMailer({ db: handle.db, logger, devMailbox: true });
  const other = await insertAccount(handle.db);
  const sent = await mailer.send({
    accountId,
    to: 'ze@exemplo.pt',
    type: 'verification',
    ...verificationEmail({ name: 'Zé', url: link }),
  });
  expect(await mailer.resend(other.id, sent.auditId)).toBeNull();
});

test('a sender name and Reply-To are stored with the outbox message and kept by resend', async () => {
  const mailer = createMailer({ db: handle.db, logger, devMailbox: true });
  const sent = await mailer.send({
    accountId,
    to: 'remetente@exemplo.pt',
    type: 'verification',
    fromName: 'Construções Beira, Lda',
    replyTo: 'geral@beira.pt',
    ...verificationEmail({ name: 'Ana', url: link }),
  });
  await mailer.resend(accountId, sent.auditId);
  const copies = await handle.db
    .select()
    .from(devOutbox)
    .where(eq(devOutbox.toAddress, 'remetente@exemplo.pt'));
  expect(copies.map((c) => [c.fromName, c.replyTo])).toEqual([
    ['Construções Beira, Lda', 'geral@beira.pt'],
    ['Construções Beira, Lda', 'geral@beira.pt'],
  ]);
});

test('sendOnce sends a payment notification once per invoice until a send fails', async () => {
  const mailer = createMailer({ db: handle.db, logger, devMailbox: true });
  const notice = (to: string) => ({
    accountId,
    to,
    type: 'payment_notification',
    metadata: { fatura_id: 'f1' },
    ...verificationEmail({ name: 'Ana', url: link }),
  });
  // A failed send does not hold the claim.
  const failed = await mailer.sendOnce(notice('sem-arroba'));
  expect(failed).toMatchObject({ ok: false, code: 'INVALID_EMAIL' });
  const sent = await mailer.sendOnce(notice('uma-vez@exemplo.pt'));
  expect(sent).toMatchObject({ ok: true });
  expect(await mailer.sendOnce(notice('uma-vez@exemplo.pt'))).toBeNull();
  // Another invoice, or another account, is a separate claim.
  const other = await insertAccount(handle.db);
  expect(
    await mailer.sendOnce({ ...notice('outra@exemplo.pt'), metadata: { fatura_id: 'f2' } }),
  ).toMatchObject({ ok: true });
  expect(
    await mailer.sendOnce({ ...notice('outra@exemplo.pt'), accountId: other.id }),
  ).toMatchObject({ ok: true });
  const stored = await handle.db
    .select()
    .from(devOutbox)
    .where(eq(devOutbox.toAddress, 'uma-vez@exemplo.pt'));
  expect(stored).toHaveLength(1);
  // send() is for messages that may repeat; a refused repeat there is a programming error.
  await expect(mailer.send(notice('uma-vez@exemplo.pt'))).rejects.toThrow(/repeat/);
});

test('a failed payment notification is not resent once the invoice was notified since', async () => {
  const mailer = createMailer({ db: handle.db, logger, devMailbox: true });
  const notice = (to: string) => ({
    accountId,
    to,
    type: 'payment_notification',
    metadata: { fatura_id: 'f3' },
    ...verificationEmail({ name: 'Ana', url: link }),
  });
  const failed = await mailer.sendOnce(notice('sem-arroba'));
  expect(failed?.ok).toBe(false);
  expect(await mailer.sendOnce(notice('depois@exemplo.pt'))).toMatchObject({ ok: true });
  const again = await mailer.resend(accountId, failed?.auditId ?? '');
  expect(again).toMatchObject({
    ok: false,
    code: 'SEND_FAILED',
    message: 'Este email já foi enviado',
  });
  const [row] = await handle.db
    .select()
    .from(emailAudit)
    .where(eq(emailAudit.id, failed?.auditId ?? ''));
  expect(row?.status).toBe('failed');
});
