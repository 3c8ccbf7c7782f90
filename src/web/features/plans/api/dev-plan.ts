// The dev-only plan switch (ADR 010): GET/POST /api/dev/plan answer 404 in a real deployment,
// which this reads as "no switch here".
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { ApiError, callApi } from '#web/lib/call-api.ts';
import type { PlanId } from '#shared/plans.ts';
import { removeSubscriptionCache } from '#web/lib/subscription-cache.ts';
import { PLANS_MESSAGES } from '../messages.ts';

export const devPlanQueryKey = ['dev-plan'] as const;

/** null when this server has no dev plan switch. */
export function useDevPlanSwitch() {
  return useQuery({
    queryKey: devPlanQueryKey,
    queryFn: async () => {
      try {
        return await callApi(() => api.api.dev.plan.$get(), PLANS_MESSAGES.loadFailed);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: Infinity,
  });
}

export function useSwitchDevPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (planId: PlanId) =>
      callApi(() => api.api.dev.plan.$post({ json: { planId } }), PLANS_MESSAGES.activateFailed),
    // The plan feeds most of what is on screen (gates, counter, spending): refetch it all,
    // and forget the device's copy of the subscription (spec accounts §4).
    onSuccess: () => {
      removeSubscriptionCache();
      return queryClient.invalidateQueries();
    },
  });
}
