import { lazy, Suspense } from 'react';
import type { PhotoChooserDialogProps } from './photo-chooser-dialog.tsx';
import type { PhotoGalleryDialogProps } from './photo-gallery-dialog.tsx';

// The chooser (with the camera) and the full-size preview load on first use, so the
// dashboard's cards do not carry them (DESIGN.md "/ ≤ 200 KB gzip").
const Chooser = lazy(() =>
  import('./photo-chooser-dialog.tsx').then((m) => ({ default: m.PhotoChooserDialog })),
);
const Gallery = lazy(() =>
  import('./photo-gallery-dialog.tsx').then((m) => ({ default: m.PhotoGalleryDialog })),
);

/** Mounted while open: each opening starts at the choice. */
export function LazyPhotoChooser(props: PhotoChooserDialogProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <Chooser {...props} />
    </Suspense>
  );
}

export function LazyPhotoGallery(props: PhotoGalleryDialogProps) {
  if (!props.open || props.entries.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Gallery {...props} />
    </Suspense>
  );
}
