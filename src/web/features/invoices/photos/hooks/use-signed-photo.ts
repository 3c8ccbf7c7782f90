import { useEffect, useState } from 'react';
import { signedPhotoUrls } from '../api/signed-photo-urls.ts';
import type { SignedPhoto } from '../signed-url-cache.ts';

type Signed = { photo: SignedPhoto | undefined; isError: boolean };

/**
 * The signed URL of a stored photo, from the tab's cache or signed with the other images of
 * this tick. A new `attempt` asks afresh (the caller forgets the failed URL first).
 */
export function useSignedPhoto(path: string, attempt: number): Signed {
  const key = `${attempt}:${path}`;
  const [result, setResult] = useState<{ key: string; photo: SignedPhoto | null } | null>(null);
  const cached = signedPhotoUrls.peek(path);

  useEffect(() => {
    if (cached) return;
    let isActive = true;
    signedPhotoUrls.get(path).then(
      (photo) => isActive && setResult({ key, photo }),
      () => isActive && setResult({ key, photo: null }),
    );
    return () => {
      isActive = false;
    };
  }, [cached, key, path]);

  if (cached) return { photo: cached, isError: false };
  if (result?.key !== key) return { photo: undefined, isError: false };
  return { photo: result.photo ?? undefined, isError: result.photo === null };
}
