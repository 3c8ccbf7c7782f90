// The worker thread of qr-reader.ts: runs image-qr.ts's findAtQr — sharp's decode, the ladder
// of views, zxing-wasm — away from the server's thread, where PGlite and every other request
// run. Plain JavaScript because Node starts a worker file itself, without the TypeScript loader
// of the main thread: it registers tsx (a dependency, as `npm start` runs on it) and then loads
// the TypeScript module. Requests come as { id, input, options }; answers go back as
// { id, result } (with result.kept, the kept JPEG, when options.keep asked for it) or
// { id, error }, never thrown.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { findAtQr, prepareQrReader } = await import('./image-qr.ts');
const { keepAsJpeg } = await import('./kept-image.ts');
await prepareQrReader();

/** The kept JPEG as a copy this thread owns and can hand over; undefined when it failed. */
async function keptCopy(input) {
  try {
    return new Uint8Array(await keepAsJpeg(input));
  } catch {
    // The server's thread tries again and logs why (scanner.ts).
    return undefined;
  }
}

parentPort.on('message', ({ id, input, options: { keep = false, ...search } = {} }) => {
  // With `keep`, the kept JPEG is encoded beside the search (on sharp's threads), and both
  // answer in one message: the server's thread waits for one turn, not two.
  Promise.all([findAtQr(input, search), keep ? keptCopy(input) : undefined]).then(
    ([result, kept]) =>
      kept
        ? parentPort.postMessage({ id, result: { ...result, kept } }, [kept.buffer])
        : parentPort.postMessage({ id, result }),
    (error) => parentPort.postMessage({ id, error: String(error?.message ?? error) }),
  );
});
parentPort.postMessage({ ready: true });
