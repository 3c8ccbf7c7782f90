import { pino } from 'pino';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createMailer } from '#server/services/mail/mailer.ts';
import { verificationEmail } from '#server/services/mail/templates/verification-email.ts';
import { insertAccount } from '#tests/factories/accounts.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
const first = 'http://localhost/api/auth/verify-email?token=primeiro&callbackURL=/auth/callback';
const second = 'http://localhost/api/auth/verify-email?token=segundo&callbackURL=/auth/callback';

beforeAll(async () => {
  t = await createTestApp();
  const mailer = createMailer({ db: t.db.db, logger: pino({ level: 'silent' }), devMailbox: true });
  const { id: accountId } = await insertAccount(t.db.db);
  for (const [to, url] of [
    ['ana@exemplo.pt', first],
    ['<b>rui</b>@exemplo.pt', second],
  ] as const) {
    await mailer.send({
      accountId,
      to,
      type: 'verification',
      ...verificationEmail({ name: 'A & B', url }),
    });
  }
});

afterAll(async () => {
  await t.close();
});

test('GET /api/dev/emails lists the outbox newest first with the contract shape', async () => {
  const res = await t.client.api.dev.emails.$get();
  expect(res.status).toBe(200);
  const emails = await res.json();
  // The second mail had an invalid recipient and was never delivered.
  expect(emails).toHaveLength(1);
  expect(emails[0]).toEqual({
    id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    to: 'ana@exemplo.pt',
    fromName: null,
    replyTo: null,
    subject: 'Confirme o seu email',
    text: expect.stringContaining(first),
    html: expect.stringContaining('Confirmar email'),
    links: [first],
    createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
  });
});

test('the list is newest first', async () => {
  const mailer = createMailer({ db: t.db.db, logger: pino({ level: 'silent' }), devMailbox: true });
  const { id: accountId } = await insertAccount(t.db.db);
  await mailer.send({
    accountId,
    to: 'eva@exemplo.pt',
    type: 'verification',
    ...verificationEmail({ name: 'Eva', url: second }),
  });
  const emails = await (await t.client.api.dev.emails.$get()).json();
  expect(emails.map((e) => e.to)).toEqual(['eva@exemplo.pt', 'ana@exemplo.pt']);
});

test('/dev/emails is an HTML page with clickable links and no script, under the CSP', async () => {
  const res = await t.app.request('/dev/emails');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("script-src 'self'");
  const html = await res.text();
  expect(html).toContain(`<a href="${first.replace('&', '&amp;')}">`);
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/\son[a-z]+=/i);
  // Newest first on the page too.
  expect(html.indexOf('eva@exemplo.pt')).toBeLessThan(html.indexOf('ana@exemplo.pt'));
});

test('both are off when the dev mailbox is off (SMTP configured, or production)', async () => {
  const off = await createTestApp({
    config: { devMailbox: false, googleEnabled: false, dataDir: '', sessionSecret: 'x'.repeat(40) },
  });
  try {
    const api = await off.client.api.dev.emails.$get();
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'Recurso não encontrado.' },
    });
    const page = await off.app.request('/dev/emails');
    expect(page.status).toBe(404);
  } finally {
    await off.close();
  }
});
