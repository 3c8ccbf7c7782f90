import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavingsGoalInput } from '#shared/schemas/savings.ts';
import { api } from '#web/lib/api-client.ts';
import { idempotencyHeaders } from '#web/lib/idempotency.ts';
import { callApi, callApiNoContent } from '#web/lib/call-api.ts';
import { savingsKeys } from '#web/lib/query-keys.ts';
import { SAVINGS_MESSAGES } from '../messages.ts';

const goals = api.api.savings.goals;

/** POST /api/savings/goals, or PATCH /api/savings/goals/:id. */
export function saveGoal({ id, input }: { id: string | null; input: SavingsGoalInput }) {
  return id === null
    ? callApi(
        () => goals.$post({ json: input }, { headers: idempotencyHeaders(input) }),
        SAVINGS_MESSAGES.goalSaveFailed,
      )
    : callApi(
        () => goals[':id'].$patch({ param: { id }, json: input }),
        SAVINGS_MESSAGES.goalSaveFailed,
      );
}

export function deleteGoal(id: string): Promise<void> {
  return callApiNoContent(
    () => goals[':id'].$delete({ param: { id } }),
    SAVINGS_MESSAGES.goalDeleteFailed,
  );
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: savingsKeys.all });
}

export function useSaveGoal() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: saveGoal, retry: false, onSuccess: refresh });
}

export function useDeleteGoal() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: deleteGoal, retry: false, onSuccess: refresh });
}
