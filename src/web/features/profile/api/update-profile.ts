import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { UpdateProfileInput } from '#shared/schemas/profile.ts';
import { api } from '#web/lib/api-client.ts';
import { PROFILE_MESSAGES } from '../messages.ts';
import { profileKeys } from '#web/lib/query-keys.ts';
import type { Profile } from './get-profile.ts';
import { callApi } from '#web/lib/call-api.ts';

/** `PATCH /api/profile`: body validated by `updateProfileSchema`; answers the whole profile. */
export function updateProfile(input: UpdateProfileInput): Promise<Profile> {
  return callApi(() => api.api.profile.$patch({ json: input }), PROFILE_MESSAGES.saveFailed);
}

/** Shows the server's answer at once (header, drawer), then refetches to stay in step. */
export function storeProfile(queryClient: QueryClient, profile: Profile): Promise<void> {
  queryClient.setQueryData(profileKeys.all, profile);
  return queryClient.invalidateQueries({ queryKey: profileKeys.all });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    // A failed save is not retried: the form keeps the user's values and says why.
    retry: false,
    onSuccess: (profile) => storeProfile(queryClient, profile),
  });
}
