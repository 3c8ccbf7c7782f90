import { ForbiddenNotice, PlanRequiredNotice } from '#web/components/access/access-notice.tsx';
import { useProfile } from '#web/features/profile/api/get-profile.ts';
import { CmvScreen } from '#web/features/sales/components/cmv-screen.tsx';
import { CMV_MESSAGES } from '#web/features/sales/messages.ts';
import { capabilityAccess } from '#web/lib/capability-access.ts';
import { SignedInFrame } from './signed-in-frame.tsx';

/** `/cmv` (issue 16 point 4): the enterprise plan's CMV, or its premium marker and upgrade. */
export function CmvPage() {
  const access = capabilityAccess(useProfile().data, 'cmv.view');
  return (
    <SignedInFrame title={CMV_MESSAGES.pageTitle} width="wide">
      {access.kind === 'allowed' ? (
        <CmvScreen />
      ) : access.kind === 'plan-required' ? (
        <div className="max-w-3xl">
          <PlanRequiredNotice
            title={CMV_MESSAGES.lockedTitle}
            message={access.message}
            requiredPlan={access.requiredPlan}
            highlights={CMV_MESSAGES.highlights}
          />
        </div>
      ) : access.kind === 'forbidden' ? (
        <ForbiddenNotice message={access.message} />
      ) : (
        <div role="status" className="h-40 animate-pulse rounded-2xl bg-slate-200/70" />
      )}
    </SignedInFrame>
  );
}
