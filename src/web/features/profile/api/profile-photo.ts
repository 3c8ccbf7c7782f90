import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { PROFILE_MESSAGES } from '../messages.ts';
import type { Profile } from './get-profile.ts';
import { callApi } from '#web/lib/call-api.ts';
import { storeProfile } from './update-profile.ts';

/** `PUT /api/profile/photo` (multipart field `file`); the server re-encodes and strips metadata. */
export function uploadProfilePhoto(file: File): Promise<Profile> {
  const body = new FormData();
  body.append('file', file);
  // The route reads the multipart body itself (no validator), so it goes in as the request body.
  return callApi(
    () => api.api.profile.photo.$put(undefined, { init: { body } }),
    PROFILE_MESSAGES.uploadFailed,
  );
}

/** `DELETE /api/profile/photo`. */
export function removeProfilePhoto(): Promise<Profile> {
  return callApi(() => api.api.profile.photo.$delete(), PROFILE_MESSAGES.photoRemoveFailed);
}

export function useUploadProfilePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfilePhoto,
    retry: false,
    onSuccess: (profile) => storeProfile(queryClient, profile),
  });
}

export function useRemoveProfilePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeProfilePhoto,
    retry: false,
    onSuccess: (profile) => storeProfile(queryClient, profile),
  });
}
