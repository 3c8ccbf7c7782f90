// The "done means" on the server side: the real server runs on a PGlite data folder and
// the real CLI changes a plan meanwhile — through the server's admin socket, so the running
// server applies it at once and its open event streams hear it (ADR 018).
import { existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sseReader } from '#server/features/events/events-test-helpers.ts';
import { invoiceBody } from '#server/features/invoices/invoice-test-helpers.ts';
import { startServer, type RunningServer } from '#server/server.ts';
import { runAdminCli } from './admin-cli-test-helpers.ts';
import { DataDirInUseError } from './admin-socket.ts';

// Named only: the server makes it.
const dataDir = path.join(tmpdir(), `papelada-live-${process.pid}-${Date.now()}`);
const cliEnv = { env: { DATA_DIR: dataDir } };
const EMAIL = 'ao-vivo@exemplo.pt';
const PASSWORD = 'segredo123';
let server: RunningServer | undefined;
let base: string;

// PGlite only: the PostgreSQL pass of CI (TEST_DATABASE_URL) has nothing to add here.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('a server on a PGlite data folder', () => {
  beforeAll(async () => {
    server = await startServer({ port: 0, dataDir, logLevel: 'silent' });
    base = server.url;
  });

  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  function send(method: 'POST', url: string, body: unknown, cookie = '') {
    return fetch(`${base}${url}`, {
      method,
      headers: {
        origin: base,
        'content-type': 'application/json',
        'x-csrf-token': 'e'.repeat(64),
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify(body),
    });
  }

  test('set-plan through the running server lifts the limit at once and the open stream hears it', async () => {
    const signUp = await send('POST', '/api/account/sign-up', {
      accountType: 'particular',
      fullName: 'Conta Ao Vivo',
      email: EMAIL,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      acceptTerms: true,
    });
    expect(signUp.status).toBe(201);
    // The verification mail is not needed: the operator verifies the email through the server.
    const verified = await runAdminCli(['verify-email', EMAIL], cliEnv);
    expect(verified).toEqual({
      code: 0,
      stdout: `Email ${EMAIL} marcado como verificado.\n`,
      stderr: '',
    });
    const signIn = await send('POST', '/api/auth/sign-in/email', {
      email: EMAIL,
      password: PASSWORD,
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');

    for (let i = 0; i < 15; i++) {
      expect((await send('POST', '/api/invoices', invoiceBody(), cookie)).status).toBe(201);
    }
    const refused = await send('POST', '/api/invoices', invoiceBody(), cookie);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: 'MONTHLY_LIMIT_REACHED' } });

    const stream = sseReader(await fetch(`${base}/api/events`, { headers: { cookie } }));
    expect((await stream.nextEvent(10_000)).event).toBe('ready');

    const granted = await runAdminCli(['set-plan', EMAIL, 'personal'], cliEnv);

    expect(granted.code).toBe(0);
    expect(granted.stdout).toContain(`Plano Personal atribuído a ${EMAIL}, sem data de fim.`);
    expect(await stream.nextEvent(10_000)).toMatchObject({ event: 'subscription.changed' });
    const counter = await fetch(`${base}/api/invoices/counter`, { headers: { cookie } });
    expect(await counter.json()).toMatchObject({ current_count: 15, monthly_limit: 120 });
    expect((await send('POST', '/api/invoices', invoiceBody(), cookie)).status).toBe(201);
    await stream.cancel();
  }, 240_000);

  test('a second server on the same data folder is refused while the first runs', async () => {
    await expect(startServer({ port: 0, dataDir, logLevel: 'silent' })).rejects.toBeInstanceOf(
      DataDirInUseError,
    );
  });

  test('the server removes its socket when it stops, and the CLI then opens the database', async () => {
    await server?.close();
    server = undefined;
    expect(existsSync(path.join(dataDir, 'admin.sock'))).toBe(false);
    const listed = await runAdminCli(['accounts'], cliEnv);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(
      new RegExp(`^${EMAIL} +Conta Ao Vivo +Personal +ativa, manual +— +16/120 `, 'm'),
    );
  }, 240_000);
});
