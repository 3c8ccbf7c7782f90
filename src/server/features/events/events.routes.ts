// GET /api/events (issue 4 "Live updates"): one Server-Sent Events stream per open tab, carrying
// the account's changes as `event: <type>` with the AccountEvent as JSON data. The browser
// refetches from them; the stream itself holds no data and replays nothing.
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { ScopeEnv } from '#server/features/auth/request-scope.ts';
import type { EventBus } from '#server/services/events/event-bus.ts';

/** Behind the request scope (app.ts): any signed-in actor hears its account's changes. */
export type EventsDeps = {
  events: EventBus;
  /** A comment line this often keeps proxies and load balancers from closing an idle stream. */
  heartbeatMs?: number;
};

const DEFAULT_HEARTBEAT_MS = 25_000;
/** How long EventSource waits before it reconnects after the stream ends. */
const RECONNECT_DELAY_MS = 3_000;

/** Writes one at a time and in order: events and heartbeats never interleave mid-message. */
function writeQueue() {
  let last: Promise<unknown> = Promise.resolve();
  const enqueue = (write: () => Promise<unknown>) => {
    // A write to a closed stream is dropped by Hono; nothing here may reject.
    last = last.then(write).catch(() => {});
  };
  return { enqueue, drained: () => last };
}

export function eventsRoutes({ events, heartbeatMs = DEFAULT_HEARTBEAT_MS }: EventsDeps) {
  return new Hono<ScopeEnv>().get('/', (c) => {
    const accountId = c.var.scope.accountId;
    // nginx and similar proxies would otherwise hold events back until a buffer fills. The
    // compress() middleware leaves text/event-stream alone, so each event leaves at once.
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      const queue = writeQueue();
      queue.enqueue(() =>
        stream.writeSSE({ event: 'ready', data: '{}', retry: RECONNECT_DELAY_MS }),
      );
      let unsubscribe = () => {};
      // Ends when the client goes away, or when the bus ends the subscription (shutdown, or
      // events possibly missed): the browser then reconnects and refetches.
      const ended = new Promise<void>((resolve) => {
        stream.onAbort(resolve);
        if (stream.aborted) resolve();
        unsubscribe = events.subscribe(
          accountId,
          (event) =>
            queue.enqueue(() =>
              stream.writeSSE({ event: event.type, data: JSON.stringify(event) }),
            ),
          resolve,
        );
      });
      const heartbeat = setInterval(
        () => queue.enqueue(() => stream.write(': ping\n\n')),
        heartbeatMs,
      );
      try {
        await ended;
      } finally {
        clearInterval(heartbeat);
        unsubscribe();
      }
      await queue.drained();
    });
  });
}
