import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { authRequest, clearSubscriptionCache } from '#web/lib/auth-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { fetchSession, sessionQueryKey } from '#web/lib/session.ts';
import { DEMO_WEB_MESSAGES } from '../messages.ts';

/**
 * POST /api/demo/session: the server signs this browser into the read-only demo account. A
 * session of a real account is ended first, and everything cached is forgotten, so the demo
 * never shows what that account had on screen (ADR 021).
 */
export function useStartDemo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ endCurrentSession }: { endCurrentSession: boolean }) => {
      if (endCurrentSession) await authRequest('/api/auth/sign-out', { method: 'POST', body: {} });
      clearSubscriptionCache(queryClient);
      queryClient.clear();
      await callApi(() => api.api.demo.session.$post(), DEMO_WEB_MESSAGES.failed);
      // Asked afresh, not from the cache: a session read raced with the request above (the
      // page's own, refetched after the clear) may hold "signed out".
      const session = await fetchSession();
      if (!session) throw new Error(DEMO_WEB_MESSAGES.failed);
      await queryClient.cancelQueries({ queryKey: sessionQueryKey });
      queryClient.setQueryData(sessionQueryKey, session);
      return session;
    },
    retry: false,
  });
}
