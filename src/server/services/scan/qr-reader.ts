// Where findAtQr runs (image-qr.ts). Decoding a photo is a few hundred milliseconds of sharp and
// zxing-wasm with a dozen turns of the event loop in between; on the server's thread it competed
// with every other request, and with PGlite, which runs its statements there too — under load a
// scan took seconds per turn. In a worker thread (qr-worker.mjs) it runs beside them: the server
// waits for one message instead. One worker, started on first use and kept; the scanner's own
// limit (two scans at once) decides how many photos wait in its queue. A worker that dies is
// replaced on the next call, and the calls it held fail as unreadable files would.
import { Worker } from 'node:worker_threads';
import type { FindQrOptions, ImageQrResult, RawImage } from './image-qr.ts';

const WORKER_URL = new URL('./qr-worker.mjs', import.meta.url);

/** What may cross to the worker: the decoded text is always accepted by parseAtQr there. */
export type QrSearchOptions = Omit<FindQrOptions, 'accept'> & {
  /** Also make the kept JPEG of the input (kept-image.ts), beside the search. */
  keep?: boolean;
};

/** The search's result, and the kept JPEG when asked for and it could be made. */
export type QrSearch = ImageQrResult & { kept?: Uint8Array };

export type QrReader = {
  find(input: Uint8Array | RawImage, options?: QrSearchOptions): Promise<QrSearch>;
  /** Starts the worker and its wasm now, so the first scan does not wait for them. */
  prepare(): Promise<void>;
  close(): Promise<void>;
};

type Answer = { id: number; result: QrSearch } | { id: number; error: string };
type Pending = { resolve(result: QrSearch): void; reject(error: Error): void };

export class QrWorkerError extends Error {
  constructor(reason: string) {
    super(`QR search failed: ${reason}`);
    this.name = 'QrWorkerError';
  }
}

/** A copy the worker owns: the caller keeps its bytes (the kept image is made from them). */
function transferable(input: Uint8Array | RawImage): {
  input: Uint8Array | RawImage;
  transfer: ArrayBuffer[];
} {
  if (input instanceof Uint8Array) {
    const copy = new Uint8Array(input);
    return { input: copy, transfer: [copy.buffer] };
  }
  const data = new Uint8Array(input.raw.data);
  return { input: { raw: { ...input.raw, data } }, transfer: [data.buffer] };
}

export function createQrWorkerReader(): QrReader {
  let worker: Worker | undefined;
  let ready: Promise<void> | undefined;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  function failAll(error: Error) {
    for (const call of pending.values()) call.reject(error);
    pending.clear();
  }

  function start(): Promise<void> {
    if (ready) return ready;
    const started = new Worker(WORKER_URL, { stdout: true, stderr: true });
    worker = started;
    ready = new Promise<void>((resolve, reject) => {
      started.on('message', (message: Answer | { ready: true }) => {
        if ('ready' in message) {
          // An idle worker keeps no process alive (a CLI ends when its scan is done); one
          // starting or answering does (see find).
          if (pending.size === 0) started.unref();
          return resolve();
        }
        const call = pending.get(message.id);
        if (!call) return;
        pending.delete(message.id);
        if ('error' in message) call.reject(new QrWorkerError(message.error));
        else call.resolve(message.result);
      });
      const lost = (error: Error) => {
        // The next call starts another.
        if (worker === started) {
          worker = undefined;
          ready = undefined;
        }
        reject(error);
        failAll(error);
      };
      started.once('error', (error) => lost(new QrWorkerError(error.message)));
      started.once('exit', (code) => lost(new QrWorkerError(`worker exited (${code})`)));
    });
    return ready;
  }

  return {
    async find(input, options = {}) {
      await start();
      const current = worker;
      if (!current) throw new QrWorkerError('worker not running');
      const id = nextId++;
      const message = transferable(input);
      const settled = () => {
        if (pending.size === 0) current.unref();
      };
      return new Promise<QrSearch>((resolve, reject) => {
        current.ref();
        pending.set(id, {
          resolve: (result) => (resolve(result), settled()),
          reject: (error) => (reject(error), settled()),
        });
        current.postMessage({ id, input: message.input, options }, message.transfer);
      });
    },
    prepare: start,
    async close() {
      const current = worker;
      worker = undefined;
      ready = undefined;
      failAll(new QrWorkerError('reader closed'));
      if (current) await current.terminate();
    },
  };
}
