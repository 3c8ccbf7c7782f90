import { afterEach, expect, test, vi } from 'vitest';
import { createResendStatus, type ResendStatus } from './resend-status.ts';

afterEach(() => {
  vi.useRealTimers();
});

function track() {
  const seen: ResendStatus[] = [];
  return { seen, controller: createResendStatus((s) => seen.push(s)) };
}

test('a successful resend shows success for 3 s, then idle', async () => {
  vi.useFakeTimers();
  const { seen, controller } = track();
  await controller.run(() => Promise.resolve());
  expect(seen).toEqual(['loading', 'success']);
  vi.advanceTimersByTime(2999);
  expect(seen.at(-1)).toBe('success');
  vi.advanceTimersByTime(1);
  expect(seen).toEqual(['loading', 'success', 'idle']);
});

test('a failed resend shows error for 2 s, then idle', async () => {
  vi.useFakeTimers();
  const { seen, controller } = track();
  await controller.run(() => Promise.reject(new Error('x')));
  expect(seen).toEqual(['loading', 'error']);
  vi.advanceTimersByTime(1999);
  expect(seen.at(-1)).toBe('error');
  vi.advanceTimersByTime(1);
  expect(seen.at(-1)).toBe('idle');
});

test('a second press while loading does not send again', async () => {
  const { controller } = track();
  const send = vi.fn(() => new Promise((resolve) => setTimeout(resolve, 5)));
  await Promise.all([controller.run(send), controller.run(send)]);
  expect(send).toHaveBeenCalledTimes(1);
  controller.dispose();
});
