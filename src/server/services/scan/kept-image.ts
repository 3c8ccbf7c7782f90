// The copy of a scanned document the app keeps for the invoice saved from it: upright, at most
// KEPT_IMAGE_SIDE pixels a side, flattened on white, a JPEG without EXIF, ICC or XMP (sharp
// writes none unless asked to). Made in the QR worker beside the search when a scan keeps its
// image (qr-worker.mjs), or on the server's thread for a PDF page and as a fallback.
import sharp from 'sharp';
import type { RawImage } from './image-qr.ts';
import { MAX_SCAN_PIXELS } from './input-check.ts';

/** Enough to read every line of an A4 invoice, a few hundred KB. */
export const KEPT_IMAGE_SIDE = 2400;
const KEPT_IMAGE_QUALITY = 82;

/** A drawn PDF page for sharp: its pixels as they are, no decoding. */
export const pageInput = ({ raw: { data, width, height, channels } }: RawImage) =>
  sharp(data, { raw: { width, height, channels }, limitInputPixels: MAX_SCAN_PIXELS });

export function keepAsJpeg(image: Uint8Array | RawImage): Promise<Buffer> {
  const input =
    image instanceof Uint8Array
      ? sharp(image, { limitInputPixels: MAX_SCAN_PIXELS })
      : pageInput(image);
  return input
    .rotate()
    .resize(KEPT_IMAGE_SIDE, KEPT_IMAGE_SIDE, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: KEPT_IMAGE_QUALITY, mozjpeg: true })
    .toBuffer();
}
