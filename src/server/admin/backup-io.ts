// Streaming helpers of the backup and the restore: a file written a piece at a time while its
// checksum is computed, a file read a line at a time while its checksum is computed, and a
// loop that keeps a few storage requests in flight (an object store answers in milliseconds,
// one at a time would take hours for a large account).
import { createHash, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';

export type Written = { bytes: number; sha256: string };

export type HashedWriter = {
  /** Appends; writes land in call order, whether or not the caller awaits each. */
  write(data: string | Uint8Array): Promise<void>;
  close(): Promise<Written>;
};

/** A new file (never an existing one), readable by its owner only. */
export async function createHashedWriter(file: string): Promise<HashedWriter> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const handle = await open(file, 'wx', 0o600);
  const hash = createHash('sha256');
  let bytes = 0;
  let chain: Promise<unknown> = Promise.resolve();
  return {
    write(data) {
      const buffer = typeof data === 'string' ? Buffer.from(data) : data;
      hash.update(buffer);
      bytes += buffer.length;
      const written = chain.then(() => handle.write(buffer));
      chain = written;
      return written.then(() => {});
    },
    async close() {
      try {
        await chain;
      } finally {
        await handle.close();
      }
      return { bytes, sha256: hash.digest('hex') };
    },
  };
}

/** The lines of a file (without their '\n'), every byte read also fed to `digest`. */
export async function* readLinesHashed(file: string, digest: Hash): AsyncGenerator<string> {
  const stream = createReadStream(file);
  stream.on('data', (chunk) => digest.update(chunk));
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  try {
    for await (const line of lines) yield line;
  } finally {
    lines.close();
    stream.destroy();
  }
}

export function sha256Of(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Runs `task` for each item, at most `limit` at once; the first failure stops the loop. */
export async function forEachConcurrently<T>(
  items: AsyncIterable<T>,
  limit: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  const running = new Set<Promise<void>>();
  let failed: { error: unknown } | undefined;
  for await (const item of items) {
    if (failed) break;
    const run: Promise<void> = task(item)
      .catch((error: unknown) => {
        failed ??= { error };
      })
      .finally(() => running.delete(run));
    running.add(run);
    if (running.size >= limit) await Promise.race(running);
  }
  await Promise.all(running);
  if (failed) throw failed.error;
}
