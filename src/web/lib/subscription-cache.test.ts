import { expect, test } from 'vitest';
import {
  readSubscriptionCache,
  removeSubscriptionCache,
  SUBSCRIPTION_CACHE_KEY,
  SUBSCRIPTION_CACHE_MS,
  writeSubscriptionCache,
} from './subscription-cache.ts';

/** A Map behind the Storage methods the cache uses. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

type Data = { tier: string };
const isData = (value: unknown): value is Data =>
  typeof value === 'object' && value !== null && typeof (value as Data).tier === 'string';

const SAVED_AT = Date.UTC(2026, 2, 5, 10, 0, 0);

test('a cached answer is read back for the same user within the hour', () => {
  const storage = memoryStorage();
  writeSubscriptionCache('user-1', { tier: 'professional' }, SAVED_AT, storage);
  expect(storage.items.has(SUBSCRIPTION_CACHE_KEY)).toBe(true);
  const entry = readSubscriptionCache('user-1', isData, SAVED_AT + 59 * 60_000, storage);
  expect(entry).toEqual({ userId: 'user-1', savedAt: SAVED_AT, data: { tier: 'professional' } });
});

test('the cache expires after exactly one hour', () => {
  const storage = memoryStorage();
  writeSubscriptionCache('user-1', { tier: 'free' }, SAVED_AT, storage);
  expect(SUBSCRIPTION_CACHE_MS).toBe(3_600_000);
  expect(
    readSubscriptionCache('user-1', isData, SAVED_AT + SUBSCRIPTION_CACHE_MS - 1, storage),
  ).toBeDefined();
  expect(
    readSubscriptionCache('user-1', isData, SAVED_AT + SUBSCRIPTION_CACHE_MS, storage),
  ).toBeUndefined();
});

test("another user's cached answer is never read", () => {
  const storage = memoryStorage();
  writeSubscriptionCache('user-1', { tier: 'enterprise_500' }, SAVED_AT, storage);
  expect(readSubscriptionCache('user-2', isData, SAVED_AT, storage)).toBeUndefined();
});

test('an entry from the future, of another shape or not JSON is ignored', () => {
  const storage = memoryStorage();
  writeSubscriptionCache('user-1', { tier: 'free' }, SAVED_AT + 60_000, storage);
  expect(readSubscriptionCache('user-1', isData, SAVED_AT, storage)).toBeUndefined();
  writeSubscriptionCache('user-1', { plan: 'free' }, SAVED_AT, storage);
  expect(readSubscriptionCache('user-1', isData, SAVED_AT, storage)).toBeUndefined();
  storage.setItem(SUBSCRIPTION_CACHE_KEY, '{not json');
  expect(readSubscriptionCache('user-1', isData, SAVED_AT, storage)).toBeUndefined();
});

test('removing the cache forgets it; storage that throws is treated as empty', () => {
  const storage = memoryStorage();
  writeSubscriptionCache('user-1', { tier: 'free' }, SAVED_AT, storage);
  removeSubscriptionCache(storage);
  expect(readSubscriptionCache('user-1', isData, SAVED_AT, storage)).toBeUndefined();
  const broken = {
    getItem: () => {
      throw new Error('denied');
    },
    setItem: () => {
      throw new Error('denied');
    },
    removeItem: () => {
      throw new Error('denied');
    },
  };
  expect(() => writeSubscriptionCache('user-1', { tier: 'free' }, SAVED_AT, broken)).not.toThrow();
  expect(readSubscriptionCache('user-1', isData, SAVED_AT, broken)).toBeUndefined();
  expect(() => removeSubscriptionCache(broken)).not.toThrow();
});
