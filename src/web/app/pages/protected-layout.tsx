import { getRouteApi, Outlet } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useProfile } from '#web/features/profile/api/get-profile.ts';
import { requestToaster } from '#web/lib/toast.ts';
import { useHasElapsed } from '#web/lib/use-has-elapsed.ts';
import { useWhenIdle } from '#web/lib/use-when-idle.ts';
import { AuthPendingPage } from './route-fallbacks.tsx';

const protectedRoute = getRouteApi('/app/protected');

// The notifications opt-in (issue 20.3): its own chunk, shown 10 s after the first page, so
// loaded only once that page is in (DESIGN.md budget for /); the 10 s count from its first view.
const PushPrompt = lazy(() =>
  import('#web/features/notifications/components/push-prompt.tsx').then((m) => ({
    default: m.PushPrompt,
  })),
);
let firstPageShownAt: number | undefined;

function LatePushPrompt() {
  const [shownAt] = useState(() => (firstPageShownAt ??= Date.now()));
  const [isWanted, setIsWanted] = useState(false);
  useWhenIdle(useCallback(() => setIsWanted(true), []));
  if (!isWanted) return null;
  return (
    <Suspense fallback={null}>
      <PushPrompt firstPageShownAt={shownAt} />
    </Suspense>
  );
}

// Only accounts with team management ever see it: loaded when the profile asks for it.
const AccountAccessScreen = lazy(() =>
  import('#web/features/teams/access/components/account-access-screen.tsx').then((m) => ({
    default: m.AccountAccessScreen,
  })),
);

/** Loaded on demand, like everything that uses TanStack Query (see root.tsx). */
async function startBootstrap(sessionId: string): Promise<void> {
  try {
    const [{ queryClient }, { bootstrapSession }] = await Promise.all([
      import('#web/lib/query-client.ts'),
      import('../bootstrap.ts'),
    ]);
    await bootstrapSession(queryClient, sessionId);
  } catch (error) {
    // The bootstrap's own code did not load (a lost connection): each screen loads its data.
    console.warn('Bootstrap failed', error);
  }
}

/** The wait for the profile: nothing for 300 ms, then the protected routes' text (spec §2). */
function ProfilePending() {
  return useHasElapsed() ? <AuthPendingPage /> : null;
}

/**
 * Every signed-in page. Who acts comes first (ADR 024): until the profile says, no page shows
 * (the spec grants nothing "while loading"); with team management on and no profile chosen
 * in this browser, 'Acesso à Conta' shows instead of any page — no page content, no bottom
 * navigation. A refusal met later (a team session that ended) refetches the profile
 * (lib/query-client.ts), and this layout follows it back here.
 */
export function ProtectedLayout() {
  // The toaster's code is fetched once the page is in, so a toast shown later — offline
  // included — does not wait for it (lib/toast.ts).
  useWhenIdle(requestToaster);
  const sessionId = protectedRoute.useRouteContext({ select: (c) => c.session.session.id });
  // Opened offline (ADR 029): the server could not say who is signed in; the device did.
  const isOffline = protectedRoute.useRouteContext({ select: (c) => c.session.isOffline === true });
  const profile = useProfile();
  const acting = profile.data?.acting.kind;
  const isActing = acting !== undefined && acting !== 'pending';
  // Spec invoice-work §4 "Bootstrap and loading": once someone acts, the app's data in phases.
  useEffect(() => {
    if (isActing && !isOffline) void startBootstrap(sessionId);
  }, [isActing, isOffline, sessionId]);

  if (acting === 'pending') {
    return (
      <Suspense fallback={<ProfilePending />}>
        <AccountAccessScreen accountName={profile.data?.displayName ?? null} />
      </Suspense>
    );
  }
  // A profile that cannot be read (network, server) leaves each page to say so itself; offline
  // (ADR 029) the pages show at once, without waiting for the profile's retries.
  if (profile.isPending && !isOffline) return <ProfilePending />;
  return (
    <>
      <Outlet />
      {isActing ? <LatePushPrompt /> : null}
    </>
  );
}
