import { expect, test } from 'vitest';
import {
  CACHE_LIFETIME_MS,
  createSignedUrlCache,
  isReusable,
  REUSE_MARGIN_MS,
  type SignedPhoto,
} from './signed-url-cache.ts';

const MINUTE = 60_000;
const T0 = Date.parse('2026-11-21T10:00:00Z');

function signedFor(path: string, expiresAt: number): SignedPhoto {
  return {
    url: `/api/files/${path}?expires=${expiresAt / 1000}&sig=s`,
    thumbUrl: `/api/files/${path}.thumb?expires=${expiresAt / 1000}&sig=s`,
    expiresAt: new Date(expiresAt).toISOString(),
  };
}

/** A cache over a fake server that signs for 3600 s and records each request's paths. */
function setup(options: { refuse?: string[]; fail?: boolean; maxBatch?: number } = {}) {
  let clock = T0;
  const requests: string[][] = [];
  const flushes: (() => void)[] = [];
  const cache = createSignedUrlCache({
    now: () => clock,
    schedule: (flush) => void flushes.push(flush),
    maxBatch: options.maxBatch,
    sign: async (paths) => {
      requests.push(paths);
      if (options.fail) throw new Error('Erro ao carregar imagem');
      const signedAt = clock;
      return Object.fromEntries(
        paths
          .filter((path) => !options.refuse?.includes(path))
          .map((path) => [path, signedFor(path, signedAt + 3600_000)]),
      );
    },
  });
  return {
    cache,
    requests,
    /** Ends the tick: the queued paths go to the server. */
    tick() {
      for (const flush of flushes.splice(0)) flush();
    },
    advance(ms: number) {
      clock += ms;
    },
  };
}

test('a signed URL is reused while more than 30 minutes remain and for at most 50 minutes', () => {
  const entry = { photo: signedFor('a/1.jpg', T0 + 60 * MINUTE), signedAt: T0 };
  expect(isReusable(entry, T0)).toBe(true);
  expect(isReusable(entry, T0 + 29 * MINUTE)).toBe(true);
  // 30 minutes left: no longer handed out.
  expect(isReusable(entry, T0 + 30 * MINUTE)).toBe(false);
  // A URL that runs much longer still goes 50 minutes after it was signed.
  const long = { photo: signedFor('a/1.jpg', T0 + 120 * MINUTE), signedAt: T0 };
  expect(isReusable(long, T0 + CACHE_LIFETIME_MS - 1)).toBe(true);
  expect(isReusable(long, T0 + CACHE_LIFETIME_MS)).toBe(false);
  expect(REUSE_MARGIN_MS).toBe(30 * MINUTE);
});

test('paths asked for in the same tick are signed in one request', async () => {
  const { cache, requests, tick } = setup();
  const asked = [cache.get('a/1.jpg'), cache.get('a/2.jpg'), cache.get('a/1.jpg')];
  expect(requests).toEqual([]);
  tick();
  const [first, second, again] = await Promise.all(asked);
  expect(requests).toEqual([['a/1.jpg', 'a/2.jpg']]);
  expect(first?.url).toContain('/api/files/a/1.jpg');
  expect(second?.thumbUrl).toContain('a/2.jpg.thumb');
  expect(again).toEqual(first);
});

test('a cached URL is answered without asking the server until it may no longer be reused', async () => {
  const { cache, requests, tick, advance } = setup();
  const first = cache.get('a/1.jpg');
  tick();
  const signed = await first;
  advance(29 * MINUTE);
  expect(cache.peek('a/1.jpg')).toEqual(signed);
  expect(await cache.get('a/1.jpg')).toEqual(signed);
  expect(requests).toHaveLength(1);

  advance(1 * MINUTE);
  expect(cache.peek('a/1.jpg')).toBeUndefined();
  const fresh = cache.get('a/1.jpg');
  tick();
  expect((await fresh)?.expiresAt).not.toBe(signed?.expiresAt);
  expect(requests).toHaveLength(2);
});

test('more paths than one request may carry are split into batches', async () => {
  const { cache, requests, tick } = setup({ maxBatch: 2 });
  const asked = ['a/1', 'a/2', 'a/3', 'a/4', 'a/5'].map((path) => cache.get(path));
  tick();
  await Promise.all(asked);
  expect(requests).toEqual([['a/1', 'a/2'], ['a/3', 'a/4'], ['a/5']]);
});

test('a path the server leaves out answers null and is not cached', async () => {
  const { cache, tick } = setup({ refuse: ['b/other.jpg'] });
  const asked = [cache.get('a/1.jpg'), cache.get('b/other.jpg')];
  tick();
  const [mine, other] = await Promise.all(asked);
  expect(mine).not.toBeNull();
  expect(other).toBeNull();
  expect(cache.peek('b/other.jpg')).toBeUndefined();
});

test('a failed request rejects every path of its batch, and the next ask tries again', async () => {
  const failing = setup({ fail: true });
  const asked = [failing.cache.get('a/1.jpg'), failing.cache.get('a/2.jpg')];
  failing.tick();
  await expect(asked[0]).rejects.toThrow('Erro ao carregar imagem');
  await expect(asked[1]).rejects.toThrow('Erro ao carregar imagem');
  const retry = failing.cache.get('a/1.jpg');
  failing.tick();
  await expect(retry).rejects.toThrow();
  expect(failing.requests).toHaveLength(2);
});

test('a forgotten URL is signed afresh', async () => {
  const { cache, requests, tick } = setup();
  const first = cache.get('a/1.jpg');
  tick();
  await first;
  cache.forget('a/1.jpg');
  const again = cache.get('a/1.jpg');
  tick();
  await again;
  expect(requests).toEqual([['a/1.jpg'], ['a/1.jpg']]);
});

test('prefetch signs at most 10 uncached paths in one request', async () => {
  const { cache, requests, tick } = setup();
  const cachedFirst = cache.get('p/0');
  tick();
  await cachedFirst;
  const paths = Array.from({ length: 14 }, (_, i) => `p/${i}`);
  cache.prefetch([...paths, 'p/1']);
  tick();
  await Promise.resolve();
  expect(requests).toHaveLength(2);
  expect(requests[1]).toEqual(paths.slice(1, 11));
});
