// iPhone photos (issue 14.5): HEIC is HEVC inside a HEIF container. sharp's prebuilt libvips
// reads the container (size, orientation: enough for the upload gate) but has no HEVC
// decoder, so the pixels come from libheif-js (libheif 1.23 with libde265 as wasm, from npm;
// nothing is fetched) and go back to sharp as raw pixels, to become a JPEG like any photo.
// Decoding takes one to a few seconds of CPU for a 12 MP photo, so it runs in a worker
// thread, one photo at a time (a 48 MP photo holds about half a GB while decoding), in a
// fresh worker each time so that memory is given back; a decode that hangs is stopped.
import { Worker } from 'node:worker_threads';
import sharp, { type Sharp } from 'sharp';
import { MAX_SCAN_PIXELS } from './input-check.ts';

/** Beyond this a photo is not being decoded, it is stuck (a 48 MP photo takes about 15 s). */
export const HEIC_DECODE_TIMEOUT_MS = 60_000;
/** Close to the photo as taken: the JPEG is decoded again downstream, and may be kept. */
const HEIC_JPEG_QUALITY = 92;

const WORKER_URL = new URL('./heic-worker.mjs', import.meta.url);

/** The photo cannot be decoded: broken, truncated, not HEVC, or over the pixel budget. */
export class HeicDecodeError extends Error {
  constructor(reason: string) {
    super(`HEIC photo not decoded: ${reason}`);
    this.name = 'HeicDecodeError';
  }
}

export type HeicPixels = { data: Buffer; width: number; height: number; channels: 3 | 4 };
type WorkerAnswer =
  { error: string } | { width: number; height: number; channels: 3 | 4; data: Uint8Array };

let queue: Promise<unknown> = Promise.resolve();

/** One decode at a time, in the order asked; a failed one does not stop the next. */
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

function decodeInWorker(bytes: Uint8Array, maxPixels: number, timeoutMs: number) {
  return new Promise<HeicPixels>((resolve, reject) => {
    const copy = new Uint8Array(bytes);
    const worker = new Worker(WORKER_URL, {
      workerData: { bytes: copy, maxPixels },
      transferList: [copy.buffer],
      // Whatever the wasm prints stays in the worker.
      stdout: true,
      stderr: true,
    });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new HeicDecodeError(`still decoding after ${timeoutMs} ms`));
    }, timeoutMs);
    const settle = () => clearTimeout(timer);
    worker.once('message', (answer: WorkerAnswer) => {
      settle();
      if ('error' in answer) reject(new HeicDecodeError(answer.error));
      else resolve({ ...answer, data: Buffer.from(answer.data.buffer, 0, answer.data.length) });
    });
    worker.once('error', (error) => {
      settle();
      reject(new HeicDecodeError(error.message));
    });
    worker.once('exit', (code) => {
      settle();
      reject(new HeicDecodeError(`worker exited with code ${code}`));
    });
  });
}

/** The photo's pixels, upright (libheif applies the container's rotation and mirroring). */
export function decodeHeic(
  bytes: Uint8Array,
  options: { maxPixels?: number; timeoutMs?: number } = {},
): Promise<HeicPixels> {
  const maxPixels = options.maxPixels ?? MAX_SCAN_PIXELS;
  const timeoutMs = options.timeoutMs ?? HEIC_DECODE_TIMEOUT_MS;
  return oneAtATime(() => decodeInWorker(bytes, maxPixels, timeoutMs));
}

/** The decoded photo as a sharp pipeline (raw pixels: no metadata to carry over). */
export async function heicImage(
  bytes: Uint8Array,
  options: { maxPixels?: number } = {},
): Promise<Sharp> {
  const { data, width, height, channels } = await decodeHeic(bytes, options);
  return sharp(data, { raw: { width, height, channels } });
}

/** The photo as a JPEG, for the code that takes any photo from here on (the scanner). */
export async function heicToJpeg(
  bytes: Uint8Array,
  options: { maxPixels?: number } = {},
): Promise<Buffer> {
  const image = await heicImage(bytes, options);
  return image.flatten({ background: '#ffffff' }).jpeg({ quality: HEIC_JPEG_QUALITY }).toBuffer();
}
