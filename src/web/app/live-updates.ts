// Live updates (issue 4 item 8): while a signed-in page is open, GET /api/events tells this tab
// what changed in the account elsewhere — another tab, another device, the overdue job — and
// the caches concerned are invalidated, so whatever is on screen refetches. The events carry
// no data: the server stays the only source of it.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMatch } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { AccountEvent } from '#server/services/events/event-bus.ts';
import { categoriesQueryKey } from '#web/features/categories/api/query-keys.ts';
import { invoicesQueryKey } from '#web/features/invoices/api/create-invoice.ts';
import { profileQueryKey } from '#web/features/profile/api/get-profile.ts';
import { suppliersQueryKey } from '#web/features/suppliers/api/query-keys.ts';

export const EVENTS_URL = '/api/events';
/**
 * A hidden tab lets go of its stream after this long: browsers allow only 6 connections per
 * host over HTTP/1.1, and a stream held by every background tab would starve the seventh.
 * It reconnects, and refetches what it may have missed, when shown again.
 */
export const HIDDEN_DISCONNECT_MS = 60_000;

type EventType = AccountEvent['type'];

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
 * Every key under `invoicesQueryKey` (lists, stats, counter, details) is refreshed on an
 * invoice change; a deleted invoice's detail is dropped rather than refetched into a 404.
 */
export function connectLiveUpdates(
  queryClient: QueryClient,
  environment: LiveUpdatesEnvironment = browserEnvironment(),
): () => void {
  const { page } = environment;
  let source: EventSourceLike | undefined;
  let hasConnected = false;
  let hiddenTimer: ReturnType<typeof setTimeout> | undefined;

  const refreshAll = () => {
    for (const queryKey of [
      invoicesQueryKey,
      profileQueryKey,
      suppliersQueryKey,
      categoriesQueryKey,
    ]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  };

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
        queryClient.removeQueries({ queryKey: [...invoicesQueryKey, 'detail', id], exact: true });
      }
      void queryClient.invalidateQueries({ queryKey: invoicesQueryKey });
      // A supplier's spent amount and invoice count follow its invoices.
      void queryClient.invalidateQueries({ queryKey: suppliersQueryKey });
    });
    next.addEventListener('profile.changed', () => {
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
    });
    next.addEventListener('suppliers.changed', () => {
      void queryClient.invalidateQueries({ queryKey: suppliersQueryKey });
      // Invoice cards carry their supplier's category, tags and spending limit.
      void queryClient.invalidateQueries({ queryKey: invoicesQueryKey });
    });
    next.addEventListener('categories.changed', () => {
      void queryClient.invalidateQueries({ queryKey: categoriesQueryKey });
    });
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
  useEffect(() => {
    if (!isSignedIn) return;
    return connectLiveUpdates(queryClient);
  }, [isSignedIn, queryClient]);
}
