import { Camera, Loader2, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { toast } from '#web/lib/toast.ts';
import { Button } from '#web/components/ui/button.tsx';
import type { Profile } from '../api/get-profile.ts';
import { useRemoveProfilePhoto, useUploadProfilePhoto } from '../api/profile-photo.ts';
import { PROFILE_MESSAGES } from '../messages.ts';
import { ACCEPTED_PHOTO_TYPES, photoProblem } from '../photo-rules.ts';
import { Avatar } from '#web/components/ui/avatar.tsx';
import { SectionCard } from './section-card.tsx';

/** The chosen file shown at once while it uploads; released when replaced or done. */
function useLocalPreview() {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);
  return [preview, setPreview] as const;
}

export function PhotoCard({ profile }: { profile: Profile }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useLocalPreview();
  const upload = useUploadProfilePhoto();
  const remove = useRemoveProfilePhoto();
  const isBusy = upload.isPending || remove.isPending;

  function onPick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Reset so picking the same file again still fires a change.
    event.target.value = '';
    if (!file) return;
    const problem = photoProblem(file);
    if (problem) {
      toast.error(problem);
      return;
    }
    setPreview(URL.createObjectURL(file));
    upload.mutate(file, {
      onSuccess: () => toast.success(PROFILE_MESSAGES.photoSaved),
      onError: (error) =>
        toast.error(PROFILE_MESSAGES.uploadFailed, { description: error.message }),
      onSettled: () => setPreview(null),
    });
  }

  function onRemove() {
    remove.mutate(undefined, {
      onSuccess: () => toast.success(PROFILE_MESSAGES.photoRemoved),
      onError: (error) =>
        toast.error(PROFILE_MESSAGES.photoRemoveFailed, { description: error.message }),
    });
  }

  return (
    <SectionCard title="Fotografia de perfil" description="JPEG, PNG ou WebP, até 5MB.">
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:gap-6">
        <div className="relative">
          <Avatar
            alt="Fotografia de perfil"
            src={preview ?? profile.photoUrl}
            name={profile.displayName}
            className="size-24 text-3xl"
          />
          {isBusy ? (
            <span className="absolute inset-0 flex items-center justify-center rounded-full bg-white/70">
              <Loader2 className="text-brand-700 size-6 animate-spin" aria-label="A enviar" />
            </span>
          ) : null}
        </div>
        <div className="flex flex-wrap justify-center gap-2">
          <input
            ref={inputRef}
            type="file"
            accept={ACCEPTED_PHOTO_TYPES.join(',')}
            className="sr-only"
            tabIndex={-1}
            aria-label="Escolher fotografia"
            onChange={onPick}
          />
          <Button type="button" onClick={() => inputRef.current?.click()} disabled={isBusy}>
            <Camera aria-hidden />
            {profile.photoUrl ? 'Alterar fotografia' : 'Carregar fotografia'}
          </Button>
          {profile.photoUrl ? (
            <Button type="button" variant="outline" onClick={onRemove} disabled={isBusy}>
              <Trash2 aria-hidden />
              Remover fotografia
            </Button>
          ) : null}
        </div>
      </div>
    </SectionCard>
  );
}
