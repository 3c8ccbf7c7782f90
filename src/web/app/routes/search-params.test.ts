import { defaultParseSearch } from '@tanstack/react-router';
import { expect, test } from 'vitest';
import { GOOGLE_SIGN_IN_BODY } from '#shared/google-sign-in.ts';
import {
  parseAuthCallbackSearch,
  parseAuthSearch,
  parseDashboardSearch,
  parseSubscriptionSearch,
} from './search-params.ts';

const NO_AUTH_SEARCH = {
  plan: undefined,
  signup: undefined,
  verification: undefined,
  email: undefined,
  purpose: undefined,
  access_token: undefined,
  refresh_token: undefined,
  token: undefined,
  error: undefined,
  error_description: undefined,
  invite_token: undefined,
};

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
  expect(parseAuthSearch({ plan: 'gold', signup: 'maybe' })).toStrictEqual(NO_AUTH_SEARCH);
  expect(parseAuthSearch({ plan: 42, signup: 1 })).toStrictEqual(NO_AUTH_SEARCH);
});

test('the auth search reads the check-email, verification and token parameters', () => {
  expect(
    parseAuthSearch({ email: ' ana@exemplo.pt ', purpose: 'reset', verification: 'success' }),
  ).toMatchObject({ email: 'ana@exemplo.pt', purpose: 'reset', verification: 'success' });
  // The router JSON-parses values, so an all-digit token arrives as a number.
  expect(parseAuthSearch({ token: 123456, access_token: 'a', refresh_token: 'b' })).toMatchObject({
    token: '123456',
    access_token: 'a',
    refresh_token: 'b',
  });
  expect(
    parseAuthSearch({ email: 'not-an-email', purpose: 'other', verification: 'yes', token: '' }),
  ).toStrictEqual(NO_AUTH_SEARCH);
  expect(parseAuthSearch({ error: 'x'.repeat(301) }).error).toBeUndefined();
});

test('the callback search keeps the error, its description and forwarded tokens', () => {
  expect(parseAuthCallbackSearch({ error: 'INVALID_TOKEN', other: 'x' })).toStrictEqual({
    error: 'INVALID_TOKEN',
    error_description: undefined,
    access_token: undefined,
    refresh_token: undefined,
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

/** The dashboard's search as the router gives it for a relative address (JSON-parsed values). */
function dashboardSearchOf(address: string) {
  return parseDashboardSearch(defaultParseSearch(new URL(address, 'http://localhost').search));
}

test("a Google sign-in that created the account lands with the 'novo' flag; any other does not", () => {
  // Better Auth sends a user it has just registered to newUserCallbackURL, others to callbackURL.
  expect(dashboardSearchOf(GOOGLE_SIGN_IN_BODY.newUserCallbackURL).novo).toBe(true);
  expect(dashboardSearchOf(GOOGLE_SIGN_IN_BODY.callbackURL).novo).toBeUndefined();
  expect(dashboardSearchOf('/?novo=true').novo).toBe(true);
  expect(dashboardSearchOf('/?novo=0').novo).toBeUndefined();
  expect(dashboardSearchOf('/?novo=sim').novo).toBeUndefined();
  // Every key comes back, so the router cannot merge a raw `novo` back in.
  expect(Object.keys(dashboardSearchOf('/?novo=sim'))).toEqual(['fatura', 'novo']);
});

test('the auth search keeps an invitation token and drops one that is too long', () => {
  const token = 'Zm9vYmFyYmF6cXV4LXRva2VuLW9mLTQzLWNoYXJzX18';
  expect(parseAuthSearch({ invite_token: token }).invite_token).toBe(token);
  expect(parseAuthSearch({ invite_token: 'x'.repeat(201) }).invite_token).toBeUndefined();
});
