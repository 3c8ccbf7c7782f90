import { ForbiddenNotice, PlanRequiredNotice } from '#web/components/access/access-notice.tsx';
import { FeedTestScreen } from '#web/features/integrations/components/feed-test-screen.tsx';
import {
  INTEGRATIONS_MESSAGES,
  TEST_INTEGRATIONS_MESSAGES,
} from '#web/features/integrations/messages.ts';
import { useCan } from '#web/lib/use-can.ts';
import { SignedInFrame } from './signed-in-frame.tsx';

/** `/test-integracoes` (spec invoice-work §2 "test pages"): the feed read as a spreadsheet reads it. */
export function TestIntegrationsPage() {
  const access = useCan().access('integrations.view');
  return (
    <SignedInFrame title={TEST_INTEGRATIONS_MESSAGES.pageTitle} width="wide">
      {access.kind === 'allowed' ? (
        <FeedTestScreen />
      ) : access.kind === 'plan-required' ? (
        <div className="max-w-3xl">
          <PlanRequiredNotice
            title={INTEGRATIONS_MESSAGES.lockedTitle}
            message={access.message}
            requiredPlan={access.requiredPlan}
            highlights={INTEGRATIONS_MESSAGES.highlights}
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
