// The body of Better Auth's POST /api/auth/sign-in/social for Google, and how the dashboard
// recognises the return of a Google sign-in that has just created the account (spec accounts
// §8 "Successes": 'Conta criada e login realizado com sucesso!'). Better Auth sends a user it
// has just registered to `newUserCallbackURL` and everyone else to `callbackURL`; the flag in
// the address is the only trace of that distinction the browser gets. Shared so the API test
// can send exactly what the web sends.

/** `/?novo=1`: the dashboard, told that the account was created on this sign-in. */
export const NEW_ACCOUNT_PARAM = 'novo';

export const GOOGLE_SIGN_IN_BODY = {
  provider: 'google',
  callbackURL: '/',
  newUserCallbackURL: `/?${NEW_ACCOUNT_PARAM}=1`,
} as const;

/**
 * Whether the address says "account just created". The router JSON-parses query values, so
 * `novo=1` arrives as the number 1; the text form is accepted too.
 */
export function isNewAccountFlag(value: unknown): boolean {
  return value === 1 || value === '1' || value === true || value === 'true';
}
