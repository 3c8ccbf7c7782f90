import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useSyncExternalStore } from 'react';
import { resetAfterAccountSwitch } from '#web/lib/account-switch.ts';
import {
  clearPendingInvite,
  PENDING_INVITE_DELAY_MS,
  readPendingInvite,
  subscribeToPendingInvite,
} from '#web/lib/pending-invite.ts';
import { sessionQueryOptions } from '#web/lib/session.ts';
import { toast } from '#web/lib/toast.ts';

const readToken = () => readPendingInvite();

/**
 * Mounted once for every page with data: when an invitation link is waiting and someone is
 * signed in — just now, or already when the link was opened — it is accepted 1 s later (spec
 * accounts §4, §9 "post-login invitation delay 1000 ms"). The acceptance's code loads only
 * then: almost no page ever needs it.
 */
export function usePendingInvitation(): void {
  const token = useSyncExternalStore(subscribeToPendingInvite, readToken, () => null);
  // The session is asked for only while a link waits; sign-in flows refresh it in the cache.
  const userId = useQuery({ ...sessionQueryOptions, enabled: token !== null }).data?.user.id;
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    if (token === null || userId === undefined) return;
    let isCancelled = false;
    const timer = setTimeout(() => {
      void Promise.all([
        import('../pending-invitation.ts'),
        import('../api/accept-invitation.ts'),
      ]).then(([{ acceptPendingInvitation }, { acceptInvitation }]) => {
        if (isCancelled) return;
        return acceptPendingInvitation(token, {
          accept: acceptInvitation,
          forget: () => clearPendingInvite(),
          enterAccount: async () => {
            // Emptied before the home page mounts, so it never shows the other account's data.
            const reset = resetAfterAccountSwitch(queryClient);
            await navigate({ to: '/' });
            await reset;
          },
          success: (title, notice) => void toast.success(title, { ...notice, duration: 5000 }),
          error: (title, notice) => void toast.error(title, { ...notice, duration: 6000 }),
        });
      });
    }, PENDING_INVITE_DELAY_MS);
    return () => {
      isCancelled = true;
      clearTimeout(timer);
    };
  }, [token, userId, queryClient, navigate]);
}
