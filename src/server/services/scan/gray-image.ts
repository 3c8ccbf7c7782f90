// The one-channel image every QR attempt works on, the views of it the ladder in
// image-qr.ts tries (stretched, binarised, resized, in quadrants), and the sharp round
// trips they and deblur.ts's Wiener filters need.
import sharp, { type Sharp } from 'sharp';

/** One channel, 8 bits, row-major: what every attempt works on. */
export type GrayImage = { data: Buffer; width: number; height: number };

export const largestSide = (image: GrayImage) => Math.max(image.width, image.height);

/** A sharp pipeline over the pixels, nothing decoded again. */
export function sharpOf(image: GrayImage): Sharp {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } });
}

export async function grayOf(pipeline: Sharp): Promise<GrayImage> {
  // extractChannel keeps one channel whatever sharp's operations produced.
  const { data, info } = await pipeline
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** At most `maxSide` on its longest side; the image itself when it is that small already. */
export async function resized(image: GrayImage, maxSide: number): Promise<GrayImage> {
  if (largestSide(image) <= maxSide) return image;
  return grayOf(sharpOf(image).resize(maxSide, maxSide, { fit: 'inside' }));
}

/** Shrunk by `factor` (< 1), averaging the pixels it merges. */
export function scaledDown(image: GrayImage, factor: number): Promise<GrayImage> {
  return resized(image, Math.round(largestSide(image) * factor));
}

const TILE_OVERLAP = 0.25;

/**
 * Contrast stretched so the darkest and lightest 1% become black and white: faded prints,
 * dim photos, grey paper. A lookup table over the bytes, several times cheaper than a sharp
 * round trip.
 */
export function contrastStretched(image: GrayImage): GrayImage {
  const histogram = new Uint32Array(256);
  for (const value of image.data) histogram[value] = (histogram[value] ?? 0) + 1;
  const clip = Math.floor(image.data.length * 0.01);
  let low = 0;
  for (let seen = 0; low < 255 && seen + (histogram[low] ?? 0) <= clip; low++) {
    seen += histogram[low] ?? 0;
  }
  let high = 255;
  for (let seen = 0; high > low && seen + (histogram[high] ?? 0) <= clip; high--) {
    seen += histogram[high] ?? 0;
  }
  const span = Math.max(1, high - low);
  const table = new Uint8Array(256);
  for (let v = 0; v < 256; v++)
    table[v] = Math.round((Math.min(Math.max(v - low, 0), span) * 255) / span);
  const data = Buffer.allocUnsafe(image.data.length);
  for (let i = 0; i < data.length; i++) data[i] = table[image.data[i] ?? 0] ?? 0;
  return { data, width: image.width, height: image.height };
}

/** Black and white at mid-grey of an already stretched view: glare, uneven light. */
export function binarised(stretched: GrayImage): GrayImage {
  const data = Buffer.allocUnsafe(stretched.data.length);
  for (let i = 0; i < data.length; i++) data[i] = (stretched.data[i] ?? 0) < 128 ? 0 : 255;
  return { data, width: stretched.width, height: stretched.height };
}

/** Twice the size: a QR under ~2 px per module in a small photo. */
export function enlarged(image: GrayImage): Promise<GrayImage> {
  return grayOf(sharpOf(image).resize(image.width * 2, image.height * 2, { kernel: 'cubic' }));
}

/** A rectangle of the image copied row by row (no sharp round trip needed). */
function crop(image: GrayImage, left: number, top: number, width: number, height: number) {
  const data = Buffer.allocUnsafe(width * height);
  for (let row = 0; row < height; row++) {
    const start = (top + row) * image.width + left;
    image.data.copy(data, row * width, start, start + width);
  }
  return { data, width, height };
}

/**
 * Quadrants overlapping by a quarter, bottom ones first (the AT QR sits near the foot of the
 * invoice, usually a corner). A small QR in a big photo is a big QR in a quadrant.
 */
export function quadrants(image: GrayImage): GrayImage[] {
  const w = Math.round((image.width * (1 + TILE_OVERLAP)) / 2);
  const h = Math.round((image.height * (1 + TILE_OVERLAP)) / 2);
  const right = image.width - w;
  const bottom = image.height - h;
  return [
    crop(image, right, bottom, w, h),
    crop(image, 0, bottom, w, h),
    crop(image, right, 0, w, h),
    crop(image, 0, 0, w, h),
  ];
}
