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
