import { queryOptions } from '@tanstack/react-query';
import { toast } from './toast.ts';

/** Spec accounts §8: shown when the session cannot be read (network or server error). */
export const AUTH_LOAD_FAILURE = 'Error loading authentication state';

function reportAuthLoadFailure(): void {
  void toast.error(AUTH_LOAD_FAILURE, { id: 'auth-load-failure', duration: 5000 });
}

/** The part of Better Auth's `GET /api/auth/get-session` body the web app relies on. */
export type Session = {
  user: { id: string; email: string; name?: string | null };
  session: { id: string; expiresAt: string };
  /**
   * The server could not be reached: the last user signed in on this device, so the app opens
   * offline to its shell (ADR 029). Each request still meets the server's own check.
   */
  isOffline?: true;
};

function isSession(value: unknown): value is Session {
  if (typeof value !== 'object' || value === null) return false;
  const { user, session } = value as Partial<Record<keyof Session, unknown>>;
  return (
    typeof user === 'object' &&
    user !== null &&
    typeof (user as { id?: unknown }).id === 'string' &&
    typeof session === 'object' &&
    session !== null
  );
}

/**
 * Asks the server who is signed in. The body is `null` when signed out; any non-2xx answer
 * also counts as signed out, so a guard never lets anyone through by error. When the server
 * cannot be reached at all, the device's last user opens the app offline (`isOffline`).
 */
export async function fetchSession(): Promise<Session | null> {
  let response: Response;
  try {
    response = await fetch('/api/auth/get-session', {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
  } catch {
    // Loaded only now, from the service worker's cache (ADR 029).
    const offline = await import('./device-user.ts')
      .then((device) => device.offlineSession())
      .catch(() => null);
    if (!offline) reportAuthLoadFailure();
    return offline;
  }
  try {
    // A clean "signed out" is 200 + null; a 5xx means we could not tell, so say so.
    if (response.status >= 500) reportAuthLoadFailure();
    if (!response.ok) return null;
    const body: unknown = await response.json();
    return isSession(body) ? body : null;
  } catch {
    reportAuthLoadFailure();
    return null;
  }
}

export const sessionQueryKey = ['auth', 'session'] as const;

/**
 * A signed-in session is trusted for the global 5 minutes (the server checks every request
 * anyway). "Signed out" and the offline stand-in are kept only 2 s — long enough for the
 * redirect from a guarded page to /auth to reuse the guard's answer instead of asking again. Sign-in and sign-out flows
 * must `setQueryData(sessionQueryKey, …)` or `invalidateQueries({ queryKey: sessionQueryKey })`.
 */
export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: fetchSession,
  staleTime: (query) => (query.state.data && !query.state.data.isOffline ? 5 * 60_000 : 2_000),
  retry: false,
});
