// /api/notifications (issue 20 points 3 and 4): a person's Web Push devices — subscribed,
// listed without their secrets, removed — and their reminder preferences, each confined to the
// account and the person; refused input answered in pt-PT in the one error shape.
import { and, eq } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { profiles, pushSubscriptions, reminderPreferences } from '#server/db/schema/index.ts';
import { createEphemeralPushSender } from '#server/services/push/push-sender.ts';
import { DEFAULT_REMINDER_PREFERENCES, type ReminderPreferences } from '#shared/reminders.ts';
import { createTestApp, type SignedInTestApp } from '#tests/setup/test-app.ts';
import { createTestDb } from '#tests/setup/test-db.ts';
import { ANDROID_CHROME, browserSubscription, IPHONE_SAFARI } from './push-test-helpers.ts';

const db = await createTestDb();
const apps: SignedInTestApp[] = [];
const push = createEphemeralPushSender();

afterAll(async () => {
  for (const t of apps) await t.close();
  await db.close();
});

async function account(): Promise<SignedInTestApp> {
  const t = await createTestApp({ db, plan: 'professional', push });
  apps.push(t);
  return t;
}

const api = (t: SignedInTestApp) => t.client.api.notifications;

async function subscribe(t: SignedInTestApp, json: unknown, userAgent = ANDROID_CHROME) {
  return api(t).push.subscriptions.$post(
    { json: json as ReturnType<typeof browserSubscription>['json'] },
    { headers: { 'user-agent': userAgent } },
  );
}

const rowsOf = (accountId: string) =>
  db.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.accountId, accountId));

test('the VAPID public key the browser subscribes with is the server’s', async () => {
  const t = await account();
  const res = await api(t).push['public-key'].$get();
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ publicKey: push.publicKey });
  expect(Buffer.from(push.publicKey, 'base64url')).toHaveLength(65);
});

test('a device subscribes once, is listed by its browser and system, never with its keys', async () => {
  const t = await account();
  const browser = browserSubscription();
  const res = await subscribe(t, browser.json);
  expect(res.status).toBe(201);
  const { subscription } = await res.json();
  expect(subscription).toEqual({
    id: expect.any(String),
    label: 'Chrome em Android',
    createdAt: expect.any(String),
    lastUsedAt: null,
  });
  // The same browser again (the prompt on another day): the same row.
  const again = await subscribe(t, browser.json);
  expect((await again.json()).subscription.id).toBe(subscription.id);
  await subscribe(t, browserSubscription().json, IPHONE_SAFARI);

  const list = await api(t).push.subscriptions.$get();
  const body = await list.json();
  expect(body.items.map((d) => d.label)).toEqual(['Chrome em Android', 'Safari em iPhone']);
  const text = JSON.stringify(body);
  expect(text).not.toContain(browser.json.endpoint);
  expect(text).not.toContain(browser.json.keys.auth);
  const rows = await rowsOf(t.accountId);
  expect(rows).toHaveLength(2);
  expect(rows.find((r) => r.id === subscription.id)).toMatchObject({
    userId: t.accountId,
    endpoint: browser.json.endpoint,
    p256dh: browser.json.keys.p256dh,
    authSecret: browser.json.keys.auth,
  });
  // The spec's "device's push id in the profile".
  const [profile] = await db.db.select().from(profiles).where(eq(profiles.accountId, t.accountId));
  expect(profile).toMatchObject({ pushNotifications: true });
  expect(rows.map((r) => r.id)).toContain(profile?.pushDeviceId);
});

test('a subscription that cannot be right is refused 400 in pt-PT, nothing stored', async () => {
  const t = await account();
  const valid = browserSubscription().json;
  const cases: [unknown, string][] = [
    [
      { ...valid, endpoint: 'http://push.exemplo.pt/x' },
      'O endereço de notificações tem de usar https.',
    ],
    [
      { ...valid, endpoint: 'isto não é um endereço' },
      'O endereço de notificações do navegador não é válido.',
    ],
    [
      { ...valid, endpoint: 'https://user:pass@push.exemplo.pt/x' },
      'O endereço de notificações do navegador não é válido.',
    ],
    [
      { ...valid, keys: { ...valid.keys, p256dh: 'curta' } },
      'As chaves de notificação do navegador não são válidas.',
    ],
    [
      { ...valid, keys: { ...valid.keys, auth: `${valid.keys.auth}!` } },
      'As chaves de notificação do navegador não são válidas.',
    ],
    [{ endpoint: valid.endpoint }, 'As chaves de notificação do navegador não são válidas.'],
  ];
  for (const [body, message] of cases) {
    const res = await subscribe(t, body);
    expect(res.status, JSON.stringify(body)).toBe(400);
    const { error } = (await res.json()) as unknown as { error: { code: string; message: string } };
    expect(error).toMatchObject({ code: 'VALIDATION', message });
  }
  expect(await rowsOf(t.accountId)).toEqual([]);
});

test('a device is removed by its owner; another account’s id is not found and stays', async () => {
  const a = await account();
  const b = await account();
  const { subscription } = await (await subscribe(a, browserSubscription().json)).json();
  const aim = (t: SignedInTestApp, id: string) =>
    api(t).push.subscriptions[':id'].$delete({ param: { id } });

  const refused = await aim(b, subscription.id);
  expect(refused.status).toBe(404);
  expect(await refused.json()).toEqual({
    error: { code: 'PUSH_SUBSCRIPTION_NOT_FOUND', message: 'Dispositivo não encontrado.' },
  });
  expect(await (await api(b).push.subscriptions.$get()).json()).toEqual({ items: [] });
  expect(await rowsOf(a.accountId)).toHaveLength(1);
  expect((await aim(a, 'nao-e-um-id')).status).toBe(404);

  expect((await aim(a, subscription.id)).status).toBe(204);
  expect(await rowsOf(a.accountId)).toEqual([]);
  expect((await aim(a, subscription.id)).status).toBe(404);
  const [profile] = await db.db.select().from(profiles).where(eq(profiles.accountId, a.accountId));
  expect(profile).toMatchObject({ pushNotifications: false, pushDeviceId: null });
});

test('a browser is one person’s: the same subscription signed in as someone else moves to them', async () => {
  const a = await account();
  const b = await account();
  const shared = browserSubscription();
  await subscribe(a, shared.json);
  // Only A's endpoint, not the browser's keys (which B cannot have without the browser): A's
  // device stays A's, and B's row goes nowhere but to an endpoint that cannot read it.
  const guessed = { ...browserSubscription(shared.json.endpoint).json };
  expect((await subscribe(b, guessed)).status).toBe(201);
  expect(await rowsOf(a.accountId)).toHaveLength(1);
  // The very browser, now signed in as B (a shared computer): A's reminders stop going to it.
  expect((await subscribe(b, shared.json)).status).toBe(201);
  expect(await rowsOf(a.accountId)).toEqual([]);
  expect((await rowsOf(b.accountId)).map((r) => r.endpoint)).toEqual([shared.json.endpoint]);
});

test('reminder preferences: the defaults, then the person’s own, not another account’s', async () => {
  const a = await account();
  const b = await account();
  const read = async (t: SignedInTestApp) =>
    (await (await api(t).reminders.$get()).json()).preferences;
  expect(await read(a)).toEqual(DEFAULT_REMINDER_PREFERENCES);

  const chosen: ReminderPreferences = {
    invoiceDueSoon: { push: false, email: true },
    invoiceOverdue: { push: true, email: true },
    supplierLimit: { push: false, email: false },
    weeklyDigest: { email: true },
    quietHours: { enabled: true, start: '21:30', end: '07:15' },
  };
  const saved = await api(a).reminders.$put({ json: chosen });
  expect(saved.status).toBe(200);
  expect(await saved.json()).toEqual({ preferences: chosen });
  expect(await read(a)).toEqual(chosen);
  const [row] = await db.db
    .select()
    .from(reminderPreferences)
    .where(
      and(
        eq(reminderPreferences.accountId, a.accountId),
        eq(reminderPreferences.userId, a.accountId),
      ),
    );
  expect(row).toMatchObject({ quietHoursStart: 21 * 60 + 30, quietHoursEnd: 7 * 60 + 15 });
  expect(await read(b)).toEqual(DEFAULT_REMINDER_PREFERENCES);
});

test('reminder preferences that cannot be right are refused 400 in pt-PT', async () => {
  const t = await account();
  const base = DEFAULT_REMINDER_PREFERENCES;
  const cases: [unknown, string][] = [
    [
      { ...base, quietHours: { enabled: true, start: '08:00', end: '08:00' } },
      'O início e o fim das horas de silêncio não podem ser iguais.',
    ],
    [
      { ...base, quietHours: { enabled: true, start: '25:00', end: '08:00' } },
      'Indique uma hora no formato HH:MM.',
    ],
    [{ ...base, invoiceDueSoon: { push: 'sim', email: false } }, 'Escolha ligado ou desligado.'],
  ];
  for (const [body, message] of cases) {
    const res = await api(t).reminders.$put({ json: body as ReminderPreferences });
    expect(res.status, JSON.stringify(body)).toBe(400);
    const { error } = (await res.json()) as unknown as { error: { message: string } };
    expect(error.message).toBe(message);
  }
  const extra = await api(t).reminders.$put({
    json: { ...base, weeklyDigest: { email: true, push: true } } as ReminderPreferences,
  });
  expect(extra.status).toBe(400);
  // Equal ends are fine while the quiet hours are off.
  const off = { ...base, quietHours: { enabled: false, start: '08:00', end: '08:00' } };
  expect((await api(t).reminders.$put({ json: off })).status).toBe(200);
});
