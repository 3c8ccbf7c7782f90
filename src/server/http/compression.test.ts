// JSON answers are gzipped only from 1 KB (issue 13.3): a small one is sent as it is, with
// its length, and a large one is gzipped in one go and decodes to the same JSON.
import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { expect, test } from 'vitest';
import { acceptsGzip, compression } from './compression.ts';

const app = new Hono()
  .use(compression())
  .get('/small', (c) => c.json({ used: 3, limit: 100 }))
  .get('/large', (c) => c.json({ items: Array.from({ length: 200 }, (_, i) => ({ i })) }, 201));

const gzipHeaders = { 'accept-encoding': 'gzip, deflate, br' };

test('a JSON answer under 1 KB is not compressed and carries its length', async () => {
  const res = await app.request('/small', { headers: gzipHeaders });
  expect(res.headers.get('content-encoding')).toBeNull();
  expect(res.headers.get('content-length')).toBe(String((await res.clone().text()).length));
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(await res.json()).toEqual({ used: 3, limit: 100 });
});

test('a JSON answer of 1 KB or more is gzipped when the client accepts it', async () => {
  const res = await app.request('/large', { headers: gzipHeaders });
  expect(res.status).toBe(201);
  expect(res.headers.get('content-encoding')).toBe('gzip');
  expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
  const body = gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8');
  expect(JSON.parse(body)).toEqual({ items: Array.from({ length: 200 }, (_, i) => ({ i })) });

  const plain = await app.request('/large');
  expect(plain.headers.get('content-encoding')).toBeNull();
  expect((await plain.json()) as unknown).toHaveProperty('items');
});

test('gzip is accepted unless refused with q=0', () => {
  expect(acceptsGzip('gzip, deflate, br')).toBe(true);
  expect(acceptsGzip('br;q=1, gzip;q=0.5')).toBe(true);
  expect(acceptsGzip('gzip;q=0')).toBe(false);
  expect(acceptsGzip('*')).toBe(true);
  expect(acceptsGzip('br')).toBe(false);
  expect(acceptsGzip(undefined)).toBe(false);
});
