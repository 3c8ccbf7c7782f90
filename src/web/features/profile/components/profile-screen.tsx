import { AlertCircle } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { useProfile } from '../api/get-profile.ts';
import { PROFILE_MESSAGES } from '../messages.ts';
import { PhotoCard } from './photo-card.tsx';
import { PreferencesCard } from './preferences-card.tsx';
import { ProfileDetails } from './profile-details.tsx';
import { ProfileForm } from './profile-form.tsx';
import { SectionCard } from './section-card.tsx';

/** /meu-perfil: photo, identity fields (view ↔ edit) and preferences. */
export function ProfileScreen() {
  const profile = useProfile();
  const [isEditing, setIsEditing] = useState(false);

  if (profile.isPending) {
    return (
      <p role="status" className="flex items-center justify-center gap-3 py-16 text-slate-700">
        <span
          className="border-brand-200 border-t-brand-700 size-5 animate-spin rounded-full border-2"
          aria-hidden
        />
        {PROFILE_MESSAGES.loading}
      </p>
    );
  }
  if (profile.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-16 text-center">
        <AlertCircle className="size-8 text-red-600" aria-hidden />
        <p className="font-medium text-slate-900">{PROFILE_MESSAGES.loadFailed}</p>
        <p className="text-sm text-slate-600">{profile.error.message}</p>
        <Button type="button" onClick={() => void profile.refetch()}>
          {PROFILE_MESSAGES.retry}
        </Button>
      </div>
    );
  }

  const data = profile.data;
  return (
    <div className="flex flex-col gap-5">
      <PhotoCard profile={data} />
      <SectionCard title="Dados da conta">
        {isEditing ? (
          <ProfileForm profile={data} onDone={() => setIsEditing(false)} />
        ) : (
          <ProfileDetails profile={data} onEdit={() => setIsEditing(true)} />
        )}
      </SectionCard>
      <PreferencesCard profile={data} />
    </div>
  );
}
