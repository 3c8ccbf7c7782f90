import { SettingsScreen } from '#web/features/settings/components/settings-screen.tsx';
import { SETTINGS_MESSAGES } from '#web/features/settings/messages.ts';
import { SignedInFrame } from './signed-in-frame.tsx';

export function SettingsPage() {
  return (
    <SignedInFrame title={SETTINGS_MESSAGES.pageTitle}>
      <SettingsScreen />
    </SignedInFrame>
  );
}
