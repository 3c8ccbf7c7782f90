import { eq } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { authSessions, authUsers, authVerifications } from '#server/db/schema/index.ts';
import { GOOGLE_SIGN_IN_BODY } from '#shared/google-sign-in.ts';
import { createTestApp, TEST_CSRF_TOKEN, TEST_ORIGIN } from '#tests/setup/test-app.ts';
import {
  cookiesOf,
  latestLink,
  particularSignUp,
  postJson,
  RESET_SUBJECT,
  signUpVerified,
  TEST_PASSWORD,
  VERIFY_SUBJECT,
} from './test-helpers.ts';

// Behind a declared proxy (TRUST_PROXY=1), so each test can be its own client IP for the rate
// limits by the X-Forwarded-For entry that proxy would write.
const t = await createTestApp({ appUrl: TEST_ORIGIN, trustProxy: { hops: 1 } });
afterAll(() => t.close());

let ipSequence = 0;
const nextIp = () => `203.0.113.${++ipSequence}`;

const signIn = (email: string, password: string, ip = nextIp()) =>
  postJson(t, '/api/auth/sign-in/email', { email, password }, { 'x-forwarded-for': ip });
const getSession = async (cookie: string) =>
  (await t.app.request('/api/auth/get-session', { headers: { cookie } })).json() as Promise<{
    user: { email: string };
  } | null>;
const codeOf = async (res: Response) => {
  const body = (await res.json()) as { code?: string; error?: { code: string } };
  return body.error?.code ?? body.code;
};

test('sign-in before verification is refused with 403 EMAIL_NOT_VERIFIED and resends the email', async () => {
  await postJson(t, '/api/account/sign-up', particularSignUp('nova@exemplo.pt'));
  const first = await latestLink(t, 'nova@exemplo.pt', VERIFY_SUBJECT);
  const res = await signIn('nova@exemplo.pt', TEST_PASSWORD);
  expect(res.status).toBe(403);
  expect(await codeOf(res)).toBe('EMAIL_NOT_VERIFIED');
  expect(await latestLink(t, 'nova@exemplo.pt', VERIFY_SUBJECT)).not.toBe(first);
});

test('the verification link redirects to /auth/callback signed in', async () => {
  await postJson(t, '/api/account/sign-up', particularSignUp('verifica@exemplo.pt'));
  const res = await t.app.request(await latestLink(t, 'verifica@exemplo.pt', VERIFY_SUBJECT));
  expect(res.status).toBe(302);
  expect(res.headers.get('location')).toBe('/auth/callback');
  const setCookie = res.headers.getSetCookie().join('\n');
  expect(setCookie).toMatch(/better-auth\.session_token=[^;]+;.*HttpOnly/i);
  expect(setCookie).toMatch(/SameSite=Lax/i);
  expect((await getSession(cookiesOf(res)))?.user.email).toBe('verifica@exemplo.pt');
  const [user] = await t.db.db
    .select()
    .from(authUsers)
    .where(eq(authUsers.email, 'verifica@exemplo.pt'));
  expect(user?.emailVerified).toBe(true);
});

test('a bad verification token redirects with an error', async () => {
  const res = await t.app.request('/api/auth/verify-email?token=nope&callbackURL=/auth/callback');
  expect(res.status).toBe(302);
  expect(res.headers.get('location')).toMatch(/^\/auth\/callback\?error=/);
});

test('get-session without a cookie answers null', async () => {
  const res = await t.app.request('/api/auth/get-session');
  expect(res.status).toBe(200);
  expect(await res.json()).toBeNull();
});

test('sign-in with the right password sets the session; a wrong one is 401 INVALID_EMAIL_OR_PASSWORD', async () => {
  await signUpVerified(t, 'entra@exemplo.pt');
  const wrong = await signIn('entra@exemplo.pt', 'errada123');
  expect(wrong.status).toBe(401);
  expect(await codeOf(wrong)).toBe('INVALID_EMAIL_OR_PASSWORD');
  const unknown = await signIn('ninguem@exemplo.pt', TEST_PASSWORD);
  expect(unknown.status).toBe(401);

  const ok = await signIn('entra@exemplo.pt', TEST_PASSWORD);
  expect(ok.status).toBe(200);
  expect((await getSession(cookiesOf(ok)))?.user.email).toBe('entra@exemplo.pt');
});

test('sign-out ends the session', async () => {
  const cookie = await signUpVerified(t, 'sai@exemplo.pt');
  const res = await postJson(t, '/api/auth/sign-out', {}, { cookie });
  expect(res.status).toBe(200);
  expect(res.headers.getSetCookie().join('\n')).toMatch(/better-auth\.session_token=;/);
  expect(await getSession(cookie)).toBeNull();
});

test('Better Auth refuses a foreign Origin even with a CSRF token', async () => {
  const res = await t.app.request('/api/auth/sign-in/email', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: 'https://evil.example',
      'x-csrf-token': TEST_CSRF_TOKEN,
    },
    body: JSON.stringify({ email: 'a@exemplo.pt', password: TEST_PASSWORD }),
  });
  expect(res.status).toBe(403);
});

test('the password reset flow: emailed link, new password, old sessions and password refused', async () => {
  const oldCookie = await signUpVerified(t, 'esqueci@exemplo.pt');
  const request = await postJson(
    t,
    '/api/auth/request-password-reset',
    { email: 'esqueci@exemplo.pt', redirectTo: '/auth/reset-password' },
    { 'x-forwarded-for': nextIp() },
  );
  expect(request.status).toBe(200);
  const link = await latestLink(t, 'esqueci@exemplo.pt', RESET_SUBJECT);
  expect(link).toMatch(/^http:\/\/localhost\/api\/auth\/reset-password\/[^?]+\?callbackURL=/);

  const opened = await t.app.request(link);
  expect(opened.status).toBe(302);
  const location = new URL(opened.headers.get('location') ?? '', TEST_ORIGIN);
  expect(location.pathname).toBe('/auth/reset-password');
  const token = location.searchParams.get('token') ?? '';
  expect(token).not.toBe('');

  const weak = await postJson(t, '/api/auth/reset-password', { token, newPassword: 'abcdefgh' });
  expect(weak.status).toBe(400);
  expect(await weak.json()).toMatchObject({
    error: { code: 'VALIDATION', message: 'A senha deve conter pelo menos uma letra e um número' },
  });
  const short = await postJson(t, '/api/auth/reset-password', { token, newPassword: 'abc12' });
  expect(((await short.json()) as { error: { message: string } }).error.message).toBe(
    'A senha deve ter pelo menos 8 caracteres',
  );

  const reset = await postJson(t, '/api/auth/reset-password', { token, newPassword: 'novaSenha1' });
  expect(reset.status).toBe(200);
  expect(await getSession(oldCookie)).toBeNull();
  expect((await signIn('esqueci@exemplo.pt', TEST_PASSWORD)).status).toBe(401);
  expect((await signIn('esqueci@exemplo.pt', 'novaSenha1')).status).toBe(200);
  const reused = await postJson(t, '/api/auth/reset-password', {
    token,
    newPassword: 'outraSenha2',
  });
  expect(reused.status).toBe(400);
});

test('a reset request for an unknown email answers 200 and sends nothing', async () => {
  const res = await postJson(
    t,
    '/api/auth/request-password-reset',
    { email: 'fantasma@exemplo.pt', redirectTo: '/auth/reset-password' },
    { 'x-forwarded-for': nextIp() },
  );
  expect(res.status).toBe(200);
  await expect(latestLink(t, 'fantasma@exemplo.pt', RESET_SUBJECT)).rejects.toThrow();
});

test('the fourth reset request within 15 minutes is refused for 30 minutes, per email', async () => {
  const body = { email: 'limite@exemplo.pt', redirectTo: '/auth/reset-password' };
  for (let i = 0; i < 3; i++) {
    expect(
      (await postJson(t, '/api/auth/request-password-reset', body, { 'x-forwarded-for': nextIp() }))
        .status,
    ).toBe(200);
  }
  const res = await postJson(t, '/api/auth/request-password-reset', body, {
    'x-forwarded-for': nextIp(),
  });
  expect(res.status).toBe(429);
  expect(await res.json()).toEqual({
    error: {
      code: 'RESET_RATE_LIMITED',
      message: 'Muitas tentativas. Tente novamente em 30 minutos.',
    },
  });
});

test('reset requests are limited per IP too', async () => {
  const ip = nextIp();
  for (const n of [1, 2, 3]) {
    const body = { email: `ip${n}@exemplo.pt`, redirectTo: '/auth/reset-password' };
    expect(
      (await postJson(t, '/api/auth/request-password-reset', body, { 'x-forwarded-for': ip }))
        .status,
    ).toBe(200);
  }
  const body = { email: 'ip4@exemplo.pt', redirectTo: '/auth/reset-password' };
  const res = await postJson(t, '/api/auth/request-password-reset', body, {
    'x-forwarded-for': ip,
  });
  expect(res.status).toBe(429);
});

// Issue 12.3: per email and address; the owner elsewhere is not locked out (login-lockout.test.ts).
test('ten failed sign-ins for an email from one address block it there, even with the right password', async () => {
  await signUpVerified(t, 'alvo@exemplo.pt');
  const ip = nextIp();
  for (let i = 0; i < 10; i++)
    expect((await signIn('alvo@exemplo.pt', `errada${i}`, ip)).status).toBe(401);
  const res = await signIn('alvo@exemplo.pt', TEST_PASSWORD, ip);
  expect(res.status).toBe(429);
  expect(await res.json()).toEqual({
    error: { code: 'TOO_MANY_REQUESTS', message: 'Demasiadas tentativas. Aguarde alguns minutos' },
  });
});

test("a successful sign-in resets that address's failure count for the email", async () => {
  await signUpVerified(t, 'distraido@exemplo.pt');
  const ip = nextIp();
  for (let i = 0; i < 9; i++) await signIn('distraido@exemplo.pt', 'errada123', ip);
  expect((await signIn('distraido@exemplo.pt', TEST_PASSWORD, ip)).status).toBe(200);
  for (let i = 0; i < 9; i++) await signIn('distraido@exemplo.pt', 'errada123', ip);
  expect((await signIn('distraido@exemplo.pt', TEST_PASSWORD, ip)).status).toBe(200);
});

test('thirty failed sign-ins from one IP block that IP', async () => {
  const ip = nextIp();
  for (let i = 0; i < 30; i++) await signIn(`spray${i}@exemplo.pt`, 'errada123', ip);
  const res = await signIn('outro@exemplo.pt', 'errada123', ip);
  expect(res.status).toBe(429);
  expect((await signIn('outro@exemplo.pt', 'errada123', nextIp())).status).toBe(401);
});

test('resending the verification email is limited to 5 per 15 minutes', async () => {
  await postJson(t, '/api/account/sign-up', particularSignUp('reenvio@exemplo.pt'));
  const body = { email: 'reenvio@exemplo.pt', callbackURL: '/auth/callback' };
  const resend = () =>
    postJson(t, '/api/auth/send-verification-email', body, { 'x-forwarded-for': nextIp() });
  for (let i = 0; i < 5; i++) expect((await resend()).status).toBe(200);
  const res = await resend();
  expect(res.status).toBe(429);
  expect(await res.json()).toEqual({
    error: {
      code: 'RATE_LIMIT',
      message: 'Demasiadas tentativas. Tente novamente em alguns minutos',
    },
  });
});

test("Better Auth's own sign-up route is off: sign-up goes through /api/account/sign-up", async () => {
  const res = await postJson(t, '/api/auth/sign-up/email', {
    name: 'X',
    email: 'atalho@exemplo.pt',
    password: TEST_PASSWORD,
  });
  expect(res.status).toBe(404);
  const users = await t.db.db
    .select()
    .from(authUsers)
    .where(eq(authUsers.email, 'atalho@exemplo.pt'));
  expect(users).toEqual([]);
});

test('GET /api/auth/providers says whether Google is configured', async () => {
  expect(await (await t.app.request('/api/auth/providers')).json()).toEqual({ google: false });
  const withGoogle = await createTestApp({ google: { clientId: 'id', clientSecret: 'segredo' } });
  try {
    expect(await (await withGoogle.app.request('/api/auth/providers')).json()).toEqual({
      google: true,
    });
  } finally {
    await withGoogle.close();
  }
});

test("the web's Google sign-in asks Better Auth to send a just-created account to /?novo=1", async () => {
  const withGoogle = await createTestApp({ google: { clientId: 'id', clientSecret: 'segredo' } });
  try {
    const res = await postJson(withGoogle, '/api/auth/sign-in/social', GOOGLE_SIGN_IN_BODY);
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    expect(new URL(url).host).toBe('accounts.google.com');
    // The callback reads the redirect targets back from the stored state: a registration goes
    // to newUserURL (the dashboard's 'Conta criada e login realizado com sucesso!'), any
    // other sign-in to callbackURL.
    const states = (await withGoogle.db.db.select().from(authVerifications)).map(
      (row) => JSON.parse(row.value) as { callbackURL?: string; newUserURL?: string },
    );
    expect(states).toEqual([expect.objectContaining({ callbackURL: '/', newUserURL: '/?novo=1' })]);
  } finally {
    await withGoogle.close();
  }
});

test('sessions are rows in the database, so any instance can read them', async () => {
  const cookie = await signUpVerified(t, 'multi@exemplo.pt');
  const [user] = await t.db.db
    .select()
    .from(authUsers)
    .where(eq(authUsers.email, 'multi@exemplo.pt'));
  const rows = await t.db.db
    .select()
    .from(authSessions)
    .where(eq(authSessions.userId, user?.id ?? ''));
  expect(rows).toHaveLength(1);
  const other = await createTestApp({ db: t.db, appUrl: TEST_ORIGIN });
  expect((await getSessionFrom(other.app, cookie))?.user.email).toBe('multi@exemplo.pt');
});

async function getSessionFrom(app: typeof t.app, cookie: string) {
  const res = await app.request('/api/auth/get-session', { headers: { cookie } });
  return (await res.json()) as { user: { email: string } } | null;
}
