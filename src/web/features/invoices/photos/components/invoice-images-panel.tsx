import { ImageOff } from 'lucide-react';
import { useMemo, useState } from 'react';
import { photoEditsFrom } from '../photo-edits.ts';
import { photoAlt, PHOTO_MESSAGES } from '../photo-messages.ts';
import { LazyPhotoGallery } from './lazy-photo-dialogs.tsx';
import { SignedPhotoImage } from './photo-image.tsx';

/** The view mode's Imagens tab (spec §2): the photos' thumbnails; each opens the full size. */
export function InvoiceImagesPanel({ paths }: { paths: string[] }) {
  const [galleryIndex, setGalleryIndex] = useState<number | null>(null);
  const entries = useMemo(() => photoEditsFrom(paths).entries, [paths]);
  if (paths.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center">
        <ImageOff className="size-8 text-slate-400" aria-hidden />
        <p className="text-sm font-medium text-slate-700">{PHOTO_MESSAGES.noImages}</p>
      </div>
    );
  }
  return (
    <>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label={PHOTO_MESSAGES.imagesTitle}>
        {paths.map((path, index) => (
          <li key={path}>
            <button
              type="button"
              aria-label={photoAlt(index + 1)}
              onClick={() => setGalleryIndex(index)}
              className="focus-visible:ring-brand-500/60 block w-full overflow-hidden rounded-xl border border-slate-200 focus-visible:ring-3 focus-visible:outline-none"
            >
              <SignedPhotoImage
                path={path}
                variant="thumb"
                alt=""
                className="aspect-[4/3] w-full"
              />
            </button>
          </li>
        ))}
      </ul>
      <LazyPhotoGallery
        entries={entries}
        startIndex={galleryIndex ?? 0}
        open={galleryIndex !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setGalleryIndex(null);
        }}
      />
    </>
  );
}
