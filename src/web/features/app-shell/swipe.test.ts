import { expect, test } from 'vitest';
import { isCloseSwipe } from './swipe.ts';

test('a left swipe longer than 100 px closes', () => {
  expect(isCloseSwipe({ x: 300, y: 200 }, { x: 199, y: 210 })).toBe(true);
});

test('exactly 100 px, a right swipe or a vertical scroll does not close', () => {
  expect(isCloseSwipe({ x: 300, y: 200 }, { x: 200, y: 200 })).toBe(false);
  expect(isCloseSwipe({ x: 100, y: 200 }, { x: 300, y: 200 })).toBe(false);
  expect(isCloseSwipe({ x: 300, y: 100 }, { x: 180, y: 400 })).toBe(false);
});
