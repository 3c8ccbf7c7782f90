import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createUrlSigner } from '#server/services/storage/signed-url.ts';
import { createStorage, type Storage } from '#server/services/storage/storage.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

const SECRET = 'segredo-de-teste-'.repeat(3);
const root = mkdtempSync(path.join(tmpdir(), 'papelada-files-route-'));
let t: TestApp;
let storage: Storage;

beforeAll(async () => {
  storage = createStorage({ root, secret: SECRET });
  t = await createTestApp({ storage });
  await storage.put('conta-a/avatar-1-aa.webp', new Uint8Array([1, 2, 3]), 'image/webp');
  await storage.put(
    'conta-a/pagina.html',
    new TextEncoder().encode('<script>x</script>'),
    'text/html',
  );
});

afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

const forbidden = {
  error: { code: 'FORBIDDEN', message: 'O link deste ficheiro é inválido ou expirou.' },
};

test('a valid signed URL serves the file with its type, inline, privately cached', async () => {
  const res = await t.app.request(storage.signedUrl('conta-a/avatar-1-aa.webp'));
  expect(res.status).toBe(200);
  expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
  expect(res.headers.get('content-type')).toBe('image/webp');
  expect(res.headers.get('content-disposition')).toBe('inline');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
});

test('a stored file is never served with an executable type', async () => {
  const res = await t.app.request(storage.signedUrl('conta-a/pagina.html'));
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/octet-stream');
});

test('a tampered signature, path or expiry is refused with 403', async () => {
  const url = new URL(storage.signedUrl('conta-a/avatar-1-aa.webp'), 'http://localhost');
  const sig = url.searchParams.get('sig') ?? '';
  const variants = [
    `${url.pathname}?expires=${url.searchParams.get('expires')}&sig=${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`,
    `/api/files/conta-b/avatar-1-aa.webp${url.search}`,
    `${url.pathname}?expires=${Number(url.searchParams.get('expires')) + 600}&sig=${sig}`,
    url.pathname,
  ];
  for (const variant of variants) {
    const res = await t.app.request(variant);
    expect(res.status, variant).toBe(403);
    expect(await res.json()).toEqual(forbidden);
  }
});

test('an expired link is refused even with its genuine signature', async () => {
  const past = new Date(Date.now() - 2 * 3600 * 1000);
  const expired = createUrlSigner(SECRET).sign('conta-a/avatar-1-aa.webp', 60, past);
  const res = await t.app.request(expired);
  expect(res.status).toBe(403);
  expect(await res.json()).toEqual(forbidden);
});

test('paths that climb out of the storage root are refused', async () => {
  const signer = createUrlSigner(SECRET);
  for (const sneaky of ['../secrets.json', 'conta-a/../../secrets.json', '..%2Fsecrets.json']) {
    // Even a correct signature over the raw path gets nothing.
    const query = new URL(signer.sign('conta-a/avatar-1-aa.webp'), 'http://localhost').search;
    const res = await t.app.request(`/api/files/${sneaky.replaceAll('/', '%2F')}${query}`);
    expect(res.status, sneaky).toBe(403);
  }
  expect(() => storage.signedUrl('../secrets.json')).toThrow();
});

test('a signed URL for a missing file answers 404', async () => {
  const res = await t.app.request(storage.signedUrl('conta-a/nada.webp'));
  expect(res.status).toBe(404);
});
