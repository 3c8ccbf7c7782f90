import { expect, test } from 'vitest';
import { chunkRows, columnsFor } from './dashboard-layout.ts';

test('cards go from one column on a phone up to four, never more', () => {
  expect(columnsFor(360, 'grid')).toBe(1);
  expect(columnsFor(700, 'grid')).toBe(2);
  expect(columnsFor(1000, 'grid')).toBe(3);
  expect(columnsFor(1280, 'grid')).toBe(4);
  expect(columnsFor(4000, 'grid')).toBe(4);
});

test('the list grid goes up to five columns', () => {
  expect(columnsFor(360, 'list')).toBe(1);
  expect(columnsFor(700, 'list')).toBe(2);
  expect(columnsFor(1000, 'list')).toBe(3);
  expect(columnsFor(1300, 'list')).toBe(4);
  expect(columnsFor(1700, 'list')).toBe(5);
  expect(columnsFor(4000, 'list')).toBe(5);
});

test('items are cut into rows of the column count, the last row possibly short', () => {
  expect(chunkRows([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  expect(chunkRows([], 3)).toEqual([]);
  expect(chunkRows([1, 2], 0)).toEqual([[1], [2]]);
});
