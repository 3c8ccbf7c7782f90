// JSON answers are compressed only from 1 KB (issue 13.3): a small one is sent as it is, with
// its length, and a large one is compressed in one go — brotli when the client takes it, else
// gzip — and decodes to the same JSON.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { expect, test } from 'vitest';
import { chooseEncoding, compression, INLINE_COMPRESSION_MAX_BYTES } from './compression.ts';

/** Larger than what is compressed inline: compressed on libuv's thread pool instead. */
const hugeBody = {
  items: Array.from({ length: INLINE_COMPRESSION_MAX_BYTES / 16 }, (_, i) => ({ name: `n${i}` })),
};

const app = new Hono()
  .use(compression())
  .get('/small', (c) => c.json({ used: 3, limit: 100 }))
  .get('/large', (c) => c.json({ items: Array.from({ length: 200 }, (_, i) => ({ i })) }, 201))
  .get('/huge', (c) => c.json(hugeBody));

const gzipHeaders = { 'accept-encoding': 'gzip, deflate, br' };

test('a JSON answer under 1 KB is not compressed and carries its length', async () => {
  const res = await app.request('/small', { headers: gzipHeaders });
  expect(res.headers.get('content-encoding')).toBeNull();
  expect(res.headers.get('content-length')).toBe(String((await res.clone().text()).length));
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(await res.json()).toEqual({ used: 3, limit: 100 });
});

const largeBody = { items: Array.from({ length: 200 }, (_, i) => ({ i })) };

test('a JSON answer of 1 KB or more is brotli-compressed when the client takes brotli', async () => {
  const res = await app.request('/large', { headers: gzipHeaders });
  expect(res.status).toBe(201);
  expect(res.headers.get('content-encoding')).toBe('br');
  expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
  const body = Buffer.from(await res.arrayBuffer());
  expect(res.headers.get('content-length')).toBe(String(body.byteLength));
  expect(JSON.parse(brotliDecompressSync(body).toString('utf8'))).toEqual(largeBody);
});

test('a JSON answer of 1 KB or more is gzipped for a client that takes gzip only', async () => {
  const res = await app.request('/large', { headers: { 'accept-encoding': 'gzip, deflate' } });
  expect(res.status).toBe(201);
  expect(res.headers.get('content-encoding')).toBe('gzip');
  const body = gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8');
  expect(JSON.parse(body)).toEqual(largeBody);

  const plain = await app.request('/large');
  expect(plain.headers.get('content-encoding')).toBeNull();
  expect((await plain.json()) as unknown).toHaveProperty('items');
});

test('an answer above the inline limit is compressed off the thread, in either encoding', async () => {
  expect(JSON.stringify(hugeBody).length).toBeGreaterThan(INLINE_COMPRESSION_MAX_BYTES);
  const br = await app.request('/huge', { headers: gzipHeaders });
  expect(br.headers.get('content-encoding')).toBe('br');
  const brBody = Buffer.from(await br.arrayBuffer());
  expect(br.headers.get('content-length')).toBe(String(brBody.byteLength));
  expect(JSON.parse(brotliDecompressSync(brBody).toString('utf8'))).toEqual(hugeBody);

  const gz = await app.request('/huge', { headers: { 'accept-encoding': 'gzip' } });
  expect(gz.headers.get('content-encoding')).toBe('gzip');
  const gzBody = gunzipSync(Buffer.from(await gz.arrayBuffer())).toString('utf8');
  expect(JSON.parse(gzBody)).toEqual(hugeBody);
});

test('brotli, then gzip, unless refused with q=0', () => {
  expect(chooseEncoding('gzip, deflate, br')).toBe('br');
  expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
  expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
  expect(chooseEncoding('br;q=0, gzip;q=0')).toBeNull();
  expect(chooseEncoding('gzip, deflate')).toBe('gzip');
  expect(chooseEncoding('*')).toBe('br');
  // A coding named with q=0 is refused even when `*` would take anything.
  expect(chooseEncoding('br;q=0, *')).toBe('gzip');
  expect(chooseEncoding('br;q=0, gzip;q=0, *;q=1')).toBeNull();
  expect(chooseEncoding('deflate')).toBeNull();
  expect(chooseEncoding('')).toBeNull();
  expect(chooseEncoding(undefined)).toBeNull();
});
