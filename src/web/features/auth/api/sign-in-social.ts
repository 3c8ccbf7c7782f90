import { authRequest } from '#web/lib/auth-client.ts';

/** Better Auth answers with the provider's URL; the browser then leaves for it. */
export async function signInWithGoogle(): Promise<boolean> {
  const result = await authRequest<{ url?: string }>('/api/auth/sign-in/social', {
    body: { provider: 'google', callbackURL: '/' },
  });
  const url = result.ok ? result.data?.url : undefined;
  if (!url) return false;
  window.location.assign(url);
  return true;
}
