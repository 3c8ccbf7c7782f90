// Calls to the auth endpoints (Better Auth under /api/auth, ours under /api/account) and the
// one sign-out used everywhere. Better Auth's routes are not part of AppType, so these use
// the CSRF fetch wrapper directly and normalise errors with #shared/auth-errors.ts.
import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { networkError, readAuthError, type AuthError } from '#shared/auth-errors.ts';
import { createApiFetch } from './api-client.ts';
import { forgetDeviceUser } from './device-user-key.ts';
import { billingKeys } from './query-keys.ts';
import { sessionQueryKey } from './session.ts';
import { removeSubscriptionCache } from './subscription-cache.ts';

export type AuthResult<T> = { ok: true; data: T } | { ok: false; error: AuthError };

const apiFetch = createApiFetch();

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

/** Sends a request and never throws: failures come back as an AuthError. */
export async function authRequest<T>(
  path: string,
  init: { method?: 'GET' | 'POST'; body?: unknown } = {},
): Promise<AuthResult<T>> {
  let response: Response;
  try {
    response = await apiFetch(path, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
  } catch {
    return { ok: false, error: networkError() };
  }
  const body = await readJson(response);
  if (!response.ok) return { ok: false, error: readAuthError(response.status, body) };
  return { ok: true, data: body as T };
}

/** Spec accounts §4: the subscription cache is cleared on sign-in and sign-out. */
export function clearSubscriptionCache(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: billingKeys.all });
  removeSubscriptionCache();
}

/**
 * Ends the session on the server, forgets everything cached for this user and goes to
 * /auth (spec accounts §2 "'Sair' signs out and goes to /auth"). Even if the server call
 * fails the local state is cleared, so the screen never shows the previous user's data.
 */
export async function signOut(
  queryClient: QueryClient,
  goToAuth: () => Promise<void> | void,
): Promise<void> {
  await authRequest('/api/auth/sign-out', { method: 'POST', body: {} });
  // The device forgets this person at once: the app no longer opens offline as them (ADR 029),
  // and their plan is no longer painted from the device's cache (spec accounts §4).
  forgetDeviceUser();
  removeSubscriptionCache();
  // Signed out first, then away, then forgotten: the signed-in screen stays mounted until /auth
  // has loaded, and a query of it emptied meanwhile would ask the server again as nobody (401).
  queryClient.setQueryData(sessionQueryKey, null);
  try {
    await goToAuth();
  } finally {
    clearSubscriptionCache(queryClient);
    queryClient.clear();
    queryClient.setQueryData(sessionQueryKey, null);
  }
}

/** `const signOut = useSignOut(); <button onClick={() => void signOut()}>Sair</button>` */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    () => signOut(queryClient, () => navigate({ to: '/auth', replace: true })),
    [queryClient, navigate],
  );
}
