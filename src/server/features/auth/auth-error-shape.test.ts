// Issue 13.2: Better Auth's own error answers come in the API's one error shape, in pt-PT,
// keeping Better Auth's code.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, TEST_CSRF_TOKEN, TEST_ORIGIN } from '#tests/setup/test-app.ts';
import { AUTH_CODE_MESSAGES, authErrorBody, fallbackMessage } from './auth-error-shape.ts';
import { postJson, signUpVerified, TEST_PASSWORD } from './test-helpers.ts';

const t = await createTestApp();
afterAll(() => t.close());

let cookie = '';
beforeAll(async () => {
  cookie = await signUpVerified(t, 'forma@exemplo.pt');
});

/** Words that would only be there if Better Auth's English leaked through. */
const ENGLISH =
  /\b(the|invalid|password|email is|not|found|unauthorized|token|user|session|failed|required|allowed|too)\b/i;

type Case = {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** A raw body sent as text/plain. */
  text?: string;
  signedIn?: boolean;
  status: number;
  code: string;
};

const cases: Case[] = [
  {
    name: 'list-sessions, no session',
    method: 'GET',
    path: '/api/auth/list-sessions',
    status: 401,
    code: 'UNAUTHORIZED',
  },
  {
    name: 'revoke-sessions, no session',
    method: 'POST',
    path: '/api/auth/revoke-sessions',
    body: {},
    status: 401,
    code: 'UNAUTHORIZED',
  },
  {
    name: 'update-user, no session',
    method: 'POST',
    path: '/api/auth/update-user',
    body: { name: 'X' },
    status: 401,
    code: 'UNAUTHORIZED',
  },
  {
    name: 'change-password, no session',
    method: 'POST',
    path: '/api/auth/change-password',
    body: { currentPassword: 'a', newPassword: 'b' },
    status: 401,
    code: 'UNAUTHORIZED',
  },
  {
    name: 'list-accounts, no session',
    method: 'GET',
    path: '/api/auth/list-accounts',
    status: 401,
    code: 'UNAUTHORIZED',
  },
  {
    // Fields our input guard knows are checked before Better Auth (auth-input-guard.ts);
    // a missing one is Better Auth's to refuse.
    name: 'sign-in, no password',
    method: 'POST',
    path: '/api/auth/sign-in/email',
    body: { email: 'forma@exemplo.pt' },
    status: 400,
    code: 'VALIDATION_ERROR',
  },
  {
    name: 'sign-in, wrong password',
    method: 'POST',
    path: '/api/auth/sign-in/email',
    body: { email: 'forma@exemplo.pt', password: 'errada123' },
    status: 401,
    code: 'INVALID_EMAIL_OR_PASSWORD',
  },
  {
    name: 'sign-in, not JSON',
    method: 'POST',
    path: '/api/auth/sign-in/email',
    text: 'olá',
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
  },
  {
    name: 'reset-password, bad token',
    method: 'POST',
    path: '/api/auth/reset-password',
    body: { token: 'x', newPassword: 'abcdefg12' },
    status: 400,
    code: 'INVALID_TOKEN',
  },
  {
    name: 'reset request, no email',
    method: 'POST',
    path: '/api/auth/request-password-reset',
    body: { redirectTo: '/auth/reset-password' },
    status: 400,
    code: 'VALIDATION_ERROR',
  },
  {
    name: 'verification resend, no email',
    method: 'POST',
    path: '/api/auth/send-verification-email',
    body: { callbackURL: '/auth/callback' },
    status: 400,
    code: 'VALIDATION_ERROR',
  },
  {
    name: 'verify-email, bad token',
    method: 'GET',
    path: '/api/auth/verify-email?token=mau',
    status: 401,
    code: 'INVALID_TOKEN',
  },
  {
    name: 'change-password, too short',
    method: 'POST',
    path: '/api/auth/change-password',
    body: { currentPassword: TEST_PASSWORD, newPassword: 'b' },
    signedIn: true,
    status: 400,
    code: 'PASSWORD_TOO_SHORT',
  },
  {
    name: 'change-password, wrong current',
    method: 'POST',
    path: '/api/auth/change-password',
    body: { currentPassword: 'errada123', newPassword: 'novaSenha9' },
    signedIn: true,
    status: 400,
    code: 'INVALID_PASSWORD',
  },
  {
    name: 'update-user, not JSON',
    method: 'POST',
    path: '/api/auth/update-user',
    text: 'x',
    signedIn: true,
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
  },
  {
    name: 'unknown auth route',
    method: 'GET',
    path: '/api/auth/nada',
    status: 404,
    code: 'NOT_FOUND',
  },
];

test.each(cases)('$name: $status in the one error shape, in pt-PT', async (c) => {
  const headers: Record<string, string> = c.signedIn ? { cookie } : {};
  let res: Response;
  if (c.method === 'GET') {
    res = await t.app.request(c.path, { headers });
  } else if (c.text !== undefined) {
    res = await t.app.request(c.path, {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': 'text/plain',
        origin: TEST_ORIGIN,
        'x-csrf-token': TEST_CSRF_TOKEN,
      },
      body: c.text,
    });
  } else {
    res = await postJson(t, c.path, c.body, headers);
  }
  expect(res.status).toBe(c.status);
  expect(res.headers.get('content-type')).toMatch(/application\/json/);
  const body = (await res.json()) as { error: { code: string; message: string } };
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error.code).toBe(c.code);
  expect(body.error.message).toBe(AUTH_CODE_MESSAGES[c.code] ?? fallbackMessage(c.status));
  expect(body.error.message).not.toMatch(ENGLISH);
});

test('the spec texts: invalid credentials, unconfirmed email, expired link', () => {
  expect(AUTH_CODE_MESSAGES.INVALID_EMAIL_OR_PASSWORD).toBe('Credenciais de acesso inválidas');
  expect(AUTH_CODE_MESSAGES.EMAIL_NOT_VERIFIED).toBe(
    'Email não confirmado. Verifique a sua caixa de entrada',
  );
  expect(AUTH_CODE_MESSAGES.INVALID_TOKEN).toBe('Link de verificação inválido ou expirado');
});

test('every mapped message and every status fallback is pt-PT', () => {
  for (const message of Object.values(AUTH_CODE_MESSAGES)) expect(message).not.toMatch(ENGLISH);
  for (const status of [400, 401, 403, 404, 405, 409, 413, 415, 422, 429, 500, 503]) {
    expect(fallbackMessage(status)).not.toMatch(ENGLISH);
  }
  // An unknown code keeps its code and gets its status's message, never Better Auth's words.
  expect(
    authErrorBody(400, { code: 'SOMETHING_NEW', message: 'Something new went wrong' }),
  ).toEqual({
    error: { code: 'SOMETHING_NEW', message: fallbackMessage(400) },
  });
  expect(authErrorBody(500, null)).toEqual({
    error: { code: 'INTERNAL', message: fallbackMessage(500) },
  });
});
