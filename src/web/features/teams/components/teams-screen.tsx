import { AlertCircle } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { useHasElapsed } from '#web/lib/use-has-elapsed.ts';
import { useTeam, type Team } from '../api/get-team.ts';
import { TEAMS_MESSAGES } from '../messages.ts';
import { InvitationsSection } from './invitations-section.tsx';
import { MainPinCard } from './main-pin-card.tsx';
import { MembersSection } from './members-section.tsx';
import { SubUsersSection } from './sub-users-section.tsx';
import { TeamSwitchCard } from './team-switch-card.tsx';

function Loading() {
  // Spec invoice-work §9: the spinner shows only after 300 ms, so a fast answer never flashes.
  const hasElapsed = useHasElapsed();
  return (
    <p role="status" className="flex items-center gap-3 py-8 text-slate-700">
      {hasElapsed ? (
        <span
          className="border-brand-200 border-t-brand-700 size-5 animate-spin rounded-full border-2"
          aria-hidden
        />
      ) : null}
      <span className={hasElapsed ? undefined : 'sr-only'}>{TEAMS_MESSAGES.loading}</span>
    </p>
  );
}

function LoadError({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <div className="flex flex-col items-start gap-3 rounded-2xl border border-red-200 bg-red-50 p-4">
      <p role="alert" className="flex items-center gap-2 text-red-900">
        <AlertCircle className="size-5 shrink-0" aria-hidden />
        {message}
      </p>
      <Button variant="outline" onClick={onRetry}>
        {TEAMS_MESSAGES.retry}
      </Button>
    </div>
  );
}

type TeamContentProps = { team: Team; canSetMainPin: boolean };

/** The switch, the main PIN, the PIN profiles, the members and the invitations. */
export function TeamContent({ team, canSetMainPin }: TeamContentProps) {
  // Switching on without a PIN bumps this: the PIN form takes the focus.
  const [pinFocusRequest, setPinFocusRequest] = useState(0);
  return (
    <div className="flex flex-col gap-4 sm:gap-5">
      <p className="text-slate-700">{TEAMS_MESSAGES.intro}</p>
      <TeamSwitchCard
        isEnabled={team.enabled}
        isMainPinSet={team.mainPinSet}
        onMainPinMissing={() => setPinFocusRequest((count) => count + 1)}
      />
      <MainPinCard
        isPinSet={team.mainPinSet}
        canSet={canSetMainPin}
        focusRequest={pinFocusRequest}
      />
      <SubUsersSection subUsers={team.subUsers} />
      <MembersSection members={team.members} />
      <InvitationsSection invitations={team.invitations} />
    </div>
  );
}

/** /gestao-equipas once the actor may manage the team: its data, or its loading and error. */
export function TeamsScreen({ canSetMainPin }: { canSetMainPin: boolean }) {
  const team = useTeam();
  if (team.isPending) return <Loading />;
  if (team.isError) {
    return <LoadError message={team.error.message} onRetry={() => void team.refetch()} />;
  }
  return <TeamContent team={team.data} canSetMainPin={canSetMainPin} />;
}
