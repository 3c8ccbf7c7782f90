import { ForbiddenNotice } from '#web/components/access/access-notice.tsx';
import { useProfile } from '#web/features/profile/api/get-profile.ts';
import { useUpdateProfile } from '#web/features/profile/api/update-profile.ts';
import { SettingsScreen } from '#web/features/settings/components/settings-screen.tsx';
import type { ViewModeSetting } from '#web/features/settings/components/view-mode-section.tsx';
import { SETTINGS_MESSAGES } from '#web/features/settings/messages.ts';
import { useCan } from '#web/lib/use-can.ts';
import { SignedInFrame } from './signed-in-frame.tsx';

/** The profile's invoice_view_mode, read and saved through the profile feature's requests. */
function useViewModeSetting(): ViewModeSetting {
  const profile = useProfile();
  const update = useUpdateProfile();
  return {
    value: profile.data?.invoiceViewMode,
    status: profile.status,
    onRetry: () => void profile.refetch(),
    save: (mode) => update.mutateAsync({ invoiceViewMode: mode }),
  };
}

/** `/configuracoes`: the account holder's and an Administrador's (spec accounts §6). */
export function SettingsPage() {
  const access = useCan().access('settings.manage');
  const viewMode = useViewModeSetting();
  return (
    <SignedInFrame title={SETTINGS_MESSAGES.pageTitle}>
      {access.kind === 'allowed' ? (
        <SettingsScreen viewMode={viewMode} />
      ) : access.kind === 'loading' ? (
        <div role="status" className="h-40 animate-pulse rounded-2xl bg-slate-200/70" />
      ) : (
        <ForbiddenNotice message={access.message} />
      )}
    </SignedInFrame>
  );
}
