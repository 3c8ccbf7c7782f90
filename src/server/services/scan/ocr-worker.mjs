// The worker thread of ocr.ts: loads the PaddleOCR engine (paddle-ocr.ts) once and reads
// one page at a time. onnxruntime-node runs a model synchronously on the thread that calls
// it, so the models must not run on the server's event loop. Plain JavaScript because Node
// starts a worker file itself, without the TypeScript loader of the main thread: this file
// registers tsx's loader, then imports the engine. Posts { ready } or { failed } once, then
// { id, text } or { id, error } for each page; errors are posted, never thrown.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();

/** What a failure says, without the stack (it is logged on the main thread). */
const describe = (error) => (error instanceof Error ? error.message : String(error));

try {
  const { loadOcrEngine } = await import('./paddle-ocr.ts');
  const engine = await loadOcrEngine(workerData);
  parentPort.on('message', async ({ id, image }) => {
    try {
      const text = await engine.read(Buffer.from(image.buffer, image.byteOffset, image.byteLength));
      parentPort.postMessage({ id, text });
    } catch (error) {
      parentPort.postMessage({ id, error: describe(error) });
    }
  });
  parentPort.postMessage({ ready: true });
} catch (error) {
  parentPort.postMessage({ failed: describe(error) });
}
