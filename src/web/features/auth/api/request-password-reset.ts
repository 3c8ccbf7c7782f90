import { authRequest } from '#web/lib/auth-client.ts';

/** Always 200 for an unknown email (no account enumeration); 429 once rate-limited. */
export function requestPasswordReset(email: string) {
  return authRequest<unknown>('/api/auth/request-password-reset', {
    body: { email, redirectTo: '/auth/reset-password' },
  });
}
