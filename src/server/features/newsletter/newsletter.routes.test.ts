// The landing page's newsletter (issue 20 point 5): a double opt-in — subscribing only mails a
// confirmation link, with an expiry — an unsubscribe link (one click, signed) in every message,
// the same answer whatever the address's state (no way to learn who subscribed), limits per
// client address and per email, and the CSRF check of every other public route except the
// one-click POST that mail providers make themselves (RFC 8058).
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { emailAudit, newsletterSubscribers } from '#server/db/schema/index.ts';
import { createMailer } from '#server/services/mail/mailer.ts';
import { startSmtpSink, type SmtpSink } from '#tests/setup/smtp-sink.ts';
import {
  createTestApp,
  peerEnv,
  TEST_CSRF_TOKEN,
  TEST_ORIGIN,
  type TestApp,
} from '#tests/setup/test-app.ts';
import { listConfirmedSubscribers } from './newsletter.queries.ts';
import { unsubscribeToken } from './newsletter-tokens.ts';

let t: TestApp;
let sequence = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Each test from its own client address, so the per-address limit is each test's own. */
const newAddress = () => `198.51.100.${(sequence += 1)}`;
const newEmail = (name: string) => `${name}${(sequence += 1)}@exemplo.pt`;

function post(
  path: string,
  body: unknown,
  from = newAddress(),
  headers: Record<string, string> = {},
) {
  return t.app.request(
    path,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: TEST_ORIGIN,
        'x-csrf-token': TEST_CSRF_TOKEN,
        ...headers,
      },
      body: JSON.stringify(body),
    },
    peerEnv(from),
  );
}

const subscribe = (email: string, from?: string) =>
  post('/api/newsletter/subscribe', { email }, from);

/** The dev mailbox's mail to `to`, newest first. */
async function mailTo(to: string) {
  const res = await t.client.api.dev.emails.$get();
  return (await res.json()).filter((mail) => mail.to === to);
}

function tokenIn(links: readonly string[], path: string): string {
  const link = links.find((l) => new URL(l).pathname === path);
  const token = link ? new URL(link).searchParams.get('token') : null;
  if (!token) throw new Error(`no ${path} link in ${links.join(', ')}`);
  return token;
}

const confirmed = async () => (await listConfirmedSubscribers(t.db.db)).map((s) => s.email);

test('subscribing mails a confirmation link and an unsubscribe link; only the link confirms', async () => {
  const email = newEmail('ana');
  const res = await subscribe(email.toUpperCase());
  expect(res.status).toBe(202);
  expect(await res.json()).toEqual({ status: 'check_email' });

  const [mail, ...more] = await mailTo(email);
  expect(more).toEqual([]);
  expect(mail?.subject).toBe('Confirme a subscrição da newsletter da Papelada');
  expect(mail?.text).toContain('válido durante 48 horas');
  expect(mail?.text).toContain('Cancelar subscrição: http://localhost/newsletter/cancelar?token=');
  expect(mail?.html).toContain('lang="pt-PT"');
  expect(await confirmed()).not.toContain(email);
  // No account, so no email_audit row (that table is an account's history).
  expect(await t.db.db.select().from(emailAudit).where(eq(emailAudit.toAddress, email))).toEqual(
    [],
  );

  const token = tokenIn(mail?.links ?? [], '/newsletter/confirmar');
  const first = await post('/api/newsletter/confirm', { token });
  expect(first.status).toBe(200);
  expect(await first.json()).toEqual({ status: 'confirmed' });
  expect(await confirmed()).toContain(email);
  // The same link again (a second click) is fine.
  expect((await post('/api/newsletter/confirm', { token })).status).toBe(200);
});

test('a made-up, altered or expired confirmation link is refused in pt-PT', async () => {
  const invalid = {
    error: {
      code: 'NEWSLETTER_LINK_INVALID',
      message:
        'Este link de confirmação não é válido ou já expirou. Subscreva de novo na página inicial para receber outro.',
    },
  };
  const madeUp = await post('/api/newsletter/confirm', { token: 'A'.repeat(43) });
  expect(madeUp.status).toBe(400);
  expect(await madeUp.json()).toEqual(invalid);

  const email = newEmail('expira');
  await subscribe(email);
  const token = tokenIn((await mailTo(email))[0]?.links ?? [], '/newsletter/confirmar');
  await t.db.db
    .update(newsletterSubscribers)
    .set({ confirmExpiresAt: new Date(Date.now() - 1000) })
    .where(eq(newsletterSubscribers.email, email));
  const expired = await post('/api/newsletter/confirm', { token });
  expect(expired.status).toBe(400);
  expect(await expired.json()).toEqual(invalid);
  expect(await confirmed()).not.toContain(email);

  const malformed = await post('/api/newsletter/confirm', { token: '<script>' });
  expect(malformed.status).toBe(400);
  expect((await malformed.json()).error.code).toBe('VALIDATION');
});

test('the answer is the same for a new, a pending and a subscribed address', async () => {
  const subscribed = newEmail('ja');
  await subscribe(subscribed);
  const link = tokenIn((await mailTo(subscribed))[0]?.links ?? [], '/newsletter/confirmar');
  await post('/api/newsletter/confirm', { token: link });
  const pending = newEmail('pendente');
  await subscribe(pending);

  const answers = [];
  for (const email of [newEmail('nova'), pending, subscribed]) {
    const res = await subscribe(email);
    answers.push({
      status: res.status,
      body: await res.text(),
      type: res.headers.get('content-type'),
    });
  }
  expect(answers[1]).toEqual(answers[0]);
  expect(answers[2]).toEqual(answers[0]);

  // What differs goes to the mailbox, which only its owner reads.
  const [notice] = await mailTo(subscribed);
  expect(notice?.subject).toBe('Já recebe a newsletter da Papelada');
  expect(notice?.links.some((l) => l.includes('/newsletter/cancelar?token='))).toBe(true);
  expect(await confirmed()).toContain(subscribed);
  // A pending address asking again gets a new link; the old one no longer confirms.
  const [second, first] = await mailTo(pending);
  const oldToken = tokenIn(first?.links ?? [], '/newsletter/confirmar');
  const newToken = tokenIn(second?.links ?? [], '/newsletter/confirmar');
  expect((await post('/api/newsletter/confirm', { token: oldToken })).status).toBe(400);
  expect((await post('/api/newsletter/confirm', { token: newToken })).status).toBe(200);
});

test('the link in every message unsubscribes; an altered or foreign one is refused', async () => {
  const email = newEmail('sair');
  await subscribe(email);
  const [mail] = await mailTo(email);
  await post('/api/newsletter/confirm', {
    token: tokenIn(mail?.links ?? [], '/newsletter/confirmar'),
  });
  const leave = tokenIn(mail?.links ?? [], '/newsletter/cancelar');

  const tampered = `${leave.slice(0, -2)}${leave.endsWith('AA') ? 'BB' : 'AA'}`;
  const [row] = await t.db.db
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email));
  const foreign = unsubscribeToken('outro-segredo'.padEnd(48, 'y'), row?.id ?? '');
  for (const token of [tampered, foreign]) {
    const res = await post('/api/newsletter/unsubscribe', { token });
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('NEWSLETTER_LINK_INVALID');
  }
  expect(await confirmed()).toContain(email);

  const res = await post('/api/newsletter/unsubscribe', { token: leave });
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ status: 'unsubscribed' });
  expect(await confirmed()).not.toContain(email);
  expect((await post('/api/newsletter/unsubscribe', { token: leave })).status).toBe(200);
  // Subscribing again starts over: pending until a new link is opened.
  await subscribe(email);
  expect(await confirmed()).not.toContain(email);
});

test("the mail provider's one-click POST unsubscribes without Origin or CSRF token; nothing else does", async () => {
  const email = newEmail('umclique');
  await subscribe(email);
  const [mail] = await mailTo(email);
  await post('/api/newsletter/confirm', {
    token: tokenIn(mail?.links ?? [], '/newsletter/confirmar'),
  });
  const token = tokenIn(mail?.links ?? [], '/newsletter/cancelar');

  // The same request without the browser's headers is refused on the ordinary route.
  const bare = (path: string, body: BodyInit, type: string) =>
    t.app.request(path, { method: 'POST', headers: { 'content-type': type }, body });
  const refused = await bare(
    '/api/newsletter/unsubscribe',
    JSON.stringify({ token }),
    'application/json',
  );
  expect(refused.status).toBe(403);
  expect(await confirmed()).toContain(email);

  const res = await bare(
    `/api/newsletter/one-click?token=${encodeURIComponent(token)}`,
    'List-Unsubscribe=One-Click',
    'application/x-www-form-urlencoded',
  );
  expect(res.status).toBe(200);
  expect(await confirmed()).not.toContain(email);
  const forged = await bare(
    '/api/newsletter/one-click?token=AAAAAAAAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB',
    'List-Unsubscribe=One-Click',
    'application/x-www-form-urlencoded',
  );
  expect(forged.status).toBe(400);
});

test('subscribing needs the CSRF token and a valid email', async () => {
  const res = await post('/api/newsletter/subscribe', { email: newEmail('x') }, newAddress(), {
    'x-csrf-token': '',
  });
  expect(res.status).toBe(403);
  expect((await res.json()).error.code).toBe('MISSING_CSRF_TOKEN');
  const invalid = await subscribe('sem-arroba');
  expect(invalid.status).toBe(400);
  expect((await invalid.json()).error).toMatchObject({
    code: 'VALIDATION',
    message: 'Email inválido',
  });
});

test('one client address may ask 10 times an hour; one email gets at most 3 mails', async () => {
  const from = newAddress();
  for (let i = 0; i < 10; i++) expect((await subscribe(newEmail('lote'), from)).status).toBe(202);
  const blocked = await subscribe(newEmail('lote'), from);
  expect(blocked.status).toBe(429);
  expect((await blocked.json()).error).toEqual({
    code: 'RATE_LIMITED',
    message:
      'Demasiados pedidos de subscrição a partir deste endereço. Tente novamente dentro de 60 minutos.',
  });

  const target = newEmail('alvo');
  const answers = [];
  for (let i = 0; i < 5; i++) answers.push((await subscribe(target)).status);
  // The same answer every time, and no more than 3 mails in the target's mailbox.
  expect(answers).toEqual([202, 202, 202, 202, 202]);
  expect(await mailTo(target)).toHaveLength(3);
});

test('by SMTP, every newsletter message carries the one-click List-Unsubscribe headers', async () => {
  const sink: SmtpSink = await startSmtpSink();
  const logger = pino({ level: 'silent' });
  const smtp = await createTestApp({
    db: t.db,
    mailer: createMailer({ db: t.db.db, logger, smtpUrl: sink.url, devMailbox: false }),
  });
  try {
    const email = newEmail('smtp');
    const res = await smtp.app.request(
      '/api/newsletter/subscribe',
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: TEST_ORIGIN,
          'x-csrf-token': TEST_CSRF_TOKEN,
        },
        body: JSON.stringify({ email }),
      },
      peerEnv(newAddress()),
    );
    expect(res.status).toBe(202);
    await expect.poll(() => sink.messages.length).toBe(1);
    const raw = sink.messages[0]?.raw.replace(/\r?\n[ \t]+/g, ' ') ?? '';
    expect(sink.messages[0]?.to).toEqual([email]);
    expect(raw).toMatch(
      /^List-Unsubscribe: <http:\/\/localhost\/api\/newsletter\/one-click\?token=[\w.%-]+>$/m,
    );
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  } finally {
    await smtp.close();
    await sink.close();
  }
});
