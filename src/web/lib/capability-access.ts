// Whether a screen may show, from the capabilities /api/profile resolved for the session (ADR
// 017): the web only hides or marks what the server would refuse, and says why.
import {
  featureOf,
  FORBIDDEN_MESSAGE,
  planRequiredMessage,
  type Capability,
  type ResolvedCapabilities,
} from '#shared/capabilities.ts';
import type { PlanId } from '#shared/plans.ts';

export type CapabilityAccess =
  | { kind: 'loading' }
  | { kind: 'allowed' }
  | { kind: 'plan-required'; requiredPlan: PlanId; message: string }
  | { kind: 'forbidden'; message: string };

type ProfileRights = Pick<ResolvedCapabilities, 'capabilities' | 'planRequired'>;

export function capabilityAccess(
  profile: ProfileRights | undefined,
  capability: Capability,
): CapabilityAccess {
  if (!profile) return { kind: 'loading' };
  if (profile.capabilities[capability]) return { kind: 'allowed' };
  const requiredPlan = profile.planRequired[capability];
  const feature = featureOf(capability);
  if (requiredPlan && feature) {
    return {
      kind: 'plan-required',
      requiredPlan,
      message: planRequiredMessage(feature, requiredPlan),
    };
  }
  return { kind: 'forbidden', message: FORBIDDEN_MESSAGE };
}
