// OCR for the scanner (issue 5): tesseract.js 7 with the Portuguese LSTM model from
// @tesseract.js-data/por (4.0.0_best_int), in a small pool of worker threads started on
// first use and reused. Only the language data would default to a CDN in Node, so langPath
// points into node_modules and nothing is cached to disk (stack-notes §4). Recognition runs
// in the workers' threads; the sharp preprocessing runs on libuv's pool.
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { createWorker, OEM, PSM, type Block, type Worker } from 'tesseract.js';
import type { Logger } from '#server/logger.ts';
import { MAX_SCAN_PIXELS } from './input-check.ts';

const require = createRequire(import.meta.url);
/** The LSTM-only model (1.4 MB gz); the package's default `langPath` is the larger legacy one. */
export const POR_LANG_PATH = path.join(
  path.dirname(require.resolve('@tesseract.js-data/por/package.json')),
  '4.0.0_best_int',
);

/** Images are scaled to fit this many pixels: beyond it OCR gets slower, not better. */
export const DEFAULT_OCR_MAX_PIXELS = 2_000_000;
/** Smaller images are enlarged (at most 2×) so small print reaches a readable size. */
const MIN_LONG_SIDE = 1_000;
const UPSCALE_LONG_SIDE = 1_600;
/** A white margin: tesseract misses text that touches the edge of the image. */
const PADDING = 16;
/** A worker that cannot load its data in this time never will (it hangs offline). */
const INIT_TIMEOUT_MS = 20_000;
const JOB_TIMEOUT_MS = 30_000;

export type OcrBox = { x0: number; y0: number; x1: number; y1: number };
/** A recognised word; `bbox` is in pixels of the input image after EXIF orientation. */
export type OcrWord = { text: string; confidence: number; bbox: OcrBox };
export type OcrResult = {
  text: string;
  /** Mean word confidence, 0–1. */
  confidence: number;
  words: OcrWord[];
  /** Time spent in preprocessing and recognition. */
  ms: number;
};

export type OcrPool = {
  /** Queued until a worker is free; the first call starts the workers (about 0.5 s). */
  recognize(image: Buffer): Promise<OcrResult>;
  /** Rejects what is still queued and stops every worker. */
  close(): Promise<void>;
  readonly size: number;
};

export type OcrPoolOptions = {
  /** Worker threads; default: one per spare core, between 1 and 2 (1 on a 2-core machine). */
  size?: number;
  logger?: Logger;
  initTimeoutMs?: number;
  jobTimeoutMs?: number;
  /** Larger images are scaled down to this many pixels first. */
  maxPixels?: number;
};

export class OcrPoolClosedError extends Error {
  constructor() {
    super('The OCR pool is closed');
    this.name = 'OcrPoolClosedError';
  }
}

/** The image tesseract reads; a box there maps back as (x - padding) / scale. */
type Prepared = { png: Buffer; scale: number; padding: number };

/** Upright (EXIF), greyscale, contrast-stretched, sized for tesseract; PNG. */
export async function prepareForOcr(
  image: Buffer,
  maxPixels = DEFAULT_OCR_MAX_PIXELS,
): Promise<Prepared> {
  // Photos were checked against MAX_SCAN_PIXELS already; the limit holds here too, so no
  // caller can hand OCR a decompression bomb.
  const metadata = await sharp(image, { limitInputPixels: MAX_SCAN_PIXELS }).metadata();
  // EXIF orientations 5–8 turn the picture a quarter: width and height swap.
  const quarterTurn = (metadata.orientation ?? 1) >= 5;
  const width = (quarterTurn ? metadata.height : metadata.width) ?? 0;
  const height = (quarterTurn ? metadata.width : metadata.height) ?? 0;
  const longSide = Math.max(width, height);
  let scale = 1;
  if (width * height > maxPixels) scale = Math.sqrt(maxPixels / (width * height));
  else if (longSide > 0 && longSide < MIN_LONG_SIDE)
    scale = Math.min(2, UPSCALE_LONG_SIDE / longSide);
  let pipeline = sharp(image, { limitInputPixels: MAX_SCAN_PIXELS })
    .rotate()
    .grayscale()
    .normalise();
  if (scale !== 1) {
    pipeline = pipeline.resize({
      width: Math.round(width * scale),
      height: Math.round(height * scale),
      kernel: scale > 1 ? 'cubic' : 'lanczos3',
    });
  }
  const png = await pipeline
    .extend({ top: PADDING, bottom: PADDING, left: PADDING, right: PADDING, background: '#ffffff' })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return { png, scale, padding: PADDING };
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function wordsOf(blocks: Block[] | null, { scale, padding }: Prepared): OcrWord[] {
  const words: OcrWord[] = [];
  const unscale = (value: number) => Math.max(0, Math.round((value - padding) / scale));
  for (const block of blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        for (const word of line.words) {
          const { x0, y0, x1, y1 } = word.bbox;
          words.push({
            text: word.text,
            confidence: word.confidence / 100,
            bbox: { x0: unscale(x0), y0: unscale(y0), x1: unscale(x1), y1: unscale(y1) },
          });
        }
      }
    }
  }
  return words;
}

type Job = {
  image: Buffer;
  resolve: (result: OcrResult) => void;
  reject: (error: unknown) => void;
};
type Slot = { worker: Worker; busy: boolean };

export function createOcrPool(options: OcrPoolOptions = {}): OcrPool {
  const size = Math.max(1, options.size ?? Math.min(2, Math.max(1, availableParallelism() - 1)));
  const logger = options.logger;
  const initTimeoutMs = options.initTimeoutMs ?? INIT_TIMEOUT_MS;
  const jobTimeoutMs = options.jobTimeoutMs ?? JOB_TIMEOUT_MS;
  const queue: Job[] = [];
  const slots = new Set<Slot>();
  const running = new Set<Job>();
  let starting = 0;
  let closed = false;

  async function startWorker(): Promise<void> {
    starting += 1;
    const started = performance.now();
    // Kept outside the race so a worker that arrives after its timeout is still stopped.
    const creating = createWorker('por', OEM.LSTM_ONLY, {
      langPath: POR_LANG_PATH,
      gzip: true,
      cacheMethod: 'none',
      // Without a handler a failed load is thrown as an uncaught exception (stack-notes §4).
      errorHandler: (error: unknown) => logger?.error({ err: error }, 'tesseract worker error'),
    });
    try {
      const worker = await withTimeout(creating, initTimeoutMs, 'OCR worker start');
      await worker.setParameters({
        tessedit_pageseg_mode: PSM.AUTO,
        user_defined_dpi: '300',
      });
      if (closed) {
        await worker.terminate();
        return;
      }
      slots.add({ worker, busy: false });
      logger?.debug({ ms: Math.round(performance.now() - started) }, 'OCR worker ready');
    } catch (error) {
      void creating.then((late) => late.terminate()).catch(() => undefined);
      logger?.error({ err: error }, 'OCR worker failed to start');
      // Without any worker the queued jobs would wait forever.
      if (slots.size === 0 && starting === 1) {
        for (const job of queue.splice(0)) job.reject(error);
      }
    } finally {
      starting -= 1;
    }
    pump();
  }

  async function run(slot: Slot, job: Job): Promise<void> {
    slot.busy = true;
    running.add(job);
    const started = performance.now();
    try {
      // A file sharp cannot read fails here, and the worker stays as good as it was.
      const prepared = await prepareForOcr(job.image, options.maxPixels);
      try {
        const { data } = await withTimeout(
          slot.worker.recognize(prepared.png, {}, { text: true, blocks: true }),
          jobTimeoutMs,
          'OCR',
        );
        job.resolve({
          text: data.text,
          confidence: data.confidence / 100,
          words: wordsOf(data.blocks, prepared),
          ms: Math.round(performance.now() - started),
        });
      } catch (error) {
        // Timed out (the thread may still be busy) or crashed: replace the worker rather
        // than queue the next job behind it.
        slots.delete(slot);
        void slot.worker.terminate().catch(() => undefined);
        logger?.warn({ err: error }, 'OCR worker replaced after a failed job');
        throw error;
      }
    } catch (error) {
      job.reject(error);
    } finally {
      slot.busy = false;
      running.delete(job);
    }
    pump();
  }

  function pump(): void {
    if (closed) return;
    for (const slot of slots) {
      if (slot.busy) continue;
      const job = queue.shift();
      if (!job) return;
      void run(slot, job);
    }
    if (queue.length > starting && slots.size + starting < size) void startWorker();
  }

  return {
    size,
    recognize(image) {
      if (closed) return Promise.reject(new OcrPoolClosedError());
      return new Promise<OcrResult>((resolve, reject) => {
        queue.push({ image, resolve, reject });
        pump();
      });
    },
    async close() {
      closed = true;
      // A terminated worker does not settle what it was doing, so those are rejected here.
      for (const job of [...queue.splice(0), ...running]) job.reject(new OcrPoolClosedError());
      const workers = [...slots].map((slot) => slot.worker);
      slots.clear();
      await Promise.allSettled(workers.map((worker) => worker.terminate()));
    },
  };
}
