import { expect, test } from 'vitest';
import { AMOUNTS_VISIBILITY_KEY, readAmountsVisible } from './amounts-visibility.ts';

const storageWith = (value: string | null) => ({
  getItem: (key: string) => (key === AMOUNTS_VISIBILITY_KEY ? value : null),
  setItem: () => {},
});

test('amounts show unless the device remembers them hidden', () => {
  expect(readAmountsVisible(storageWith(null))).toBe(true);
  expect(readAmountsVisible(storageWith('true'))).toBe(true);
  expect(readAmountsVisible(storageWith('false'))).toBe(false);
  expect(readAmountsVisible(undefined)).toBe(true);
});

test('storage that throws on read shows amounts instead of breaking the page', () => {
  const throwing = {
    getItem: () => {
      throw new Error('SecurityError');
    },
    setItem: () => {},
  };
  expect(readAmountsVisible(throwing)).toBe(true);
});
