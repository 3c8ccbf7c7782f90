// What the signed-in actor may do on the account's plan, as the server resolved it (ADR 017):
// GET /api/profile carries `capabilities`, `planRequired`, `needsUpgrade` and
// `imagesPerInvoice`, and this is the web's one reader of them. The web never computes a right
// itself; it only hides or marks what the server would refuse. A plan change refreshes the
// profile live ('subscription.changed'), so every reader follows at once.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Capability, ResolvedCapabilities } from '#shared/capabilities.ts';
import type { PlanFeatureFlag, PlanId } from '#shared/plans.ts';
import { api } from './api-client.ts';
import { callApi } from './call-api.ts';
import { capabilityAccess, type CapabilityAccess } from './capability-access.ts';
import { profileKeys } from './query-keys.ts';

const LOAD_FAILED = 'Não foi possível carregar o perfil.';

// The profile's own request under its own key (a lib may not import a feature): the header has
// usually loaded it already. Same request, same shape, same 15-minute stale time (spec §9).
const fetchProfile = () => callApi(() => api.api.profile.$get(), LOAD_FAILED);

export type CapabilityView = {
  /** False until the profile is in: nothing is offered before the server has said so. */
  isLoaded: boolean;
  can(capability: Capability): boolean;
  /** The cheapest plan that allows it, when only the plan stands in the way. */
  requiredPlan(capability: Capability): PlanId | null;
  /** Allowed, or refused only by the plan: the role itself allows it. */
  isRoleAllowed(capability: Capability): boolean;
  /** The spec's premium marker for a plan feature (needsUpgrade). */
  needsUpgrade(feature: PlanFeatureFlag): boolean;
  /** What a whole screen shows: itself, the plan that has it, or the role's refusal. */
  access(capability: Capability): CapabilityAccess;
  imagesPerInvoice: number | undefined;
};

/** The view over resolved rights; undefined (still loading) allows and marks nothing. */
export function capabilityView(rights: ResolvedCapabilities | undefined): CapabilityView {
  return {
    isLoaded: rights !== undefined,
    can: (capability) => rights?.capabilities[capability] ?? false,
    requiredPlan: (capability) => rights?.planRequired[capability] ?? null,
    isRoleAllowed: (capability) =>
      (rights?.capabilities[capability] ?? false) || rights?.planRequired[capability] !== undefined,
    needsUpgrade: (feature) => rights?.needsUpgrade[feature] ?? false,
    access: (capability) => capabilityAccess(rights, capability),
    imagesPerInvoice: rights?.imagesPerInvoice,
  };
}

function selectRights(profile: ResolvedCapabilities): ResolvedCapabilities {
  const { capabilities, planRequired, needsUpgrade, imagesPerInvoice } = profile;
  return { capabilities, planRequired, needsUpgrade, imagesPerInvoice };
}

export function useCan(): CapabilityView {
  const { data } = useQuery({
    queryKey: profileKeys.all,
    queryFn: fetchProfile,
    staleTime: 15 * 60_000,
    select: selectRights,
  });
  return useMemo(() => capabilityView(data), [data]);
}
