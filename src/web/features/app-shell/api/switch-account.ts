import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { toast } from '#web/lib/toast.ts';
import { resetAfterAccountSwitch } from '#web/lib/account-switch.ts';
import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { ACCOUNT_SWITCH_MESSAGES } from '../account-switch-labels.ts';

/**
 * POST /api/team-access/switch { accountId } → 200 { acting }: this browser now acts in that
 * account (its own account's id: back home). 403 NOT_A_MEMBER.
 */
export function switchAccount(accountId: string) {
  return callApi(
    () => api.api['team-access'].switch.$post({ json: { accountId } }),
    ACCOUNT_SWITCH_MESSAGES.switchFailed,
  );
}

/**
 * Switches, then starts over on the other account's home with nothing of the old one cached.
 * Said here, not by the caller: the drawer that asked may be gone with the page it was on.
 */
export function useSwitchAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (account: { accountId: string; name: string }) => switchAccount(account.accountId),
    retry: false,
    onSuccess: async (_acting, account) => {
      toast.success(ACCOUNT_SWITCH_MESSAGES.switched(account.name));
      // Emptied before the home page mounts, so it never shows the other account's data.
      const reset = resetAfterAccountSwitch(queryClient);
      await navigate({ to: '/' });
      await reset;
    },
    onError: (error) =>
      toast.error(ACCOUNT_SWITCH_MESSAGES.switchFailed, { description: error.message }),
  });
}
