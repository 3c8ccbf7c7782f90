import type { PlanId } from '#shared/plans.ts';
import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { SUBSCRIPTION_TOASTS } from '../messages.ts';
import type { PlanChangeAnswer } from './billing-types.ts';

/**
 * `POST /api/billing/update-subscription` (spec accounts §7 update-subscription): sets the
 * plan now. The screen uses it to keep the current plan when a downgrade is scheduled.
 */
export function updateSubscription(newPlan: PlanId): Promise<PlanChangeAnswer> {
  return callApi(
    () => api.api.billing['update-subscription'].$post({ json: { newPlan } }),
    SUBSCRIPTION_TOASTS.updateFailed,
  );
}
