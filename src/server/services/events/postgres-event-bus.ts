// The event bus across server instances (DESIGN.md "events"): publish is a NOTIFY on one
// channel, and every instance LISTENs on it through a dedicated connection and hands each
// notification to its own subscribers — the publishing instance hears its own events that way
// too, so one path serves every stream. Nothing is kept: a stream that may have missed events
// is ended, and its browser reconnects and refetches.
import pg from 'pg';
import { z } from 'zod';
import type { Logger } from '#server/logger.ts';
import { createLocalSubscribers, type AccountEvent, type EventBus } from './event-bus.ts';

export const DEFAULT_EVENTS_CHANNEL = 'papelada_account_events';
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more (its default build). */
const MAX_PAYLOAD_BYTES = 7999;
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 30_000;
/** TCP keepalive, so a silently dead connection (a vanished host) is noticed in minutes. */
const KEEPALIVE_DELAY_MS = 30_000;

export type PostgresEventBusOptions = {
  connectionString: string;
  logger: Logger;
  /** A channel of one's own, e.g. per test; instances that share events share the channel. */
  channel?: string;
};

type Notification = { accountId: string; event: AccountEvent };

// Another version of the app (a rolling deploy) or a stray NOTIFY may send something else.
const notificationSchema = z.object({
  accountId: z.string(),
  event: z.discriminatedUnion('type', [
    z.object({
      type: z.literal('invoices.changed'),
      action: z.enum(['created', 'updated', 'deleted', 'expired']),
      ids: z.array(z.string()),
    }),
    z.object({ type: z.literal('profile.changed') }),
    z.object({ type: z.literal('suppliers.changed'), ids: z.array(z.string()) }),
    z.object({ type: z.literal('categories.changed') }),
    z.object({ type: z.literal('subscription.changed') }),
    z.object({ type: z.literal('sales.changed') }),
    z.object({ type: z.literal('savings.changed') }),
    z.object({ type: z.literal('team.changed') }),
    z.object({ type: z.literal('sessions.revoked') }),
  ]),
}) satisfies z.ZodType<Notification>;

/** The JSON of a notification; the ids are dropped (clients refetch all) when too many. */
export function encodeNotification(accountId: string, event: AccountEvent): string {
  const full = JSON.stringify({ accountId, event } satisfies Notification);
  if (Buffer.byteLength(full) <= MAX_PAYLOAD_BYTES || !('ids' in event)) {
    return full;
  }
  return JSON.stringify({ accountId, event: { ...event, ids: [] } } satisfies Notification);
}

function decodeNotification(payload: string): Notification | undefined {
  try {
    const parsed = notificationSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Resolves once the bus LISTENs. The first connection must succeed (boot fails like the
 * migrations would); a connection lost later is retried with backoff, logged, never fatal.
 */
export async function createPostgresEventBus(options: PostgresEventBusOptions): Promise<EventBus> {
  const { connectionString, logger } = options;
  const channel = options.channel ?? DEFAULT_EVENTS_CHANNEL;
  const subscribers = createLocalSubscribers(logger);
  let client: pg.Client | undefined;
  let isClosed = false;
  let failedAttempts = 0;
  let retryTimer: NodeJS.Timeout | undefined;

  async function listen(): Promise<pg.Client> {
    const next = new pg.Client({
      connectionString,
      application_name: 'papelada-events',
      keepAlive: true,
      keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
    });
    // Without an 'error' listener a dropped connection would crash the process; 'end' follows.
    next.on('error', (err) => logger.warn({ err }, 'events: PostgreSQL connection error'));
    next.on('notification', (message) => {
      if (message.channel !== channel || message.payload === undefined) return;
      const notification = decodeNotification(message.payload);
      if (!notification) {
        logger.warn({ channel }, 'events: ignored a malformed notification');
        return;
      }
      subscribers.deliver(notification.accountId, notification.event);
    });
    try {
      await next.connect();
      await next.query(`listen ${next.escapeIdentifier(channel)}`);
    } catch (err) {
      await next.end().catch(() => {});
      throw err;
    }
    next.once('end', () => onLost(next));
    return next;
  }

  function onLost(lost: pg.Client) {
    if (isClosed || client !== lost) return;
    client = undefined;
    logger.warn({ channel }, 'events: lost the LISTEN connection; reconnecting');
    scheduleReconnect();
  }

  function scheduleReconnect() {
    const delay = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** failedAttempts);
    retryTimer = setTimeout(() => void reconnect(), delay);
  }

  async function reconnect() {
    retryTimer = undefined;
    if (isClosed) return;
    try {
      const next = await listen();
      if (isClosed) {
        await next.end();
        return;
      }
      client = next;
      failedAttempts = 0;
      logger.info({ channel }, 'events: LISTEN connection restored');
      // What was published meanwhile never reached this instance: end the open streams, so
      // their browsers reconnect and refetch.
      subscribers.endAll();
    } catch (err) {
      failedAttempts += 1;
      logger.warn({ err, attempt: failedAttempts }, 'events: reconnect failed');
      scheduleReconnect();
    }
  }

  client = await listen();

  return {
    async publish(accountId, event) {
      const current = client;
      if (!current) {
        // After close() this is a request finishing during shutdown: nobody is listening.
        if (!isClosed) logger.warn({ accountId, type: event.type }, 'events: not published');
        return;
      }
      try {
        await current.query('select pg_notify($1, $2)', [
          channel,
          encodeNotification(accountId, event),
        ]);
      } catch (err) {
        logger.warn({ err, accountId, type: event.type }, 'events: not published');
      }
    },
    subscribe: (accountId, listener, onEnd) => subscribers.add(accountId, listener, onEnd),
    subscribeAll: (listener, onEnd) => subscribers.addAll(listener, onEnd),
    async close() {
      isClosed = true;
      clearTimeout(retryTimer);
      subscribers.endAll();
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}
