import { afterAll, expect, test } from 'vitest';
import { createTestDb } from '#tests/setup/test-db.ts';
import {
  clearAttempts,
  countAttempt,
  minutesLeft,
  peekAttempts,
  RESET_RULE,
} from './rate-limit.ts';

const handle = await createTestDb();
const { db } = handle;
afterAll(() => handle.close());

const MINUTE = 60_000;
const at = (minutes: number) => new Date(Date.UTC(2025, 0, 1, 12, 0) + minutes * MINUTE);

test('three attempts pass, the fourth starts a 30-minute block', async () => {
  const key = 'reset:email:a@exemplo.pt';
  for (const minute of [0, 1, 2]) {
    expect((await countAttempt(db, key, RESET_RULE, at(minute))).retryAfterMs).toBeNull();
  }
  const fourth = await countAttempt(db, key, RESET_RULE, at(3));
  expect(fourth.retryAfterMs).toBe(30 * MINUTE);
  const later = await countAttempt(db, key, RESET_RULE, at(13.5));
  expect(later.retryAfterMs).toBe(19.5 * MINUTE);
  expect(minutesLeft(later.retryAfterMs ?? 0)).toBe(20);
});

test('the block ends after 30 minutes and a new window starts at one attempt', async () => {
  const key = 'reset:email:b@exemplo.pt';
  for (const minute of [0, 1, 2, 3]) await countAttempt(db, key, RESET_RULE, at(minute));
  const after = await countAttempt(db, key, RESET_RULE, at(33));
  expect(after).toEqual({ attempts: 1, retryAfterMs: null });
});

test('attempts spread over more than the window never block', async () => {
  const key = 'reset:email:c@exemplo.pt';
  for (const minute of [0, 10, 20, 30, 40, 50]) {
    expect((await countAttempt(db, key, RESET_RULE, at(minute))).retryAfterMs).toBeNull();
  }
});

test('concurrent attempts are all counted', async () => {
  const key = 'login:ip:10.0.0.1';
  const rule = { max: 100, windowMs: 15 * MINUTE, blockMs: MINUTE };
  await Promise.all(Array.from({ length: 20 }, () => countAttempt(db, key, rule, at(0))));
  expect((await peekAttempts(db, key, at(0))).attempts).toBe(20);
});

test('peek counts nothing and clear forgets the key', async () => {
  const key = 'login:email:d@exemplo.pt';
  expect(await peekAttempts(db, key)).toEqual({ attempts: 0, retryAfterMs: null });
  await countAttempt(db, key, RESET_RULE);
  expect((await peekAttempts(db, key)).attempts).toBe(1);
  await clearAttempts(db, key);
  expect(await peekAttempts(db, key)).toEqual({ attempts: 0, retryAfterMs: null });
});

test('minutes left round up and never show zero', () => {
  expect(minutesLeft(30 * MINUTE)).toBe(30);
  expect(minutesLeft(29 * MINUTE + 1)).toBe(30);
  expect(minutesLeft(1)).toBe(1);
});
