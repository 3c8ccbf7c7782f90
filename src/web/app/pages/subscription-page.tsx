import { PlansScreen } from '#web/features/plans/components/plans-screen.tsx';
import { PLANS_MESSAGES } from '#web/features/plans/messages.ts';
import { SignedInFrame } from './signed-in-frame.tsx';

export function SubscriptionPage() {
  return (
    <SignedInFrame title={PLANS_MESSAGES.pageTitle} width="wide">
      <PlansScreen />
    </SignedInFrame>
  );
}
