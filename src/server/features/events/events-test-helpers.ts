// Reads a text/event-stream response the way EventSource does, one message at a time, with a
// time limit per read so a missing event fails the test instead of hanging it.
import { expect } from 'vitest';

export type SseMessage = { event: string; data: string };

const DEFAULT_TIMEOUT_MS = 2_000;

export type SseReader = {
  /** The next block up to a blank line, comments included (heartbeats are comments). */
  nextBlock(timeoutMs?: number): Promise<string>;
  /** The next message with an event name, skipping comment-only blocks. */
  nextEvent(timeoutMs?: number): Promise<SseMessage>;
  /** Resolves when the server ends the stream; rejects on timeout or on more data. */
  ended(timeoutMs?: number): Promise<void>;
  /** The client goes away, as a closed tab does. */
  cancel(): Promise<void>;
};

export function sseReader(response: Response): SseReader {
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  if (!response.body) throw new Error('the event stream has no body');
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  // A read cut short by the time limit stays pending; the next call takes it over, so no
  // chunk is ever lost between two calls.
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | undefined;

  async function read(timeoutMs: number): Promise<ReadableStreamReadResult<Uint8Array>> {
    pending ??= reader.read();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no data on the event stream within ${timeoutMs} ms`)),
        timeoutMs,
      );
    });
    try {
      const result = await Promise.race([pending, timeout]);
      pending = undefined;
      return result;
    } finally {
      clearTimeout(timer);
    }
  }

  async function nextBlock(timeoutMs = DEFAULT_TIMEOUT_MS): Promise<string> {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        return block;
      }
      const { done, value } = await read(timeoutMs);
      if (done) throw new Error('the event stream ended');
      buffer += decoder.decode(value, { stream: true });
    }
  }

  return {
    nextBlock,
    async nextEvent(timeoutMs = DEFAULT_TIMEOUT_MS) {
      for (;;) {
        const lines = (await nextBlock(timeoutMs)).split('\n');
        const event = lines.find((l) => l.startsWith('event: '))?.slice('event: '.length);
        if (event === undefined) continue;
        const data = lines
          .filter((l) => l.startsWith('data: '))
          .map((l) => l.slice('data: '.length))
          .join('\n');
        return { event, data };
      }
    },
    async ended(timeoutMs = DEFAULT_TIMEOUT_MS) {
      const { done, value } = await read(timeoutMs);
      if (!done) throw new Error(`the stream went on: ${decoder.decode(value)}`);
    },
    cancel: () => reader.cancel(),
  };
}
