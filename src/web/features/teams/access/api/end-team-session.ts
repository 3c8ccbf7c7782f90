import { useMutation } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { ACCESS_MESSAGES } from '../access-messages.ts';

/** DELETE /api/team-access/session: this browser's profile leaves; back to 'Acesso à Conta'. */
export function endTeamSession() {
  return callApi(() => api.api['team-access'].session.$delete(), ACCESS_MESSAGES.endSessionFailed);
}

export function useEndTeamSession() {
  return useMutation({ mutationFn: endTeamSession, retry: false });
}
