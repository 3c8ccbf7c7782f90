import { Hono } from 'hono';
import { requestScope } from '#server/features/auth/request-scope.ts';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { signUpVerified } from '#server/features/auth/test-helpers.ts';
import {
  errorOf,
  invoiceApi,
  invoiceBody,
  type InvoiceApi,
} from '#server/features/invoices/invoice-test-helpers.ts';
import {
  createInProcessEventBus,
  type AccountEvent,
  type EventBus,
} from '#server/services/events/event-bus.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { eventsRoutes } from './events.routes.ts';
import { sseReader, type SseReader } from './events-test-helpers.ts';

/** The app's in-process bus, counting the subscriptions the SSE route holds open. */
function countingBus(): EventBus & { active(): number } {
  const bus = createInProcessEventBus();
  let active = 0;
  return {
    ...bus,
    subscribe(accountId, listener, onEnd) {
      active += 1;
      const unsubscribe = bus.subscribe(accountId, listener, onEnd);
      let isSubscribed = true;
      return () => {
        if (isSubscribed) active -= 1;
        isSubscribed = false;
        unsubscribe();
      };
    },
    active: () => active,
  };
}

let t: TestApp;
let bus: ReturnType<typeof countingBus>;
let cookieA: string;
let cookieB: string;
let apiA: InvoiceApi;
let apiB: InvoiceApi;

beforeAll(async () => {
  bus = countingBus();
  t = await createTestApp({ events: bus });
  cookieA = await signUpVerified(t, 'eventos-a@exemplo.pt');
  cookieB = await signUpVerified(t, 'eventos-b@exemplo.pt');
  apiA = invoiceApi(t, cookieA);
  apiB = invoiceApi(t, cookieB);
});

afterAll(async () => {
  await t.close();
});

/** Opens GET /api/events as the browser does and reads past the `ready` event. */
async function openStream(cookie: string, headers: Record<string, string> = {}) {
  const res = await t.app.request('/api/events', { headers: { cookie, ...headers } });
  expect(res.status).toBe(200);
  const stream = sseReader(res);
  expect(await stream.nextEvent()).toEqual({ event: 'ready', data: '{}' });
  return { res, stream };
}

async function nextAccountEvent(stream: SseReader): Promise<AccountEvent> {
  const { event, data } = await stream.nextEvent();
  const parsed: AccountEvent = JSON.parse(data);
  expect(event).toBe(parsed.type);
  return parsed;
}

async function createdId(api: InvoiceApi): Promise<string> {
  const res = await api.send('POST', '/api/invoices', invoiceBody());
  expect(res.status).toBe(201);
  const { id }: { id: string } = await res.json();
  return id;
}

test('GET /api/events without a session is a 401 in the one error shape', async () => {
  const res = await t.app.request('/api/events');
  expect(res.status).toBe(401);
  expect(await errorOf(res)).toEqual({
    code: 'UNAUTHENTICATED',
    message: 'Sessão expirada. Inicie sessão novamente.',
  });
});

test('the stream is an uncompressed, unbuffered event stream that starts with `ready`', async () => {
  const { res, stream } = await openStream(cookieA, { 'accept-encoding': 'gzip, deflate, br' });
  expect(res.headers.get('content-type')).toBe('text/event-stream');
  expect(res.headers.get('cache-control')).toBe('no-cache');
  expect(res.headers.get('x-accel-buffering')).toBe('no');
  // compress() would hold small writes back until its buffer fills.
  expect(res.headers.get('content-encoding')).toBeNull();
  await stream.cancel();
});

test("create, edit, payment and delete each reach the account's open stream", async () => {
  const { stream } = await openStream(cookieA);
  const id = await createdId(apiA);
  expect(await nextAccountEvent(stream)).toEqual({
    type: 'invoices.changed',
    action: 'created',
    ids: [id],
  });

  expect((await apiA.send('PATCH', `/api/invoices/${id}`, { notes: 'ligar' })).status).toBe(200);
  expect(await nextAccountEvent(stream)).toEqual({
    type: 'invoices.changed',
    action: 'updated',
    ids: [id],
  });

  const paid = await apiA.send('POST', `/api/invoices/${id}/payment`, {
    paid: true,
    method: 'Cartão',
  });
  expect(paid.status).toBe(200);
  expect(await nextAccountEvent(stream)).toEqual({
    type: 'invoices.changed',
    action: 'updated',
    ids: [id],
  });

  expect((await apiA.send('DELETE', `/api/invoices/${id}`)).status).toBe(204);
  expect(await nextAccountEvent(stream)).toEqual({
    type: 'invoices.changed',
    action: 'deleted',
    ids: [id],
  });
  await stream.cancel();
});

test('a refused mutation publishes nothing', async () => {
  const { stream } = await openStream(cookieA);
  const missing = '00000000-0000-4000-8000-000000000000';
  expect((await apiA.send('DELETE', `/api/invoices/${missing}`)).status).toBe(404);
  expect((await apiA.send('PATCH', `/api/invoices/${missing}`, { notes: 'x' })).status).toBe(404);
  // The next event is the one of this create: nothing came before it.
  const id = await createdId(apiA);
  expect(await nextAccountEvent(stream)).toMatchObject({ action: 'created', ids: [id] });
  await stream.cancel();
});

test('a profile change and a photo change reach the stream as profile.changed', async () => {
  const { stream } = await openStream(cookieA);
  const patched = await apiA.send('PATCH', '/api/profile', { invoiceViewMode: 'list' });
  expect(patched.status).toBe(200);
  expect(await nextAccountEvent(stream)).toEqual({ type: 'profile.changed' });

  expect((await apiA.send('DELETE', '/api/profile/photo')).status).toBe(200);
  expect(await nextAccountEvent(stream)).toEqual({ type: 'profile.changed' });
  await stream.cancel();
});

test("another account's stream hears nothing of the changes", async () => {
  const a = await openStream(cookieA);
  const b = await openStream(cookieB);
  const idA = await createdId(apiA);
  expect((await apiA.send('PATCH', '/api/profile', { invoiceViewMode: 'grid' })).status).toBe(200);
  expect((await apiA.send('DELETE', `/api/invoices/${idA}`)).status).toBe(204);
  expect(await nextAccountEvent(a.stream)).toMatchObject({ action: 'created', ids: [idA] });

  // Delivery is in order, so had B heard any of A's three changes, they would come first.
  const idB = await createdId(apiB);
  expect(await nextAccountEvent(b.stream)).toEqual({
    type: 'invoices.changed',
    action: 'created',
    ids: [idB],
  });
  await a.stream.cancel();
  await b.stream.cancel();
});

test('two tabs of one account both hear a change', async () => {
  const first = await openStream(cookieA);
  const second = await openStream(cookieA);
  const id = await createdId(apiA);
  for (const { stream } of [first, second]) {
    expect(await nextAccountEvent(stream)).toMatchObject({ action: 'created', ids: [id] });
    await stream.cancel();
  }
});

test('the subscription is removed when the client goes away', async () => {
  await vi.waitFor(() => expect(bus.active()).toBe(0));
  const { stream } = await openStream(cookieA);
  expect(bus.active()).toBe(1);
  await stream.cancel();
  await vi.waitFor(() => expect(bus.active()).toBe(0));
  // Publishing to nobody is fine, and the request still succeeds.
  await createdId(apiA);
});

test('a failing publish never fails the request that made the change', async () => {
  const failing: EventBus = {
    ...createInProcessEventBus(),
    publish: () => Promise.reject(new Error('bus down')),
  };
  const other = await createTestApp({ events: failing });
  try {
    const cookie = await signUpVerified(other, 'eventos-falha@exemplo.pt');
    const api = invoiceApi(other, cookie);
    const res = await api.send('POST', '/api/invoices', invoiceBody());
    expect(res.status).toBe(201);
    const { id }: { id: string } = await res.json();
    expect((await api.send('DELETE', `/api/invoices/${id}`)).status).toBe(204);
    expect((await api.send('PATCH', '/api/profile', { invoiceViewMode: 'list' })).status).toBe(200);
  } finally {
    await other.close();
  }
});

/** The route alone, with its own bus and heartbeat period, behind the test app's sessions. */
function standaloneEvents(events: EventBus, heartbeatMs: number) {
  const app = new Hono()
    .use('/api/events/*', requestScope({ auth: t.auth, db: t.db.db }))
    .route('/api/events', eventsRoutes({ events, heartbeatMs }));
  return async () => {
    const res = await app.request('/api/events', { headers: { cookie: cookieA } });
    expect(res.status).toBe(200);
    const stream = sseReader(res);
    expect(await stream.nextEvent()).toEqual({ event: 'ready', data: '{}' });
    return stream;
  };
}

test('a heartbeat comment keeps an idle stream alive', async () => {
  const open = standaloneEvents(createInProcessEventBus(), 20);
  const stream = await open();
  expect(await stream.nextBlock()).toBe(': ping');
  expect(await stream.nextBlock()).toBe(': ping');
  await stream.cancel();
});

test('the stream ends when the bus ends the subscription, e.g. at shutdown', async () => {
  const events = createInProcessEventBus();
  const open = standaloneEvents(events, 60_000);
  const stream = await open();
  await events.close();
  await stream.ended();
});
