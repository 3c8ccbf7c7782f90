import { expect, test } from 'vitest';
import { badgeCount, truncateText } from './invoice-display.ts';

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

test('badge counts cap at 99+', () => {
  expect(badgeCount(0)).toBe('0');
  expect(badgeCount(99)).toBe('99');
  expect(badgeCount(100)).toBe('99+');
});
