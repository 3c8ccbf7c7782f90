// The device's subscription cache (spec accounts §9: "Subscription and invoice-limit cache:
// 1 hour (local storage key subscription_cache)"). It holds the last GET
// /api/billing/subscription answer of one user, so /subscription paints at once on the next
// visit; it is cleared on sign-in, on sign-out and after any plan change (spec accounts §4),
// and an entry of another user, or older than an hour, is never read.

export const SUBSCRIPTION_CACHE_KEY = 'subscription_cache';
export const SUBSCRIPTION_CACHE_MS = 60 * 60_000;

type CacheStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type SubscriptionCacheEntry<T> = { userId: string; savedAt: number; data: T };

function browserStorage(): CacheStorage | undefined {
  return typeof localStorage === 'undefined' ? undefined : localStorage;
}

function isEntry(value: unknown): value is SubscriptionCacheEntry<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const { userId, savedAt, data } = value as Record<string, unknown>;
  return (
    typeof userId === 'string' &&
    typeof savedAt === 'number' &&
    Number.isFinite(savedAt) &&
    typeof data === 'object' &&
    data !== null
  );
}

/**
 * The cached answer of `userId` if it is younger than an hour and `isData` accepts its shape
 * (a cache written by an older version of the app is ignored); otherwise undefined.
 */
export function readSubscriptionCache<T>(
  userId: string,
  isData: (value: unknown) => value is T,
  now: number = Date.now(),
  storage: CacheStorage | undefined = browserStorage(),
): SubscriptionCacheEntry<T> | undefined {
  try {
    const raw = storage?.getItem(SUBSCRIPTION_CACHE_KEY);
    if (!raw) return undefined;
    const entry: unknown = JSON.parse(raw);
    if (!isEntry(entry) || entry.userId !== userId) return undefined;
    const age = now - entry.savedAt;
    if (age < 0 || age >= SUBSCRIPTION_CACHE_MS) return undefined;
    return isData(entry.data) ? { ...entry, data: entry.data } : undefined;
  } catch {
    // Unreadable storage or JSON: as if nothing were cached.
    return undefined;
  }
}

export function writeSubscriptionCache<T>(
  userId: string,
  data: T,
  now: number = Date.now(),
  storage: CacheStorage | undefined = browserStorage(),
): void {
  try {
    const entry: SubscriptionCacheEntry<T> = { userId, savedAt: now, data };
    storage?.setItem(SUBSCRIPTION_CACHE_KEY, JSON.stringify(entry));
  } catch {
    /* storage full or refused: the next visit asks the server */
  }
}

export function removeSubscriptionCache(
  storage: CacheStorage | undefined = browserStorage(),
): void {
  try {
    storage?.removeItem(SUBSCRIPTION_CACHE_KEY);
  } catch {
    /* storage unavailable: nothing was cached there either */
  }
}
