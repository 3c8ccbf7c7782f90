// The account's export as one ZIP, streamed as it is written (yazl: ZIP64 past 4 GB or 65 535
// entries, no temporary file). Memory stays bounded by backpressure at both ends: a file is
// read from storage only once the previous one has left for the client, account.json is
// pulled a page of rows at a time as the response takes it, and the web stream asks for a
// chunk only when the previous one was sent. A client that goes away cancels the web stream,
// which destroys the ZIP's output; the producer sees that and stops reading. A failure mid-way
// destroys the output with the error, so the download fails instead of ending as if whole.
import { PassThrough, Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import { ZipFile } from 'yazl';
import { drained, pullFrom } from '#server/http/pull-stream.ts';
import type { Logger } from '#server/logger.ts';
import type { AccountOwner } from './account-data.queries.ts';
import { exportAccount, type ExportDeps, type ExportSink } from './account-export.ts';

const TEXT_CHUNK_BYTES = 64 * 1024;

/**
 * With PGlite a query resolves on this thread without a turn of the event loop: a turn
 * between pages keeps a long export from holding every other request.
 */
async function* yieldingBetween(chunks: AsyncIterable<string>): AsyncGenerator<string> {
  for await (const chunk of chunks) {
    yield chunk;
    await setImmediate();
  }
}

export type StreamAccountZipParams = {
  deps: ExportDeps;
  owner: AccountOwner;
  logger: Logger;
};

/** yazl writes into a PassThrough (its types say only "a readable stream"). */
function outputOf(zip: ZipFile): PassThrough {
  const output = zip.outputStream;
  if (!(output instanceof PassThrough)) throw new Error('yazl: the output is not a PassThrough');
  return output;
}

/** The ZIP (files/… and account.json) as a byte stream, produced as the client reads it. */
export function streamAccountZip({ deps, owner, logger }: StreamAccountZipParams) {
  const zip = new ZipFile();
  const output = outputOf(zip);
  // The pull's iterator reports errors; this keeps one before any pull from being unhandled.
  output.on('error', () => undefined);
  zip.on('error', (err: Error) => output.destroy(err));
  // The entry being written from a stream, destroyed with the output so its reader ends.
  let text: Readable | null = null;
  output.on('close', () => text?.destroy());
  const mtime = deps.now();

  const sink: ExportSink = {
    async addFile(name, bytes) {
      // Photos are JPEG or WebP already: stored, not compressed again.
      zip.addBuffer(bytes, name, { compress: false, mtime });
      await drained(output);
    },
    addText(name, chunks) {
      return new Promise((resolve, reject) => {
        const stream = Readable.from(yieldingBetween(chunks), {
          objectMode: false,
          highWaterMark: TEXT_CHUNK_BYTES,
        });
        text = stream;
        stream.once('error', reject);
        // After 'end' (all of it written), or destroyed with the output (nothing more to do).
        stream.once('close', () => resolve());
        zip.addReadStream(stream, name, { mtime });
      });
    },
    isClosed: () => output.destroyed,
  };

  async function produce() {
    await exportAccount(deps, owner, sink);
    if (!output.destroyed) zip.end();
  }

  // Started on the next turn, so the headers leave before the first file is read.
  setImmediate()
    .then(produce)
    .catch((err: unknown) => {
      logger.error({ err, accountId: owner.accountId }, 'account export failed mid-stream');
      output.destroy(err instanceof Error ? err : new Error(String(err)));
    });
  return pullFrom(output);
}
