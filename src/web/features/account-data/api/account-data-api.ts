// /api/account-data: the ZIP's address (a plain link, so the browser streams it to disk as it
// comes) and the deletion with the typed email.
import { onlineManager, useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { DeleteAccountInput } from '#shared/schemas/account-data.ts';
import { api } from '#web/lib/api-client.ts';
import { clearSubscriptionCache } from '#web/lib/auth-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { sessionQueryKey } from '#web/lib/session.ts';
import { toast } from '#web/lib/toast.ts';
import { ACCOUNT_DATA_MESSAGES } from '../messages.ts';

const accountData = api.api['account-data'];

/** Same origin: the session cookie goes with the link. */
export const EXPORT_PATH = accountData.export.$url().pathname;

export function deleteAccount(input: DeleteAccountInput) {
  return callApi(() => accountData.$delete({ json: input }), ACCOUNT_DATA_MESSAGES.deleteFailed);
}

/**
 * Deletes the account, then leaves for the landing page and forgets everything cached: the
 * server has ended the session and expired its cookie already.
 *
 * While the deletion runs the tab fetches nothing (TanStack Query pauses every query while it
 * believes it is offline): the server tells the account's open tabs 'profile.changed', so they
 * find out they are signed out, and this tab would otherwise refetch its profile into a 401 and
 * show an error behind the dialog on the way out. A refusal resumes the paused queries.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (input: DeleteAccountInput) => {
      onlineManager.setOnline(false);
      return deleteAccount(input);
    },
    // The request runs although the queries are paused; it is never sent twice (a retry after
    // a lost answer would meet a deleted session).
    networkMode: 'always',
    retry: false,
    onError: () => onlineManager.setOnline(true),
    onSuccess: async () => {
      await navigate({ to: '/home', replace: true });
      clearSubscriptionCache(queryClient);
      queryClient.clear();
      queryClient.setQueryData(sessionQueryKey, null);
      onlineManager.setOnline(true);
      void toast.success(ACCOUNT_DATA_MESSAGES.deleted, {
        description: ACCOUNT_DATA_MESSAGES.deletedDescription,
        duration: 8000,
      });
    },
  });
}
