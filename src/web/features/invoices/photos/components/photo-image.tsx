import { ImageOff, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { cn } from '#web/lib/cn.ts';
import { signedPhotoUrls } from '../api/signed-photo-urls.ts';
import { useObjectUrlRef } from '../hooks/use-object-url.ts';
import { useSignedPhoto } from '../hooks/use-signed-photo.ts';
import type { PhotoEntry } from '../photo-edits.ts';
import { PHOTO_MESSAGES } from '../photo-messages.ts';

type ImageProps = {
  alt: string;
  /** Sizes the frame; the image fills it. */
  className?: string;
  /**
   * 'cover' crops to fill (thumbnails), 'top' too but keeps the top of the page (an invoice's
   * header: the card image), 'contain' shows it whole.
   */
  fit?: 'cover' | 'top' | 'contain';
  /** Small tiles say a failure with an icon (and its text for screen readers and on hover). */
  isCompact?: boolean;
};

const frame = 'relative overflow-hidden bg-slate-100';
const FIT_CLASSES = {
  cover: 'object-cover',
  top: 'object-cover object-top',
  contain: 'object-contain',
} as const;

function Failure({
  message,
  isFinal,
  isCompact,
}: {
  message: string;
  isFinal: boolean;
  isCompact: boolean;
}) {
  const Icon = isFinal ? ImageOff : TriangleAlert;
  return (
    <span
      role={isFinal ? 'alert' : 'status'}
      title={message}
      className="absolute inset-0 flex flex-col items-center justify-center gap-1 p-2 text-center text-xs text-slate-600"
    >
      <Icon className={cn('text-slate-400', isCompact ? 'size-4' : 'size-6')} aria-hidden />
      <span className={isCompact ? 'sr-only' : undefined}>{message}</span>
    </span>
  );
}

/** A stored photo by its storage path; another path starts afresh. */
export function SignedPhotoImage(props: SignedPhotoImageProps) {
  return <SignedPhotoImageOf key={props.path} {...props} />;
}

type SignedPhotoImageProps = ImageProps & { path: string; variant: 'thumb' | 'full' };

/**
 * A stored photo through its signed URL (spec §7, §8 "Image display"). When it fails to load
 * it says 'Erro ao carregar imagem' and tries once more with a freshly signed URL (a thumbnail
 * falls back to the photo itself); when that fails too, 'Não foi possível carregar a imagem'.
 */
function SignedPhotoImageOf({
  path,
  variant,
  alt,
  className,
  fit = 'cover',
  isCompact = false,
}: SignedPhotoImageProps) {
  const [attempt, setAttempt] = useState(0);
  const [hasFailed, setHasFailed] = useState(false);
  const [loadedAttempt, setLoadedAttempt] = useState<number | null>(null);
  const { photo, isError } = useSignedPhoto(path, attempt);
  const src = photo
    ? variant === 'thumb' && attempt === 0
      ? photo.thumbUrl
      : photo.url
    : undefined;

  function fail() {
    if (attempt > 0) {
      setHasFailed(true);
      return;
    }
    signedPhotoUrls.forget(path);
    setAttempt(1);
  }
  if (isError && !hasFailed) fail();

  return (
    <span className={cn(frame, 'block', className)}>
      {hasFailed ? (
        <Failure message={PHOTO_MESSAGES.displayUnavailable} isFinal isCompact={isCompact} />
      ) : (
        <>
          {attempt > 0 && loadedAttempt !== attempt ? (
            <Failure message={PHOTO_MESSAGES.displayFailed} isFinal={false} isCompact={isCompact} />
          ) : null}
          {src ? (
            <img
              // A new element for the retry: the browser asks again even for the same address.
              key={attempt}
              src={src}
              alt={alt}
              decoding="async"
              onLoad={() => setLoadedAttempt(attempt)}
              onError={fail}
              className={cn('absolute inset-0 size-full', FIT_CLASSES[fit])}
            />
          ) : (
            <span className="absolute inset-0 animate-pulse bg-slate-200" aria-hidden />
          )}
        </>
      )}
    </span>
  );
}

/** A photo chosen but not uploaded yet, shown from the device. */
export function LocalPhotoImage({
  file,
  alt,
  className,
  fit = 'cover',
}: ImageProps & { file: File }) {
  const ref = useObjectUrlRef(file);
  return (
    <span className={cn(frame, 'block', className)}>
      <img ref={ref} alt={alt} className={cn('absolute inset-0 size-full', FIT_CLASSES[fit])} />
    </span>
  );
}

/** A form's photo entry: from storage when saved, from the device when new. */
export function EntryImage({
  entry,
  variant,
  ...props
}: ImageProps & { entry: PhotoEntry; variant: 'thumb' | 'full' }) {
  return entry.file ? (
    <LocalPhotoImage file={entry.file} {...props} />
  ) : (
    <SignedPhotoImage path={entry.path} variant={variant} {...props} />
  );
}
