import { expect, test } from 'vitest';
import { modeFromLocation, postSignUpTarget, shouldForwardToCallback } from './auth-mode.ts';

test('a path containing reset-password shows the reset form whatever the query', () => {
  expect(modeFromLocation('/auth/reset-password', {})).toBe('reset-password');
  expect(modeFromLocation('/auth/reset-password', { verification: 'success' })).toBe(
    'reset-password',
  );
});

test('verification=success, then email with purpose, then login', () => {
  expect(modeFromLocation('/auth', { verification: 'success' })).toBe('verification-success');
  expect(modeFromLocation('/auth', { email: 'a@b.pt', purpose: 'verification' })).toBe(
    'check-email',
  );
  expect(modeFromLocation('/auth', { email: 'a@b.pt', purpose: 'reset' })).toBe('check-email');
  expect(modeFromLocation('/auth', { email: 'a@b.pt' })).toBe('login');
  expect(modeFromLocation('/auth', {})).toBe('login');
});

test('purpose=reset without an email opens the forgot-password form (the owner notice link)', () => {
  expect(modeFromLocation('/auth', { purpose: 'reset' })).toBe('request-reset');
  expect(modeFromLocation('/auth', { purpose: 'verification' })).toBe('login');
});

test('only both tokens together forward to the callback', () => {
  expect(shouldForwardToCallback({ access_token: 'a', refresh_token: 'b' })).toBe(true);
  expect(shouldForwardToCallback({ access_token: 'a' })).toBe(false);
  expect(shouldForwardToCallback({})).toBe(false);
});

test('a stored paid plan leads to the subscription autostart, anything else home', () => {
  expect(postSignUpTarget('enterprise_500')).toEqual({
    to: '/subscription',
    search: { autostart: 'enterprise_500' },
  });
  expect(postSignUpTarget('professional')).toEqual({
    to: '/subscription',
    search: { autostart: 'professional' },
  });
  expect(postSignUpTarget('free')).toEqual({ to: '/' });
  expect(postSignUpTarget('gold')).toEqual({ to: '/' });
  expect(postSignUpTarget(null)).toEqual({ to: '/' });
});
