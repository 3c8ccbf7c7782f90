// What follows a change of who acts in this browser (ADR 024): everything cached belongs to the
// previous profile (its rights, its lists), so every query but the sign-in session starts again
// and the profile is fetched anew; the protected layout follows the profile's `acting`.
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { toast } from '#web/lib/toast.ts';
import { TEAM_MESSAGES } from '#shared/team.ts';
import { resetAfterAccountSwitch } from '#web/lib/account-switch.ts';
import { profileKeys, teamKeys } from '#web/lib/query-keys.ts';
import { sessionQueryKey } from '#web/lib/session.ts';
import { removeSubscriptionCache } from '#web/lib/subscription-cache.ts';
import { endTeamSession } from '../api/end-team-session.ts';

/** Spec accounts §9: success toasts stay 4 s. */
export const SUCCESS_TOAST_MS = 4_000;

/**
 * A profile was chosen (sub-user, main PIN or PIN recovery): the spec's success toast, then the
 * home page with the new profile's data (spec accounts §4 "leaves selection and goes to /").
 */
export function useEnterChosenProfile(): (message: string) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (message: string) => {
      toast.success(message, { duration: SUCCESS_TOAST_MS });
      await navigate({ to: '/' });
      await resetAfterAccountSwitch(queryClient);
    },
    [queryClient, navigate],
  );
}

/** What stays when a profile leaves: the sign-in, who acts now, and the profiles to choose. */
const KEPT_ROOTS: ReadonlySet<unknown> = new Set([
  sessionQueryKey[0],
  profileKeys.all[0],
  teamKeys.all[0],
]);

/**
 * The sub-user's 'Sair' (spec accounts §4 "Logout of a sub-user clears the session with the
 * toast 'Sessão encerrada'"): the team session ends, the account stays signed in, and the
 * refetched profile says 'pending', so 'Acesso à Conta' shows again. The page goes first, then
 * what it had loaded: refetching its data would only meet refusals.
 */
export function useLeaveProfile(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await endTeamSession();
      toast.success(TEAM_MESSAGES.sessionEnded, { duration: SUCCESS_TOAST_MS });
    } catch (error) {
      if (error instanceof Error) toast.error(error.message);
    }
    // Either way the refetched profile tells where this browser stands.
    await queryClient.refetchQueries({ queryKey: profileKeys.all });
    queryClient.removeQueries({ predicate: (query) => !KEPT_ROOTS.has(query.queryKey[0]) });
    removeSubscriptionCache();
  }, [queryClient]);
}
