import { expect, test } from 'vitest';
import { goalPercent, monthlyPace, projectGoal } from './savings-projection.ts';

const base = { targetCents: 120_000, targetDate: '2025-12-31', today: '2025-06-10' };

test('the pace is the average of the last three months, the current one included', () => {
  expect(monthlyPace([100_00, 200_00, 300_00, 400_00])).toBe(300_00);
  expect(monthlyPace([0, 0, 50_00])).toBe(1_667);
  expect(monthlyPace([])).toBe(0);
});

test('at 200 € a month, 1 000 € left is met in the fifth month from this one: on track', () => {
  expect(projectGoal({ ...base, savedCents: 20_000, monthlyPaceCents: 20_000 })).toEqual({
    kind: 'on-track',
    remainingCents: 100_000,
    projectedMonth: '2025-10',
    // June to December: seven months
    requiredMonthlyCents: 14_286,
  });
});

test('too slow a pace projects past the target month: late', () => {
  expect(projectGoal({ ...base, savedCents: 0, monthlyPaceCents: 10_000 })).toEqual({
    kind: 'late',
    remainingCents: 120_000,
    projectedMonth: '2026-05',
    requiredMonthlyCents: 17_143,
  });
});

test('met exactly in the target month is on track', () => {
  const projection = projectGoal({ ...base, savedCents: 50_000, monthlyPaceCents: 10_000 });
  expect(projection).toMatchObject({ kind: 'on-track', projectedMonth: '2025-12' });
});

test('reached, expired and without a pace', () => {
  expect(projectGoal({ ...base, savedCents: 120_000, monthlyPaceCents: 0 })).toEqual({
    kind: 'reached',
  });
  expect(
    projectGoal({ ...base, savedCents: 1_000, monthlyPaceCents: 5_000, targetDate: '2025-06-09' }),
  ).toEqual({ kind: 'expired', remainingCents: 119_000 });
  expect(projectGoal({ ...base, savedCents: 0, monthlyPaceCents: -500 })).toEqual({
    kind: 'no-pace',
    remainingCents: 120_000,
    requiredMonthlyCents: 17_143,
  });
  // A goal due this very month needs the whole remainder now.
  expect(
    projectGoal({ ...base, savedCents: 0, monthlyPaceCents: 0, targetDate: '2025-06-30' }),
  ).toMatchObject({ requiredMonthlyCents: 120_000 });
});

test('progress is a whole percentage from 0 to 100', () => {
  expect(goalPercent(333, 1000)).toBe(33);
  expect(goalPercent(2000, 1000)).toBe(100);
  expect(goalPercent(-5, 1000)).toBe(0);
  expect(goalPercent(5, 0)).toBe(0);
});
