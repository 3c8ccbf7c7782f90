import { expect, test } from 'vitest';
import { percentile, summarize } from './stats.ts';

test('percentile uses the nearest rank', () => {
  const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
  expect(percentile(sorted, 50)).toBe(50);
  expect(percentile(sorted, 99)).toBe(99);
  expect(percentile(sorted, 100)).toBe(100);
  expect(percentile([7], 99)).toBe(7);
});

test('summarize sorts the samples before reading percentiles', () => {
  expect(summarize([5, 1, 3, 2, 4])).toEqual({ n: 5, p50: 3, p95: 5, p99: 5, mean: 3 });
});
