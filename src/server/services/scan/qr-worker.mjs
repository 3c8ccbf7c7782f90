// The worker thread of qr-reader.ts: runs image-qr.ts's findAtQr — sharp's decode, the ladder
// of views, zxing-wasm — away from the server's thread, where PGlite and every other request
// run. Plain JavaScript because Node starts a worker file itself, without the TypeScript loader
// of the main thread: it registers tsx (a dependency, as `npm start` runs on it) and then loads
// the TypeScript module. Requests come as { id, input, options }; answers go back as
// { id, result } or { id, error }, never thrown.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { findAtQr, prepareQrReader } = await import('./image-qr.ts');
await prepareQrReader();

parentPort.on('message', ({ id, input, options }) => {
  findAtQr(input, options).then(
    (result) => parentPort.postMessage({ id, result }),
    (error) => parentPort.postMessage({ id, error: String(error?.message ?? error) }),
  );
});
parentPort.postMessage({ ready: true });
