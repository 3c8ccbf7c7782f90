// Idempotency keys (issue 19 point 4): a create retried with the same key never makes two
// invoices; the key is per account, per route and per body, and lives 24 hours.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { idempotencyKeys, invoices } from '#server/db/schema/index.ts';
import { signUpVerified } from '#server/features/auth/test-helpers.ts';
import { accountIdOf, invoiceBody } from '#server/features/invoices/invoice-test-helpers.ts';
import {
  createTestApp,
  TEST_CSRF_TOKEN,
  TEST_ORIGIN,
  type TestApp,
} from '#tests/setup/test-app.ts';
import { IDEMPOTENCY_MESSAGES, pruneIdempotencyKeys } from './idempotency.ts';

let t: TestApp;
let ana: string;
let rui: string;

beforeAll(async () => {
  t = await createTestApp();
  ana = await signUpVerified(t, `ana.idem.${randomBytes(3).toString('hex')}@exemplo.pt`);
  rui = await signUpVerified(t, `rui.idem.${randomBytes(3).toString('hex')}@exemplo.pt`);
});
afterAll(() => t.close());

function post(path: string, body: unknown, cookie: string, key?: string) {
  return t.app.request(path, {
    method: 'POST',
    headers: {
      cookie,
      origin: TEST_ORIGIN,
      'x-csrf-token': TEST_CSRF_TOKEN,
      'content-type': 'application/json',
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
    body: JSON.stringify(body),
  });
}

const invoiceCount = async (cookie: string) => {
  const accountId = await accountIdOf(t, cookie);
  const rows = await t.db.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.accountId, accountId));
  return rows.length;
};

test('a create sent twice with the same key makes one invoice, and the retry gets the same answer', async () => {
  const before = await invoiceCount(ana);
  const key = randomUUID();
  const body = invoiceBody();
  const first = await post('/api/invoices', body, ana, key);
  expect(first.status).toBe(201);
  const created = (await first.json()) as { id: string };

  const retry = await post('/api/invoices', body, ana, key);
  expect(retry.status).toBe(201);
  expect(retry.headers.get('idempotent-replayed')).toBe('true');
  expect(await retry.json()).toEqual(created);
  expect(await invoiceCount(ana)).toBe(before + 1);
});

test('two sends at once with one key: one runs, the other is told it is running or replayed', async () => {
  const before = await invoiceCount(ana);
  const key = randomUUID();
  const body = invoiceBody();
  const answers = await Promise.all([
    post('/api/invoices', body, ana, key),
    post('/api/invoices', body, ana, key),
  ]);
  const statuses = answers.map((res) => res.status).sort();
  expect([
    [201, 201],
    [201, 409],
  ]).toContainEqual(statuses);
  const waiting = answers.find((res) => res.status === 409);
  if (waiting) {
    expect(await waiting.json()).toEqual({
      error: { code: 'IDEMPOTENCY_IN_PROGRESS', message: IDEMPOTENCY_MESSAGES.inProgress },
    });
  }
  expect(await invoiceCount(ana)).toBe(before + 1);
});

test('the same key with another body, or on another route, is refused and changes nothing', async () => {
  const key = randomUUID();
  expect((await post('/api/invoices', invoiceBody(), ana, key)).status).toBe(201);
  const before = await invoiceCount(ana);

  const otherBody = await post('/api/invoices', invoiceBody(), ana, key);
  expect(otherBody.status).toBe(422);
  expect(await otherBody.json()).toEqual({
    error: { code: 'IDEMPOTENCY_KEY_REUSED', message: IDEMPOTENCY_MESSAGES.reused },
  });
  const otherRoute = await post('/api/suppliers', { name: 'Outro' }, ana, key);
  expect(otherRoute.status).toBe(422);
  expect(await invoiceCount(ana)).toBe(before);
});

test('a key is the account’s own: another account may use the same one', async () => {
  const key = randomUUID();
  expect((await post('/api/invoices', invoiceBody(), ana, key)).status).toBe(201);
  const before = await invoiceCount(rui);
  const theirs = await post('/api/invoices', invoiceBody(), rui, key);
  expect(theirs.status).toBe(201);
  expect(theirs.headers.get('idempotent-replayed')).toBeNull();
  expect(await invoiceCount(rui)).toBe(before + 1);
});

test('a malformed key is a 400 in pt-PT', async () => {
  for (const key of ['com espaço', 'x'.repeat(256), 'ç']) {
    const res = await post('/api/invoices', invoiceBody(), ana, key);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: { code: 'IDEMPOTENCY_KEY_INVALID', message: IDEMPOTENCY_MESSAGES.invalidKey },
    });
  }
});

test('a refusal the retry should not get again (409) releases the key; a 400 is replayed', async () => {
  const body = invoiceBody();
  expect((await post('/api/invoices', body, ana)).status).toBe(201);
  // The same invoice again: 409 DUPLICATE_INVOICE, not kept, so the key can run again.
  const key = randomUUID();
  const duplicate = await post('/api/invoices', body, ana, key);
  expect(duplicate.status).toBe(409);
  const again = await post('/api/invoices', body, ana, key);
  expect(again.status).toBe(409);
  expect(again.headers.get('idempotent-replayed')).toBeNull();

  const invalidKey = randomUUID();
  const invalid = await post('/api/invoices', { ...body, totalCents: -5 }, ana, invalidKey);
  expect(invalid.status).toBe(400);
  const replayed = await post('/api/invoices', { ...body, totalCents: -5 }, ana, invalidKey);
  expect(replayed.status).toBe(400);
  expect(replayed.headers.get('idempotent-replayed')).toBe('true');
  expect(await replayed.json()).toEqual(await invalid.json());
});

test('without a key nothing changes: a second create is the duplicate check’s to refuse', async () => {
  const body = invoiceBody();
  expect((await post('/api/invoices', body, ana)).status).toBe(201);
  expect((await post('/api/invoices', body, ana)).status).toBe(409);
});

test('keys older than 24 hours are pruned', async () => {
  const now = new Date();
  const [{ accountId } = { accountId: '' }] = await t.db.db
    .select({ accountId: idempotencyKeys.accountId })
    .from(idempotencyKeys)
    .limit(1);
  await t.db.db.insert(idempotencyKeys).values({
    accountId,
    key: 'velha',
    route: 'POST /api/invoices',
    bodyHash: '',
    status: 201,
    createdAt: new Date(now.getTime() - 25 * 60 * 60_000),
  });
  const total = async () => (await t.db.db.select().from(idempotencyKeys)).length;
  const before = await total();
  expect(await pruneIdempotencyKeys(t.db.db, now)).toBe(1);
  expect(await total()).toBe(before - 1);
});
