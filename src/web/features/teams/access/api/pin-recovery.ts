// The main PIN's recovery (spec accounts §2 "PIN recovery view", §4): a code by email, then the
// code and a new PIN; on success the server has set the PIN and started the main session.
import { useMutation } from '@tanstack/react-query';
import { TEAM_MESSAGES } from '#shared/team.ts';
import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';

const recovery = api.api['team-access'].recovery;

/** POST /api/team-access/recovery/send: a 6-character code to the account's email. */
export function sendRecoveryCode() {
  return callApi(() => recovery.send.$post({ json: {} }), TEAM_MESSAGES.recoverySendFailed);
}

/** POST /api/team-access/recovery/confirm: the code and the new main PIN. */
export function confirmRecovery(input: { code: string; newPin: string }) {
  return callApi(
    () => recovery.confirm.$post({ json: input }),
    TEAM_MESSAGES.recoveryValidateFailed,
  );
}

export function useSendRecoveryCode() {
  return useMutation({ mutationFn: sendRecoveryCode, retry: false });
}

// Never retried: the code is single use.
export function useConfirmRecovery() {
  return useMutation({ mutationFn: confirmRecovery, retry: false });
}
