// Whether the 'Exportar' action shows, and how: read from the rights the server resolved for
// the profile (#shared/capabilities.ts 'exports.create'), only to show what it would refuse.
import type { ResolvedCapabilities } from '#shared/capabilities.ts';
import type { PlanId } from '#shared/plans.ts';

/**
 * Allowed; refused by the plan (shown with the premium marker and the way to the plan that has
 * it); or refused by the role (not shown at all).
 */
export type ExportAccess =
  { kind: 'allowed' } | { kind: 'plan-required'; requiredPlan: PlanId } | { kind: 'hidden' };

export function exportAccessOf(
  rights: Pick<ResolvedCapabilities, 'capabilities' | 'planRequired'> | undefined,
): ExportAccess {
  if (!rights) return { kind: 'hidden' };
  if (rights.capabilities['exports.create']) return { kind: 'allowed' };
  const requiredPlan = rights.planRequired['exports.create'];
  // Refused by the plan only: the role may export once the plan allows it.
  return requiredPlan ? { kind: 'plan-required', requiredPlan } : { kind: 'hidden' };
}
