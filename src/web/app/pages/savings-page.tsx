import { ForbiddenNotice, PlanRequiredNotice } from '#web/components/access/access-notice.tsx';
import { useProfile } from '#web/features/profile/api/get-profile.ts';
import { SavingsScreen } from '#web/features/savings/components/savings-screen.tsx';
import { SAVINGS_MESSAGES } from '#web/features/savings/messages.ts';
import { capabilityAccess } from '#web/lib/capability-access.ts';
import { SignedInFrame } from './signed-in-frame.tsx';

/** `/poupancas` (issue 16 point 5): savings goals on a paid plan, the upgrade path on Gratuito. */
export function SavingsPage() {
  const access = capabilityAccess(useProfile().data, 'savings.view');
  return (
    <SignedInFrame title={SAVINGS_MESSAGES.pageTitle}>
      {access.kind === 'allowed' ? (
        <SavingsScreen />
      ) : access.kind === 'plan-required' ? (
        <PlanRequiredNotice
          title={SAVINGS_MESSAGES.lockedTitle}
          message={access.message}
          requiredPlan={access.requiredPlan}
          highlights={SAVINGS_MESSAGES.highlights}
        />
      ) : access.kind === 'forbidden' ? (
        <ForbiddenNotice message={access.message} />
      ) : (
        <div role="status" className="h-40 animate-pulse rounded-2xl bg-slate-200/70" />
      )}
    </SignedInFrame>
  );
}
