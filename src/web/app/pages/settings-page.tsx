import { ForbiddenNotice } from '#web/components/access/access-notice.tsx';
import { SettingsScreen } from '#web/features/settings/components/settings-screen.tsx';
import { SETTINGS_MESSAGES } from '#web/features/settings/messages.ts';
import { useCan } from '#web/lib/use-can.ts';
import { SignedInFrame } from './signed-in-frame.tsx';

/** `/configuracoes`: the account holder's and an Administrador's (spec accounts §6). */
export function SettingsPage() {
  const access = useCan().access('settings.manage');
  return (
    <SignedInFrame title={SETTINGS_MESSAGES.pageTitle}>
      {access.kind === 'allowed' ? (
        <SettingsScreen />
      ) : access.kind === 'loading' ? (
        <div role="status" className="h-40 animate-pulse rounded-2xl bg-slate-200/70" />
      ) : (
        <ForbiddenNotice message={access.message} />
      )}
    </SignedInFrame>
  );
}
