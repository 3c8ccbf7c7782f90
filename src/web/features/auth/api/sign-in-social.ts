import { GOOGLE_SIGN_IN_BODY } from '#shared/google-sign-in.ts';
import { authRequest } from '#web/lib/auth-client.ts';

/**
 * Better Auth answers with the provider's URL; the browser then leaves for it. It comes back to
 * '/', or to '/?novo=1' when this sign-in created the account (the dashboard's welcome toast).
 */
export async function signInWithGoogle(): Promise<boolean> {
  const result = await authRequest<{ url?: string }>('/api/auth/sign-in/social', {
    body: GOOGLE_SIGN_IN_BODY,
  });
  const url = result.ok ? result.data?.url : undefined;
  if (!url) return false;
  window.location.assign(url);
  return true;
}
