import { expect, test } from 'vitest';
import { formatMessageTime } from './message-time.ts';

const now = new Date('2026-07-15T10:00:00Z');

test('a message of today shows its hour, in Lisbon time (summer: UTC+1)', () => {
  expect(formatMessageTime('2026-07-15T08:05:00Z', now)).toBe('09:05');
  expect(formatMessageTime('2026-07-14T23:30:00Z', now)).toBe('00:30');
});

test('this year it shows the day and the hour; before, the whole date', () => {
  expect(formatMessageTime('2026-07-14T22:30:00Z', now)).toBe('14/07, 23:30');
  expect(formatMessageTime('2026-01-03T14:00:00Z', now)).toBe('03/01, 14:00');
  expect(formatMessageTime('2025-12-31T23:59:00Z', now)).toBe('31/12/2025, 23:59');
});
