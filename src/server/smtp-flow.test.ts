// The real server with SMTP_URL pointing at a local SMTP sink (what `npm start` does with
// SMTP_URL set): sign-up, verification and password reset deliver real mail, and the dev
// mailbox is off.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  cookiesOf,
  particularSignUp,
  RESET_SUBJECT,
  TEST_PASSWORD,
  VERIFY_SUBJECT,
} from '#server/features/auth/test-helpers.ts';
import { startServer, type RunningServer } from '#server/server.ts';
import { startSmtpSink, type SmtpSink } from '#tests/setup/smtp-sink.ts';
import { TEST_CSRF_TOKEN } from '#tests/setup/test-app.ts';

let sink: SmtpSink;
let server: RunningServer;
let dataDir: string;

beforeAll(async () => {
  sink = await startSmtpSink();
  dataDir = mkdtempSync(path.join(tmpdir(), 'papelada-smtp-'));
  server = await startServer({ port: 0, dataDir, smtpUrl: sink.url, logLevel: 'silent' });
});

afterAll(async () => {
  await server.close();
  await sink.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function post(pathname: string, body: unknown, cookie = '') {
  return fetch(`${server.url}${pathname}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: server.url,
      'x-csrf-token': TEST_CSRF_TOKEN,
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  });
}

/** The first /api/auth link of the newest captured mail to `to` with that subject. */
async function mailedLink(to: string, subject: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const mail = [...sink.messages]
      .reverse()
      .find((m) => m.to.includes(to) && m.body.includes(subject));
    const link = mail?.body.match(/https?:\/\/[^\s"<>]+\/api\/auth\/[^\s"<>]+/)?.[0];
    if (link) return link.replaceAll('&amp;', '&');
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no "${subject}" mail to ${to}`);
}

test('sign-up, verification and reset arrive by SMTP, and the dev mailbox is off', async () => {
  const email = 'smtp.flow@exemplo.pt';
  expect((await post('/api/account/sign-up', particularSignUp(email))).status).toBe(201);

  const verified = await fetch(await mailedLink(email, VERIFY_SUBJECT), { redirect: 'manual' });
  expect(verified.status).toBe(302);
  expect(verified.headers.get('location')).toContain('/auth/callback');
  const session = await fetch(`${server.url}/api/auth/get-session`, {
    headers: { cookie: cookiesOf(verified) },
  });
  expect((await session.json()).user.email).toBe(email);

  expect((await fetch(`${server.url}/api/dev/emails`)).status).toBe(404);
  expect((await fetch(`${server.url}/dev/emails`)).status).toBe(404);

  expect(
    (await post('/api/auth/request-password-reset', { email, redirectTo: '/auth/reset-password' }))
      .status,
  ).toBe(200);
  const resetLink = await fetch(await mailedLink(email, RESET_SUBJECT), { redirect: 'manual' });
  const token = new URL(resetLink.headers.get('location') ?? '', server.url).searchParams.get(
    'token',
  );
  expect(token).toBeTruthy();
  expect(
    (await post('/api/auth/reset-password', { token, newPassword: 'novaSenha42' })).status,
  ).toBe(200);

  expect((await post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD })).status).toBe(
    401,
  );
  expect((await post('/api/auth/sign-in/email', { email, password: 'novaSenha42' })).status).toBe(
    200,
  );
}, 60_000);
