// The page's side of the QR worker: one worker per decoder, one request at a time per
// caller (the camera loop waits for a frame's answer before it sends the next one).
import type { QrDecodeRequest, QrDecodeResponse } from './qr-protocol.ts';

export type QrDecodeOutcome = { texts: string[]; ms: number };

export type QrDecoder = {
  /** Decodes RGBA pixels; the buffer is transferred to the worker (unusable afterwards). */
  decodePixels(image: ImageData): Promise<QrDecodeOutcome>;
  /** Decodes an image file (JPEG, PNG, WebP, GIF): zxing reads the format itself. */
  decodeFile(file: Blob): Promise<QrDecodeOutcome>;
  dispose(): void;
};

type Pending = { resolve(outcome: QrDecodeOutcome): void; reject(error: Error): void };

export function createQrDecoder(): QrDecoder {
  const worker = new Worker(new URL('./qr-worker.ts', import.meta.url), { type: 'module' });
  const pending = new Map<number, Pending>();
  let nextId = 1;

  worker.onmessage = (event: MessageEvent<QrDecodeResponse>) => {
    const answer = event.data;
    const request = pending.get(answer.id);
    if (!request) return;
    pending.delete(answer.id);
    if (answer.ok) request.resolve({ texts: answer.texts, ms: answer.ms });
    else request.reject(new Error(answer.message));
  };
  // The worker script or the wasm could not load: every waiting call fails, none hangs.
  worker.onerror = (event) => {
    event.preventDefault();
    for (const request of pending.values()) request.reject(new Error(event.message));
    pending.clear();
  };

  function send(request: QrDecodeRequest, transfer: Transferable[] = []) {
    return new Promise<QrDecodeOutcome>((resolve, reject) => {
      pending.set(request.id, { resolve, reject });
      worker.postMessage(request, transfer);
    });
  }

  return {
    decodePixels(image) {
      const data = image.data.buffer;
      const request = {
        id: nextId++,
        kind: 'pixels',
        width: image.width,
        height: image.height,
        data,
      } as const;
      return send(request, [data]);
    },
    decodeFile(file) {
      return send({ id: nextId++, kind: 'file', file });
    },
    dispose() {
      worker.terminate();
      for (const request of pending.values()) request.reject(new Error('QR decoder disposed'));
      pending.clear();
    },
  };
}
