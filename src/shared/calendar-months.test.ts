import { expect, test } from 'vitest';
import {
  addMonths,
  firstDayOfMonth,
  formatMonthLong,
  formatMonthShort,
  monthOfDate,
  monthsBetween,
  monthsEndingAt,
} from './calendar-months.ts';

test('months add across years both ways', () => {
  expect(addMonths('2025-01', -1)).toBe('2024-12');
  expect(addMonths('2025-11', 2)).toBe('2026-01');
  expect(addMonths('2025-03', -27)).toBe('2022-12');
  expect(addMonths('2025-03', 0)).toBe('2025-03');
});

test('months between, ending at, and written in Portuguese', () => {
  expect(monthsBetween('2024-11', '2025-02')).toBe(3);
  expect(monthsBetween('2025-02', '2024-11')).toBe(-3);
  expect(monthsEndingAt('2025-02', 3)).toEqual(['2024-12', '2025-01', '2025-02']);
  expect(monthOfDate('2025-02-28')).toBe('2025-02');
  expect(firstDayOfMonth('2025-02')).toBe('2025-02-01');
  expect(formatMonthLong('2025-03')).toBe('março de 2025');
  expect(formatMonthShort('2025-03')).toBe('mar 25');
  expect(() => addMonths('2025-13', 1)).toThrow(RangeError);
});
