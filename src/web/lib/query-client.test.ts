import { expect, test } from 'vitest';
import { createQueryClient, shouldRetryQuery } from './query-client.ts';

test('a network error or a 5xx is retried at most twice', () => {
  expect(shouldRetryQuery(0, new TypeError('Failed to fetch'))).toBe(true);
  expect(shouldRetryQuery(1, { status: 503 })).toBe(true);
  expect(shouldRetryQuery(2, { status: 503 })).toBe(false);
});

test('a 4xx is not retried except 408 and 429', () => {
  for (const status of [400, 401, 403, 404, 409, 422]) {
    expect(shouldRetryQuery(0, { status })).toBe(false);
  }
  expect(shouldRetryQuery(0, { status: 408 })).toBe(true);
  expect(shouldRetryQuery(1, { status: 429 })).toBe(true);
  expect(shouldRetryQuery(2, { status: 429 })).toBe(false);
});

test('the global cache defaults follow the spec', () => {
  const defaults = createQueryClient().getDefaultOptions();
  expect(defaults.queries).toMatchObject({
    staleTime: 300_000,
    gcTime: 1_800_000,
    refetchOnWindowFocus: false,
    refetchOnMount: false,
    refetchOnReconnect: true,
  });
  expect(defaults.mutations?.retry).toBe(1);
});
