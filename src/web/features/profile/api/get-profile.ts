import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api } from '#web/lib/api-client.ts';
import { PROFILE_MESSAGES } from '../messages.ts';
import { callApi } from '#web/lib/call-api.ts';
import { profileKeys } from '#web/lib/query-keys.ts';

/** `GET /api/profile` (issue 3 contract); `photoUrl` is a signed, expiring URL of ours. */
export type Profile = InferResponseType<typeof api.api.profile.$get, 200>;

export function fetchProfile(): Promise<Profile> {
  return callApi(() => api.api.profile.$get(), PROFILE_MESSAGES.loadFailed);
}

// Spec invoice-work §9: the profile is prefetched with a 15-minute stale time.
export const profileQueryOptions = queryOptions({
  queryKey: profileKeys.all,
  queryFn: fetchProfile,
  staleTime: 15 * 60_000,
});

export function useProfile() {
  return useQuery(profileQueryOptions);
}
