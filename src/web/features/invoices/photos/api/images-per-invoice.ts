import { useQuery } from '@tanstack/react-query';
import { getPlanFeatures, isPlanId, planAccessFor } from '#shared/plans.ts';
import { api } from '#web/lib/api-client.ts';
import { callApi } from '#web/lib/call-api.ts';
import { profileKeys } from '#web/lib/query-keys.ts';
import { PHOTO_MESSAGES } from '../photo-messages.ts';

// The profile's own query (same key, request and shape as the profile feature's, which a
// feature may not import): the header has loaded it already, and a plan change refreshes it live.

const fetchProfile = () => callApi(() => api.api.profile.$get(), PHOTO_MESSAGES.planFailed);

/**
 * How many photos the account's plan allows per invoice (spec §5: 1 free, 5 Personal, 10
 * Empresarial); undefined until the profile is known, when the server alone decides.
 */
export function useImagesPerInvoice(): number | undefined {
  return useQuery({
    queryKey: profileKeys.all,
    queryFn: fetchProfile,
    staleTime: 15 * 60_000,
    select: (profile) =>
      getPlanFeatures(planAccessFor(isPlanId(profile.planId) ? profile.planId : 'free'))
        .imagesPerInvoice,
  }).data;
}
