import { expect, test } from 'vitest';
import { releaseVelocity, shouldCloseSheet, visibleDragOffset } from './sheet-drag.ts';

test('a flick faster than 500 px/s down closes the sheet, even after a short drag', () => {
  expect(shouldCloseSheet({ offset: 20, velocity: 501 })).toBe(true);
  expect(shouldCloseSheet({ offset: -30, velocity: 900 })).toBe(true);
});

test('exactly 500 px/s with a short drag does not close it', () => {
  expect(shouldCloseSheet({ offset: 150, velocity: 500 })).toBe(false);
});

test('a drag beyond 200 px closes it when released still or moving down', () => {
  expect(shouldCloseSheet({ offset: 201, velocity: 0 })).toBe(true);
  expect(shouldCloseSheet({ offset: 350, velocity: 120 })).toBe(true);
});

test('a drag beyond 200 px that is moving back up when released stays open', () => {
  expect(shouldCloseSheet({ offset: 260, velocity: -1 })).toBe(false);
  expect(shouldCloseSheet({ offset: 400, velocity: -800 })).toBe(false);
});

test('exactly 200 px, released still, stays open', () => {
  expect(shouldCloseSheet({ offset: 200, velocity: 0 })).toBe(false);
});

test('the release speed is measured over the last 100 ms, in px/s', () => {
  const samples = [
    { y: 0, t: 0 },
    { y: 10, t: 200 },
    { y: 40, t: 260 },
    { y: 100, t: 300 },
  ];
  // From (10, 200) to (100, 300): 90 px in 100 ms.
  expect(releaseVelocity(samples)).toBe(900);
});

test('moving up gives a negative speed', () => {
  expect(
    releaseVelocity([
      { y: 300, t: 1000 },
      { y: 250, t: 1050 },
    ]),
  ).toBe(-1000);
});

test('a finger that stopped before letting go has no speed', () => {
  const samples = [
    { y: 0, t: 0 },
    { y: 240, t: 80 },
    { y: 240, t: 400 },
  ];
  expect(releaseVelocity(samples)).toBe(0);
  expect(shouldCloseSheet({ offset: 240, velocity: releaseVelocity(samples) })).toBe(true);
});

test('no samples, one sample or samples at the same instant give no speed', () => {
  expect(releaseVelocity([])).toBe(0);
  expect(releaseVelocity([{ y: 10, t: 5 }])).toBe(0);
  expect(
    releaseVelocity([
      { y: 10, t: 5 },
      { y: 90, t: 5 },
    ]),
  ).toBe(0);
});

test('the sheet follows the finger down but never rises above its resting place', () => {
  expect(visibleDragOffset(120)).toBe(120);
  expect(visibleDragOffset(-60)).toBe(0);
});
