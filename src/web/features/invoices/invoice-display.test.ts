import { expect, test } from 'vitest';
import { badgeCount, categoryVisual, truncateText } from './invoice-display.ts';

test('notes up to 100 characters are kept whole; longer ones are cut at 100 with an ellipsis', () => {
  expect(truncateText('Pagar até sexta')).toBe('Pagar até sexta');
  const exactly100 = 'a'.repeat(100);
  expect(truncateText(exactly100)).toBe(exactly100);
  expect(truncateText(`${'b'.repeat(100)}c`)).toBe(`${'b'.repeat(100)}…`);
});

test('the cut never splits an emoji or an accented letter written as two code units', () => {
  const text = `${'x'.repeat(99)}😀😀`;
  expect(truncateText(text)).toBe(`${'x'.repeat(99)}😀…`);
});

test('built-in categories have their own icon and colour, matched without case', () => {
  expect(categoryVisual('Restaurantes e Cafeterias')).toEqual({
    icon: 'utensils',
    color: 'orange',
  });
  expect(categoryVisual('saúde e bem-estar')).toEqual({ icon: 'heart-pulse', color: 'red' });
});

test('no supplier, Outros or an unknown category show the receipt in slate', () => {
  for (const category of [null, undefined, '', 'Outros', 'Ginásio']) {
    expect(categoryVisual(category)).toEqual({ icon: 'receipt', color: 'slate' });
  }
});

test('badge counts cap at 99+', () => {
  expect(badgeCount(0)).toBe('0');
  expect(badgeCount(99)).toBe('99');
  expect(badgeCount(100)).toBe('99+');
});
