import type { PlanId } from '#shared/plans.ts';
import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { SUBSCRIPTION_TOASTS } from '../messages.ts';
import type { PlanChangeAnswer } from './billing-types.ts';

/**
 * `POST /api/billing/change-plan` (spec accounts §7 smart-plan-change, §4 "Subscription
 * change"): an upgrade applies now with a proportional charge, a downgrade is scheduled for
 * the period end with no refund; the answer says which, with its date and message.
 */
export function changePlan(targetPlan: PlanId): Promise<PlanChangeAnswer> {
  return callApi(
    () => api.api.billing['change-plan'].$post({ json: { targetPlan } }),
    SUBSCRIPTION_TOASTS.changeFailed,
  );
}
