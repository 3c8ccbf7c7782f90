// The feed secret's changes: create and rotate answer the new secret once (kept in this tab's
// memory, revealed-feed.ts); revoke forgets it. Each refreshes the page's status.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { callApi, callApiNoContent } from '#web/lib/call-api.ts';
import { integrationKeys } from '#web/lib/query-keys.ts';
import { INTEGRATIONS_MESSAGES } from '../messages.ts';
import { setRevealedFeed } from '../revealed-feed.ts';

/** POST /api/integrations/feed → 201 { feed, token, paths }; 409 FEED_EXISTS. */
export function createFeed() {
  return callApi(() => api.api.integrations.feed.$post(), INTEGRATIONS_MESSAGES.createFailed);
}

/** POST /api/integrations/feed/rotate → 200 { feed, token, paths }; the old URL is gone. */
export function rotateFeed() {
  return callApi(
    () => api.api.integrations.feed.rotate.$post(),
    INTEGRATIONS_MESSAGES.rotateFailed,
  );
}

/** DELETE /api/integrations/feed → 204. */
export function revokeFeed() {
  return callApiNoContent(
    () => api.api.integrations.feed.$delete(),
    INTEGRATIONS_MESSAGES.revokeFailed,
  );
}

function useRefreshFeed() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: integrationKeys.all });
}

/** Create (no secret yet) or rotate (one exists): either way a new secret is revealed. */
export function useIssueFeed() {
  const refresh = useRefreshFeed();
  return useMutation({
    mutationFn: (kind: 'create' | 'rotate') => (kind === 'create' ? createFeed() : rotateFeed()),
    retry: false,
    onSuccess: (revealed) => {
      setRevealedFeed(revealed.paths);
      return refresh();
    },
  });
}

export function useRevokeFeed() {
  const refresh = useRefreshFeed();
  return useMutation({
    mutationFn: revokeFeed,
    retry: false,
    onSuccess: () => {
      setRevealedFeed(null);
      return refresh();
    },
  });
}
