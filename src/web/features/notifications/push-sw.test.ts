import { expect, test } from 'vitest';
import {
  FALLBACK_PUSH_MESSAGE,
  installPushHandlers,
  notificationTarget,
  parsePushMessage,
  type PushWorkerScope,
} from './push-sw.ts';

const ORIGIN = 'https://papelada.exemplo.pt';

test('the server’s payload is shown as it came; anything else as the fallback', () => {
  const message = {
    title: 'Fatura vencida',
    body: 'A fatura FT 1 venceu.',
    url: '/?fatura=1',
    tag: 'invoice_overdue',
  };
  expect(parsePushMessage(message)).toEqual(message);
  expect(parsePushMessage(null)).toEqual(FALLBACK_PUSH_MESSAGE);
  expect(parsePushMessage({ title: '', body: 'x' })).toEqual(FALLBACK_PUSH_MESSAGE);
  expect(parsePushMessage({ title: 'T', body: 'B' })).toEqual({
    title: 'T',
    body: 'B',
    url: '/',
    tag: 'papelada',
  });
});

test('a tap opens a page of the app, never another site', () => {
  expect(notificationTarget('/faturas/123', ORIGIN)).toBe(`${ORIGIN}/faturas/123`);
  expect(notificationTarget('https://mau.exemplo.com/x', ORIGIN)).toBe(`${ORIGIN}/`);
  expect(notificationTarget('//mau.exemplo.com/x', ORIGIN)).toBe(`${ORIGIN}/`);
  expect(notificationTarget(42, ORIGIN)).toBe(`${ORIGIN}/`);
});

function fakeScope(openWindows: string[] = []) {
  const listeners: Record<string, (event: never) => void> = {};
  const shown: { title: string; options: NotificationOptions }[] = [];
  const actions: string[] = [];
  const scope: PushWorkerScope = {
    location: { origin: ORIGIN },
    registration: {
      showNotification: async (title, options) => void shown.push({ title, options }),
    },
    clients: {
      matchAll: async () =>
        openWindows.map((url) => ({
          url,
          focus: async () => actions.push(`focus ${url}`),
          navigate: async (to: string) => actions.push(`navigate ${to}`),
        })),
      openWindow: async (url) => actions.push(`open ${url}`),
    },
    addEventListener: (type: string, listener: (event: never) => void) => {
      listeners[type] = listener;
    },
  };
  installPushHandlers(scope);
  async function dispatch(type: string, event: object) {
    const waits: Promise<unknown>[] = [];
    listeners[type]?.({ ...event, waitUntil: (p: Promise<unknown>) => waits.push(p) } as never);
    await Promise.all(waits);
  }
  return { shown, actions, dispatch };
}

test('a push shows its notification, with where a tap leads', async () => {
  const sw = fakeScope();
  const payload = {
    title: 'Fatura a vencer',
    body: 'Vence amanhã.',
    url: '/?fatura=9',
    tag: 'invoice_due_soon',
  };
  await sw.dispatch('push', { data: { json: () => payload } });
  expect(sw.shown).toEqual([
    {
      title: 'Fatura a vencer',
      options: expect.objectContaining({
        body: 'Vence amanhã.',
        tag: 'invoice_due_soon',
        data: { url: '/?fatura=9' },
      }),
    },
  ]);
  await sw.dispatch('push', {
    data: {
      json: () => {
        throw new Error('not JSON');
      },
    },
  });
  expect(sw.shown[1]?.title).toBe(FALLBACK_PUSH_MESSAGE.title);
});

test('a tap focuses an open tab of the app on the page, or opens one', async () => {
  const open = fakeScope([`${ORIGIN}/resumo`]);
  let closed = false;
  const notification = { data: { url: '/?fatura=9' }, close: () => void (closed = true) };
  await open.dispatch('notificationclick', { notification });
  expect(closed).toBe(true);
  expect(open.actions).toEqual([`focus ${ORIGIN}/resumo`, `navigate ${ORIGIN}/?fatura=9`]);
  const none = fakeScope();
  await none.dispatch('notificationclick', { notification });
  expect(none.actions).toEqual([`open ${ORIGIN}/?fatura=9`]);
});
