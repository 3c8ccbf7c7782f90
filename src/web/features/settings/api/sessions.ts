import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { sessionListKeys } from '#web/lib/query-keys.ts';
import { SETTINGS_MESSAGES } from '../messages.ts';

const sessions = api.api.sessions;

/** One of `GET /api/sessions`: this one first, then the most recently active. */
export type SignedInSession = InferResponseType<typeof sessions.$get, 200>['sessions'][number];

export async function fetchSessions(): Promise<SignedInSession[]> {
  const body = await callApi(() => sessions.$get(), SETTINGS_MESSAGES.sessionsLoadFailed);
  return body.sessions;
}

export const sessionsQueryOptions = queryOptions({
  queryKey: sessionListKeys.all,
  queryFn: fetchSessions,
  staleTime: 30_000,
  refetchOnMount: 'always',
});

export function useSessions(enabled: boolean) {
  return useQuery({ ...sessionsQueryOptions, enabled });
}

/** `DELETE /api/sessions/:id`: ends another session of this person's. */
export function endSession(id: string) {
  return callApi(
    () => sessions[':id'].$delete({ param: { id } }),
    SETTINGS_MESSAGES.sessionEndFailed,
  );
}

/** `POST /api/sessions/revoke-others`: ends every session but this one. */
export function endOtherSessions() {
  return callApi(() => sessions['revoke-others'].$post(), SETTINGS_MESSAGES.sessionEndFailed);
}

function useSessionsMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    retry: false,
    // Ended or not (another tab may have ended it first), the list is read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionListKeys.all }),
  });
}

export function useEndSession() {
  return useSessionsMutation(endSession);
}

export function useEndOtherSessions() {
  return useSessionsMutation(endOtherSessions);
}
