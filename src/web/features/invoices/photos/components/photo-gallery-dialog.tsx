import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import type { PhotoEntry } from '../photo-edits.ts';
import { photoAlt, PHOTO_MESSAGES, photoPosition } from '../photo-messages.ts';
import { EntryImage } from './photo-image.tsx';

export type PhotoGalleryDialogProps = {
  entries: readonly PhotoEntry[];
  startIndex: number;
  open: boolean;
  onOpenChange(open: boolean): void;
};

/** The full-size image preview (spec §2): one photo at a time, previous / next, arrow keys. */
export function PhotoGalleryDialog({
  entries,
  startIndex,
  open,
  onOpenChange,
}: PhotoGalleryDialogProps) {
  const [index, setIndex] = useState(startIndex);
  const count = entries.length;
  const shown = Math.min(Math.max(index, 0), count - 1);
  const entry = entries[shown];
  const go = (step: number) => setIndex(Math.min(Math.max(shown + step, 0), count - 1));

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'ArrowRight') go(1);
    else return;
    event.preventDefault();
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={PHOTO_MESSAGES.galleryTitle}
        description={count > 1 ? photoPosition(shown + 1, count) : undefined}
        className="sm:max-w-4xl"
        onKeyDown={onKeyDown}
      >
        {entry ? (
          <EntryImage
            entry={entry}
            variant="full"
            alt={photoAlt(shown + 1)}
            fit="contain"
            className="h-[70dvh] w-full rounded-xl bg-slate-900"
          />
        ) : null}
        {count > 1 ? (
          <div className="mt-4 flex items-center justify-between gap-2">
            <Button variant="outline" onClick={() => go(-1)} disabled={shown === 0}>
              <ChevronLeft aria-hidden />
              {PHOTO_MESSAGES.previous}
            </Button>
            <Button variant="outline" onClick={() => go(1)} disabled={shown === count - 1}>
              {PHOTO_MESSAGES.next}
              <ChevronRight aria-hidden />
            </Button>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
