// The event bus across server instances (DESIGN.md "events"): publish is a NOTIFY on one
// channel, and every instance LISTENs on it through a dedicated connection and hands each
// notification to its own subscribers — the publishing instance hears its own events that way
// too, so one path serves every stream. Nothing is kept: a stream that may have missed events
// is ended, and its browser reconnects and refetches.
//
// Confirmed events (event-bus.ts CONFIRMED_EVENTS: a revocation, a plan or a team change) make
// the servers' session caches forget what they hold, and the change must apply to the very next
// request on any server (issue 13.3). NOTIFY only promises delivery after the publisher's
// commit, not before its answer leaves; so the instances keep a roll of each other (a hello
// when they start listening, a beat every 20 s, a goodbye on close) and publish of a confirmed
// event resolves once every instance heard in the last minute has acknowledged delivering it —
// or after 2 s, when one that stays silent is left out until it is heard again (it holds a
// stale session for at most the cache's TTL).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { z } from 'zod';
import type { Logger } from '#server/logger.ts';
import {
  CONFIRMED_EVENTS,
  createLocalSubscribers,
  type AccountEvent,
  type EventBus,
} from './event-bus.ts';

export const DEFAULT_EVENTS_CHANNEL = 'papelada_account_events';
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more (its default build). */
const MAX_PAYLOAD_BYTES = 7999;
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 30_000;
/** TCP keepalive, so a silently dead connection (a vanished host) is noticed in minutes. */
const KEEPALIVE_DELAY_MS = 30_000;
/** How long a confirmed publish waits for the other instances' acknowledgements at most. */
export const CONFIRM_TIMEOUT_MS = 2_000;
/** Every instance says it is there this often, so a crashed one drops off the roll. */
const BEAT_MS = 20_000;
/** Instances not heard from for this long are not waited for. */
const SILENT_AFTER_MS = 60_000;

export type PostgresEventBusOptions = {
  connectionString: string;
  logger: Logger;
  /** A channel of one's own, e.g. per test; instances that share events share the channel. */
  channel?: string;
  /** CONFIRM_TIMEOUT_MS unless a test needs it shorter. */
  confirmTimeoutMs?: number;
};

/** `confirm`: the publisher and the id it waits acknowledgements of. */
type Notification = {
  accountId: string;
  event: AccountEvent;
  confirm?: { from: string; id: string };
};

/** What the instances say to each other on the channel, beside the events. */
type Roll =
  | { kind: 'hello' | 'here' | 'bye'; from: string }
  | { kind: 'ack'; from: string; to: string; id: string };

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
    z.object({ type: z.literal('support.changed') }),
    z.object({ type: z.literal('sessions.revoked') }),
  ]),
  confirm: z.object({ from: z.string(), id: z.string() }).optional(),
}) satisfies z.ZodType<Notification>;

const rollSchema = z.object({
  roll: z.discriminatedUnion('kind', [
    z.object({ kind: z.enum(['hello', 'here', 'bye']), from: z.string() }),
    z.object({ kind: z.literal('ack'), from: z.string(), to: z.string(), id: z.string() }),
  ]),
}) satisfies z.ZodType<{ roll: Roll }>;

/** The JSON of a notification; the ids are dropped (clients refetch all) when too many. */
export function encodeNotification(
  accountId: string,
  event: AccountEvent,
  confirm?: Notification['confirm'],
): string {
  const full = JSON.stringify({ accountId, event, confirm } satisfies Notification);
  if (Buffer.byteLength(full) <= MAX_PAYLOAD_BYTES || !('ids' in event)) {
    return full;
  }
  return JSON.stringify({
    accountId,
    event: { ...event, ids: [] },
    confirm,
  } satisfies Notification);
}

function decodePayload(payload: string): Notification | { roll: Roll } | undefined {
  try {
    const json: unknown = JSON.parse(payload);
    const parsed =
      typeof json === 'object' && json !== null && 'roll' in json
        ? rollSchema.safeParse(json)
        : notificationSchema.safeParse(json);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export type PostgresEventBus = EventBus & {
  /** This instance's name on the roll, also in its connection's application_name. */
  readonly instanceId: string;
};

/**
 * Resolves once the bus LISTENs. The first connection must succeed (boot fails like the
 * migrations would); a connection lost later is retried with backoff, logged, never fatal.
 */
export async function createPostgresEventBus(
  options: PostgresEventBusOptions,
): Promise<PostgresEventBus> {
  const { connectionString, logger } = options;
  const channel = options.channel ?? DEFAULT_EVENTS_CHANNEL;
  const confirmTimeoutMs = options.confirmTimeoutMs ?? CONFIRM_TIMEOUT_MS;
  const instanceId = randomUUID().slice(0, 8);
  const subscribers = createLocalSubscribers(logger);
  let client: pg.Client | undefined;
  let isClosed = false;
  let failedAttempts = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  /** The other instances on the channel, with when each was last heard (Date.now()). */
  const peers = new Map<string, number>();
  /** Confirmed publishes waiting, by id: who has not acknowledged yet. */
  const awaiting = new Map<string, { waitingFor: Set<string>; done: () => void }>();

  /** NOTIFY through the LISTEN connection; false when it is down or the NOTIFY failed. */
  async function notify(payload: string, context: object): Promise<boolean> {
    const current = client;
    if (!current) return false;
    try {
      await current.query('select pg_notify($1, $2)', [channel, payload]);
      return true;
    } catch (err) {
      logger.warn({ err, ...context }, 'events: not published');
      return false;
    }
  }

  const say = (roll: Roll) => notify(JSON.stringify({ roll }), { roll: roll.kind });

  function heard(from: string) {
    peers.set(from, Date.now());
  }

  function acknowledged(from: string, id: string) {
    const waiting = awaiting.get(id);
    if (!waiting) return;
    waiting.waitingFor.delete(from);
    if (waiting.waitingFor.size === 0) waiting.done();
  }

  function onRoll(roll: Roll) {
    if (roll.from === instanceId) return;
    switch (roll.kind) {
      case 'hello':
        // A newcomer (or one back after a lost connection): it learns of us from the answer.
        heard(roll.from);
        void say({ kind: 'here', from: instanceId });
        return;
      case 'here':
        heard(roll.from);
        return;
      case 'bye':
        peers.delete(roll.from);
        for (const id of awaiting.keys()) acknowledged(roll.from, id);
        return;
      case 'ack':
        heard(roll.from);
        if (roll.to === instanceId) acknowledged(roll.from, roll.id);
        return;
    }
  }

  function onNotification(notification: Notification) {
    subscribers.deliver(notification.accountId, notification.event);
    const { confirm } = notification;
    // Delivered above, synchronously: the caches have forgotten what the event names.
    if (confirm && confirm.from !== instanceId)
      void say({ kind: 'ack', from: instanceId, to: confirm.from, id: confirm.id });
  }

  /**
   * Resolves when every instance heard lately acknowledged `id`, or after the timeout; `cancel`
   * resolves it at once (the NOTIFY failed).
   */
  function acknowledgements(id: string): { wait: Promise<void>; cancel: () => void } {
    const now = Date.now();
    const waitingFor = new Set<string>();
    for (const [peer, at] of peers) {
      if (now - at <= SILENT_AFTER_MS) waitingFor.add(peer);
      else peers.delete(peer);
    }
    if (waitingFor.size === 0) return { wait: Promise.resolve(), cancel: () => {} };
    let resolve = () => {};
    const promise = new Promise<void>((settle) => {
      resolve = settle;
    });
    const timer = setTimeout(() => {
      for (const peer of waitingFor) peers.delete(peer);
      logger.warn(
        { instances: [...waitingFor], timeoutMs: confirmTimeoutMs },
        'events: no acknowledgement; not waited for until heard again',
      );
      done();
    }, confirmTimeoutMs);
    function done() {
      clearTimeout(timer);
      awaiting.delete(id);
      resolve();
    }
    awaiting.set(id, { waitingFor, done });
    return { wait: promise, cancel: done };
  }

  async function listen(): Promise<pg.Client> {
    const next = new pg.Client({
      connectionString,
      application_name: `papelada-events ${instanceId}`,
      keepAlive: true,
      keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
    });
    // Without an 'error' listener a dropped connection would crash the process; 'end' follows.
    next.on('error', (err) => logger.warn({ err }, 'events: PostgreSQL connection error'));
    next.on('notification', (message) => {
      if (message.channel !== channel || message.payload === undefined) return;
      const decoded = decodePayload(message.payload);
      if (!decoded) {
        logger.warn({ channel }, 'events: ignored a malformed notification');
        return;
      }
      if ('roll' in decoded) onRoll(decoded.roll);
      else onNotification(decoded);
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
      // The others may have dropped this instance from their roll meanwhile.
      void say({ kind: 'hello', from: instanceId });
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
  // Committed before this resolves: every instance hears of this one before anything it sends.
  await say({ kind: 'hello', from: instanceId });
  const beat = setInterval(() => void say({ kind: 'here', from: instanceId }), BEAT_MS);
  beat.unref();

  return {
    instanceId,
    async publish(accountId, event) {
      if (!client) {
        // After close() this is a request finishing during shutdown: nobody is listening.
        if (!isClosed) logger.warn({ accountId, type: event.type }, 'events: not published');
        return;
      }
      if (!CONFIRMED_EVENTS.has(event.type)) {
        await notify(encodeNotification(accountId, event), { accountId, type: event.type });
        return;
      }
      const id = randomUUID();
      // Counted before the NOTIFY, so no acknowledgement can come before it is awaited.
      const acks = acknowledgements(id);
      const sent = await notify(encodeNotification(accountId, event, { from: instanceId, id }), {
        accountId,
        type: event.type,
      });
      if (sent) await acks.wait;
      else acks.cancel();
    },
    subscribe: (accountId, listener, onEnd) => subscribers.add(accountId, listener, onEnd),
    subscribeAll: (listener, onEnd) => subscribers.addAll(listener, onEnd),
    async close() {
      clearInterval(beat);
      // Told first, so no one waits out the timeout for an instance that left.
      if (!isClosed) await say({ kind: 'bye', from: instanceId });
      isClosed = true;
      clearTimeout(retryTimer);
      for (const { done } of [...awaiting.values()]) done();
      subscribers.endAll();
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}
