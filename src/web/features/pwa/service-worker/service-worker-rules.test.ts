import { expect, test } from 'vitest';
import { isPrecached, routeRequest, type RequestFacts } from './service-worker-rules.ts';

const ORIGIN = 'https://papelada.example';
const PRECACHED = new Set(['/index.html', '/assets/index-abc123.js', '/manifest.webmanifest']);

function base(): Omit<RequestFacts, 'url'> {
  return { method: 'GET', mode: 'cors', origin: ORIGIN, precached: PRECACHED };
}

function route(path: string, facts: Partial<Omit<RequestFacts, 'url'>> = {}) {
  return routeRequest({ ...base(), ...facts, url: new URL(path, ORIGIN) });
}

test('the API, its event stream and signed file URLs always go to the server', () => {
  expect(route('/api/invoices?period=thisMonth')).toBe('network');
  expect(route('/api/events')).toBe('network');
  expect(route('/api/files/photos/a.jpg?expires=1&signature=x')).toBe('network');
  expect(route('/api/auth/get-session')).toBe('network');
  // Opened as a page too: an emailed verification link, the dev mailbox.
  expect(route('/api/auth/verify-email?token=x', { mode: 'navigate' })).toBe('network');
  expect(route('/dev/emails', { mode: 'navigate' })).toBe('network');
});

test('writes, other origins and the worker itself are never answered from a cache', () => {
  expect(route('/assets/index-abc123.js', { method: 'POST' })).toBe('network');
  expect(routeRequest({ ...base(), url: new URL('https://cdn.example/assets/x.js') })).toBe(
    'network',
  );
  expect(route('/sw.js')).toBe('network');
});

test('app routes open from the precached shell; files with an extension do not', () => {
  expect(route('/', { mode: 'navigate' })).toBe('shell');
  expect(route('/nova-fatura', { mode: 'navigate' })).toBe('shell');
  expect(route('/faturas/509442013?x=1', { mode: 'navigate' })).toBe('shell');
  expect(route('/robots.txt', { mode: 'navigate' })).toBe('network');
});

test('the build files come from the precache; other hashed files are kept once fetched', () => {
  expect(route('/assets/index-abc123.js')).toBe('precache');
  expect(route('/manifest.webmanifest')).toBe('precache');
  expect(route('/assets/inter-greek-wght-normal-x.woff2')).toBe('asset');
  expect(route('/robots.txt')).toBe('network');
});

test('the precache holds the shell and the code, not the worker, maps or rare fonts', () => {
  expect(isPrecached('index.html')).toBe(true);
  expect(isPrecached('assets/index-abc123.js')).toBe(true);
  expect(isPrecached('assets/zxing_reader-abc.wasm')).toBe(true);
  expect(isPrecached('assets/inter-latin-wght-normal-abc.woff2')).toBe(true);
  expect(isPrecached('icon-maskable-512.png')).toBe(true);
  expect(isPrecached('sw.js')).toBe(false);
  expect(isPrecached('robots.txt')).toBe(false);
  expect(isPrecached('assets/index-abc123.js.map')).toBe(false);
  expect(isPrecached('assets/inter-cyrillic-wght-normal-abc.woff2')).toBe(false);
  expect(isPrecached('assets/inter-latin-ext-wght-normal-abc.woff2')).toBe(false);
});
