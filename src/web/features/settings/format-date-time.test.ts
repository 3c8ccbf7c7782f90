import { expect, test } from 'vitest';
import { formatDateTimeLisbon } from './format-date-time.ts';

test('an instant is shown in Lisbon winter time (UTC+0)', () => {
  expect(formatDateTimeLisbon('2026-01-15T09:05:00Z')).toBe('15/01/2026 09:05');
});

test('an instant is shown in Lisbon summer time (UTC+1), crossing midnight', () => {
  expect(formatDateTimeLisbon('2026-07-31T23:30:00Z')).toBe('01/08/2026 00:30');
});

test('an unreadable date shows nothing instead of "Invalid Date"', () => {
  expect(formatDateTimeLisbon('ontem')).toBe('');
});
