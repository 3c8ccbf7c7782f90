import { expect, test } from 'vitest';
import { parseAuthSearch, parseSubscriptionSearch } from './search-params.ts';

test('the auth search keeps a known plan and the signup flag in both shapes', () => {
  expect(parseAuthSearch({ plan: 'professional', signup: true })).toEqual({
    plan: 'professional',
    signup: true,
  });
  expect(parseAuthSearch({ signup: 'true' })).toEqual({ signup: true });
  expect(parseAuthSearch({ signup: 'false' })).toEqual({ signup: false });
});

test('the auth search drops an unknown plan or a malformed flag instead of failing', () => {
  // Keys stay present as undefined so the router cannot fall back to the raw values.
  expect(parseAuthSearch({ plan: 'gold', signup: 'maybe' })).toStrictEqual({
    plan: undefined,
    signup: undefined,
  });
  expect(parseAuthSearch({ plan: 42, signup: 1 })).toStrictEqual({
    plan: undefined,
    signup: undefined,
  });
});

test('the subscription search accepts only a plan id for autostart', () => {
  expect(parseSubscriptionSearch({ autostart: 'enterprise_1000' })).toEqual({
    autostart: 'enterprise_1000',
  });
  expect(parseSubscriptionSearch({ autostart: '<script>' })).toStrictEqual({
    autostart: undefined,
  });
});
