// DELETE /api/account-data: the account and everything in it — every row, every stored file,
// the Better Auth user and its sessions, a Stripe subscription — after its email is typed
// again; another account untouched; a wrong email or a sub-user deletes nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { authSessions, authUsers, subscriptions } from '#server/db/schema/index.ts';
import { postJson, TEST_PASSWORD } from '#server/features/auth/test-helpers.ts';
import { errorOf } from '#server/features/invoices/invoice-test-helpers.ts';
import { createStripeBilling } from '#server/services/billing/stripe-billing.ts';
import { lookupKeyOf } from '#server/services/billing/stripe-prices.ts';
import {
  startStripeStandIn,
  type StripeStandIn,
} from '#server/services/billing/stripe-stand-in.ts';
import { createStorage } from '#server/services/storage/storage.ts';
import { FORBIDDEN_MESSAGE } from '#shared/capabilities.ts';
import {
  createTestApp,
  LOOPBACK_ENV,
  type ActAs,
  type SignedInTestApp,
} from '#tests/setup/test-app.ts';
import { createTestDb } from '#tests/setup/test-db.ts';
import { seedAccount, webRequest } from './account-data-test-helpers.ts';
import { ACCOUNT_TABLES } from './account-tables.ts';

const DAY = 86_400_000;
const db = await createTestDb();
const filesDir = mkdtempSync(path.join(tmpdir(), 'papelada-account-deletion-'));
const storage = createStorage({ root: filesDir, secret: 'account-deletion-test'.padEnd(40, 'x') });
let standIn: StripeStandIn;
const apps: SignedInTestApp[] = [];

beforeAll(async () => {
  standIn = await startStripeStandIn();
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await standIn.close();
  await db.close();
  rmSync(filesDir, { recursive: true, force: true });
});

const stripeBilling = () =>
  createStripeBilling({
    secretKey: 'sk_test_standin',
    webhookSecret: 'whsec_test',
    appUrl: 'https://papelada.example/',
    logger: pino({ level: 'silent' }),
    api: standIn.address,
  });

/** A signed-in account with invoices, photos, a scan and a profile photo, all stored. */
async function account(label: string, options: { actAs?: ActAs; stripe?: boolean } = {}) {
  const t = await createTestApp({
    db,
    storage,
    plan: 'free',
    actAs: options.actAs,
    ...(options.stripe ? { billing: stripeBilling() } : {}),
  });
  apps.push(t);
  const seeded = await seedAccount(db.db, storage, { accountId: t.accountId, label, invoices: 2 });
  return { t, ...seeded };
}

/** How many rows each table holds for the account, by table, the Better Auth user included. */
async function rowsOf(accountId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { name, table, accountColumn } of ACCOUNT_TABLES) {
    const [row] = await db.db
      .select({ n: count() })
      .from(table)
      .where(eq(accountColumn, accountId));
    counts[name] = row?.n ?? 0;
  }
  const [users] = await db.db
    .select({ n: count() })
    .from(authUsers)
    .where(eq(authUsers.id, accountId));
  const [sessions] = await db.db
    .select({ n: count() })
    .from(authSessions)
    .where(eq(authSessions.userId, accountId));
  return { ...counts, auth_users: users?.n ?? 0, auth_sessions: sessions?.n ?? 0 };
}

async function storedFiles(files: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const file of files) if (await storage.get(file)) found.push(file);
  return found;
}

const deleteAccount = (t: SignedInTestApp, body: unknown) =>
  t.app.request('/api/account-data', webRequest(t.cookie, 'DELETE', body), LOOPBACK_ENV);

const profileStatus = async (t: SignedInTestApp, cookie = t.cookie) =>
  (await t.app.request('/api/profile', { headers: { cookie } }, LOOPBACK_ENV)).status;

test('a wrong or missing email is refused 400 in pt-PT, and nothing is deleted', async () => {
  const { t, files } = await account('engano');
  const before = await rowsOf(t.accountId);

  const wrong = await deleteAccount(t, { email: `outra.${t.email}` });
  expect(wrong.status).toBe(400);
  expect(await errorOf(wrong)).toEqual({
    code: 'EMAIL_MISMATCH',
    message: 'O email escrito não é o desta conta. A conta não foi eliminada.',
  });
  const empty = await deleteAccount(t, { email: '   ' });
  expect(empty.status).toBe(400);
  expect(await errorOf(empty)).toMatchObject({
    code: 'VALIDATION',
    message: 'Escreva o email da conta para confirmar.',
  });
  expect((await deleteAccount(t, {})).status).toBe(400);

  expect(await rowsOf(t.accountId)).toEqual(before);
  expect(await storedFiles(files)).toEqual(files);
  expect(await profileStatus(t)).toBe(200);
});

test('the typed email, in any case and with spaces, deletes every row and file of the account, signs it out and leaves another account whole', async () => {
  const gone = await account('apaga');
  const kept = await account('fica');
  const keptRows = await rowsOf(kept.t.accountId);
  expect(keptRows.invoices).toBe(2);

  const res = await deleteAccount(gone.t, { email: `  ${gone.t.email.toUpperCase()} ` });

  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ deleted: true });
  // The browser's session cookie expires now.
  const cleared = res.headers.getSetCookie();
  expect(cleared.some((c) => /session_token=;/.test(c) && /Max-Age=0/.test(c))).toBe(true);
  const left = await rowsOf(gone.t.accountId);
  for (const [table, n] of Object.entries(left)) expect(n, table).toBe(0);
  expect(await storedFiles(gone.files)).toEqual([]);
  expect(await profileStatus(gone.t)).toBe(401);
  // Signing in again fails: the user is gone.
  const signIn = await postJson(gone.t, '/api/auth/sign-in/email', {
    email: gone.t.email,
    password: TEST_PASSWORD,
  });
  expect(signIn.status).toBe(401);

  expect(await rowsOf(kept.t.accountId)).toEqual(keptRows);
  expect(await storedFiles(kept.files)).toEqual(kept.files);
  expect(await profileStatus(kept.t)).toBe(200);
});

test.each<ActAs>(['administrator', 'manager', 'user'])(
  'a sub-user (%s) is refused 403: no export, no deletion',
  async (actAs) => {
    const { t, files } = await account(`sub-${actAs}`, { actAs });
    const before = await rowsOf(t.accountId);

    const exported = await t.app.request(
      '/api/account-data/export',
      webRequest(t.cookie, 'GET'),
      LOOPBACK_ENV,
    );
    expect(exported.status).toBe(403);
    expect(await errorOf(exported)).toEqual({ code: 'FORBIDDEN', message: FORBIDDEN_MESSAGE });
    const deleted = await deleteAccount(t, { email: t.email });
    expect(deleted.status).toBe(403);

    expect(await rowsOf(t.accountId)).toEqual(before);
    expect(await storedFiles(files)).toEqual(files);
  },
);

/** The account subscribed through Stripe, as the webhooks would have stored it. */
async function subscribedAtStripe(accountId: string, id: string, { knownToStripe = true } = {}) {
  const periodStart = new Date(Date.now() - 3 * DAY);
  const periodEnd = new Date(Date.now() + 27 * DAY);
  if (knownToStripe)
    standIn.addSubscription({
      id,
      customer: `cus_${id}`,
      lookupKey: lookupKeyOf('professional'),
      periodStart: Math.floor(periodStart.getTime() / 1000),
      periodEnd: Math.floor(periodEnd.getTime() / 1000),
    });
  await db.db.insert(subscriptions).values({
    accountId,
    planId: 'professional',
    status: 'active',
    provider: 'stripe',
    currentPeriodStart: periodStart,
    currentPeriodEnd: periodEnd,
    providerCustomerId: `cus_${id}`,
    providerSubscriptionId: id,
  });
}

test('a Stripe subscription is canceled at Stripe before the account goes; if Stripe fails, nothing is deleted', async () => {
  const { t, files } = await account('stripe', { stripe: true });
  await subscribedAtStripe(t.accountId, 'sub_account_deletion');
  const before = await rowsOf(t.accountId);

  // A refusal Stripe's client does not retry.
  standIn.failNext('/v1/subscriptions/sub_account_deletion', 400);
  const failed = await deleteAccount(t, { email: t.email });
  expect(failed.status).toBe(502);
  expect(await errorOf(failed)).toEqual({
    code: 'SUBSCRIPTION_CANCEL_FAILED',
    message:
      'Não foi possível cancelar a subscrição paga. A conta não foi eliminada: tente novamente.',
  });
  expect(await rowsOf(t.accountId)).toEqual(before);
  expect(await storedFiles(files)).toEqual(files);
  expect(standIn.requestsTo('DELETE', '/v1/subscriptions/sub_account_deletion')).toEqual([]);

  const res = await deleteAccount(t, { email: t.email });
  expect(res.status).toBe(200);
  expect(standIn.requestsTo('DELETE', '/v1/subscriptions/sub_account_deletion')).toHaveLength(1);
  expect(standIn.subscription('sub_account_deletion')?.status).toBe('canceled');
  expect((await rowsOf(t.accountId)).subscriptions).toBe(0);
  expect(await storedFiles(files)).toEqual([]);
});

test('a subscription Stripe no longer knows does not stop the deletion', async () => {
  const { t } = await account('stripe-gone', { stripe: true });
  // Deleted in Stripe's dashboard, say: Stripe answers that it does not know it.
  await subscribedAtStripe(t.accountId, 'sub_account_deletion_gone', { knownToStripe: false });

  const res = await deleteAccount(t, { email: t.email });
  expect(res.status).toBe(200);
  expect(standIn.requestsTo('DELETE', '/v1/subscriptions/sub_account_deletion_gone')).toEqual([]);
  expect((await rowsOf(t.accountId)).subscriptions).toBe(0);
});
