// The blind copy of a message (the account's "copy to oneself", issue 20 point 5): by SMTP it
// is a recipient of the envelope and never a header the others could read; in the dev mailbox
// it is shown; a resend sends it again with the copy.
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { DbHandle } from '#server/db/client.ts';
import { devOutbox } from '#server/db/schema/index.ts';
import { insertAccount } from '#tests/factories/accounts.ts';
import { startSmtpSink, type SmtpSink } from '#tests/setup/smtp-sink.ts';
import { createTestDb } from '#tests/setup/test-db.ts';
import { createMailer } from './mailer.ts';

let handle: DbHandle;
let sink: SmtpSink;
let accountId: string;
const logger = pino({ level: 'silent' });
const message = (to: string) => ({
  to,
  bcc: 'conta@exemplo.pt',
  type: 'payment_notification_test',
  template: 'test',
  subject: 'Pagamento',
  text: 'Pago.',
  html: '<p>Pago.</p>',
});

beforeAll(async () => {
  handle = await createTestDb();
  sink = await startSmtpSink();
  accountId = (await insertAccount(handle.db)).id;
});
afterAll(async () => {
  await sink.close();
  await handle.close();
});

test('by SMTP the copy is a recipient, not a header', async () => {
  const mailer = createMailer({ db: handle.db, logger, smtpUrl: sink.url, devMailbox: false });
  const sent = await mailer.send({ accountId, ...message('fornecedor@exemplo.pt') });
  expect(sent.ok).toBe(true);
  const [mail] = sink.messages;
  expect(mail?.to.sort()).toEqual(['conta@exemplo.pt', 'fornecedor@exemplo.pt']);
  expect(mail?.raw).not.toMatch(/^Bcc:/im);
  expect(mail?.raw).not.toContain('conta@exemplo.pt');

  // A resend of the audited message keeps its copy.
  await mailer.resend(accountId, sent.auditId);
  expect(sink.messages[1]?.to.sort()).toEqual(['conta@exemplo.pt', 'fornecedor@exemplo.pt']);
});

test('in the dev mailbox the copy is shown with the message', async () => {
  const mailer = createMailer({ db: handle.db, logger, devMailbox: true });
  await mailer.send({ accountId, ...message('outro@exemplo.pt') });
  const [row] = await handle.db
    .select()
    .from(devOutbox)
    .where(eq(devOutbox.toAddress, 'outro@exemplo.pt'));
  expect(row?.bcc).toBe('conta@exemplo.pt');
});
