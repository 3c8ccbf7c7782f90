// Live updates (issue 4 item 8): while a signed-in page is open, GET /api/events tells this tab
// what changed in the account elsewhere — another tab, another device, the overdue job — and
// the caches concerned are invalidated, so whatever is on screen refetches. The events carry
// no data: the server stays the only source of it.
import { useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useMatch } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { AccountEvent } from '#server/services/events/event-bus.ts';
import { profileQueryOptions } from '#web/features/profile/api/get-profile.ts';
import {
  ACCOUNT_DATA_ROOTS,
  billingKeys,
  categoryKeys,
  invoiceKeys,
  profileKeys,
  salesKeys,
  savingsKeys,
  summaryKeys,
  supplierKeys,
  supportKeys,
  teamKeys,
} from '#web/lib/query-keys.ts';
import { useAccountSwitchCount } from '#web/lib/account-switch.ts';
import { removeSubscriptionCache } from '#web/lib/subscription-cache.ts';

export const EVENTS_URL = '/api/events';
/**
 * A hidden tab lets go of its stream after this long: browsers allow only 6 connections per
 * host over HTTP/1.1, and a stream held by every background tab would starve the seventh.
 * It reconnects, and refetches what it may have missed, when shown again.
 */
export const HIDDEN_DISCONNECT_MS = 60_000;

type EventType = AccountEvent['type'];
/** The events this module refreshes caches on (sessions.revoked is the server's own). */
type DataEventType = Exclude<EventType, 'sessions.revoked'>;

/** What each event refreshes, named by the key factories (every key under each root). */
export const REFRESHED_BY_EVENT: Readonly<Record<DataEventType, readonly QueryKey[]>> = {
  // A supplier's spent amount and invoice count follow its invoices; so does the month's
  // usage on the subscription screen.
  'invoices.changed': [
    invoiceKeys.all,
    supplierKeys.all,
    billingKeys.all,
    // The cost of goods sold and the savings are sums of invoices.
    salesKeys.all,
    savingsKeys.all,
    // The open monthly summary (/resumo) follows a payment made in another tab.
    summaryKeys.all,
  ],
  // The summary's own spending is by the profile's NIFs.
  'profile.changed': [profileKeys.all, summaryKeys.all],
  // Invoice cards carry their supplier's category, tags and spending limit.
  // A supplier's category decides its invoices' place in the CMV, its main category whether
  // they are savings.
  'suppliers.changed': [
    supplierKeys.all,
    invoiceKeys.all,
    salesKeys.all,
    savingsKeys.all,
    summaryKeys.all,
  ],
  'categories.changed': [categoryKeys.all, salesKeys.all, summaryKeys.all],
  // The summary's cash flow and VAT collected come from the sales records.
  'sales.changed': [salesKeys.all, summaryKeys.all],
  'savings.changed': [savingsKeys.all],
  // The profile carries the plan in force; the usage counter's limit follows it.
  'subscription.changed': [profileKeys.all, invoiceKeys.all, billingKeys.all],
  // Who acts, and what they may do, may have changed with the team.
  'team.changed': [profileKeys.all, teamKeys.all],
  // Support answered (the admin CLI), or the person wrote from another tab: the open chat.
  'support.changed': [supportKeys.all],
};

/** What this module needs of an EventSource (a fake one in tests). */
export type EventSourceLike = {
  addEventListener(type: 'open' | EventType, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
};

/** What this module needs of `document`. */
export type PageVisibility = {
  readonly visibilityState: DocumentVisibilityState;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
};

export type LiveUpdatesEnvironment = {
  openEventSource: (url: string) => EventSourceLike;
  page: PageVisibility;
};

const browserEnvironment = (): LiveUpdatesEnvironment => ({
  openEventSource: (url) => new EventSource(url),
  page: document,
});

/** What an `invoices.changed` message says, read defensively: nothing when malformed. */
function readInvoicesChanged(data: string): { isDeletion: boolean; ids: string[] } {
  try {
    const parsed: unknown = JSON.parse(data);
    if (typeof parsed === 'object' && parsed !== null && 'action' in parsed && 'ids' in parsed) {
      const { action, ids } = parsed;
      return {
        isDeletion: action === 'deleted',
        ids: Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [],
      };
    }
  } catch {
    // Not JSON: still a change, so the caches are refreshed below.
  }
  return { isDeletion: false, ids: [] };
}

/**
 * Opens the stream and keeps the caches in step until the returned function closes it.
 * Each event refreshes the roots REFRESHED_BY_EVENT names (every list, count and detail under
 * them); a deleted invoice's detail is dropped rather than refetched into a 404.
 */
export function connectLiveUpdates(
  queryClient: QueryClient,
  environment: LiveUpdatesEnvironment = browserEnvironment(),
): () => void {
  const { page } = environment;
  let source: EventSourceLike | undefined;
  let hasConnected = false;
  let hiddenTimer: ReturnType<typeof setTimeout> | undefined;

  const refresh = (keys: readonly QueryKey[]) => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
  const refreshAll = () => refresh(ACCOUNT_DATA_ROOTS);

  const open = () => {
    const next = environment.openEventSource(EVENTS_URL);
    next.addEventListener('open', () => {
      // Any open after the first follows an error or a hidden spell: events may have been
      // missed meanwhile, and nothing replays them.
      if (hasConnected) refreshAll();
      hasConnected = true;
    });
    next.addEventListener('invoices.changed', ({ data }) => {
      const { isDeletion, ids } = readInvoicesChanged(data);
      for (const id of isDeletion ? ids : []) {
        queryClient.removeQueries({ queryKey: invoiceKeys.detail(id), exact: true });
      }
      refresh(REFRESHED_BY_EVENT['invoices.changed']);
    });
    // A plan changed elsewhere (checkout, the admin CLI): the device's copy is out of date.
    next.addEventListener('subscription.changed', () => {
      removeSubscriptionCache();
      refresh(REFRESHED_BY_EVENT['subscription.changed']);
    });
    for (const type of [
      'profile.changed',
      'suppliers.changed',
      'categories.changed',
      'sales.changed',
      'savings.changed',
      'team.changed',
      'support.changed',
    ] as const) {
      next.addEventListener(type, () => refresh(REFRESHED_BY_EVENT[type]));
    }
    source = next;
  };

  const close = () => {
    source?.close();
    source = undefined;
  };

  const onVisibilityChange = () => {
    clearTimeout(hiddenTimer);
    if (page.visibilityState === 'hidden') {
      hiddenTimer = setTimeout(close, HIDDEN_DISCONNECT_MS);
    } else if (!source) {
      open();
    }
  };

  open();
  page.addEventListener('visibilitychange', onVisibilityChange);
  return () => {
    page.removeEventListener('visibilitychange', onVisibilityChange);
    clearTimeout(hiddenTimer);
    close();
  };
}

/**
 * Keeps this tab live while a signed-in page is shown (the protected layout is matched);
 * mount it once, inside the QueryClientProvider.
 */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  const isSignedIn =
    useMatch({ from: '/app/protected', shouldThrow: false, select: () => true }) ?? false;
  // Not while no profile acts (ADR 024): the stream, like every account call, is refused then.
  const isActing =
    useQuery({
      ...profileQueryOptions,
      enabled: isSignedIn,
      select: (profile) => profile.acting.kind !== 'pending',
    }).data ?? false;
  const isLive = isSignedIn && isActing;
  // The stream listens to one account: after a switch it reopens on the new one.
  const accountSwitchCount = useAccountSwitchCount();
  useEffect(() => {
    if (!isLive) return;
    return connectLiveUpdates(queryClient);
  }, [isLive, queryClient, accountSwitchCount]);
}
