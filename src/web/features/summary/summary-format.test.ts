import { expect, test } from 'vitest';
import { axisAmount, formatPercent, monthTitle } from './summary-format.ts';
import { parseSummarySearch } from './summary-search.ts';

test('shares are written the Portuguese way with one decimal', () => {
  expect(formatPercent((7_000 / 18_000) * 100).replace(/\s/gu, ' ')).toBe('38,9%');
  expect(formatPercent(100).replace(/\s/gu, ' ')).toBe('100%');
});

test('axis amounts are whole euros, or dots while amounts are hidden', () => {
  expect(axisAmount(123_456, true).replace(/\s/gu, ' ')).toBe('1235 €');
  expect(axisAmount(123_456, false)).toBe('•••');
});

test('a month is named in Portuguese', () => {
  expect(monthTitle(2025, 3)).toBe('Março de 2025');
});

test('the address keeps a real month and year and drops anything else', () => {
  expect(parseSummarySearch({ ano: 2025, mes: '5' })).toEqual({ ano: 2025, mes: 5 });
  expect(parseSummarySearch({ ano: '20x5', mes: 13 })).toEqual({ ano: undefined, mes: undefined });
});
