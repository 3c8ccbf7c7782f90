import { authRequest } from '#web/lib/auth-client.ts';

export function resetPassword(input: { token: string; newPassword: string }) {
  return authRequest<unknown>('/api/auth/reset-password', { body: input });
}
