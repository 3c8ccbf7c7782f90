import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import {
  connectLiveUpdates,
  EVENTS_URL,
  HIDDEN_DISCONNECT_MS,
  type EventSourceLike,
  type PageVisibility,
} from './live-updates.ts';

type Listener = (event: MessageEvent<string>) => void;

/** Stands in for the browser's EventSource: the test plays the server's messages. */
class FakeEventSource implements EventSourceLike {
  readonly listeners = new Map<string, Listener[]>();
  isClosed = false;
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.isClosed = true;
  }
  emit(type: string, data = '') {
    for (const listener of this.listeners.get(type) ?? [])
      listener(new MessageEvent(type, { data }));
  }
}

class FakePage implements PageVisibility {
  visibilityState: DocumentVisibilityState = 'visible';
  private readonly listeners = new Set<() => void>();
  addEventListener(_type: 'visibilitychange', listener: () => void) {
    this.listeners.add(listener);
  }
  removeEventListener(_type: 'visibilitychange', listener: () => void) {
    this.listeners.delete(listener);
  }
  show(state: DocumentVisibilityState) {
    this.visibilityState = state;
    for (const listener of this.listeners) listener();
  }
}

const LIST: QueryKey = ['invoices', 'list', { period: 'all' }];
const COUNTER: QueryKey = ['invoices', 'counter'];
const DETAIL: QueryKey = ['invoices', 'detail', 'fatura-1'];
const OTHER_DETAIL: QueryKey = ['invoices', 'detail', 'fatura-2'];
const PROFILE: QueryKey = ['profile'];
const SUBSCRIPTION: QueryKey = ['billing', 'subscription'];

let queryClient: QueryClient;
let sources: FakeEventSource[];
let page: FakePage;
let disconnect: () => void;

beforeEach(() => {
  queryClient = new QueryClient();
  for (const key of [LIST, COUNTER, DETAIL, OTHER_DETAIL, PROFILE, SUBSCRIPTION]) {
    queryClient.setQueryData(key, { cached: true });
  }
  sources = [];
  page = new FakePage();
  disconnect = connectLiveUpdates(queryClient, {
    openEventSource: (url) => {
      const source = new FakeEventSource(url);
      sources.push(source);
      return source;
    },
    page,
  });
});

afterEach(() => {
  disconnect();
  queryClient.clear();
  vi.useRealTimers();
});

const isInvalidated = (key: QueryKey) => queryClient.getQueryState(key)?.isInvalidated ?? false;
const current = () => {
  const source = sources.at(-1);
  if (!source) throw new Error('no stream was opened');
  return source;
};

test('opens one stream on /api/events and refreshes nothing on the first open', () => {
  expect(sources.map((s) => s.url)).toEqual([EVENTS_URL]);
  current().emit('open');
  current().emit('ready', '{}');
  expect([LIST, COUNTER, DETAIL, PROFILE].map(isInvalidated)).toEqual([false, false, false, false]);
});

test('an invoice change invalidates every invoice query and leaves the profile alone', () => {
  current().emit(
    'invoices.changed',
    JSON.stringify({ type: 'invoices.changed', action: 'updated', ids: ['fatura-1'] }),
  );
  expect([LIST, COUNTER, DETAIL, OTHER_DETAIL].map(isInvalidated)).toEqual([
    true,
    true,
    true,
    true,
  ]);
  expect(isInvalidated(PROFILE)).toBe(false);
});

test("a deletion drops that invoice's detail instead of refetching it", () => {
  current().emit(
    'invoices.changed',
    JSON.stringify({ type: 'invoices.changed', action: 'deleted', ids: ['fatura-1'] }),
  );
  expect(queryClient.getQueryState(DETAIL)).toBeUndefined();
  expect(isInvalidated(OTHER_DETAIL)).toBe(true);
  expect(isInvalidated(LIST)).toBe(true);
});

test('malformed data is still a change: the invoice queries are refreshed', () => {
  current().emit('invoices.changed', 'isto não é JSON');
  expect(isInvalidated(LIST)).toBe(true);
  expect(queryClient.getQueryState(DETAIL)).toBeDefined();
});

test('a profile change invalidates the profile only', () => {
  current().emit('profile.changed', JSON.stringify({ type: 'profile.changed' }));
  expect(isInvalidated(PROFILE)).toBe(true);
  expect(isInvalidated(LIST)).toBe(false);
});

test('a plan change refreshes the subscription, the profile and the invoice counter', () => {
  current().emit('subscription.changed', JSON.stringify({ type: 'subscription.changed' }));
  expect([SUBSCRIPTION, PROFILE, COUNTER].map(isInvalidated)).toEqual([true, true, true]);
});

test("an invoice change refreshes the subscription screen's usage too", () => {
  current().emit('invoices.changed', '{}');
  expect(isInvalidated(SUBSCRIPTION)).toBe(true);
});

test('after a reconnect both are refreshed, since events may have been missed', () => {
  current().emit('open');
  current().emit('error');
  expect(isInvalidated(LIST)).toBe(false);
  current().emit('open');
  expect([LIST, COUNTER, DETAIL, PROFILE].map(isInvalidated)).toEqual([true, true, true, true]);
});

test('a tab hidden for a while lets go of its stream and catches up when shown', () => {
  vi.useFakeTimers();
  current().emit('open');
  page.show('hidden');
  vi.advanceTimersByTime(HIDDEN_DISCONNECT_MS - 1);
  expect(current().isClosed).toBe(false);
  // Shown again in time: the same stream carries on.
  page.show('visible');
  vi.advanceTimersByTime(HIDDEN_DISCONNECT_MS);
  expect(sources).toHaveLength(1);
  expect(current().isClosed).toBe(false);

  page.show('hidden');
  vi.advanceTimersByTime(HIDDEN_DISCONNECT_MS);
  expect(current().isClosed).toBe(true);
  page.show('visible');
  expect(sources).toHaveLength(2);
  current().emit('open');
  expect([LIST, PROFILE].map(isInvalidated)).toEqual([true, true]);
});

test('disconnecting closes the stream and stops following visibility', () => {
  disconnect();
  expect(current().isClosed).toBe(true);
  page.show('hidden');
  page.show('visible');
  expect(sources).toHaveLength(1);
});
