// Issue 12.8: no private answer may be kept by a shared cache or the back button. Walks every
// GET route the app has, so a route added later is covered without touching this file.
import { Hono } from 'hono';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { signUpVerified } from '#server/features/auth/test-helpers.ts';
import { createTestApp, LOOPBACK_ENV, type TestApp } from '#tests/setup/test-app.ts';
import { noStore } from './no-store.ts';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await signUpVerified(t, 'cache@exemplo.pt');
});

afterAll(async () => {
  await t.close();
});

/** Every GET path under /api, parameters filled with values that name nothing. */
function apiGetPaths(): string[] {
  const paths = t.app.routes
    .filter((route) => route.method === 'GET' && route.path.startsWith('/api/'))
    .map((route) =>
      route.path
        .replace(/:nif\b/, '123456789')
        .replace(/:[a-zA-Z]+/g, '00000000-0000-4000-8000-000000000000')
        .replace(/\*$/, 'nada'),
    );
  return [...new Set(paths)];
}

async function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  const res = await t.app.request(path, { headers }, LOOPBACK_ENV);
  // The event stream never ends by itself: its headers are all this test needs.
  await res.body?.cancel();
  return res;
}

const isPrivate = (value: string | null) => /\b(no-store|no-cache|private)\b/.test(value ?? '');

test('the list endpoints answer a session with Cache-Control: no-store', async () => {
  for (const path of [
    '/api/invoices',
    '/api/invoices/stats',
    '/api/invoices/counter',
    '/api/suppliers',
    '/api/profile',
    '/api/categories',
    '/api/emails',
    '/api/auth/get-session',
  ]) {
    const res = await get(path, { cookie });
    expect(res.status, path).toBe(200);
    expect(res.headers.get('cache-control'), path).toBe('no-store');
  }
});

test('every GET route under /api, with a session or without, says it must not be stored', async () => {
  const paths = apiGetPaths();
  expect(paths).toContain('/api/invoices/stats');
  expect(paths.length).toBeGreaterThan(15);
  const withAndWithoutSession: Record<string, string>[] = [{ cookie }, {}];
  for (const path of paths) {
    for (const headers of withAndWithoutSession) {
      const res = await get(path, headers);
      expect(isPrivate(res.headers.get('cache-control')), `${path} ${res.status}`).toBe(true);
    }
  }
});

test('refusals and errors carry no-store too: 401, 404 and an unknown /api path', async () => {
  const unauthorised = await get('/api/invoices');
  expect(unauthorised.status).toBe(401);
  expect(unauthorised.headers.get('cache-control')).toBe('no-store');
  const missing = await get('/api/invoices/00000000-0000-4000-8000-000000000000', { cookie });
  expect(missing.status).toBe(404);
  expect(missing.headers.get('cache-control')).toBe('no-store');
  const unknown = await get('/api/nada-aqui', { cookie });
  expect(unknown.status).toBe(404);
  expect(unknown.headers.get('cache-control')).toBe('no-store');
});

test('the event stream is not cached either', async () => {
  const res = await get('/api/events', { cookie });
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  expect(res.headers.get('cache-control')).toMatch(/no-cache|no-store/);
});

test("a handler's private caching is kept; public or bare max-age caching is not", async () => {
  const cases = [
    ['private, max-age=600', 'private, max-age=600'],
    ['no-cache', 'no-cache'],
    ['public, max-age=600', 'no-store'],
    ['max-age=600', 'no-store'],
  ] as const;
  const app = new Hono().use(noStore());
  cases.forEach(([set], i) => app.get(`/${i}`, (c) => c.text('x', 200, { 'Cache-Control': set })));
  // A response passed through from elsewhere has immutable headers.
  app.get('/proxied', () => Response.redirect('http://localhost/x', 302));
  for (const [i, [set, expected]] of cases.entries()) {
    expect((await app.request(`/${i}`)).headers.get('cache-control'), set).toBe(expected);
  }
  expect((await app.request('/proxied')).headers.get('cache-control')).toBe('no-store');
});
