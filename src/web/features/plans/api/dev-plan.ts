// The dev-only plan switch (ADR 010): GET/POST /api/dev/plan answer 404 in a real deployment,
// which this reads as "no switch here".
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { ApiError, callApi } from '#web/lib/call-api.ts';
import { invoicesQueryKey } from '#web/features/invoices/api/create-invoice.ts';
import { profileQueryKey } from '#web/features/profile/api/get-profile.ts';
import { suppliersQueryKey } from '#web/features/suppliers/api/query-keys.ts';
import type { PlanId } from '#shared/plans.ts';
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
    onSuccess: async () => {
      // The plan feeds the gates (profile), the counter (invoices) and spending (suppliers).
      await Promise.all(
        [devPlanQueryKey, profileQueryKey, invoicesQueryKey, suppliersQueryKey].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
