// The signed URLs of stored photos (spec invoice-work §7 "Storage"). The server signs a URL for
// 3600 s; one is reused while more than 30 minutes of it remain and is forgotten 50 minutes
// after it was signed, whichever comes first. Paths asked for in the same tick go to the server
// in one request (at most `maxBatch` paths each), so a page of cards costs one round trip.

export type SignedPhoto = { url: string; thumbUrl: string; expiresAt: string };

/** The server's answer: a path it would not sign (another account's) is left out. */
export type SignPaths = (paths: string[]) => Promise<Record<string, SignedPhoto>>;

export const REUSE_MARGIN_MS = 30 * 60_000;
export const CACHE_LIFETIME_MS = 50 * 60_000;
/** §7: the photos of a list page are signed ahead, at most 10. */
export const PREFETCH_LIMIT = 10;

type CachedPhoto = { photo: SignedPhoto; signedAt: number };

/** Whether a URL signed at `signedAt` may still be handed out at `now`. */
export function isReusable(entry: CachedPhoto, now: number): boolean {
  const expiresAt = Date.parse(entry.photo.expiresAt);
  return expiresAt - now > REUSE_MARGIN_MS && now - entry.signedAt < CACHE_LIFETIME_MS;
}

type Waiter = { resolve(photo: SignedPhoto | null): void; reject(error: unknown): void };

type CacheOptions = {
  sign: SignPaths;
  now?: () => number;
  /** Runs the batch once the current tick's requests are in. */
  schedule?: (flush: () => void) => void;
  maxBatch?: number;
};

export type SignedUrlCache = ReturnType<typeof createSignedUrlCache>;

export function createSignedUrlCache({
  sign,
  now = Date.now,
  schedule = (flush) => void setTimeout(flush, 0),
  maxBatch = 20,
}: CacheOptions) {
  const cache = new Map<string, CachedPhoto>();
  // Asked for and not signed yet: one promise per path, however many images want it.
  const pending = new Map<string, Promise<SignedPhoto | null>>();
  let queue = new Map<string, Waiter>();

  async function signBatch(batch: Map<string, Waiter>) {
    const paths = [...batch.keys()];
    try {
      const urls = await sign(paths);
      const signedAt = now();
      for (const [path, waiter] of batch) {
        const photo = urls[path];
        if (photo) cache.set(path, { photo, signedAt });
        waiter.resolve(photo ?? null);
      }
    } catch (error) {
      for (const waiter of batch.values()) waiter.reject(error);
    } finally {
      for (const path of paths) pending.delete(path);
    }
  }

  function flush() {
    const waiting = [...queue];
    queue = new Map();
    for (let start = 0; start < waiting.length; start += maxBatch) {
      void signBatch(new Map(waiting.slice(start, start + maxBatch)));
    }
  }

  /** The cached URL while it may be reused; a stale one is dropped. */
  function peek(path: string): SignedPhoto | undefined {
    const entry = cache.get(path);
    if (!entry) return undefined;
    if (isReusable(entry, now())) return entry.photo;
    cache.delete(path);
    return undefined;
  }

  /** The signed URL of `path`; null when the server would not sign it. */
  function get(path: string): Promise<SignedPhoto | null> {
    const cached = peek(path);
    if (cached) return Promise.resolve(cached);
    const inFlight = pending.get(path);
    if (inFlight) return inFlight;
    const promise = new Promise<SignedPhoto | null>((resolve, reject) => {
      if (queue.size === 0) schedule(flush);
      queue.set(path, { resolve, reject });
    });
    pending.set(path, promise);
    return promise;
  }

  /** Signs ahead the first `limit` paths not cached yet; failures wait for the images. */
  function prefetch(paths: readonly string[], limit = PREFETCH_LIMIT): void {
    const wanted = [...new Set(paths)].filter((path) => !peek(path) && !pending.has(path));
    for (const path of wanted.slice(0, limit)) get(path).catch(() => undefined);
  }

  /** Drops the cached URL (it failed to load), so the next `get` asks for a fresh one. */
  function forget(path: string): void {
    cache.delete(path);
  }

  return { peek, get, prefetch, forget };
}
