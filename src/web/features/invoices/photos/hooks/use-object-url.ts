import { useCallback } from 'react';

/**
 * A ref for an <img> showing a file not uploaded yet: a blob: URL made when the image
 * mounts and released when it goes or shows another file.
 */
export function useObjectUrlRef(file: Blob) {
  return useCallback(
    (image: HTMLImageElement | null) => {
      if (!image) return;
      const url = URL.createObjectURL(file);
      image.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [file],
  );
}
