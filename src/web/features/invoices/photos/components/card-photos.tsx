import { Eye, ImagePlus } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { toast } from '#web/lib/toast.ts';
import { badgeCount } from '../../invoice-display.ts';
import { useImagesPerInvoice } from '../api/images-per-invoice.ts';
import { useAddInvoicePhoto } from '../api/invoice-photos.ts';
import { photoEditsFrom } from '../photo-edits.ts';
import { moreLabel, photoAlt, PHOTO_MESSAGES } from '../photo-messages.ts';
import { cardThumbnails, photoLimitProblem } from '../photo-rules.ts';
import { LazyPhotoChooser, LazyPhotoGallery } from './lazy-photo-dialogs.tsx';
import { SignedPhotoImage } from './photo-image.tsx';

type CardInvoice = { id: string; imagePaths: string[] };

/** The card's image (spec §2 "Invoice card"): its first photo's thumbnail, edge to edge. */
export function CardPhotoCover({ invoice }: { invoice: CardInvoice }) {
  const first = invoice.imagePaths[0];
  if (!first) return null;
  // Decorative: the card's name and its 'Ver fotografia' button say what it is.
  return (
    <SignedPhotoImage
      path={first}
      variant="thumb"
      alt=""
      fit="top"
      className="-mx-4 -mt-4 h-32 rounded-t-2xl border-b border-slate-100"
    />
  );
}

const iconButton =
  'focus-visible:ring-brand-500/60 inline-flex h-8 items-center gap-1 rounded-md px-1.5 text-xs font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:outline-none';

/**
 * The card's thumbnails (at most 6, then '+N mais') and its photo buttons: view (the
 * full-size preview) and add (the chooser; the photo is stored at once). `children` sit at
 * the other end of the button row.
 */
export function CardPhotos({ invoice, children }: { invoice: CardInvoice; children: ReactNode }) {
  const paths = invoice.imagePaths;
  const count = paths.length;
  const limit = useImagesPerInvoice();
  const add = useAddInvoicePhoto(invoice.id);
  const [galleryIndex, setGalleryIndex] = useState<number | null>(null);
  const [isChooserOpen, setIsChooserOpen] = useState(false);
  const entries = useMemo(() => photoEditsFrom(paths).entries, [paths]);
  const { shown, overflow } = cardThumbnails(count);

  function startAdding() {
    const problem = limit === undefined ? null : photoLimitProblem(count, limit);
    if (problem) void toast.error(problem);
    else setIsChooserOpen(true);
  }

  return (
    <>
      {count > 1 ? (
        // Above the card's stretched button, so each thumbnail is its own button.
        <ul
          className="relative z-10 flex flex-wrap gap-1.5"
          aria-label={PHOTO_MESSAGES.imagesTitle}
        >
          {paths.slice(0, shown).map((path, index) => (
            <li key={path}>
              <button
                type="button"
                aria-label={photoAlt(index + 1)}
                onClick={() => setGalleryIndex(index)}
                className="focus-visible:ring-brand-500/60 block overflow-hidden rounded-md ring-1 ring-slate-200 focus-visible:ring-3 focus-visible:outline-none"
              >
                <SignedPhotoImage path={path} variant="thumb" alt="" className="size-9" isCompact />
              </button>
            </li>
          ))}
          {overflow > 0 ? (
            <li>
              <button
                type="button"
                onClick={() => setGalleryIndex(shown)}
                className="focus-visible:ring-brand-500/60 h-9 rounded-md bg-slate-100 px-2 text-xs font-medium text-slate-700 hover:bg-slate-200 focus-visible:ring-2 focus-visible:outline-none"
              >
                {moreLabel(overflow)}
              </button>
            </li>
          ) : null}
        </ul>
      ) : null}
      <div className="flex items-center justify-between border-t border-slate-100 pt-2 text-xs text-slate-500">
        <div className="relative z-10 flex items-center gap-1">
          {count > 0 ? (
            <button
              type="button"
              className={iconButton}
              title={PHOTO_MESSAGES.viewPhoto}
              onClick={() => setGalleryIndex(0)}
            >
              <Eye className="size-3.5" aria-hidden />
              <span className="sr-only">{PHOTO_MESSAGES.viewPhoto}, </span>
              {badgeCount(count)}
            </button>
          ) : null}
          <button
            type="button"
            className={iconButton}
            title={PHOTO_MESSAGES.addPhoto}
            aria-label={PHOTO_MESSAGES.addPhoto}
            disabled={add.isPending}
            onClick={startAdding}
          >
            <ImagePlus className="size-3.5" aria-hidden />
          </button>
        </div>
        {children}
      </div>
      <LazyPhotoGallery
        entries={entries}
        startIndex={galleryIndex ?? 0}
        open={galleryIndex !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setGalleryIndex(null);
        }}
      />
      <LazyPhotoChooser
        open={isChooserOpen}
        onOpenChange={setIsChooserOpen}
        onSave={(file) => add.mutateAsync(file)}
      />
    </>
  );
}
