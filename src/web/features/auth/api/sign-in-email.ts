import { authRequest } from '#web/lib/auth-client.ts';

/** Better Auth's password sign-in; success sets the httpOnly session cookie. */
export function signInEmail(input: { email: string; password: string }) {
  return authRequest<unknown>('/api/auth/sign-in/email', { body: input });
}
