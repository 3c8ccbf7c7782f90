// Finding the AT QR code in a photo (issue 5): sharp decodes once (EXIF orientation applied,
// grayscale, size capped), then zxing-wasm tries a ladder of views of that image, cheapest
// first, and the first decoded text the caller accepts wins. A QR that is not an AT payload
// (a website, a Multibanco reference) does not stop the search.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import sharp, { type Sharp } from 'sharp';
import { prepareZXingModule, readBarcodes, type ReaderOptions } from 'zxing-wasm/reader';
import { parseAtQr } from '#shared/at-qr/parse-at-qr.ts';
import { MAX_SCAN_PIXELS } from './input-check.ts';

/** One channel, 8 bits, row-major: what every attempt works on. */
export type GrayImage = { data: Buffer; width: number; height: number };

/**
 * Decoded pixels, 8 bits per channel, row-major, opaque (alpha, if any, is ignored): a PDF
 * page as drawn, with no PNG made for it and decoded again here.
 */
export type RawImage = {
  raw: { data: Uint8Array; width: number; height: number; channels: 1 | 2 | 3 | 4 };
};

export type QrAttemptReport = {
  name: string;
  /** Preparing the view and decoding it. */
  ms: number;
  width: number;
  height: number;
  /** QR symbols zxing decoded in this view, AT or not. */
  symbols: number;
};

export type ImageQrResult = {
  /** The accepted payload, or null when no attempt found one. */
  text: string | null;
  attempts: QrAttemptReport[];
  ms: number;
};

export type FindQrOptions = {
  /** Which decoded texts end the search; by default a payload parseAtQr accepts. */
  accept?: (text: string) => boolean;
  /**
   * Only the work and full views: for a page rendered from a PDF with a text layer, whose
   * QR is crisp when there is one, so the photo remedies would only add time.
   */
  quick?: boolean;
};

// Above this the full-resolution view gains nothing (a QR worth reading is > 2 px/module well
// before) and costs: zxing's time grows with the pixel count.
const MAX_DECODE_SIDE = 4096;
// The first view: phone photos shrink to this on load (JPEG shrink-on-load is nearly free),
// and it keeps an AT QR of a 30 mm print above 3 px/module on an A4 photo.
const WORK_SIDE = 2000;
const SMALL_SIDE = 1000;
const TILE_OVERLAP = 0.25;

const BASE_OPTIONS: ReaderOptions = {
  formats: ['QRCode'],
  tryHarder: true,
  tryDownscale: true,
  tryRotate: false,
  tryInvert: false,
  // Every QR of the image: the AT one may sit beside a payment or website QR.
  maxNumberOfSymbols: 8,
};

let ready: Promise<unknown> | undefined;

/**
 * Loads zxing's reader wasm from node_modules once per process. Its default would fetch it
 * from a CDN, in Node as well (stack-notes §3); Node's fetch cannot read file URLs, hence
 * the bytes.
 */
export function prepareQrReader(): Promise<unknown> {
  ready ??= (async () => {
    const require = createRequire(import.meta.url);
    const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
    const wasmBinary = wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength);
    return prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
  })();
  return ready;
}

export function isAtPayload(text: string): boolean {
  return parseAtQr(text).ok;
}

/** Upright (EXIF), grayscale, at most `maxSide`: JPEGs shrink while they decode. */
export async function loadGrayImage(
  bytes: Uint8Array,
  maxSide = MAX_DECODE_SIDE,
): Promise<GrayImage> {
  const { data, info } = await sharp(bytes, {
    limitInputPixels: MAX_SCAN_PIXELS,
    failOn: 'truncated',
  })
    .rotate()
    .grayscale()
    .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * Luma of opaque pixels (BT.601 weights in 8-bit fixed point), at most `maxSide`: a loop
 * over the bytes is several times cheaper than a sharp round trip for a drawn page.
 */
export async function grayFromRaw(
  { raw }: RawImage,
  maxSide = MAX_DECODE_SIDE,
): Promise<GrayImage> {
  const { data: pixels, width, height, channels } = raw;
  if (pixels.length !== width * height * channels)
    throw new Error(`raw pixels: ${pixels.length} bytes for ${width}×${height}×${channels}`);
  const data = Buffer.allocUnsafe(width * height);
  if (channels <= 2) {
    for (let i = 0, p = 0; i < data.length; i++, p += channels) data[i] = pixels[p] ?? 0;
  } else {
    for (let i = 0, p = 0; i < data.length; i++, p += channels) {
      const luma = 77 * (pixels[p] ?? 0) + 150 * (pixels[p + 1] ?? 0) + 29 * (pixels[p + 2] ?? 0);
      data[i] = (luma + 128) >> 8;
    }
  }
  return resized({ data, width, height }, maxSide);
}

function rawInput(image: GrayImage) {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } });
}

async function fromSharp(pipeline: Sharp): Promise<GrayImage> {
  // extractChannel keeps one channel whatever sharp's operations produced.
  const { data, info } = await pipeline
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

async function resized(image: GrayImage, maxSide: number): Promise<GrayImage> {
  if (Math.max(image.width, image.height) <= maxSide) return image;
  return fromSharp(rawInput(image).resize(maxSide, maxSide, { fit: 'inside' }));
}

/**
 * Contrast stretched so the darkest and lightest 1% become black and white: faded prints,
 * dim photos, grey paper. A lookup table over the bytes, several times cheaper than a sharp
 * round trip.
 */
function contrastStretched(image: GrayImage): GrayImage {
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
function binarised(stretched: GrayImage): GrayImage {
  const data = Buffer.allocUnsafe(stretched.data.length);
  for (let i = 0; i < data.length; i++) data[i] = (stretched.data[i] ?? 0) < 128 ? 0 : 255;
  return { data, width: stretched.width, height: stretched.height };
}

/** Twice the size: a QR under ~2 px per module in a small photo. */
function enlarged(image: GrayImage): Promise<GrayImage> {
  return fromSharp(rawInput(image).resize(image.width * 2, image.height * 2, { kernel: 'cubic' }));
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
function quadrants(image: GrayImage): GrayImage[] {
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

/** zxing wants RGBA ImageData: each gray byte becomes one little-endian 0xAAGGBBRR word. */
function toImageData(image: GrayImage): ImageData {
  const rgba = new Uint8ClampedArray(image.width * image.height * 4);
  const words = new Uint32Array(rgba.buffer);
  const gray = image.data;
  for (let i = 0; i < words.length; i++)
    words[i] = (0xff000000 | ((gray[i] ?? 0) * 0x010101)) >>> 0;
  // Node has no ImageData class; zxing reads only these three fields.
  return { data: rgba, width: image.width, height: image.height, colorSpace: 'srgb' } as ImageData;
}

const QUICK_ATTEMPTS = new Set(['base', 'full']);

const largestSide = (image: GrayImage) => Math.max(image.width, image.height);

type Attempt = {
  name: string;
  /** Null when the view would repeat an earlier one (e.g. "full" of a small photo). */
  views: () => Promise<GrayImage[] | null>;
  options?: ReaderOptions;
};

/** The two decodes of the photo, each made once and only when an attempt needs it. */
type Source = { work(): Promise<GrayImage>; full(): Promise<GrayImage | null> };

function sourceOf(input: Uint8Array | GrayImage | RawImage): Source {
  const isLarge = (image: GrayImage) => largestSide(image) > WORK_SIDE;
  if (!(input instanceof Uint8Array)) {
    let gray: Promise<GrayImage> | undefined;
    const loadGray = () => (gray ??= 'raw' in input ? grayFromRaw(input) : Promise.resolve(input));
    let work: Promise<GrayImage> | undefined;
    return {
      work: () => (work ??= loadGray().then((image) => resized(image, WORK_SIDE))),
      full: async () => {
        const image = await loadGray();
        return isLarge(image) ? image : null;
      },
    };
  }
  // The common case reads the QR at the work size, so the full decode is put off; a work
  // view smaller than WORK_SIDE was the whole photo already.
  let work: Promise<GrayImage> | undefined;
  let full: Promise<GrayImage | null> | undefined;
  const loadWork = () => (work ??= loadGrayImage(input, WORK_SIDE));
  const loadFull = async () => {
    if (largestSide(await loadWork()) < WORK_SIDE) return null;
    const image = await loadGrayImage(input);
    return isLarge(image) ? image : null;
  };
  return { work: loadWork, full: () => (full ??= loadFull()) };
}

function ladder(source: Source): Attempt[] {
  let stretched: GrayImage | undefined;
  const stretchedWork = async () => (stretched ??= contrastStretched(await source.work()));
  const fullOrWork = async () => (await source.full()) ?? (await source.work());
  return [
    { name: 'base', views: async () => [await source.work()] },
    {
      name: 'full',
      views: async () => {
        const full = await source.full();
        return full ? [full] : null;
      },
    },
    {
      name: 'small',
      views: async () => {
        const work = await source.work();
        return largestSide(work) > SMALL_SIDE ? [await resized(work, SMALL_SIDE)] : null;
      },
    },
    { name: 'contrast', views: async () => [await stretchedWork()] },
    { name: 'binarised', views: async () => [binarised(await stretchedWork())] },
    // zxing's own rotations (90, 180, 270) and inversion (white on black) of the work view.
    {
      name: 'rotated',
      views: async () => [await source.work()],
      options: { tryRotate: true, tryInvert: true, tryDownscale: false },
    },
    {
      name: 'tiles',
      views: async () =>
        Promise.all(quadrants(await fullOrWork()).map((tile) => resized(tile, WORK_SIDE))),
      options: { tryDownscale: false },
    },
    // Only for small photos (a messaging app's copy, a thumbnail): their tiles enlarged.
    {
      name: 'tiles-enlarged',
      views: async () => {
        const image = await fullOrWork();
        if (largestSide(image) > SMALL_SIDE) return null;
        return Promise.all(quadrants(image).map((tile) => enlarged(tile)));
      },
      options: { tryDownscale: false },
    },
  ];
}

/**
 * Runs the attempts in order until one decodes a payload `accept` takes. Each attempt's
 * cost is reported so the common case can be kept cheap (budget: 300 ms per photo).
 */
export async function findAtQr(
  input: Uint8Array | GrayImage | RawImage,
  options: FindQrOptions = {},
): Promise<ImageQrResult> {
  const started = performance.now();
  const accept = options.accept ?? isAtPayload;
  await prepareQrReader();
  const attempts: QrAttemptReport[] = [];
  const attemptsToRun = ladder(sourceOf(input)).filter(
    (attempt) => !options.quick || QUICK_ATTEMPTS.has(attempt.name),
  );
  for (const attempt of attemptsToRun) {
    const attemptStarted = performance.now();
    const views = await attempt.views();
    if (!views) continue;
    let symbols = 0;
    let text: string | null = null;
    for (const view of views) {
      const results = await readBarcodes(toImageData(view), {
        ...BASE_OPTIONS,
        ...attempt.options,
      });
      symbols += results.length;
      text = results.find((result) => result.isValid && accept(result.text))?.text ?? null;
      if (text !== null) break;
    }
    const [first] = views;
    attempts.push({
      name: attempt.name,
      ms: Math.round(performance.now() - attemptStarted),
      width: first?.width ?? 0,
      height: first?.height ?? 0,
      symbols,
    });
    if (text !== null) return { text, attempts, ms: Math.round(performance.now() - started) };
  }
  return { text: null, attempts, ms: Math.round(performance.now() - started) };
}
