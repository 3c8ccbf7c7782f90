import { PROFILE_MESSAGES } from './messages.ts';

// Spec invoice-work §5 "simple uploader": an image type, under 5 MB. The server checks the
// bytes again (magic numbers) and accepts jpeg, png, webp and an iPhone's HEIC/HEIF only
// (issue 14), so the picker offers those.
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
export const ACCEPTED_PHOTO_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/heif',
] as const;

type PickedFile = { type: string; size: number };

/** The pt-PT message that refuses the file, or null when it may be uploaded. */
export function photoProblem(file: PickedFile): string | null {
  if (!(ACCEPTED_PHOTO_TYPES as readonly string[]).includes(file.type)) {
    return PROFILE_MESSAGES.invalidImage;
  }
  if (file.size >= MAX_PHOTO_BYTES) return PROFILE_MESSAGES.imageTooLarge;
  return null;
}
