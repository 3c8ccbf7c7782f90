// The typed API client (hc<AppType>) behind the spec's fetch wrapper (accounts §7
// "Client-side headers"): every call carries X-CSRF-Token — a random 32-byte hex value
// generated here and kept in session storage — and X-Requested-With: XMLHttpRequest.
import { hc } from 'hono/client';
import type { AppType } from '#server/app.ts';

const CSRF_STORAGE_KEY = 'csrf_token';

type TokenStorage = Pick<Storage, 'getItem' | 'setItem'>;

function randomHex(bytes: number): string {
  const buffer = new Uint8Array(bytes);
  crypto.getRandomValues(buffer);
  return Array.from(buffer, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The tab's CSRF token, created on first use. */
export function getCsrfToken(storage: TokenStorage = sessionStorage): string {
  const existing = storage.getItem(CSRF_STORAGE_KEY);
  if (existing && /^[0-9a-f]{64}$/.test(existing)) return existing;
  const token = randomHex(32);
  storage.setItem(CSRF_STORAGE_KEY, token);
  return token;
}

/** fetch with the security headers and same-origin cookies. */
export function createApiFetch(
  baseFetch: typeof fetch = (input, init) => fetch(input, init),
  storage?: TokenStorage,
): typeof fetch {
  return (input, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set('X-CSRF-Token', getCsrfToken(storage));
    headers.set('X-Requested-With', 'XMLHttpRequest');
    return baseFetch(input, { ...init, headers, credentials: 'same-origin' });
  };
}

export const api = hc<AppType>(
  typeof location === 'undefined' ? 'http://localhost' : location.origin,
  {
    fetch: createApiFetch(),
  },
);
