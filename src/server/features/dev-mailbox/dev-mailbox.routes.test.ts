import { pino } from 'pino';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createMailer } from '#server/services/mail/mailer.ts';
import { verificationEmail } from '#server/services/mail/templates/verification-email.ts';
import { insertAccount } from '#tests/factories/accounts.ts';
import { createTestApp, LOOPBACK_ENV, peerEnv, type TestApp } from '#tests/setup/test-app.ts';

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
    bcc: null,
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
  const res = await t.app.request('/dev/emails', {}, LOOPBACK_ENV);
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
    const page = await off.app.request('/dev/emails', {}, LOOPBACK_ENV);
    expect(page.status).toBe(404);
  } finally {
    await off.close();
  }
});

/** GET of both mailbox views with these headers, from this TCP peer. */
async function readMailbox(headers: Record<string, string>, peer = '127.0.0.1') {
  const env = peerEnv(peer);
  const api = await t.app.request('/api/dev/emails', { headers }, env);
  const page = await t.app.request('/dev/emails', { headers }, env);
  return { api, page };
}

async function expectNotThere({ api, page }: { api: Response; page: Response }) {
  expect(api.status).toBe(404);
  expect(await api.json()).toEqual({
    error: { code: 'NOT_FOUND', message: 'Recurso não encontrado.' },
  });
  expect(page.status).toBe(404);
  expect(await page.text()).toBe('Página não encontrada');
}

test('answered from this machine: a loopback peer naming localhost, 127.0.0.1 or [::1]', async () => {
  for (const [peer, host] of [
    ['127.0.0.1', 'localhost:3000'],
    ['::1', '[::1]:3000'],
    ['::ffff:127.0.0.1', '127.0.0.1:3000'],
    ['127.0.0.1', 'LOCALHOST'],
  ] as const) {
    const { api, page } = await readMailbox({ host }, peer);
    expect([api.status, page.status], `${peer} ${host}`).toEqual([200, 200]);
  }
});

test('refused to another machine, even with the Host of this one', async () => {
  for (const peer of ['203.0.113.7', '192.168.1.20', '::ffff:10.0.0.5', '2001:db8::1']) {
    await expectNotThere(await readMailbox({ host: 'localhost:3000' }, peer));
  }
});

test('refused when the Host is not this machine: a DNS-rebinding page in a local browser', async () => {
  for (const host of ['evil.example', 'evil.example:3000', 'localhost.evil.example', '127.0.0.2']) {
    await expectNotThere(await readMailbox({ host }));
  }
  // No Host header, but a URL naming another host (an absolute request target).
  const res = await t.app.request('http://evil.example/api/dev/emails', {}, LOOPBACK_ENV);
  expect(res.status).toBe(404);
});

test('refused through a proxy: a forwarded request is not from this machine', async () => {
  const proxyHeaders: Record<string, string>[] = [
    { 'x-forwarded-for': '127.0.0.1' },
    { 'x-forwarded-host': 'localhost' },
    { forwarded: 'for=127.0.0.1' },
    { 'x-real-ip': '127.0.0.1' },
    { via: '1.1 proxy' },
  ];
  for (const headers of proxyHeaders) {
    await expectNotThere(await readMailbox({ host: 'localhost', ...headers }));
  }
});

test('refused without a socket at all', async () => {
  expect((await t.app.request('/api/dev/emails')).status).toBe(404);
});
