// Profile photos: checked by content (magic bytes), size and pixel count, then re-encoded
// with sharp so nothing the user uploaded is stored as sent (DESIGN.md "Security rules").
import sharp from 'sharp';

export const MAX_AVATAR_BYTES = 5 * 1024 * 1024;
export const AVATAR_SIZE = 512;
// A 5 MB JPEG can still decode to a huge bitmap; past this many pixels it is refused.
export const MAX_AVATAR_INPUT_PIXELS = 50_000_000;

export type ImageKind = 'jpeg' | 'png' | 'webp';

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

/** The image type by its first bytes, whatever the file name or the declared type say. */
export function detectImageKind(bytes: Uint8Array): ImageKind | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  // "RIFF" <size> "WEBP"
  if (
    startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) &&
    startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)
  ) {
    return 'webp';
  }
  return null;
}

/**
 * Upright (EXIF orientation applied), at most 512 px on each side, WebP, with no metadata
 * (sharp drops EXIF, ICC, XMP unless asked to keep them). Throws when the image does not
 * decode, is not the type its bytes claim, or has too many pixels.
 */
export async function reencodeAvatar(bytes: Uint8Array, kind: ImageKind): Promise<Buffer> {
  const image = sharp(bytes, { limitInputPixels: MAX_AVATAR_INPUT_PIXELS, failOn: 'error' });
  const { format } = await image.metadata();
  if (format !== kind) throw new Error(`image content is ${format ?? 'unknown'}, not ${kind}`);
  return image
    .rotate()
    .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer();
}
