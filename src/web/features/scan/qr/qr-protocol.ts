// The messages between the page and the QR worker (qr-worker.ts). Pixels travel as a
// transferred ArrayBuffer, so a camera frame is moved to the worker, never copied.

export type QrDecodeRequest =
  | { id: number; kind: 'pixels'; width: number; height: number; data: ArrayBuffer }
  | { id: number; kind: 'file'; file: Blob };

export type QrDecodeResponse =
  /** `texts`: every QR code found, in zxing's order; `ms`: time spent in zxing. */
  | { id: number; ok: true; texts: string[]; ms: number }
  | { id: number; ok: false; message: string };
