import { expect, test } from 'vitest';
import { percentile, planRuns, summarize } from './stats.ts';

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

test('planRuns gives quick calls the full run and slow calls fewer iterations, never below the floor', () => {
  expect(planRuns(2, 50)).toEqual({
    serial: { warmup: 20, iterations: 200 },
    concurrent: { clients: 50, iterationsPerClient: 10, warmup: 2 },
  });
  expect(planRuns(15, 50)).toEqual({
    serial: { warmup: 10, iterations: 100 },
    concurrent: { clients: 50, iterationsPerClient: 6, warmup: 1 },
  });
  expect(planRuns(500, 50)).toEqual({
    serial: { warmup: 3, iterations: 20 },
    concurrent: { clients: 50, iterationsPerClient: 2, warmup: 1 },
  });
});
