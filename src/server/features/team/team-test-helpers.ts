// Helpers for the team API tests: requests from one browser (its session cookie and, when it has
// one, its team cookie), the mail the team routes send as the dev outbox keeps it, and a mail
// server that is down.
import { createServer, type AddressInfo } from 'node:net';
import { desc, eq } from 'drizzle-orm';
import { pino } from 'pino';
import type { Database } from '#server/db/client.ts';
import { devOutbox } from '#server/db/schema/index.ts';
import { createMailer, type Mailer } from '#server/services/mail/mailer.ts';
import { TEAM_COOKIE } from '#shared/team.ts';
import { cookiesOf, postJson, TEST_PASSWORD } from '#server/features/auth/test-helpers.ts';
import { LOOPBACK_ENV, TEST_CSRF_TOKEN, TEST_ORIGIN, type TestApp } from '#tests/setup/test-app.ts';

export type Answer = {
  status: number;
  body: unknown;
  /** undefined: the answer did not set the team cookie; null: it cleared it; else its token. */
  teamCookie: string | null | undefined;
};

export type Browser = { cookie: string; team?: string };

/** A request as the web client sends it, from `browser` (its team cookie too, when it has one). */
export async function teamCall(
  app: TestApp['app'],
  browser: Browser,
  method: string,
  path: string,
  body?: unknown,
  env: object = LOOPBACK_ENV,
): Promise<Answer> {
  const cookie =
    browser.team === undefined
      ? browser.cookie
      : `${browser.cookie}; ${TEAM_COOKIE}=${browser.team}`;
  const res = await app.request(
    `${TEST_ORIGIN}${path}`,
    {
      method,
      headers: {
        origin: TEST_ORIGIN,
        'x-csrf-token': TEST_CSRF_TOKEN,
        cookie,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    },
    env,
  );
  const setCookie = res.headers.getSetCookie().find((c) => c.startsWith(`${TEAM_COOKIE}=`));
  const value = setCookie?.slice(TEAM_COOKIE.length + 1).split(';')[0];
  const teamCookie = setCookie === undefined ? undefined : value ? value : null;
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, teamCookie };
}

export const errorOf = (answer: Answer) =>
  (answer.body as { error?: { code: string; message: string } }).error;

/** The newest mail to `to` whose subject contains `subject`, as the dev outbox keeps it. */
export async function latestMail(db: Database, to: string, subject: string) {
  const rows = await db
    .select()
    .from(devOutbox)
    .where(eq(devOutbox.toAddress, to))
    .orderBy(desc(devOutbox.createdAt));
  const mail = rows.find((row) => row.subject.includes(subject));
  if (!mail) throw new Error(`no "${subject}" mail to ${to}`);
  return mail;
}

/** A mailer whose SMTP server is not there: every send fails (NETWORK_ERROR), as in production. */
export async function mailerWithServerDown(db: Database): Promise<Mailer> {
  // A port that was free a moment ago and has nothing listening now.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return createMailer({
    db,
    logger: pino({ level: 'silent' }),
    smtpUrl: `smtp://127.0.0.1:${port}`,
    devMailbox: false,
  });
}

/** A second browser of the same person: a new sign-in, a new session cookie. */
export async function signInAgain(t: TestApp, email: string): Promise<string> {
  const res = await postJson(t, '/api/auth/sign-in/email', { email, password: TEST_PASSWORD });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return cookiesOf(res);
}
