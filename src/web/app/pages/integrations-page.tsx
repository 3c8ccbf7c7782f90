import { ForbiddenNotice, PlanRequiredNotice } from '#web/components/access/access-notice.tsx';
import { IntegrationsScreen } from '#web/features/integrations/components/integrations-screen.tsx';
import { INTEGRATIONS_MESSAGES } from '#web/features/integrations/messages.ts';
import { useCan } from '#web/lib/use-can.ts';
import { SignedInFrame } from './signed-in-frame.tsx';

/**
 * `/integracoes` (issue 17 point 2): the spreadsheet feed on a plan with integrations, or the
 * premium marker and the way to Empresarial (spec accounts §6), or the role's refusal.
 */
export function IntegrationsPage() {
  const rights = useCan();
  const access = rights.access('integrations.view');
  return (
    <SignedInFrame title={INTEGRATIONS_MESSAGES.pageTitle}>
      {access.kind === 'allowed' ? (
        <IntegrationsScreen canConfigure={rights.can('integrations.configure')} />
      ) : access.kind === 'plan-required' ? (
        <PlanRequiredNotice
          title={INTEGRATIONS_MESSAGES.lockedTitle}
          message={access.message}
          requiredPlan={access.requiredPlan}
          highlights={INTEGRATIONS_MESSAGES.highlights}
        />
      ) : access.kind === 'forbidden' ? (
        <ForbiddenNotice message={access.message} />
      ) : (
        <div role="status" className="h-40 animate-pulse rounded-2xl bg-slate-200/70" />
      )}
    </SignedInFrame>
  );
}
