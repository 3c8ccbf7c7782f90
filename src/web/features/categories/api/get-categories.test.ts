import { expect, test } from 'vitest';
import { BUILT_IN_CATEGORIES } from '#shared/domain.ts';
import { categoryNames, type Categories } from './get-categories.ts';

const builtInNames = BUILT_IN_CATEGORIES.map((c) => c.name);

test('a select offers the built-in names, then the account’s own', () => {
  const data: Categories = {
    builtIn: BUILT_IN_CATEGORIES.map(({ name, icon, color }) => ({ name, icon, color })),
    custom: [
      {
        id: '6f1c2a9e-0000-4000-8000-000000000001',
        name: 'Ginásio',
        icon: 'dumbbell',
        color: 'pink',
        type: 'custom',
        createdAt: '2026-11-21T10:00:00.000Z',
        updatedAt: '2026-11-21T10:00:00.000Z',
      },
    ],
  };
  expect(categoryNames(data)).toEqual([...builtInNames, 'Ginásio']);
});

test('while the categories load, the built-in names alone', () => {
  expect(categoryNames(undefined)).toEqual(builtInNames);
});
