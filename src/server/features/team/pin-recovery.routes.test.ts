// 'Esqueci o PIN' on the server (issue 18.7): a 6-character code mailed to the account's email,
// 15 minutes, one use, 5 tries; typed back with a new PIN it sets the main PIN and the browser
// acts as the main user — all before a profile is chosen. Sends and tries are rate limited.
import { eq } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { accounts, pinRecoveryCodes, rateLimits } from '#server/db/schema/index.ts';
import { countAttempt } from '#server/features/auth/rate-limit.ts';
import { RECOVERY_CODE_TTL_MS, TEAM_MESSAGES } from '#shared/team.ts';
import { createTestApp, peerEnv, type SignedInTestApp } from '#tests/setup/test-app.ts';
import { createTestDb } from '#tests/setup/test-db.ts';
import { PIN_RULES, pinKeys } from './pin-attempts.ts';
import { hashPin, verifyPin } from './pin-hash.ts';
import { hashRecoveryCode } from './recovery-code.ts';
import {
  errorOf,
  latestMail,
  mailerWithServerDown,
  teamCall,
  type Browser,
} from './team-test-helpers.ts';

const db = await createTestDb();
const apps: { close(): Promise<void> }[] = [];

afterAll(async () => {
  for (const app of apps) await app.close();
  await db.close();
});

const SUBJECT = 'Código de recuperação do PIN principal';
let accountCount = 0;

/** An account on Empresarial 500 with team management on and main PIN 2468; its browser pending. */
async function account(options: { mainPin?: string | null } = {}) {
  const t: SignedInTestApp = await createTestApp({ plan: 'enterprise_500', db });
  apps.push(t);
  const pin = options.mainPin === undefined ? '2468' : options.mainPin;
  await db.db
    .update(accounts)
    .set({ teamManagementEnabled: true, mainPinHash: pin === null ? null : await hashPin(pin) })
    .where(eq(accounts.id, t.accountId));
  const browser: Browser = { cookie: t.cookie };
  // Each account's browser from an address of its own: the per-address limit is its test's.
  const home = peerEnv(`198.51.100.${(accountCount += 1)}`);
  const send = (env: object = home) =>
    teamCall(t.app, browser, 'POST', '/api/team-access/recovery/send', {}, env);
  const confirm = (body: unknown, env: object = home) =>
    teamCall(t.app, browser, 'POST', '/api/team-access/recovery/confirm', body, env);
  /** The code in the newest recovery email. */
  const mailedCode = async () => {
    const mail = await latestMail(db.db, t.email, SUBJECT);
    const code = /^([A-Z2-9]{6})$/m.exec(mail.text)?.[1];
    if (!code) throw new Error('no code in the recovery email');
    return code;
  };
  const storedCode = async () =>
    (
      await db.db.select().from(pinRecoveryCodes).where(eq(pinRecoveryCodes.accountId, t.accountId))
    )[0];
  const mainPinIs = async (candidate: string) => {
    const [row] = await db.db.select().from(accounts).where(eq(accounts.id, t.accountId));
    return verifyPin(row!.mainPinHash!, candidate);
  };
  return { t, browser, send, confirm, mailedCode, storedCode, mainPinIs };
}

const invalidCode = {
  error: { code: 'RECOVERY_CODE_INVALID', message: TEAM_MESSAGES.recoveryCodeInvalid },
};

test('a code is mailed to the account’s email and only its hash is stored, for 15 minutes', async () => {
  const a = await account();
  // Before a profile is chosen, nothing else answers.
  expect(errorOf(await teamCall(a.t.app, a.browser, 'GET', '/api/invoices'))?.code).toBe(
    'PROFILE_SELECTION_REQUIRED',
  );
  const before = Date.now();
  const res = await a.send();
  expect(res.status).toBe(200);
  const [local, domain] = a.t.email.split('@');
  expect(res.body).toEqual({
    success: true,
    message: `Enviámos um código de recuperação para ${local!.slice(0, 2)}•••@${domain}. É válido durante 15 minutos.`,
  });
  const code = await a.mailedCode();
  const mail = await latestMail(db.db, a.t.email, SUBJECT);
  expect(mail.text).toContain('Olá Ana Silva,');
  const stored = await a.storedCode();
  expect(stored?.codeHash).toBe(hashRecoveryCode(a.t.accountId, code));
  expect(Object.values(stored ?? {}).map(String)).not.toContain(code);
  const ttl = stored!.expiresAt.getTime() - before;
  expect(ttl).toBeGreaterThanOrEqual(RECOVERY_CODE_TTL_MS);
  expect(ttl).toBeLessThan(RECOVERY_CODE_TTL_MS + 60_000);
  expect(stored?.failedAttempts).toBe(0);
});

test('the right code, in any letter case, sets the new PIN and the browser acts as main user', async () => {
  const a = await account();
  // Earlier wrong main PINs had locked the main PIN.
  for (let i = 0; i <= PIN_RULES.main.max; i += 1)
    await countAttempt(db.db, pinKeys.main(a.t.accountId), PIN_RULES.main);
  await a.send();
  const code = await a.mailedCode();

  const res = await a.confirm({ code: ` ${code.toLowerCase()} `, newPin: '97531' });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({
    acting: { kind: 'main', name: 'Ana Silva', teamManagement: true },
  });
  expect(res.teamCookie).toEqual(expect.any(String));
  expect(await a.mainPinIs('97531')).toBe(true);
  expect(await a.storedCode()).toBeUndefined();
  const lock = await db.db
    .select()
    .from(rateLimits)
    .where(eq(rateLimits.key, pinKeys.main(a.t.accountId)));
  expect(lock).toEqual([]);

  const asMain = { ...a.browser, team: res.teamCookie! };
  expect((await teamCall(a.t.app, asMain, 'GET', '/api/invoices')).status).toBe(200);
  const profile = await teamCall(a.t.app, asMain, 'GET', '/api/profile');
  expect((profile.body as { acting: unknown }).acting).toMatchObject({ kind: 'main' });
  // The new PIN opens the main profile from another browser too; the code is used up.
  const login = await teamCall(a.t.app, a.browser, 'POST', '/api/team-access/main', {
    pin: '97531',
  });
  expect(login.status).toBe(200);
  const reused = await a.confirm({ code, newPin: '1111' });
  expect(reused.status).toBe(400);
  expect(reused.body).toEqual(invalidCode);
  expect(await a.mainPinIs('97531')).toBe(true);
});

test('wrong codes are counted; after 5 the code is spent, even for the right one', async () => {
  const a = await account();
  await a.send();
  const code = await a.mailedCode();
  const wrong = code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
  for (let i = 1; i <= 5; i += 1) {
    const res = await a.confirm({ code: wrong, newPin: '1111' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(invalidCode);
    expect((await a.storedCode())?.failedAttempts).toBe(i);
  }
  const spent = await a.confirm({ code, newPin: '1111' });
  expect(spent.body).toEqual(invalidCode);
  expect(spent.teamCookie).toBeUndefined();
  expect(await a.mainPinIs('2468')).toBe(true);
});

test('four wrong codes still leave the fifth try to the right one', async () => {
  const a = await account();
  await a.send();
  const code = await a.mailedCode();
  for (let i = 0; i < 4; i += 1) await a.confirm({ code: '222222', newPin: '1111' });
  expect((await a.confirm({ code, newPin: '1111' })).status).toBe(200);
  expect(await a.mainPinIs('1111')).toBe(true);
});

test('an expired code, or none, is invalid; a new code replaces the old one', async () => {
  const a = await account();
  expect((await a.confirm({ code: 'ABCDEF', newPin: '1111' })).body).toEqual(invalidCode);

  await a.send();
  const first = await a.mailedCode();
  await db.db
    .update(pinRecoveryCodes)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(pinRecoveryCodes.accountId, a.t.accountId));
  expect((await a.confirm({ code: first, newPin: '1111' })).body).toEqual(invalidCode);

  await a.send();
  const second = await a.mailedCode();
  if (second !== first)
    expect((await a.confirm({ code: first, newPin: '1111' })).body).toEqual(invalidCode);
  expect((await a.confirm({ code: second, newPin: '1111' })).status).toBe(200);
  expect(await a.mainPinIs('1111')).toBe(true);
});

test('without a main PIN there is nothing to recover: 409', async () => {
  const a = await account({ mainPin: null });
  const res = await a.send();
  expect(res.status).toBe(409);
  expect(res.body).toEqual({
    error: { code: 'RECOVERY_PIN_NOT_SET', message: TEAM_MESSAGES.recoveryPinNotSet },
  });
  expect(await a.storedCode()).toBeUndefined();
});

test('three codes per 15 minutes are sent; the fourth is refused 429', async () => {
  const a = await account();
  for (let i = 0; i < 3; i += 1) expect((await a.send()).status).toBe(200);
  const codeBefore = await a.storedCode();
  const res = await a.send();
  expect(res.status).toBe(429);
  expect(res.body).toEqual({
    error: { code: 'RECOVERY_RATE_LIMITED', message: TEAM_MESSAGES.recoveryRateLimited },
  });
  expect(await a.storedCode()).toEqual(codeBefore);
});

test('tries are limited per account and per address, whatever codes are sent', async () => {
  const a = await account();
  for (let i = 0; i < 10; i += 1)
    expect((await a.confirm({ code: 'ZZZZZZ', newPin: '1111' })).status).toBe(400);
  await a.send();
  const code = await a.mailedCode();
  const limited = await a.confirm({ code, newPin: '1111' });
  expect(limited.status).toBe(429);
  expect(errorOf(limited)?.code).toBe('RECOVERY_RATE_LIMITED');
  expect(await a.mainPinIs('2468')).toBe(true);

  // One address trying many accounts is stopped too.
  const address = peerEnv('203.0.113.9');
  let refused = 0;
  for (const other of [await account(), await account(), await account(), await account()])
    for (let i = 0; i < 9; i += 1) {
      const res = await other.confirm({ code: 'ZZZZZZ', newPin: '1111' }, address);
      if (res.status === 429) refused += 1;
    }
  // 36 tries from one address: past the 30th they are refused.
  expect(refused).toBe(6);
});

test('an email that cannot be sent is 502 and leaves no code behind', async () => {
  const a = await account();
  const down = await createTestApp({ db, mailer: await mailerWithServerDown(db.db) });
  apps.push(down);
  const res = await teamCall(down.app, a.browser, 'POST', '/api/team-access/recovery/send', {});
  expect(res.status).toBe(502);
  expect(res.body).toEqual({
    error: { code: 'RECOVERY_SEND_FAILED', message: TEAM_MESSAGES.recoverySendFailed },
  });
  expect(await a.storedCode()).toBeUndefined();
});

test('a missing code or a malformed new PIN is a validation error with the spec’s words', async () => {
  const a = await account();
  for (const [body, message] of [
    [{ code: '', newPin: '1234' }, TEAM_MESSAGES.recoveryFields],
    [{ code: 'ABCDEF' }, TEAM_MESSAGES.recoveryFields],
    [{ code: 'ABCDEF', newPin: '12' }, TEAM_MESSAGES.pinFormat],
    [{ code: 'ABCDEFG', newPin: '1234' }, TEAM_MESSAGES.recoveryCodeInvalid],
  ] as const) {
    const res = await a.confirm(body);
    expect(res.status).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: 'VALIDATION', message });
  }
});
