// Security events on the server (issue 19 point 8): failed sign-ins and lockouts, PIN
// failures, refused uploads, suspicious form input and bursts are recorded per account with the
// time and the address, listed for the owner only, pruned after 7 days, capped at 1 000.
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { rateLimits, securityEvents } from '#server/db/schema/index.ts';
import { postJson, signUpVerified, TEST_PASSWORD } from '#server/features/auth/test-helpers.ts';
import { accountIdOf } from '#server/features/invoices/invoice-test-helpers.ts';
import { SECURITY_EVENTS_MAX_PER_ACCOUNT, type SecurityEventDto } from '#shared/security-events.ts';
import {
  createTestApp,
  TEST_CSRF_TOKEN,
  TEST_ORIGIN,
  type TestApp,
} from '#tests/setup/test-app.ts';
import { createBurstCounter, findSuspiciousText } from './security-monitor.ts';
import { pruneSecurityData, recordSecurityEvent } from './security-events.ts';

let t: TestApp;
let cookie: string;
let accountId: string;
let email: string;

beforeAll(async () => {
  t = await createTestApp();
  email = `seguranca.${randomBytes(4).toString('hex')}@exemplo.pt`;
  cookie = await signUpVerified(t, email);
  accountId = await accountIdOf(t, cookie);
});
afterAll(() => t.close());

const eventsOf = async (who = cookie): Promise<SecurityEventDto[]> => {
  const res = await t.app.request('/api/security-events', { headers: { cookie: who } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { events: SecurityEventDto[] }).events;
};
const kindsOf = async (who = cookie) => (await eventsOf(who)).map((e) => e.kind);
/** The monitor records after the answer: wait for the row rather than sleeping. */
const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 2_000 });
const clearEvents = () => t.db.db.delete(securityEvents);

test('failed sign-ins are recorded for the account, and the fifth in five minutes as a burst', async () => {
  await clearEvents();
  for (let i = 0; i < 5; i++) {
    const res = await postJson(t, '/api/auth/sign-in/email', { email, password: 'errada123' });
    expect(res.status).toBe(401);
  }
  const events = await eventsOf();
  expect(events.filter((e) => e.kind === 'login_failed')).toHaveLength(5);
  const bursts = events.filter((e) => e.kind === 'auth_failures_burst');
  expect(bursts).toHaveLength(1);
  expect(bursts[0]).toMatchObject({ severity: 'high' });
  expect(events[0]?.detail).toBeDefined();
  expect(events.find((e) => e.kind === 'login_failed')?.detail).toEqual({ email });

  // An email nobody has: kept without an account, for operators.
  const stranger = `ninguem.${randomBytes(4).toString('hex')}@exemplo.pt`;
  await postJson(t, '/api/auth/sign-in/email', { email: stranger, password: 'errada123' });
  const [row] = await t.db.db
    .select()
    .from(securityEvents)
    .where(sql`${securityEvents.detail}->>'email' = ${stranger}`);
  expect(row).toMatchObject({ accountId: null, kind: 'login_failed' });

  // The right password still works, and is not an event.
  const ok = await postJson(t, '/api/auth/sign-in/email', { email, password: TEST_PASSWORD });
  expect(ok.status).toBe(200);
});

test("another account's events are not listed, and only the holder reads them", async () => {
  const other = await signUpVerified(t, `outra.${randomBytes(4).toString('hex')}@exemplo.pt`);
  expect(await eventsOf()).not.toEqual([]);
  expect(await eventsOf(other)).toEqual([]);

  const member = await createTestApp({ db: t.db, actAs: 'administrator' });
  try {
    const res = await member.app.request('/api/security-events', { headers: { cookie } });
    expect(res.status).toBe(403);
  } finally {
    await member.events.close();
  }
});

test('a script tag or a javascript: link in a form is recorded, not blocked', async () => {
  await clearEvents();
  const res = await postJson(
    t,
    '/api/suppliers',
    { name: 'Teste <script>alert(1)</script>' },
    { cookie },
  );
  expect(res.status).toBeLessThan(500);
  await eventually(async () => expect(await kindsOf()).toContain('suspicious_input'));
  const [event] = await eventsOf();
  expect(event?.detail.route).toBe('POST /api/suppliers');

  expect(findSuspiciousText({ a: [{ b: 'ver JavaScript:alert(1)' }] })).toMatch(/javascript/i);
  expect(findSuspiciousText({ name: 'Continente', notes: 'pago por MB Way' })).toBeNull();
});

test('an executable upload is recorded as a refused upload of high severity', async () => {
  await clearEvents();
  const form = new FormData();
  const program = new TextEncoder().encode('MZ\x90\x00PE\x00\x00');
  form.append('file', new File([program], 'fatura.jpg', { type: 'image/jpeg' }));
  const res = await t.app.request('/api/scan', {
    method: 'POST',
    headers: { cookie, origin: TEST_ORIGIN, 'x-csrf-token': TEST_CSRF_TOKEN },
    body: form,
  });
  expect(res.status).toBe(415);
  await eventually(async () => expect(await kindsOf()).toEqual(['upload_refused']));
  const [event] = await eventsOf();
  expect(event).toMatchObject({
    severity: 'high',
    detail: { reason: 'EXECUTABLE_REFUSED', route: 'POST /api/scan' },
  });
});

test('ten changes within a minute are one burst; the count starts again after it', () => {
  let now = 0;
  const counter = createBurstCounter(() => now);
  const bursts = [];
  for (let i = 0; i < 25; i++) {
    bursts.push(counter.count('conta'));
    now += 1_000;
  }
  // The 10th write makes the burst; the next ones within its minute are the same burst.
  expect(bursts.indexOf(true)).toBe(9);
  expect(bursts.filter(Boolean)).toHaveLength(1);
  now += 120_000;
  expect(counter.count('conta')).toBe(false);
  expect(counter.count('outra')).toBe(false);
});

test('through the API: the tenth write in a minute is recorded once', async () => {
  await clearEvents();
  for (let i = 0; i < 12; i++) {
    const res = await postJson(t, '/api/suppliers', { name: `Rajada ${i}` }, { cookie });
    expect(res.status).toBeLessThan(500);
  }
  await eventually(async () => expect(await kindsOf()).toEqual(['request_burst']));
});

test('events older than 7 days and rate-limit counters older than an hour are pruned', async () => {
  await clearEvents();
  const now = new Date();
  const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60_000);
  await t.db.db.insert(securityEvents).values([
    { accountId, kind: 'pin_failed', severity: 'low', ip: '1.2.3.4', createdAt: daysAgo(8) },
    { accountId, kind: 'pin_failed', severity: 'low', ip: '1.2.3.4', createdAt: daysAgo(6) },
  ]);
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 60 * 60_000);
  await t.db.db.insert(rateLimits).values([
    { key: 'teste:velho', windowStartedAt: hoursAgo(2), attempts: 3 },
    { key: 'teste:recente', windowStartedAt: hoursAgo(0.5), attempts: 3 },
    // Old, but still blocking: kept until the block ends.
    {
      key: 'teste:bloqueado',
      windowStartedAt: hoursAgo(2),
      attempts: 9,
      blockedUntil: hoursAgo(-1),
    },
  ]);

  const pruned = await pruneSecurityData(t.db.db, now);
  expect(pruned.events).toEqual([{ accountId }]);
  expect((await eventsOf()).map((e) => e.createdAt)).toEqual([daysAgo(6).toISOString()]);
  const keys = (await t.db.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
  expect(keys).not.toContain('teste:velho');
  expect(keys).toEqual(expect.arrayContaining(['teste:recente', 'teste:bloqueado']));
});

test('an account keeps its newest 1 000 events', async () => {
  await clearEvents();
  const base = Date.now() - 60_000;
  await t.db.db.insert(securityEvents).values(
    Array.from({ length: SECURITY_EVENTS_MAX_PER_ACCOUNT }, (_, i) => ({
      accountId,
      kind: 'pin_failed' as const,
      severity: 'low' as const,
      ip: '1.2.3.4',
      createdAt: new Date(base + i),
    })),
  );
  await recordSecurityEvent(t.db.db, { accountId, kind: 'pin_locked', ip: '5.6.7.8' });
  const rows = await t.db.db
    .select({ kind: securityEvents.kind, createdAt: securityEvents.createdAt })
    .from(securityEvents)
    .where(eq(securityEvents.accountId, accountId))
    .orderBy(securityEvents.createdAt);
  expect(rows).toHaveLength(SECURITY_EVENTS_MAX_PER_ACCOUNT);
  // The oldest went; the new one is in.
  expect(rows[0]?.createdAt.getTime()).toBe(base + 1);
  expect(rows.at(-1)?.kind).toBe('pin_locked');
});
