// Choosing who acts in this browser (ADR 024): the server starts the team session (its httpOnly
// cookie) and answers who now acts.
import { useMutation } from '@tanstack/react-query';
import { TEAM_MESSAGES } from '#shared/team.ts';
import { type SubUserLogin } from '#shared/schemas/team.ts';
import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';

const teamAccess = api.api['team-access'];

/** POST /api/team-access/sub-user: a PIN profile of the own account. */
export function enterAsSubUser(input: SubUserLogin) {
  return callApi(() => teamAccess['sub-user'].$post({ json: input }), TEAM_MESSAGES.loginFallback);
}

/** POST /api/team-access/main: the account holder, by the main PIN. */
export function enterAsMain(pin: string) {
  return callApi(() => teamAccess.main.$post({ json: { pin } }), TEAM_MESSAGES.mainAccessFailed);
}

// Never retried: a second try of a wrong PIN would count as another failed attempt.
export function useEnterAsSubUser() {
  return useMutation({ mutationFn: enterAsSubUser, retry: false });
}

export function useEnterAsMain() {
  return useMutation({ mutationFn: enterAsMain, retry: false });
}
