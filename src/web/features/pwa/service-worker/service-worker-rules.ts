// What the service worker keeps and which requests it answers (ADR 029). Pure, so the build
// (scripts/vite-service-worker.ts) and the worker share one list, and a unit test pins it.

/** Every cache the worker owns starts with this; anything else on the origin is left alone. */
export const CACHE_PREFIX = 'papelada-';

/** The document every app route is served from (the SPA's client-side routes). */
export const SHELL_URL = '/index.html';

/** One file of the build kept for offline use; `revision` changes with a file whose name does not. */
export type PrecacheEntry = { url: string; revision: string | null };

// Inter's Cyrillic, Greek, Vietnamese and Latin Extended subsets: a page asks for one only when
// it shows such characters (CSS unicode-range), so they are kept when first used, not up front.
const RARE_FONT = /^assets\/inter-(?:cyrillic|greek|vietnamese|latin-ext)/;

/**
 * Whether a file of the build (a path relative to the output folder) is precached: the shell,
 * every script, style and wasm (the QR reader works offline), the icons and the manifest.
 * Never the worker itself, robots.txt or source maps.
 */
export function isPrecached(file: string): boolean {
  if (file === 'sw.js' || file === 'robots.txt' || file.endsWith('.map')) return false;
  return !RARE_FONT.test(file);
}

/** Files under assets/ carry a content hash in their name: the URL alone says which version. */
export function isHashedAsset(file: string): boolean {
  return file.startsWith('assets/');
}

export type RequestFacts = {
  method: string;
  url: URL;
  /** Request.mode: 'navigate' for a document the browser is opening. */
  mode: string;
  /** The worker's own origin. */
  origin: string;
  /** Paths of the precached files. */
  precached: ReadonlySet<string>;
};

/**
 * How the worker answers a request:
 * - 'shell': an app route being opened → the precached index.html (the page runs the worker's
 *   build until the person takes the new one: 'Nova versão disponível');
 * - 'precache': a file of this build → from the cache, else the network;
 * - 'asset': another hashed file (a rare font subset) → cached once fetched;
 * - 'network': not touched at all — the API (its data, the event stream, the signed file URLs
 *   under /api/files), the dev mailbox page, other origins, every write.
 */
export function routeRequest({ method, url, mode, origin, precached }: RequestFacts) {
  if (method !== 'GET' || url.origin !== origin) return 'network';
  const path = url.pathname;
  if (path === '/api' || path.startsWith('/api/') || path.startsWith('/dev/')) return 'network';
  if (path === '/sw.js') return 'network';
  if (mode === 'navigate') {
    // Like the server's SPA fallback: a path with a file extension is a file, not a route.
    return /\.[^/]*$/.test(path) ? 'network' : 'shell';
  }
  if (precached.has(path)) return 'precache';
  return path.startsWith('/assets/') ? 'asset' : 'network';
}

export type RequestRoute = ReturnType<typeof routeRequest>;
