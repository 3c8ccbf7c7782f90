// The service worker (ADR 029), served as /sw.js. Built by scripts/vite-service-worker.ts,
// which fills in the list of files of this build and its version. It keeps the app shell and
// the build's files so the app opens offline, and answers nothing of the API: data, the event
// stream and signed file URLs always go to the server.
import {
  CACHE_PREFIX,
  SHELL_URL,
  routeRequest,
  type PrecacheEntry,
  type RequestRoute,
} from './service-worker-rules.ts';
// The worker is one script: it also carries the notifications' push and click handlers (issue
// 20.3), which belong to that feature and are composed here, as src/web/app composes pages.
import { installPushHandlers, type PushWorkerScope } from '../../notifications/push-sw.ts';

declare const __PRECACHE_ENTRIES__: PrecacheEntry[];
declare const __PRECACHE_VERSION__: string;

// The project's TypeScript lib is the DOM one; these are the parts of a service worker's
// scope used here (as qr-worker.ts does for its worker).
type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void };
type FetchEvent = ExtendableEvent & {
  request: Request;
  respondWith(response: Promise<Response>): void;
};
type ExtendableMessageEvent = ExtendableEvent & { data: unknown };
type WorkerScope = {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
};
const worker = self as unknown as WorkerScope;

const ENTRIES = __PRECACHE_ENTRIES__;
const SHELL_CACHE = `${CACHE_PREFIX}shell-${__PRECACHE_VERSION__}`;
const ASSET_CACHE = `${CACHE_PREFIX}assets-${__PRECACHE_VERSION__}`;
const OWN_CACHES = new Set([SHELL_CACHE, ASSET_CACHE]);
const PRECACHED = new Set(ENTRIES.map((entry) => entry.url));

/** A hashed file an earlier version already holds: the same URL is the same bytes. */
async function fromEarlierCache(url: string): Promise<Response | undefined> {
  for (const name of await caches.keys()) {
    if (!name.startsWith(CACHE_PREFIX) || OWN_CACHES.has(name)) continue;
    const hit = await (await caches.open(name)).match(url);
    if (hit) return hit;
  }
  return undefined;
}

async function download(entry: PrecacheEntry): Promise<Response> {
  // An unhashed file (index.html, the manifest) is revalidated past the HTTP cache.
  const response = await fetch(entry.url, {
    cache: entry.revision === null ? 'default' : 'no-cache',
    credentials: 'same-origin',
  });
  if (!response.ok || response.redirected) {
    throw new Error(`precache: ${entry.url} answered ${response.status}`);
  }
  return response;
}

/** Every file of the build, or none: a failed download fails the install (tried again later). */
async function precache(): Promise<void> {
  const cache = await caches.open(SHELL_CACHE);
  await Promise.all(
    ENTRIES.map(async (entry) => {
      if (await cache.match(entry.url)) return;
      const kept = entry.revision === null ? await fromEarlierCache(entry.url) : undefined;
      await cache.put(entry.url, kept ?? (await download(entry)));
    }),
  );
}

/** Earlier versions' caches go once this one is in charge. */
async function activate(): Promise<void> {
  for (const name of await caches.keys()) {
    if (name.startsWith(CACHE_PREFIX) && !OWN_CACHES.has(name)) await caches.delete(name);
  }
  // The first install takes the open pages at once, so they work offline without a reload;
  // after an update the page that asked for it reloads (register-service-worker.ts).
  await worker.clients.claim();
}

async function cachedOrFetched(path: string, request: Request): Promise<Response> {
  return (await caches.match(path, { cacheName: SHELL_CACHE })) ?? fetch(request);
}

async function keptOnceFetched(request: Request): Promise<Response> {
  const cache = await caches.open(ASSET_CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') await cache.put(request, response.clone());
  return response;
}

function respond(route: Exclude<RequestRoute, 'network'>, request: Request): Promise<Response> {
  if (route === 'shell') return cachedOrFetched(SHELL_URL, request);
  if (route === 'precache') return cachedOrFetched(new URL(request.url).pathname, request);
  return keptOnceFetched(request);
}

// No skipWaiting here: a new version waits until the person presses 'Atualizar', so a page
// never runs code from two builds.
worker.addEventListener('install', (event) => event.waitUntil(precache()));
worker.addEventListener('activate', (event) => event.waitUntil(activate()));

worker.addEventListener('message', (event) => {
  const data = event.data;
  if (typeof data === 'object' && data !== null && 'type' in data && data.type === 'SKIP_WAITING') {
    event.waitUntil(worker.skipWaiting());
  }
});

installPushHandlers(self as unknown as PushWorkerScope);

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  const route = routeRequest({
    method: request.method,
    url: new URL(request.url),
    mode: request.mode,
    origin: worker.location.origin,
    precached: PRECACHED,
  });
  if (route !== 'network') event.respondWith(respond(route, request));
});
