import { queryOptions } from '@tanstack/react-query';
import { authRequest } from '#web/lib/auth-client.ts';

export type AuthProviders = { google: boolean };

/** Which third-party sign-ins the server offers; any failure hides them. */
export async function getAuthProviders(): Promise<AuthProviders> {
  const result = await authRequest<Partial<AuthProviders>>('/api/auth/providers');
  return { google: result.ok && result.data?.google === true };
}

export const authProvidersQueryOptions = queryOptions({
  queryKey: ['auth', 'providers'],
  queryFn: getAuthProviders,
  staleTime: Infinity,
});
