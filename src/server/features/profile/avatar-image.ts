// Profile photos: checked by content (magic bytes, then the scanner's gate: executables,
// polyglots, pixel count) and size, then re-encoded with sharp so nothing the user uploaded is
// stored as sent (DESIGN.md "Security rules"). An iPhone photo (HEIC) is decoded by heic.ts.
import sharp from 'sharp';
import { heicImage } from '#server/services/scan/heic.ts';
import { checkScanInput, HEIC_BRANDS } from '#server/services/scan/input-check.ts';

export const MAX_AVATAR_BYTES = 5 * 1024 * 1024;
export const AVATAR_SIZE = 512;
// A 5 MB JPEG can still decode to a huge bitmap; past this many pixels it is refused.
export const MAX_AVATAR_INPUT_PIXELS = 50_000_000;

export type ImageKind = 'jpeg' | 'png' | 'webp' | 'heic';

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
  // <size> "ftyp" <brand>
  if (startsWith(bytes, [0x66, 0x74, 0x79, 0x70], 4)) {
    return HEIC_BRANDS.has(String.fromCharCode(...bytes.subarray(8, 12))) ? 'heic' : null;
  }
  return null;
}

/**
 * Upright (EXIF orientation applied), at most 512 px on each side, WebP, with no metadata
 * (sharp drops EXIF, ICC, XMP unless asked to keep them). Throws when the gate refuses the
 * file, its content is not the type its first bytes claim, or it does not decode.
 */
export async function reencodeAvatar(bytes: Uint8Array, kind: ImageKind): Promise<Buffer> {
  const checked = await checkScanInput(bytes);
  if (!checked.ok) throw new Error(`profile photo refused: ${checked.error.code}`);
  if (checked.kind !== kind) throw new Error(`image content is ${checked.kind}, not ${kind}`);
  const image =
    kind === 'heic'
      ? await heicImage(bytes, { maxPixels: MAX_AVATAR_INPUT_PIXELS })
      : sharp(bytes, { limitInputPixels: MAX_AVATAR_INPUT_PIXELS, failOn: 'error' });
  return image
    .rotate()
    .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer();
}
