// Backpressure between a Node stream a producer writes and the web stream a Hono response
// reads: the producer waits for `drained`, and the response pulls one chunk at a time.
import type { PassThrough } from 'node:stream';

/** Resolves once `output` may take more, or is gone (then the producer stops). */
export function drained(output: PassThrough): Promise<void> {
  if (!output.writableNeedDrain || output.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      output.off('drain', done);
      output.off('close', done);
      resolve();
    };
    output.on('drain', done);
    output.on('close', done);
  });
}

/** A web stream that reads `source` one chunk per pull: nothing piles up in between. */
export function pullFrom(source: PassThrough): ReadableStream<Uint8Array> {
  const chunks = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        // A source destroyed with an error rejects here, which errors the web stream.
        const next = await chunks.next();
        if (next.done) controller.close();
        else
          controller.enqueue(
            new Uint8Array(next.value.buffer, next.value.byteOffset, next.value.byteLength),
          );
      },
      cancel() {
        source.destroy();
      },
    },
    { highWaterMark: 0 },
  );
}
