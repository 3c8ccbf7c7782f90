// The show/hide amounts toggle (spec invoice-work §2): remembered on the device under
// `stats_amounts_visibility`, shared by the header button and every amount on the page, and
// kept in step across tabs through the storage event.
import { useSyncExternalStore } from 'react';

export const AMOUNTS_VISIBILITY_KEY = 'stats_amounts_visibility';

type VisibilityStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** Visible unless the device remembers 'false'; unreadable storage shows amounts. */
export function readAmountsVisible(storage: VisibilityStorage | undefined): boolean {
  try {
    return storage?.getItem(AMOUNTS_VISIBILITY_KEY) !== 'false';
  } catch {
    return true;
  }
}

function browserStorage(): VisibilityStorage | undefined {
  return typeof localStorage === 'undefined' ? undefined : localStorage;
}

const listeners = new Set<() => void>();
// The page's value: read once, then changed by the toggle or by another tab. Storage that
// refuses writes (private mode, full) still lets the choice apply until the page closes.
let current: boolean | undefined;

function snapshot(): boolean {
  current ??= readAmountsVisible(browserStorage());
  return current;
}

function notify() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== AMOUNTS_VISIBILITY_KEY && event.key !== null) return;
    current = readAmountsVisible(browserStorage());
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function setAmountsVisible(isVisible: boolean): void {
  current = isVisible;
  try {
    browserStorage()?.setItem(AMOUNTS_VISIBILITY_KEY, String(isVisible));
  } catch {
    // Kept in memory only; see `current`.
  }
  notify();
}

export function useAmountsVisible(): [boolean, (isVisible: boolean) => void] {
  const isVisible = useSyncExternalStore(subscribe, snapshot, () => true);
  return [isVisible, setAmountsVisible];
}
