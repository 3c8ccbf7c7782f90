import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import {
  SubscriptionScreen,
  type SubscriptionVariant,
} from '#web/features/plans/components/subscription-screen.tsx';
import { SUBSCRIPTION_HEADINGS } from '#web/features/plans/messages.ts';
import type { PlanId } from '#shared/plans.ts';
import { SignedInFrame } from './signed-in-frame.tsx';

const protectedRoute = getRouteApi('/app/protected');
const subscriptionRoute = getRouteApi('/app/protected/subscription');

function SubscriptionFrame({
  variant,
  autostart,
}: {
  variant: SubscriptionVariant;
  autostart?: PlanId | undefined;
}) {
  const userId = protectedRoute.useRouteContext({ select: (c) => c.session.user.id });
  const navigate = useNavigate();
  // The checkout starts once; a reload of the same address must not start it again.
  const dropAutostart = useCallback(
    () => void navigate({ to: '/subscription', search: {}, replace: true }),
    [navigate],
  );
  return (
    <SignedInFrame title={SUBSCRIPTION_HEADINGS[variant]} width="wide" help="planos">
      <SubscriptionScreen
        userId={userId}
        variant={variant}
        autostart={autostart}
        onAutostartHandled={dropAutostart}
      />
    </SignedInFrame>
  );
}

/** /subscription, with `?autostart={plan}` (spec accounts §2). */
export function SubscriptionPage() {
  const { autostart } = subscriptionRoute.useSearch();
  return <SubscriptionFrame variant="plans" autostart={autostart} />;
}

/** The checkout's return address after a payment. */
export function SubscriptionSuccessPage() {
  return <SubscriptionFrame variant="success" />;
}

/** The checkout's return address when the payment was abandoned. */
export function SubscriptionCanceledPage() {
  return <SubscriptionFrame variant="canceled" />;
}
