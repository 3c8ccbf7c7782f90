// Finding the AT QR code in a photo (issue 5): sharp decodes once (EXIF orientation applied,
// grayscale, size capped), then zxing-wasm tries a ladder of views of that image, cheapest
// first, and the first decoded text the caller accepts wins. A QR that is not an AT payload
// (a website, a Multibanco reference) does not stop the search.
// Issue 14: when the first view fails, the photo's blur is measured (blur-estimate.ts). A
// photo with nothing to read (blank, noise) ends the search there; a smeared or defocused
// one gets Wiener-deblurred views (deblur.ts) before the remedies for sharp photos; and no
// attempt starts once the ladder has run for a second, so a hopeless photo costs little.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { prepareZXingModule, readBarcodes, type ReaderOptions } from 'zxing-wasm/reader';
import { parseAtQr } from '#shared/at-qr/parse-at-qr.ts';
import { estimateBlur, type BlurEstimate } from './blur-estimate.ts';
import { defocusDeblurred, motionDeblurred, type DeblurOptions } from './deblur.ts';
import {
  binarised,
  contrastStretched,
  enlarged,
  largestSide,
  quadrants,
  resized,
  type GrayImage,
} from './gray-image.ts';
import { MAX_SCAN_PIXELS } from './input-check.ts';

/**
 * Decoded pixels, 8 bits per channel, row-major, opaque (alpha, if any, is ignored): a PDF
 * page as drawn, with no PNG made for it and decoded again here.
 */
export type RawImage = {
  raw: { data: Uint8Array; width: number; height: number; channels: 1 | 2 | 3 | 4 };
};

export type QrAttemptReport = {
  name: string;
  /** When it started, from the start of the search. */
  startedMs: number;
  /** Preparing the view and decoding it. */
  ms: number;
  width: number;
  height: number;
  /** QR symbols zxing decoded in this view, AT or not. */
  symbols: number;
};

/**
 * Why the search ended: a payload found, every attempt made, nothing in the photo that
 * could be a QR (blank, noise), or the time budget spent.
 */
export type QrSearchEnd = 'found' | 'exhausted' | 'nothing-to-read' | 'budget';

export type ImageQrResult = {
  /** The accepted payload, or null when no attempt found one. */
  text: string | null;
  attempts: QrAttemptReport[];
  ms: number;
  end: QrSearchEnd;
  /** The photo's blur, measured once the first view failed (not in a quick search). */
  blur?: BlurEstimate & { ms: number };
};

export type FindQrOptions = {
  /** Which decoded texts end the search; by default a payload parseAtQr accepts. */
  accept?: (text: string) => boolean;
  /**
   * Only the work and full views: for a page rendered from a PDF with a text layer, whose
   * QR is crisp when there is one, so the photo remedies would only add time.
   */
  quick?: boolean;
  /** No attempt starts after this many milliseconds; by default LADDER_BUDGET_MS. */
  budgetMs?: number;
};

/**
 * No attempt starts after one second: the longest (a deblurred or tiled view of a
 * 2000-pixel photo) takes about 0.2 s, so a hopeless photo is given up within about 1.2 s.
 */
export const LADDER_BUDGET_MS = 1000;

// Above this the full-resolution view gains nothing (a QR worth reading is > 2 px/module well
// before) and costs: zxing's time grows with the pixel count.
const MAX_DECODE_SIDE = 4096;
// The first view: phone photos shrink to this on load (JPEG shrink-on-load is nearly free),
// and it keeps an AT QR of a 30 mm print above 3 px/module on an A4 photo.
const WORK_SIDE = 2000;
const SMALL_SIDE = 1000;

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

/**
 * Sharp photos measure a defocus σ of 0–1.2 (pixels of the work view), smeared ones 1.5–2.2
 * (the smear lowers the high frequencies too); real defocus of 3 and more measures ≥ 2.3.
 */
const MIN_DEFOCUS_SIGMA = 2;
/** blur-estimate.ts measures about four fifths of a defocus's σ. */
const DEFOCUS_SIGMA_GAIN = 1.2;
/**
 * Deblurred at half size first: a quarter of the pixels to filter and decode, and less
 * noise. A smear is tried again at three quarters with less damping, for a finer QR or a
 * longer smear (on the test grid, defocus gained nothing from a second try).
 */
const DEBLUR_COARSE: DeblurOptions = { scale: 0.5, noiseToSignal: 0.005 };
const DEBLUR_FINE: DeblurOptions = { scale: 0.75, noiseToSignal: 0.003 };

function ladder(source: Source, blurOf: () => Promise<BlurEstimate>): Attempt[] {
  let stretched: GrayImage | undefined;
  const stretchedWork = async () => (stretched ??= contrastStretched(await source.work()));
  const fullOrWork = async () => (await source.full()) ?? (await source.work());
  // A view of the work image made for the measured blur, or none when it calls for none.
  const deblurred =
    (make: (work: GrayImage, blur: BlurEstimate) => Promise<GrayImage> | null) => async () => {
      const view = make(await source.work(), await blurOf());
      return view ? [await view] : null;
    };
  const motionAttempt = (name: string, options: DeblurOptions): Attempt => ({
    name,
    views: deblurred((work, { motion }) =>
      motion ? motionDeblurred(work, motion, options) : null,
    ),
  });
  const defocusAttempt = (name: string, options: DeblurOptions): Attempt => ({
    name,
    views: deblurred((work, { defocusSigma }) =>
      defocusSigma >= MIN_DEFOCUS_SIGMA
        ? defocusDeblurred(work, defocusSigma * DEFOCUS_SIGMA_GAIN, options)
        : null,
    ),
  });
  return [
    { name: 'base', views: async () => [await source.work()] },
    // Issue 14: a smeared photo deconvolved along the measured smear, a defocused one by
    // the measured Gaussian. Before the remedies for sharp photos, which cannot undo a blur;
    // a sharp photo measures no blur, and these attempts make no view for it.
    motionAttempt('motion', DEBLUR_COARSE),
    defocusAttempt('defocus', DEBLUR_COARSE),
    motionAttempt('motion-fine', DEBLUR_FINE),
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
  const elapsed = () => Math.round(performance.now() - started);
  const accept = options.accept ?? isAtPayload;
  const budgetMs = options.budgetMs ?? LADDER_BUDGET_MS;
  await prepareQrReader();
  const source = sourceOf(input);
  let blur: Promise<BlurEstimate & { ms: number }> | undefined;
  const blurOf = () =>
    (blur ??= source.work().then((work) => {
      const measured = performance.now();
      return { ...estimateBlur(work), ms: Math.round(performance.now() - measured) };
    }));
  const attempts: QrAttemptReport[] = [];
  const attemptsToRun = ladder(source, blurOf).filter(
    (attempt) => !options.quick || QUICK_ATTEMPTS.has(attempt.name),
  );
  const result = async (text: string | null, end: QrSearchEnd): Promise<ImageQrResult> => ({
    text,
    attempts,
    ms: elapsed(),
    end,
    ...(blur ? { blur: await blur } : {}),
  });
  for (const attempt of attemptsToRun) {
    // Past the first view, only a photo with something drawn on it is worth more views.
    if (attempts.length > 0 && !options.quick && !(await blurOf()).hasContent) {
      return result(null, 'nothing-to-read');
    }
    if (attempts.length > 0 && elapsed() >= budgetMs) return result(null, 'budget');
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
      startedMs: Math.round(attemptStarted - started),
      ms: Math.round(performance.now() - attemptStarted),
      width: first?.width ?? 0,
      height: first?.height ?? 0,
      symbols,
    });
    if (text !== null) return result(text, 'found');
  }
  return result(null, 'exhausted');
}
