import { expect, test, vi } from 'vitest';
import {
  createQueryClient,
  retryDelayMs,
  shouldRetryMutation,
  shouldRetryQuery,
} from './query-client.ts';

test('a network error or a 5xx is retried at most 3 times', () => {
  expect(shouldRetryQuery(0, new TypeError('Failed to fetch'))).toBe(true);
  expect(shouldRetryQuery(1, { status: 503 })).toBe(true);
  expect(shouldRetryQuery(2, { status: 503 })).toBe(true);
  expect(shouldRetryQuery(3, { status: 503 })).toBe(false);
});

test('a 4xx is not retried except 408 and 429', () => {
  for (const status of [400, 401, 403, 404, 409, 422]) {
    expect(shouldRetryQuery(0, { status })).toBe(false);
    expect(shouldRetryMutation(0, { status })).toBe(false);
  }
  expect(shouldRetryQuery(0, { status: 408 })).toBe(true);
  expect(shouldRetryQuery(2, { status: 429 })).toBe(true);
  expect(shouldRetryQuery(3, { status: 429 })).toBe(false);
});

test('a mutation is retried once, and only when the error may pass', () => {
  expect(shouldRetryMutation(0, new TypeError('Failed to fetch'))).toBe(true);
  expect(shouldRetryMutation(0, { status: 502 })).toBe(true);
  expect(shouldRetryMutation(1, { status: 502 })).toBe(false);
});

test('the backoff doubles from 1 s and stops at 30 s', () => {
  expect([0, 1, 2, 3, 4, 5, 6].map(retryDelayMs)).toEqual([
    1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
  ]);
});

test('the global cache defaults follow the spec', () => {
  const defaults = createQueryClient().getDefaultOptions();
  expect(defaults.queries).toMatchObject({
    staleTime: 300_000,
    gcTime: 1_800_000,
    refetchOnWindowFocus: false,
    refetchOnMount: false,
    refetchOnReconnect: true,
    retry: shouldRetryQuery,
    retryDelay: retryDelayMs,
  });
  expect(defaults.mutations).toMatchObject({
    retry: shouldRetryMutation,
    retryDelay: retryDelayMs,
  });
});

test('without a connection nothing is retried: the screen says so at once', () => {
  vi.stubGlobal('navigator', { onLine: false });
  try {
    expect(shouldRetryQuery(0, new TypeError('Failed to fetch'))).toBe(false);
    expect(shouldRetryMutation(0, new TypeError('Failed to fetch'))).toBe(false);
  } finally {
    vi.unstubAllGlobals();
  }
  expect(shouldRetryQuery(0, new TypeError('Failed to fetch'))).toBe(true);
});
