// Live changes per account (issue 4 "Live updates"): a mutation publishes what changed, and
// every open Server-Sent Events stream of that account hears it. The in-process bus serves one
// server; across instances the PostgreSQL adapter relays through LISTEN/NOTIFY.
import { EventEmitter } from 'node:events';

/** What changed. Clients invalidate or patch their caches from it; ids are hints, not data. */
export type AccountEvent =
  | {
      type: 'invoices.changed';
      action: 'created' | 'updated' | 'deleted' | 'expired';
      /** The invoices concerned, when known (an expiry run may touch many). */
      ids: string[];
    }
  | { type: 'profile.changed' };

export type AccountEventListener = (event: AccountEvent) => void;

export interface EventBus {
  /** Never throws: a lost live update costs a refetch, never the request that made the change. */
  publish(accountId: string, event: AccountEvent): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(accountId: string, listener: AccountEventListener): () => void;
  close(): Promise<void>;
}

/** One process: an EventEmitter keyed by account id. */
export function createInProcessEventBus(): EventBus {
  const emitter = new EventEmitter();
  // Every open tab of every account is a listener; the default cap of 10 is a leak detector
  // meant for code that forgets to unsubscribe, which the SSE route never does.
  emitter.setMaxListeners(0);
  return {
    publish: (accountId, event) => {
      emitter.emit(accountId, event);
      return Promise.resolve();
    },
    subscribe: (accountId, listener) => {
      emitter.on(accountId, listener);
      return () => emitter.off(accountId, listener);
    },
    close: () => {
      emitter.removeAllListeners();
      return Promise.resolve();
    },
  };
}
