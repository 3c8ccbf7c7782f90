import { PlansScreen } from '#web/features/plans/components/plans-screen.tsx';
import { PLANS_MESSAGES } from '#web/features/plans/messages.ts';
import { useProfile } from '#web/features/profile/api/get-profile.ts';
import { SignedInFrame } from './signed-in-frame.tsx';

export function SubscriptionPage() {
  const currentPlanId = useProfile().data?.planId;
  return (
    <SignedInFrame title={PLANS_MESSAGES.pageTitle} width="wide">
      <PlansScreen currentPlanId={currentPlanId} />
    </SignedInFrame>
  );
}
