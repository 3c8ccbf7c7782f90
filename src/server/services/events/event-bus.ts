// Live changes per account (issue 4 "Live updates"): a mutation publishes what changed, and
// every open Server-Sent Events stream of that account hears it. The in-process bus serves one
// server; across instances the PostgreSQL adapter relays through LISTEN/NOTIFY.
import type { Logger } from '#server/logger.ts';

/** What changed. Clients invalidate or patch their caches from it; ids are hints, not data. */
export type AccountEvent =
  | {
      type: 'invoices.changed';
      action: 'created' | 'updated' | 'deleted' | 'expired';
      /** The invoices concerned, when known (an expiry run may touch many); [] when not. */
      ids: string[];
    }
  | { type: 'profile.changed' }
  /** A supplier was created, edited or deleted (its card data, limits and lists). */
  | { type: 'suppliers.changed'; ids: string[] }
  /** A custom category was created, edited or deleted. */
  | { type: 'categories.changed' }
  /**
   * The account's subscription changed (a plan granted, bought, changed, canceled or lapsed):
   * every server forgets the plan it cached for the account, every open tab re-reads the
   * plan, the usage and the capabilities.
   */
  | { type: 'subscription.changed' }
  /** A day's sales or the goods-for-resale categories changed (the CMV screen). */
  | { type: 'sales.changed' }
  /** A savings goal was created, edited or deleted. */
  | { type: 'savings.changed' }
  /**
   * The account's team changed (switched on or off, a profile or member added, changed,
   * deactivated or removed, a PIN set): every server forgets the sessions it cached for the
   * account (who acts may have changed), every open tab re-reads the profile and the team.
   */
  | { type: 'team.changed' }
  /**
   * The help chat changed (issue 20 point 7): a person wrote to support, or support answered
   * (the admin CLI, perhaps in another process): the open panels re-read their conversation.
   */
  | { type: 'support.changed' }
  /**
   * Sessions of the account's user ended (sign-out, revocation, password reset, deletion):
   * every server drops the sessions it cached for the user (auth/session-cache.ts).
   */
  | { type: 'sessions.revoked' };

/**
 * Events that make the servers' session caches forget what they hold (auth/session-cache.ts):
 * publish resolves only once every server has delivered them (on the PostgreSQL bus, once the
 * other instances acknowledged them; postgres-event-bus.ts), so a sign-out, a revocation, a plan
 * or a team change applies to the very next request on any server.
 */
export const CONFIRMED_EVENTS: ReadonlySet<AccountEvent['type']> = new Set([
  'sessions.revoked',
  'subscription.changed',
  'team.changed',
]);

/** Called synchronously on publish; it must not block (the SSE route only queues a write). */
export type AccountEventListener = (event: AccountEvent) => void;
/** Hears every account's events (the session cache); the same rules as AccountEventListener. */
export type AnyAccountEventListener = (accountId: string, event: AccountEvent) => void;

export interface EventBus {
  /**
   * Never throws: a lost live update costs a refetch, never the request that made the change.
   * For CONFIRMED_EVENTS it resolves once every server delivered the event (or gave up waiting).
   */
  publish(accountId: string, event: AccountEvent): Promise<void>;
  /**
   * Returns the unsubscribe function. `onEnd` runs when the bus drops the subscription itself:
   * on close(), or when events may have been missed (the PostgreSQL connection came back after
   * a loss). The SSE stream then ends, and the browser reconnects and refetches.
   */
  subscribe(accountId: string, listener: AccountEventListener, onEnd?: () => void): () => void;
  /** As subscribe, for the events of every account. */
  subscribeAll(listener: AnyAccountEventListener, onEnd?: () => void): () => void;
  close(): Promise<void>;
}

/** The subscribers held by this process, by account; every bus delivers through one. */
export type LocalSubscribers = {
  add(accountId: string, listener: AccountEventListener, onEnd?: () => void): () => void;
  addAll(listener: AnyAccountEventListener, onEnd?: () => void): () => void;
  deliver(accountId: string, event: AccountEvent): void;
  /** Drops every subscription and runs its `onEnd`. */
  endAll(): void;
};

type Subscription = { listener: AccountEventListener; onEnd: (() => void) | undefined };

export function createLocalSubscribers(logger?: Logger): LocalSubscribers {
  const byAccount = new Map<string, Set<Subscription>>();
  const everyAccount = new Set<{
    listener: AnyAccountEventListener;
    onEnd: (() => void) | undefined;
  }>();
  // One throwing listener must neither starve the others nor reach the publishing request.
  const guarded = (run: () => void, accountId: string) => {
    try {
      run();
    } catch (err) {
      logger?.warn({ err, accountId }, 'account event listener failed');
    }
  };
  return {
    add(accountId, listener, onEnd) {
      const subscription: Subscription = { listener, onEnd };
      const set = byAccount.get(accountId) ?? new Set();
      byAccount.set(accountId, set);
      set.add(subscription);
      return () => {
        set.delete(subscription);
        if (set.size === 0 && byAccount.get(accountId) === set) byAccount.delete(accountId);
      };
    },
    addAll(listener, onEnd) {
      const subscription = { listener, onEnd };
      everyAccount.add(subscription);
      return () => {
        everyAccount.delete(subscription);
      };
    },
    deliver(accountId, event) {
      for (const { listener } of [...everyAccount]) {
        guarded(() => listener(accountId, event), accountId);
      }
      for (const { listener } of [...(byAccount.get(accountId) ?? [])]) {
        guarded(() => listener(event), accountId);
      }
    },
    endAll() {
      const endedAll = [...everyAccount];
      everyAccount.clear();
      for (const { onEnd } of endedAll) if (onEnd) guarded(onEnd, '*');
      const ended = [...byAccount].flatMap(([accountId, set]) =>
        [...set].map((subscription) => ({ accountId, subscription })),
      );
      byAccount.clear();
      for (const { accountId, subscription } of ended) {
        if (subscription.onEnd) guarded(subscription.onEnd, accountId);
      }
    },
  };
}

/** One process: subscribers in memory, keyed by account id. */
export function createInProcessEventBus(options: { logger?: Logger } = {}): EventBus {
  const subscribers = createLocalSubscribers(options.logger);
  return {
    publish: (accountId, event) => {
      subscribers.deliver(accountId, event);
      return Promise.resolve();
    },
    subscribe: (accountId, listener, onEnd) => subscribers.add(accountId, listener, onEnd),
    subscribeAll: (listener, onEnd) => subscribers.addAll(listener, onEnd),
    close: () => {
      subscribers.endAll();
      return Promise.resolve();
    },
  };
}

/**
 * For mutations: the response neither waits for the live update nor fails by it. Buses log
 * their own failures; this only keeps a rejecting bus from becoming an unhandled rejection.
 */
export function publishInBackground(
  events: EventBus,
  accountId: string,
  event: AccountEvent,
): void {
  events.publish(accountId, event).catch(() => {});
}
