// Invoice photos (spec invoice-work §5 capture tab, issues 6 and 14): the scanner's gate judges
// the upload by its bytes (size, magic bytes, executables, polyglots, pixel count), then sharp
// re-encodes it so nothing stored is what the user sent: upright by EXIF, no metadata, JPEG,
// plus a thumbnail. An iPhone photo (HEIC) is decoded by heic.ts first.
import sharp from 'sharp';
import { heicImage } from '#server/services/scan/heic.ts';
import {
  checkScanInput,
  MAX_SCAN_PIXELS,
  type ScanImageKind,
} from '#server/services/scan/input-check.ts';
import { INVOICE_PHOTO_MESSAGES, MAX_INVOICE_PHOTO_BYTES } from '#shared/schemas/invoice-photos.ts';

/** Long side of a stored photo: an A4 invoice stays readable, a 48 MP photo shrinks ~4×. */
export const PHOTO_MAX_SIDE = 2560;
export const PHOTO_JPEG_QUALITY = 82;
/** Long side of a thumbnail: the grid's tiles and the sheet's strip at 2× density. */
export const THUMBNAIL_MAX_SIDE = 320;
const THUMBNAIL_WEBP_QUALITY = 70;

export type PreparedPhoto = { photo: Buffer; thumbnail: Buffer };
export type PhotoRefusal = { status: 400 | 413; code: string; message: string };

const invalidType: PhotoRefusal = {
  status: 400,
  code: 'PHOTO_INVALID_TYPE',
  message: INVOICE_PHOTO_MESSAGES.invalidType,
};
export const PHOTO_TOO_LARGE: PhotoRefusal = {
  status: 413,
  code: 'PHOTO_TOO_LARGE',
  message: INVOICE_PHOTO_MESSAGES.tooLarge,
};

/** The image kind the gate found, or why it refused, in the photo API's terms. */
async function gate(
  bytes: Uint8Array,
  fileName?: string,
): Promise<{ kind: ScanImageKind } | PhotoRefusal> {
  if (bytes.length > MAX_INVOICE_PHOTO_BYTES) return PHOTO_TOO_LARGE;
  const checked = await checkScanInput(bytes, { fileName });
  if (checked.ok) return checked.kind === 'pdf' ? invalidType : { kind: checked.kind };
  const { code, message } = checked.error;
  if (code === 'FILE_TOO_LARGE') return PHOTO_TOO_LARGE;
  // A decompression bomb is too large in pixels, not in bytes: say so.
  if (code === 'IMAGE_TOO_LARGE') return { ...PHOTO_TOO_LARGE, message };
  return invalidType;
}

/** The thumbnail of a stored (already upright, metadata-free) photo. */
export function photoThumbnail(photo: Uint8Array): Promise<Buffer> {
  return sharp(photo, { limitInputPixels: MAX_SCAN_PIXELS, failOn: 'error' })
    .rotate()
    .resize(THUMBNAIL_MAX_SIDE, THUMBNAIL_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: THUMBNAIL_WEBP_QUALITY })
    .toBuffer();
}

/**
 * The photo to store and its thumbnail, or why the upload is refused. sharp drops EXIF, ICC
 * and XMP unless asked to keep them; transparency (PNG, WebP) lands on white paper; an
 * animated GIF or WebP keeps its first frame.
 */
export async function prepareInvoicePhoto(
  bytes: Uint8Array,
  options: { fileName?: string } = {},
): Promise<PreparedPhoto | PhotoRefusal> {
  const checked = await gate(bytes, options.fileName);
  if ('code' in checked) return checked;
  try {
    const input =
      checked.kind === 'heic'
        ? await heicImage(bytes)
        : sharp(bytes, { limitInputPixels: MAX_SCAN_PIXELS, failOn: 'error' });
    const photo = await input
      .rotate()
      .resize(PHOTO_MAX_SIDE, PHOTO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: PHOTO_JPEG_QUALITY, progressive: true })
      .toBuffer();
    return { photo, thumbnail: await photoThumbnail(photo) };
  } catch {
    // The header was fine but the body does not decode (truncated, corrupt, a HEIC libheif
    // cannot read).
    return invalidType;
  }
}

export function isPhotoRefusal(value: PreparedPhoto | PhotoRefusal): value is PhotoRefusal {
  return 'code' in value;
}
