// The secret just made, kept in this tab's memory only — never in storage, never in the query
// cache — so /integracoes can show it until the user leaves, and /test-integracoes can read
// the feed with it without asking for it again. A reload forgets it, as the server has.
import { useSyncExternalStore } from 'react';
import type { FeedPaths } from './feed-urls.ts';

let revealed: FeedPaths | null = null;
const listeners = new Set<() => void>();

export function setRevealedFeed(paths: FeedPaths | null): void {
  revealed = paths;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useRevealedFeed(): FeedPaths | null {
  return useSyncExternalStore(
    subscribe,
    () => revealed,
    () => null,
  );
}
