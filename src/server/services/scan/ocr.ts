// OCR for the scanner (issues 5 and 14): PaddleOCR's models on onnxruntime (paddle-ocr.ts,
// ADR 014) in a small pool of worker threads (ocr-worker.mjs), started on first use and
// reused. onnxruntime runs a model on the thread that calls it, so a page is read in a
// worker and the event loop stays free. The models load from node_modules (nothing is
// fetched), about 0.5 s per worker. A worker that cannot start in time, or that is stuck
// on a page, is stopped and replaced.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Logger } from '#server/logger.ts';
import type { OcrEngineOptions, OcrText } from './paddle-ocr.ts';

export type { OcrBox, OcrWord } from './paddle-ocr.ts';
export type OcrResult = OcrText & {
  /** Time spent in preprocessing and recognition, as the caller waited for it. */
  ms: number;
};

const WORKER_URL = new URL('./ocr-worker.mjs', import.meta.url);
/** Loading the models takes about 0.5 s; a worker still loading after this is stuck. */
const INIT_TIMEOUT_MS = 20_000;
/** A page takes 1–2 s of CPU; this much means the worker is stuck (or the machine is). */
const JOB_TIMEOUT_MS = 30_000;

export type OcrPool = {
  /** Queued until a worker is free; the first call starts the workers. */
  recognize(image: Buffer): Promise<OcrResult>;
  /** Rejects what is still queued or running and stops every worker. */
  close(): Promise<void>;
  readonly size: number;
};

export type OcrPoolOptions = OcrEngineOptions & {
  /** Worker threads; default: one per spare core, between 1 and 2 (1 on a 2-core machine). */
  size?: number;
  logger?: Logger;
  initTimeoutMs?: number;
  jobTimeoutMs?: number;
};

export class OcrPoolClosedError extends Error {
  constructor() {
    super('The OCR pool is closed');
    this.name = 'OcrPoolClosedError';
  }
}

type Job = {
  image: Buffer;
  resolve: (result: OcrResult) => void;
  reject: (error: unknown) => void;
};
type Slot = { worker: Worker; job: Job | null };
type WorkerMessage =
  | { ready: true }
  | { failed: string }
  | { id: number; text: OcrText }
  | { id: number; error: string };

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The worker's first message: ready, or why it could not load the models. */
function started(worker: Worker): Promise<void> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: WorkerMessage) => {
      if ('ready' in message) resolve();
      else if ('failed' in message) reject(new Error(`OCR models not loaded: ${message.failed}`));
    };
    worker.once('message', onMessage);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`OCR worker exited with code ${code}`)));
  });
}

export function createOcrPool(options: OcrPoolOptions = {}): OcrPool {
  const size = Math.max(1, options.size ?? Math.min(2, Math.max(1, availableParallelism() - 1)));
  const { logger, threads, maxPixels, modelDir } = options;
  const engineOptions: OcrEngineOptions = { threads, maxPixels, modelDir };
  const initTimeoutMs = options.initTimeoutMs ?? INIT_TIMEOUT_MS;
  const jobTimeoutMs = options.jobTimeoutMs ?? JOB_TIMEOUT_MS;
  const queue: Job[] = [];
  const slots = new Set<Slot>();
  let starting = 0;
  let nextId = 0;
  let closed = false;

  function retire(slot: Slot, reason: string, error?: unknown): void {
    if (!slots.delete(slot)) return;
    void slot.worker.terminate().catch(() => undefined);
    logger?.warn({ err: error }, `OCR worker replaced: ${reason}`);
  }

  async function startWorker(): Promise<void> {
    starting += 1;
    const begun = performance.now();
    // Whatever onnxruntime prints stays in the worker.
    const worker = new Worker(WORKER_URL, { workerData: engineOptions, stdout: true });
    try {
      await withTimeout(started(worker), initTimeoutMs, 'OCR worker start');
      if (closed) {
        await worker.terminate();
        return;
      }
      const slot: Slot = { worker, job: null };
      worker.on('error', (error) => {
        slot.job?.reject(error);
        retire(slot, 'it failed', error);
      });
      worker.on('exit', () => {
        slot.job?.reject(new Error('The OCR worker stopped'));
        slots.delete(slot);
      });
      slots.add(slot);
      logger?.debug({ ms: Math.round(performance.now() - begun) }, 'OCR worker ready');
    } catch (error) {
      void worker.terminate().catch(() => undefined);
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
    slot.job = job;
    const id = nextId++;
    const begun = performance.now();
    try {
      const answer = new Promise<OcrText>((resolve, reject) => {
        const onMessage = (message: WorkerMessage) => {
          if (!('id' in message) || message.id !== id) return;
          slot.worker.off('message', onMessage);
          if ('text' in message) resolve(message.text);
          else reject(new Error(message.error));
        };
        slot.worker.on('message', onMessage);
      });
      const image = new Uint8Array(job.image);
      slot.worker.postMessage({ id, image }, [image.buffer]);
      const text = await withTimeout(answer, jobTimeoutMs, 'OCR');
      job.resolve({ ...text, ms: Math.round(performance.now() - begun) });
    } catch (error) {
      // A file sharp cannot read is answered by the worker, which stays as good as it was;
      // a timeout means the thread may still be busy, so it is replaced.
      if (error instanceof Error && error.message.startsWith('OCR timed out')) {
        retire(slot, 'a page took too long', error);
      }
      job.reject(error);
    } finally {
      slot.job = null;
    }
    pump();
  }

  function pump(): void {
    if (closed) return;
    for (const slot of slots) {
      if (slot.job) continue;
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
      // A terminated worker does not answer for its page, so those are rejected here.
      const running = [...slots].flatMap((slot) => (slot.job ? [slot.job] : []));
      for (const job of [...queue.splice(0), ...running]) job.reject(new OcrPoolClosedError());
      const workers = [...slots].map((slot) => slot.worker);
      slots.clear();
      await Promise.allSettled(workers.map((worker) => worker.terminate()));
    },
  };
}
