// Helpers for API tests that need a user: sign up through the real endpoint, read the link
// from the dev outbox, follow it, and carry the session cookie like a browser would.
import { desc, eq } from 'drizzle-orm';
import { devOutbox } from '#server/db/schema/index.ts';
import type { TestApp } from '#tests/setup/test-app.ts';
import { peerEnv, TEST_CSRF_TOKEN, TEST_ORIGIN } from '#tests/setup/test-request.ts';

export const TEST_PASSWORD = 'segredo123';

/** A state-changing JSON request as the web client sends it (Origin + X-CSRF-Token). */
export function postJson(
  t: TestApp,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return Promise.resolve(
    t.app.request(path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: TEST_ORIGIN,
        'x-csrf-token': TEST_CSRF_TOKEN,
        ...headers,
      },
      body: JSON.stringify(body),
    }),
  );
}

export function particularSignUp(email: string, overrides: Record<string, unknown> = {}) {
  return {
    accountType: 'particular',
    email,
    password: TEST_PASSWORD,
    confirmPassword: TEST_PASSWORD,
    fullName: 'Ana Silva',
    acceptTerms: true,
    ...overrides,
  };
}

/** The `name=value` pairs of a response's Set-Cookie headers, ready for a Cookie header. */
export function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

/** The /api/auth links of the newest mail to `to` whose subject contains `subject`. */
export async function latestLinks(t: TestApp, to: string, subject: string): Promise<string[]> {
  const rows = await t.db.db
    .select()
    .from(devOutbox)
    .where(eq(devOutbox.toAddress, to))
    .orderBy(desc(devOutbox.createdAt));
  const mail = rows.find((row) => row.subject.includes(subject));
  if (!mail) throw new Error(`no "${subject}" mail to ${to}`);
  return mail.links.filter((l) => l.includes('/api/auth/'));
}

/** The first link of the newest mail to `to` whose subject contains `subject`. */
export async function latestLink(t: TestApp, to: string, subject: string): Promise<string> {
  const [link] = await latestLinks(t, to, subject);
  if (!link) throw new Error(`no "${subject}" mail with a link to ${to}`);
  return link;
}

/** POST /api/auth/request-password-reset from the TCP peer `fromIp` (each test its own address). */
export function requestPasswordReset(t: TestApp, email: string, fromIp: string): Promise<Response> {
  return Promise.resolve(
    t.app.request(
      '/api/auth/request-password-reset',
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: TEST_ORIGIN,
          'x-csrf-token': TEST_CSRF_TOKEN,
        },
        body: JSON.stringify({ email, redirectTo: '/auth/reset-password' }),
      },
      peerEnv(fromIp),
    ),
  );
}

export const VERIFY_SUBJECT = 'Confirme o seu email';
export const RESET_SUBJECT = 'Redefinir a sua palavra-passe';

/** Signs up, follows the emailed verification link, and returns the session cookie. */
export async function signUpVerified(
  t: TestApp,
  email: string,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const res = await postJson(t, '/api/account/sign-up', particularSignUp(email, overrides));
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const verified = await t.app.request(await latestLink(t, email, VERIFY_SUBJECT));
  const cookie = cookiesOf(verified);
  if (!cookie) throw new Error('verification gave no session cookie');
  return cookie;
}
