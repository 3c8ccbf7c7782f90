import { ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/lib/toast.ts';
import { ConfirmDialog } from '../../components/invoice-sheet/confirm-dialog.tsx';
import { useImagesPerInvoice } from '../api/images-per-invoice.ts';
import { isNewPhoto, type PhotoEdits, type PhotoEntry } from '../photo-edits.ts';
import { photoAlt, PHOTO_MESSAGES, photoUsage } from '../photo-messages.ts';
import { photoLimitProblem } from '../photo-rules.ts';
import { LazyPhotoChooser, LazyPhotoGallery } from './lazy-photo-dialogs.tsx';
import { EntryImage } from './photo-image.tsx';

type EditImagesBlockProps = {
  edits: PhotoEdits;
  onAdd(file: File): void;
  onRemove(id: string): void;
};

/**
 * The edit mode's invoice images block (spec §2, §4 "Photos"): new photos marked 'Nova' until
 * the invoice is saved; removing one of those is immediate, removing a saved one asks first
 * and happens on save. Adding beyond the plan's photos per invoice is refused here already.
 */
export function EditImagesBlock({ edits, onAdd, onRemove }: EditImagesBlockProps) {
  const titleId = useId();
  const limit = useImagesPerInvoice();
  const [isChooserOpen, setIsChooserOpen] = useState(false);
  const [confirming, setConfirming] = useState<PhotoEntry | null>(null);
  const [galleryIndex, setGalleryIndex] = useState<number | null>(null);
  const { entries } = edits;
  const sectionRef = useRef<HTMLElement>(null);
  // The block sits at the end of a long form: a photo just added is brought into view.
  const isRevealPending = useRef(false);
  useEffect(() => {
    if (!isRevealPending.current) return;
    isRevealPending.current = false;
    sectionRef.current?.scrollIntoView({ block: 'nearest' });
  }, [entries.length]);

  function add(file: File) {
    isRevealPending.current = true;
    onAdd(file);
  }

  function startAdding() {
    const problem = limit === undefined ? null : photoLimitProblem(entries.length, limit);
    if (problem) void toast.error(problem);
    else setIsChooserOpen(true);
  }

  function askToRemove(entry: PhotoEntry) {
    if (isNewPhoto(entry)) onRemove(entry.id);
    else setConfirming(entry);
  }

  return (
    <section
      ref={sectionRef}
      aria-labelledby={titleId}
      className="rounded-xl border border-slate-200 p-4"
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <h3 id={titleId} className="text-sm font-semibold text-slate-900">
            {PHOTO_MESSAGES.imagesTitle}
          </h3>
          {limit !== undefined ? (
            <p className="mt-0.5 text-xs text-slate-500 tabular-nums">
              {photoUsage(entries.length, limit)}
            </p>
          ) : null}
        </div>
        <Button type="button" variant="outline" size="sm" onClick={startAdding}>
          <ImagePlus aria-hidden />
          {PHOTO_MESSAGES.addPhoto}
        </Button>
      </div>
      {entries.length === 0 ? (
        <p className="mt-3 rounded-lg border border-dashed border-slate-300 px-3 py-6 text-center text-sm text-slate-600">
          {PHOTO_MESSAGES.noImages}
        </p>
      ) : (
        <ul className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-4">
          {entries.map((entry, index) => (
            <li key={entry.id} className="relative">
              <button
                type="button"
                aria-label={photoAlt(index + 1)}
                onClick={() => setGalleryIndex(index)}
                className="focus-visible:ring-brand-500/60 block w-full overflow-hidden rounded-lg border border-slate-200 focus-visible:ring-3 focus-visible:outline-none"
              >
                <EntryImage
                  entry={entry}
                  variant="thumb"
                  alt=""
                  className="aspect-square w-full"
                  isCompact
                />
              </button>
              {isNewPhoto(entry) ? (
                <span className="bg-brand-700 pointer-events-none absolute top-1.5 left-1.5 rounded-full px-2 py-0.5 text-xs font-semibold text-white shadow-sm">
                  {PHOTO_MESSAGES.newBadge}
                </span>
              ) : null}
              <button
                type="button"
                aria-label={`${PHOTO_MESSAGES.removePhoto} ${index + 1}`}
                title={PHOTO_MESSAGES.removePhoto}
                onClick={() => askToRemove(entry)}
                className="focus-visible:ring-brand-500/60 absolute top-1 right-1 flex size-8 items-center justify-center rounded-full bg-white/95 text-slate-700 shadow-sm ring-1 ring-slate-200 hover:bg-red-50 hover:text-red-700 focus-visible:ring-3 focus-visible:outline-none"
              >
                <X className="size-4" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setConfirming(null);
        }}
        title={PHOTO_MESSAGES.deleteTitle}
        description={PHOTO_MESSAGES.deleteQuestion}
        cancelLabel={PHOTO_MESSAGES.cancel}
        confirmLabel={PHOTO_MESSAGES.delete}
        isDestructive
        onConfirm={() => {
          if (confirming) onRemove(confirming.id);
          setConfirming(null);
        }}
      />
      <LazyPhotoChooser open={isChooserOpen} onOpenChange={setIsChooserOpen} onSave={add} />
      <LazyPhotoGallery
        entries={entries}
        startIndex={galleryIndex ?? 0}
        open={galleryIndex !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setGalleryIndex(null);
        }}
      />
    </section>
  );
}
