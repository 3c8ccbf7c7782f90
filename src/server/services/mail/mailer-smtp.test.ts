// The SMTP path against a real SMTP server on a local port (tests/setup/smtp-sink.ts).
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { DbHandle } from '#server/db/client.ts';
import { devOutbox, emailAudit } from '#server/db/schema/index.ts';
import { insertAccount } from '#tests/factories/accounts.ts';
import { startSmtpSink, type SmtpSink } from '#tests/setup/smtp-sink.ts';
import { createTestDb } from '#tests/setup/test-db.ts';
import { createMailer } from './mailer.ts';
import { passwordResetEmail } from './templates/password-reset-email.ts';

let handle: DbHandle;
let sink: SmtpSink;
let accountId: string;
const logger = pino({ level: 'silent' });
const url = 'http://localhost:3000/api/auth/reset-password/tok123?callbackURL=/auth/reset-password';

beforeAll(async () => {
  handle = await createTestDb();
  sink = await startSmtpSink();
  accountId = (await insertAccount(handle.db)).id;
});

afterAll(async () => {
  await sink.close();
  await handle.close();
});

async function auditOf(auditId: string) {
  const [row] = await handle.db.select().from(emailAudit).where(eq(emailAudit.id, auditId));
  return row;
}

test('with SMTP_URL the message reaches the SMTP server and is audited sent', async () => {
  const mailer = createMailer({ db: handle.db, logger, smtpUrl: sink.url, devMailbox: false });
  expect(mailer.transport).toBe('smtp');
  const result = await mailer.send({
    accountId,
    to: 'ana@exemplo.pt',
    type: 'password_reset',
    ...passwordResetEmail({ name: 'Ana', url }),
  });
  if (!result.ok) throw new Error(`expected a sent mail, got ${result.code}`);

  const mail = sink.messages.at(-1);
  expect(mail?.to).toEqual(['ana@exemplo.pt']);
  expect(mail?.from).toBe('nao-responder@papelada.local');
  expect(mail?.raw).toMatch(/^Subject: Redefinir a sua palavra-passe\r?$/m);
  expect(mail?.body).toContain(url);
  expect(mail?.body).toContain('1 hora');
  expect(mail?.raw).toContain('Content-Type: text/html');

  expect(await auditOf(result.auditId)).toMatchObject({ status: 'sent', errorCode: null });
  expect(result.messageId).toMatch(/@/);
  // SMTP mode never writes the dev outbox.
  expect(await handle.db.select().from(devOutbox)).toEqual([]);
});

test('MAIL_FROM replaces the default sender', async () => {
  const mailer = createMailer({
    db: handle.db,
    logger,
    smtpUrl: sink.url,
    from: 'Faturas <faturas@empresa.pt>',
    devMailbox: false,
  });
  await mailer.send({
    accountId,
    to: 'rui@exemplo.pt',
    type: 'password_reset',
    ...passwordResetEmail({ name: 'Rui', url }),
  });
  expect(sink.messages.at(-1)?.from).toBe('faturas@empresa.pt');
});

test('a recipient the server refuses is audited failed with INVALID_EMAIL', async () => {
  sink.rejectRecipients(/^nao-existe@/, 550, 'No such user');
  const mailer = createMailer({ db: handle.db, logger, smtpUrl: sink.url, devMailbox: false });
  const result = await mailer.send({
    accountId,
    to: 'nao-existe@exemplo.pt',
    type: 'password_reset',
    ...passwordResetEmail({ name: 'X', url }),
  });
  expect(result).toMatchObject({
    ok: false,
    code: 'INVALID_EMAIL',
    message: 'Endereço de email inválido',
  });
  expect(await auditOf(result.auditId)).toMatchObject({
    status: 'failed',
    errorCode: 'INVALID_EMAIL',
    errorMessage: 'Endereço de email inválido',
  });
});

test('a server asking to slow down is audited failed with RATE_LIMIT', async () => {
  sink.rejectRecipients(/^devagar@/, 451, 'Try again later');
  const mailer = createMailer({ db: handle.db, logger, smtpUrl: sink.url, devMailbox: false });
  const result = await mailer.send({
    accountId,
    to: 'devagar@exemplo.pt',
    type: 'password_reset',
    ...passwordResetEmail({ name: 'X', url }),
  });
  expect(result).toMatchObject({ ok: false, code: 'RATE_LIMIT' });
  expect(await auditOf(result.auditId)).toMatchObject({
    status: 'failed',
    errorCode: 'RATE_LIMIT',
  });
});

test('a closed port is audited failed with NETWORK_ERROR, and resend succeeds once it is up', async () => {
  // A port that was free a moment ago and has nothing listening now.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));

  const down = createMailer({
    db: handle.db,
    logger,
    smtpUrl: `smtp://127.0.0.1:${port}`,
    devMailbox: false,
  });
  const failed = await down.send({
    accountId,
    to: 'eva@exemplo.pt',
    type: 'password_reset',
    ...passwordResetEmail({ name: 'Eva', url }),
  });
  expect(failed).toMatchObject({
    ok: false,
    code: 'NETWORK_ERROR',
    message: 'Erro de ligação. Verifique a sua internet e tente novamente',
  });
  expect(await auditOf(failed.auditId)).toMatchObject({
    status: 'failed',
    errorCode: 'NETWORK_ERROR',
  });

  const up = createMailer({ db: handle.db, logger, smtpUrl: sink.url, devMailbox: false });
  const again = await up.resend(accountId, failed.auditId);
  expect(again).toMatchObject({ ok: true, auditId: failed.auditId });
  expect(await auditOf(failed.auditId)).toMatchObject({
    status: 'sent',
    errorCode: null,
    errorMessage: null,
  });
  expect(sink.messages.at(-1)?.to).toEqual(['eva@exemplo.pt']);
  expect(sink.messages.at(-1)?.body).toContain(url);
});

test("a sender name goes on the app's own address, and replies go to Reply-To", async () => {
  const mailer = createMailer({ db: handle.db, logger, smtpUrl: sink.url, devMailbox: false });
  const result = await mailer.send({
    accountId,
    to: 'fornecedor@exemplo.pt',
    type: 'password_reset',
    fromName: 'Construções Beira, Lda',
    replyTo: 'geral@beira.pt',
    ...passwordResetEmail({ name: 'Rui', url }),
  });
  expect(result.ok).toBe(true);
  const mail = sink.messages.at(-1);
  // The envelope sender stays the app's: only the display name changes.
  expect(mail?.from).toBe('nao-responder@papelada.local');
  // Long headers are folded onto continuation lines; unfolded, they read as one.
  const headers = (mail?.raw ?? '').replace(/\r?\n[ \t]+/g, ' ');
  const from = /^From: (.*?)\r?$/m.exec(headers)?.[1] ?? '';
  expect(from).toMatch(/<nao-responder@papelada\.local>$/);
  // Non-ASCII names are MIME-encoded; decoded, it is the account's name.
  const encoded = /=\?UTF-8\?Q\?(.*)\?=/i.exec(from)?.[1] ?? '';
  const decoded = decodeURIComponent(encoded.replace(/_/g, ' ').replace(/=/g, '%'));
  expect(decoded).toBe('Construções Beira, Lda');
  expect(headers).toMatch(/^Reply-To: geral@beira\.pt\r?$/m);
});

test('without a sender name the From is the configured one and there is no Reply-To', async () => {
  const mailer = createMailer({ db: handle.db, logger, smtpUrl: sink.url, devMailbox: false });
  await mailer.send({
    accountId,
    to: 'simples@exemplo.pt',
    type: 'password_reset',
    ...passwordResetEmail({ name: 'Rui', url }),
  });
  const raw = sink.messages.at(-1)?.raw ?? '';
  expect(raw).toMatch(/^From: Papelada <nao-responder@papelada\.local>\r?$/m);
  expect(raw).not.toMatch(/^Reply-To:/m);
});
