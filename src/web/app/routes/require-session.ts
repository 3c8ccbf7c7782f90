import { redirect } from '@tanstack/react-router';
import { sessionQueryOptions, type Session } from '#web/lib/session.ts';
import { toast } from '#web/lib/toast.ts';
import type { RouterContext } from './root.tsx';

// Spec accounts §2 "Protected-route behaviour": copied word for word.
export const AUTH_REQUIRED_TITLE = 'Authentication required';
export const AUTH_REQUIRED_DESCRIPTION = 'You need to be logged in to access this page';

type GuardArgs = { context: RouterContext; preload: boolean };

async function readSession(context: RouterContext): Promise<Session | null> {
  const queryClient = await context.loadQueryClient();
  const session = await queryClient.fetchQuery(sessionQueryOptions);
  // Opened offline (ADR 029): the profile last seen on this device stands in.
  if (session?.isOffline) {
    const device = await import('#web/lib/device-user.ts');
    device.standInProfile(queryClient, session);
  }
  return session;
}

/** beforeLoad of every protected route: no session → toast and replace the entry with /auth. */
export async function requireSession({
  context,
  preload,
}: GuardArgs): Promise<{ session: Session }> {
  const session = await readSession(context);
  if (!session) {
    // A hover preload must not nag the visitor; only a real navigation shows the toast.
    if (!preload) {
      void toast.error(AUTH_REQUIRED_TITLE, {
        id: 'auth-required',
        description: AUTH_REQUIRED_DESCRIPTION,
        duration: 5000,
      });
    }
    throw redirect({ to: '/auth', replace: true });
  }
  return { session };
}

/** beforeLoad of /auth: an existing session goes straight to the home page (spec §2). */
export async function redirectIfSignedIn({ context }: GuardArgs): Promise<void> {
  if (await readSession(context)) throw redirect({ to: '/', replace: true });
}
