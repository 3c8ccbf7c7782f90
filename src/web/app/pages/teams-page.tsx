import { ForbiddenNotice, PlanRequiredNotice } from '#web/components/access/access-notice.tsx';
import { TeamsScreen } from '#web/features/teams/components/teams-screen.tsx';
import { TEAMS_MESSAGES } from '#web/features/teams/messages.ts';
import { useCan } from '#web/lib/use-can.ts';
import { SignedInFrame } from './signed-in-frame.tsx';

/**
 * `/gestao-equipas` (issue 18): the team on the Empresarial plan, or the premium marker and the
 * way there (spec accounts §6), or the role's refusal.
 */
export function TeamsPage() {
  const rights = useCan();
  const access = rights.access('team.manage');
  return (
    <SignedInFrame title={TEAMS_MESSAGES.pageTitle} help="equipas-e-pins">
      {access.kind === 'allowed' ? (
        <TeamsScreen canSetMainPin={rights.can('team.mainPin')} />
      ) : access.kind === 'plan-required' ? (
        <PlanRequiredNotice
          title={TEAMS_MESSAGES.lockedTitle}
          message={access.message}
          requiredPlan={access.requiredPlan}
          highlights={TEAMS_MESSAGES.highlights}
        />
      ) : access.kind === 'forbidden' ? (
        <ForbiddenNotice message={access.message} />
      ) : (
        <div role="status" className="h-40 animate-pulse rounded-2xl bg-slate-200/70" />
      )}
    </SignedInFrame>
  );
}
