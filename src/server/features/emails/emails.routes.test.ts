import { and, eq, like } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { authUsers, authVerifications, devOutbox, emailAudit } from '#server/db/schema/index.ts';
import {
  latestLinks,
  postJson,
  RESET_SUBJECT,
  signUpVerified,
  VERIFY_SUBJECT,
} from '#server/features/auth/test-helpers.ts';
import { createMailer } from '#server/services/mail/mailer.ts';
import { passwordResetEmail } from '#server/services/mail/templates/password-reset-email.ts';
import {
  createTestApp,
  TEST_CSRF_TOKEN,
  TEST_ORIGIN,
  type TestApp,
} from '#tests/setup/test-app.ts';

type History = {
  items: {
    id: string;
    to: string;
    type: string;
    subject: string;
    status: string;
    errorMessage: string | null;
    createdAt: string;
  }[];
};

let t: TestApp;
let cookie: string;
let accountId: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await signUpVerified(t, 'historico@exemplo.pt');
  accountId = (
    (await (await t.app.request('/api/profile', { headers: { cookie } })).json()) as {
      accountId: string;
    }
  ).accountId;
});

afterAll(async () => {
  await t.close();
});

async function history(as = cookie): Promise<History> {
  const res = await t.app.request('/api/emails', { headers: { cookie: as } });
  expect(res.status).toBe(200);
  return (await res.json()) as History;
}

function resend(id: string, as = cookie) {
  return t.app.request(`/api/emails/${id}/resend`, {
    method: 'POST',
    headers: { cookie: as, origin: TEST_ORIGIN, 'x-csrf-token': TEST_CSRF_TOKEN },
  });
}

test('GET /api/emails needs a session', async () => {
  expect((await t.app.request('/api/emails')).status).toBe(401);
});

test('the history lists the account emails newest first, without their bodies', async () => {
  const mailer = createMailer({ db: t.db.db, logger: pino({ level: 'silent' }), devMailbox: true });
  await mailer.send({
    accountId,
    to: 'historico@exemplo.pt',
    type: 'password_reset',
    ...passwordResetEmail({ name: 'Ana', url: 'http://localhost/api/auth/reset-password/x' }),
  });
  const { items } = await history();
  expect(items.map((i) => i.type)).toEqual(['password_reset', 'verification']);
  expect(items[1]).toEqual({
    id: expect.any(String),
    to: 'historico@exemplo.pt',
    type: 'verification',
    subject: 'Confirme o seu email',
    status: 'sent',
    errorMessage: null,
    createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
  });
  expect(JSON.stringify(items)).not.toContain('token');
});

test('resend sends the message again and answers ok', async () => {
  const { items } = await history();
  const verification = items.find((i) => i.type === 'verification');
  if (!verification) throw new Error('no verification email');
  const before = await t.db.db
    .select()
    .from(devOutbox)
    .where(eq(devOutbox.toAddress, 'historico@exemplo.pt'));
  const res = await resend(verification.id);
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ ok: true });
  const after = await t.db.db
    .select()
    .from(devOutbox)
    .where(eq(devOutbox.toAddress, 'historico@exemplo.pt'));
  expect(after).toHaveLength(before.length + 1);
});

test('a failed resend answers the spec code and message and marks the row failed', async () => {
  const { items } = await history();
  const reset = items.find((i) => i.type === 'password_reset');
  if (!reset) throw new Error('no reset email');
  // An address no server would take, as a bounced import might leave behind.
  await t.db.db
    .update(emailAudit)
    .set({ toAddress: 'historico-sem-dominio' })
    .where(and(eq(emailAudit.accountId, accountId), eq(emailAudit.id, reset.id)));
  const res = await resend(reset.id);
  expect(res.status).toBe(422);
  expect(await res.json()).toEqual({
    error: { code: 'INVALID_EMAIL', message: 'Endereço de email inválido' },
  });
  const row = (await history()).items.find((i) => i.id === reset.id);
  expect(row).toMatchObject({ status: 'failed', errorMessage: 'Endereço de email inválido' });
});

test('resend of an unknown or malformed id is 404', async () => {
  expect((await resend('00000000-0000-4000-8000-000000000000')).status).toBe(404);
  const malformed = await resend('nao-e-um-uuid');
  expect(malformed.status).toBe(404);
  expect(await malformed.json()).toEqual({
    error: { code: 'NOT_FOUND', message: 'Recurso não encontrado.' },
  });
});

/** The links of the newest dev-outbox mail to `to` whose subject contains `subject`. */
const newestLinks = (to: string, subject: string) => latestLinks(t, to, subject);

async function outboxCount(to: string): Promise<number> {
  return (await t.db.db.select().from(devOutbox).where(eq(devOutbox.toAddress, to))).length;
}

async function accountIdOf(as: string): Promise<string> {
  const res = await t.app.request('/api/profile', { headers: { cookie: as } });
  return ((await res.json()) as { accountId: string }).accountId;
}

function sendNotice(account: string, to: string, n: number) {
  const mailer = createMailer({ db: t.db.db, logger: pino({ level: 'silent' }), devMailbox: true });
  return mailer.send({
    accountId: account,
    to,
    type: 'test_notice',
    template: 'test_notice',
    subject: `Aviso ${n}`,
    text: `Aviso ${n}`,
    html: `<p>Aviso ${n}</p>`,
  });
}

const RATE_LIMITED = {
  error: {
    code: 'RATE_LIMIT',
    message: 'Demasiadas tentativas. Tente novamente em alguns minutos',
  },
};

test('one email is resent at most 3 times an hour, then 429 RATE_LIMIT and nothing sent', async () => {
  const email = 'reenvio-linha@exemplo.pt';
  const as = await signUpVerified(t, email);
  const sent = await sendNotice(await accountIdOf(as), 'destino-linha@exemplo.pt', 1);
  const before = await outboxCount('destino-linha@exemplo.pt');
  for (let i = 0; i < 3; i++) expect((await resend(sent.auditId, as)).status).toBe(200);
  for (let i = 0; i < 27; i++) {
    const refused = await resend(sent.auditId, as);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual(RATE_LIMITED);
  }
  expect(await outboxCount('destino-linha@exemplo.pt')).toBe(before + 3);
});

test('one account resends at most 20 emails an hour across its rows', async () => {
  const as = await signUpVerified(t, 'reenvio-conta@exemplo.pt');
  const account = await accountIdOf(as);
  const rows = [];
  for (let n = 0; n < 8; n++) rows.push(await sendNotice(account, 'destino-conta@exemplo.pt', n));
  let ok = 0;
  for (const row of rows) {
    for (let i = 0; i < 3; i++) if ((await resend(row.auditId, as)).status === 200) ok++;
  }
  expect(ok).toBe(20);
  const fresh = await sendNotice(account, 'destino-conta@exemplo.pt', 99);
  const refused = await resend(fresh.auditId, as);
  expect(refused.status).toBe(429);
  expect(await refused.json()).toEqual(RATE_LIMITED);
  // Another account is not held back by this one's count.
  const other = (await history()).items.find((i) => i.type === 'verification');
  expect((await resend(other?.id ?? '')).status).toBe(200);
});

test('resending an expired verification email sends a new link that works', async () => {
  const email = 'verificacao-expirada@exemplo.pt';
  const as = await signUpVerified(t, email);
  const account = await accountIdOf(as);
  const [oldLink] = await newestLinks(email, VERIFY_SUBJECT);
  const row = (await history(as)).items.find((i) => i.type === 'verification');
  if (!oldLink || !row) throw new Error('no verification email');
  // The address is to be confirmed again, and 25 hours have passed: the 24-hour link expired.
  await t.db.db.update(authUsers).set({ emailVerified: false }).where(eq(authUsers.id, account));
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 25 * 3_600_000 });
  try {
    const expired = await t.app.request(oldLink);
    expect(expired.headers.get('location')).toContain('error=TOKEN_EXPIRED');

    expect((await resend(row.id, as)).status).toBe(200);
    const [newLink] = await newestLinks(email, VERIFY_SUBJECT);
    expect(newLink).toBeDefined();
    expect(newLink).not.toBe(oldLink);
    const followed = await t.app.request(newLink ?? '');
    expect(followed.status).toBe(302);
    expect(followed.headers.get('location')).not.toContain('error=');
  } finally {
    vi.useRealTimers();
  }
  const [user] = await t.db.db.select().from(authUsers).where(eq(authUsers.id, account));
  expect(user?.emailVerified).toBe(true);
});

test('resending an expired reset email sends a new link that resets the password', async () => {
  const email = 'reposicao-expirada@exemplo.pt';
  const as = await signUpVerified(t, email);
  const asked = await postJson(t, '/api/auth/request-password-reset', {
    email,
    redirectTo: '/auth/reset-password',
  });
  expect(asked.status).toBe(200);
  // Auth mails are delivered after the answer (issue 12.4): wait for it to land.
  let oldLink: string | undefined;
  for (let i = 0; i < 100 && !oldLink; i++) {
    oldLink = await newestLinks(email, RESET_SUBJECT).then(
      ([link]) => link,
      () => new Promise<undefined>((resolve) => setTimeout(resolve, 20)),
    );
  }
  const row = (await history(as)).items.find((i) => i.type === 'password_reset');
  if (!oldLink || !row) throw new Error('no reset email');
  // The hour is over.
  await t.db.db
    .update(authVerifications)
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where(like(authVerifications.identifier, 'reset-password:%'));
  const stale = await t.app.request(oldLink);
  expect(stale.headers.get('location')).toContain('error=INVALID_TOKEN');

  expect((await resend(row.id, as)).status).toBe(200);
  const [newLink] = await newestLinks(email, RESET_SUBJECT);
  expect(newLink).toBeDefined();
  expect(newLink).not.toBe(oldLink);
  const followed = await t.app.request(newLink ?? '');
  const location = new URL(followed.headers.get('location') ?? '', TEST_ORIGIN);
  expect(location.pathname).toBe('/auth/reset-password');
  const token = location.searchParams.get('token');
  expect(token).toBeTruthy();
  const reset = await postJson(t, '/api/auth/reset-password', { token, newPassword: 'novaSenha1' });
  expect(reset.status).toBe(200);
  const signIn = await postJson(t, '/api/auth/sign-in/email', { email, password: 'novaSenha1' });
  expect(signIn.status).toBe(200);
  // The history keeps what was last sent: the row now holds the new link.
  const [stored] = await t.db.db.select().from(emailAudit).where(eq(emailAudit.id, row.id));
  expect(JSON.stringify(stored?.metadata)).toContain(newLink?.split('?')[0]);
});
