import { authRequest } from '#web/lib/auth-client.ts';

export function sendVerificationEmail(email: string) {
  return authRequest<unknown>('/api/auth/send-verification-email', {
    body: { email, callbackURL: '/auth/callback' },
  });
}
