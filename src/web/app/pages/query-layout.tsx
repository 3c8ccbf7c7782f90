import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import { queryClient } from '#web/lib/query-client.ts';
import { useLiveUpdates } from '../live-updates.ts';

/** Inside the provider, so the live stream can reach the caches it keeps in step. */
function LiveUpdates() {
  useLiveUpdates();
  return null;
}

export function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <LiveUpdates />
      <Outlet />
    </QueryClientProvider>
  );
}
