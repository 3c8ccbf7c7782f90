// Moving this browser into another account (issue 18.5): accepting an invitation or choosing
// another account in the drawer. The server switches the session's account (its team cookie);
// everything cached here belongs to the account left behind, so it is dropped and the screens
// load the new account's data, and the live stream, which listens to one account, reconnects.
import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { sessionQueryKey } from './session.ts';
import { removeSubscriptionCache } from './subscription-cache.ts';

let switchCount = 0;
const listeners = new Set<() => void>();

export function subscribeToAccountSwitch(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** How many times this page has changed account. */
export function accountSwitchCount(): number {
  return switchCount;
}

/** The same count for a component: the live stream reopens when it changes. */
export function useAccountSwitchCount(): number {
  return useSyncExternalStore(subscribeToAccountSwitch, accountSwitchCount, accountSwitchCount);
}

/**
 * Forgets every cached answer but the sign-in session (the same person is still signed in):
 * each query goes back to its initial state, and those on screen fetch again at once.
 */
export async function resetAfterAccountSwitch(queryClient: QueryClient): Promise<void> {
  switchCount += 1;
  for (const listener of listeners) listener();
  removeSubscriptionCache();
  await queryClient.resetQueries({
    predicate: (query) => query.queryKey[0] !== sessionQueryKey[0],
  });
}
