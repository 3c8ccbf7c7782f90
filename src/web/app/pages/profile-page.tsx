import { AccountDataSections } from '#web/features/account-data/components/account-data-sections.tsx';
import { ProfileScreen } from '#web/features/profile/components/profile-screen.tsx';
import { PROFILE_MESSAGES } from '#web/features/profile/messages.ts';
import { SignedInFrame } from './signed-in-frame.tsx';

export function ProfilePage() {
  return (
    <SignedInFrame title={PROFILE_MESSAGES.pageTitle}>
      <div className="flex flex-col gap-5">
        <ProfileScreen />
        <AccountDataSections />
      </div>
    </SignedInFrame>
  );
}
