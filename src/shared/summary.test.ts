import { expect, test } from 'vitest';
import {
  currentSummaryMonth,
  daysOf,
  monthRange,
  quarterRange,
  statusSliceWidths,
  summaryYears,
} from './summary.ts';

test('a month runs from its 1st to the 1st of the next, leap Februaries included', () => {
  expect(monthRange({ year: 2024, month: 2 })).toEqual({ from: '2024-02-01', to: '2024-03-01' });
  expect(monthRange({ year: 2025, month: 12 })).toEqual({ from: '2025-12-01', to: '2026-01-01' });
  expect(daysOf(monthRange({ year: 2024, month: 2 }))).toHaveLength(29);
  expect(() => monthRange({ year: 2025, month: 13 })).toThrow(RangeError);
});

test('the quarter of a month covers its three months', () => {
  expect(quarterRange({ year: 2025, month: 5 })).toEqual({
    quarter: 2,
    from: '2025-04-01',
    to: '2025-07-01',
  });
  expect(quarterRange({ year: 2025, month: 12 })).toMatchObject({
    quarter: 4,
    from: '2025-10-01',
    to: '2026-01-01',
  });
});

test('the selector opens on the current month in Lisbon and offers the last five years', () => {
  expect(currentSummaryMonth('2026-03-31')).toEqual({ year: 2026, month: 3 });
  expect(summaryYears('2026-01-01')).toEqual([2026, 2025, 2024, 2023, 2022]);
});

test('a slice with an amount is at least 3 % of the bar, and the bar still adds up to 100', () => {
  const widths = statusSliceWidths([98.5, 1.5, 0]);
  expect(widths[2]).toBe(0);
  expect(widths[1]).toBeCloseTo((3 / 101.5) * 100, 6);
  expect(widths.reduce((a, b) => a + b, 0)).toBeCloseTo(100, 6);
  expect(statusSliceWidths([0, 0, 0])).toEqual([0, 0, 0]);
});
