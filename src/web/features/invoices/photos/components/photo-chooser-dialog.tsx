import { Camera, ImageUp, type LucideIcon } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { toast } from '#web/lib/toast.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { hasCameraApi } from '../hooks/use-camera-stream.ts';
import { PHOTO_MESSAGES } from '../photo-messages.ts';
import { capturedPhotoProblem, pickedPhotoProblem, type PhotoProblem } from '../photo-rules.ts';
import { CameraCapture } from './camera-capture.tsx';
import { LocalPhotoImage } from './photo-image.tsx';

type Step = { kind: 'choose' } | { kind: 'camera' } | { kind: 'preview'; file: File };

export type PhotoChooserDialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Keeps the photo (uploads it, or adds it to the form); a rejection leaves the preview open. */
  onSave(file: File): Promise<unknown> | void;
};

const TITLES = {
  choose: PHOTO_MESSAGES.chooserTitle,
  camera: PHOTO_MESSAGES.cameraTitle,
  preview: PHOTO_MESSAGES.previewTitle,
} as const;

function ChoiceButton({
  icon: Icon,
  label,
  hint,
  onClick,
}: {
  icon: LucideIcon;
  label: string;
  hint: string;
  onClick(): void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="hover:border-brand-400 hover:bg-brand-50 focus-visible:ring-brand-500/60 flex items-center gap-4 rounded-xl border border-slate-200 p-4 text-left transition-colors focus-visible:ring-3 focus-visible:outline-none sm:flex-col sm:items-center sm:p-6 sm:text-center"
    >
      <span className="bg-brand-50 text-brand-700 flex size-12 shrink-0 items-center justify-center rounded-full">
        <Icon className="size-6" aria-hidden />
      </span>
      <span>
        <span className="block font-semibold text-slate-900">{label}</span>
        <span className="block text-sm text-slate-600">{hint}</span>
      </span>
    </button>
  );
}

/** Phones without getUserMedia still have their camera app behind a file input. */
const isTouchDevice = () =>
  typeof window !== 'undefined' && window.matchMedia('(pointer: coarse)').matches;

/**
 * The capture-or-upload chooser (spec §2, §4 "Photos"): 'Carregar do dispositivo' or 'Tirar
 * fotografia', then a preview with 'Guardar' / 'Cancelar' — cancelling returns here.
 */
export function PhotoChooserDialog({ open, onOpenChange, onSave }: PhotoChooserDialogProps) {
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [isSaving, setIsSaving] = useState(false);
  const uploadInput = useRef<HTMLInputElement>(null);
  const captureInput = useRef<HTMLInputElement>(null);

  function preview(file: File, problemOf: (file: File) => PhotoProblem | null) {
    const problem = problemOf(file);
    if (problem) toast.error(problem.title, { description: problem.description });
    else setStep({ kind: 'preview', file });
  }

  const onPicked =
    (problemOf: (file: File) => PhotoProblem | null) => (event: ChangeEvent<HTMLInputElement>) => {
      const file = event.target.files?.[0];
      // Reset so picking the same file again still fires a change.
      event.target.value = '';
      if (file) preview(file, problemOf);
    };

  function takePhoto() {
    if (hasCameraApi()) setStep({ kind: 'camera' });
    else if (isTouchDevice()) captureInput.current?.click();
    else toast.error(PHOTO_MESSAGES.cameraUnavailable);
  }

  async function save(file: File) {
    setIsSaving(true);
    try {
      await onSave(file);
      onOpenChange(false);
    } catch {
      // The caller has said why (a toast); the preview stays to try again or cancel.
    } finally {
      setIsSaving(false);
    }
  }

  const backToChoice = () => setStep({ kind: 'choose' });

  return (
    <Dialog
      open={open}
      onOpenChange={(isOpen) => {
        if (!isSaving) onOpenChange(isOpen);
      }}
    >
      <DialogContent
        title={TITLES[step.kind]}
        description={step.kind === 'choose' ? PHOTO_MESSAGES.chooserDescription : undefined}
        className="sm:max-w-xl"
      >
        <input
          ref={uploadInput}
          type="file"
          accept="image/*"
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          onChange={onPicked(pickedPhotoProblem)}
        />
        <input
          ref={captureInput}
          type="file"
          accept="image/*"
          capture="environment"
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          onChange={onPicked(capturedPhotoProblem)}
        />
        {step.kind === 'choose' ? (
          <div className="grid gap-3 sm:grid-cols-2">
            <ChoiceButton
              icon={ImageUp}
              label={PHOTO_MESSAGES.uploadFromDevice}
              hint={PHOTO_MESSAGES.uploadHint}
              onClick={() => uploadInput.current?.click()}
            />
            <ChoiceButton
              icon={Camera}
              label={PHOTO_MESSAGES.takePhoto}
              hint={PHOTO_MESSAGES.takePhotoHint}
              onClick={takePhoto}
            />
          </div>
        ) : step.kind === 'camera' ? (
          <CameraCapture
            onCapture={(file) => preview(file, capturedPhotoProblem)}
            onCancel={backToChoice}
            onUnavailable={() => {
              toast.error(PHOTO_MESSAGES.cameraUnavailable);
              backToChoice();
            }}
          />
        ) : (
          <div className="flex flex-col gap-4">
            <LocalPhotoImage
              file={step.file}
              alt={PHOTO_MESSAGES.previewTitle}
              fit="contain"
              className="h-[55dvh] w-full rounded-xl bg-slate-900"
            />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={backToChoice} disabled={isSaving}>
                {PHOTO_MESSAGES.cancel}
              </Button>
              <Button onClick={() => void save(step.file)} disabled={isSaving}>
                {isSaving ? PHOTO_MESSAGES.saving : PHOTO_MESSAGES.save}
              </Button>
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
