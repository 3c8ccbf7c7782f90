import { expect, test } from 'vitest';
import { CAPABILITY_NAMES, type Capability } from '#shared/capabilities.ts';
import { exportAccessOf } from './export-access.ts';
import { estimatedBytes, fileNameOf, progressOf } from './export-progress.ts';

test('progress follows the bytes against the estimate and is never full before the end', () => {
  expect(estimatedBytes('xlsx', 100_000)).toBeGreaterThan(7_000_000);
  expect(progressOf('csv', 1_000, 0)).toBe(0);
  expect(progressOf('csv', 1_000, estimatedBytes('csv', 1_000) / 2)).toBeCloseTo(0.5);
  expect(progressOf('xlsx', 10, 10_000_000)).toBe(0.99);
});

test('the file is named as the server said, else after its format', () => {
  expect(fileNameOf('attachment; filename="faturas-2026-11.xlsx"; filename*=…', 'x')).toBe(
    'faturas-2026-11.xlsx',
  );
  expect(fileNameOf(null, 'faturas.csv')).toBe('faturas.csv');
});

const rights = (allowed: boolean, planRequired: Partial<Record<Capability, 'enterprise_500'>>) => ({
  capabilities: Object.fromEntries(CAPABILITY_NAMES.map((name) => [name, allowed])) as Record<
    Capability,
    boolean
  >,
  planRequired,
});

test('the action shows when allowed, marked premium when only the plan refuses, hidden otherwise', () => {
  expect(exportAccessOf(undefined)).toEqual({ kind: 'hidden' });
  expect(exportAccessOf(rights(true, {}))).toEqual({ kind: 'allowed' });
  expect(exportAccessOf(rights(false, { 'exports.create': 'enterprise_500' }))).toEqual({
    kind: 'plan-required',
    requiredPlan: 'enterprise_500',
  });
  expect(exportAccessOf(rights(false, {}))).toEqual({ kind: 'hidden' });
});
