import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import { usePendingInvitation } from '#web/features/teams/hooks/use-pending-invitation.ts';
import { queryClient } from '#web/lib/query-client.ts';
import { useLiveUpdates } from '../live-updates.ts';

/** Inside the provider, so the live stream can reach the caches it keeps in step. */
function LiveUpdates() {
  useLiveUpdates();
  return null;
}

/** An invitation link waiting for its person to sign in (issue 18): accepted once they are. */
function PendingInvitation() {
  usePendingInvitation();
  return null;
}

export function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <LiveUpdates />
      <PendingInvitation />
      <Outlet />
    </QueryClientProvider>
  );
}
