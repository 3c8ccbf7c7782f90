import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { signUpVerified } from '#server/features/auth/test-helpers.ts';
import { accountIdOf } from '#server/features/invoices/invoice-test-helpers.ts';
import { createUrlSigner } from '#server/services/storage/signed-url.ts';
import { photoThumbnailPath } from '#server/services/storage/storage-path.ts';
import { createStorage, type Storage } from '#server/services/storage/storage.ts';
import {
  createTestApp,
  TEST_CSRF_TOKEN,
  TEST_ORIGIN,
  type TestApp,
} from '#tests/setup/test-app.ts';
import type { SignedFileUrl } from './files.routes.ts';

const SECRET = 'segredo-de-teste-'.repeat(3);
const root = mkdtempSync(path.join(tmpdir(), 'papelada-files-route-'));
let t: TestApp;
let storage: Storage;
let ana: string;
let anaId: string;
let rui: string;
let ruiId: string;
let avatar: string;
let photo: string;

beforeAll(async () => {
  storage = createStorage({ root, secret: SECRET });
  t = await createTestApp({ storage });
  ana = await signUpVerified(t, 'ana.ficheiros@exemplo.pt');
  anaId = await accountIdOf(t, ana);
  rui = await signUpVerified(t, 'rui.ficheiros@exemplo.pt');
  ruiId = await accountIdOf(t, rui);
  avatar = `${anaId}/avatar-1-aa.webp`;
  photo = `${anaId}/0b6f3c1e-8d5a-4c2b-9f1e-2a3b4c5d6e7f-1763700000000-a1b2c3d4e5f6.jpg`;
  await storage.put(avatar, new Uint8Array([1, 2, 3]), 'image/webp');
  await storage.put(photo, new Uint8Array([4, 5, 6]), 'image/jpeg');
  await storage.put(photoThumbnailPath(photo), new Uint8Array([7, 8]), 'image/webp');
  await storage.put(
    `${anaId}/pagina.html`,
    new TextEncoder().encode('<script>x</script>'),
    'text/html',
  );
});

afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

const forbidden = {
  error: { code: 'INVALID_FILE_LINK', message: 'O link deste ficheiro é inválido ou expirou.' },
};

const get = (url: string, cookie?: string) =>
  t.app.request(url, { headers: cookie ? { cookie } : {} });

function sign(body: unknown, cookie = ana) {
  return t.app.request('/api/files/sign', {
    method: 'POST',
    headers: {
      cookie,
      origin: TEST_ORIGIN,
      'x-csrf-token': TEST_CSRF_TOKEN,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
}

async function urlsOf(res: Response): Promise<Record<string, SignedFileUrl>> {
  const body: { urls: Record<string, SignedFileUrl> } = await res.json();
  return body.urls;
}

test('POST /sign gives signed URLs for an hour for the account’s own files, a thumbnail for photos', async () => {
  const before = Date.now();
  const res = await sign({ paths: [photo, avatar, photo] });
  expect(res.status).toBe(200);
  const urls = await urlsOf(res);
  expect(Object.keys(urls).sort()).toEqual([avatar, photo].sort());

  const signed = urls[photo];
  if (!signed) throw new Error('photo not signed');
  expect(new URL(signed.url, 'http://x').pathname).toBe(`/api/files/${photo}`);
  expect(new URL(signed.thumbUrl, 'http://x').pathname).toBe(
    `/api/files/${photoThumbnailPath(photo)}`,
  );
  // 3600 s, rounded up to the signer's 10-minute step so a URL is reused for a while.
  const expiresAt = Date.parse(signed.expiresAt);
  expect(expiresAt).toBeGreaterThanOrEqual(before + 3600_000 - 1000);
  expect(expiresAt).toBeLessThanOrEqual(Date.now() + 4200_000);
  expect(new URL(signed.url, 'http://x').searchParams.get('expires')).toBe(
    String(expiresAt / 1000),
  );

  expect(new Uint8Array(await (await get(signed.url, ana)).arrayBuffer())).toEqual(
    new Uint8Array([4, 5, 6]),
  );
  expect(new Uint8Array(await (await get(signed.thumbUrl, ana)).arrayBuffer())).toEqual(
    new Uint8Array([7, 8]),
  );
  // A file with no thumbnail is its own.
  expect(urls[avatar]?.thumbUrl).toBe(urls[avatar]?.url);
});

test("POST /sign leaves out another account's paths and unsafe ones", async () => {
  const res = await sign({ paths: [photo, `${ruiId}/x.jpg`, '../segredos.json', `${anaId}/../x`] });
  expect(res.status).toBe(200);
  expect(Object.keys(await urlsOf(res))).toEqual([photo]);
  const asRui = await sign({ paths: [photo, avatar] }, rui);
  expect(await urlsOf(asRui)).toEqual({});
});

test('POST /sign takes 1 to 20 paths and needs a session', async () => {
  const none = await sign({ paths: [] });
  expect(none.status).toBe(400);
  expect((await none.json()).error.message).toBe('Indique pelo menos um ficheiro');
  const many = await sign({ paths: Array.from({ length: 21 }, (_, i) => `${anaId}/${i}.jpg`) });
  expect(many.status).toBe(400);
  expect((await many.json()).error.message).toBe('Peça no máximo 20 ficheiros de cada vez');
  expect((await sign({ paths: [''] })).status).toBe(400);
  expect((await sign({ paths: [photo] }, '')).status).toBe(401);
});

test('a valid signed URL serves the file to its account with its type, inline, privately cached', async () => {
  const res = await get(storage.signedUrl(avatar), ana);
  expect(res.status).toBe(200);
  expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
  expect(res.headers.get('content-type')).toBe('image/webp');
  expect(res.headers.get('content-disposition')).toBe('inline');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
  expect(res.headers.get('vary')).toContain('Cookie');
});

test('a valid signed URL is refused without a session, and for another account’s session', async () => {
  const url = storage.signedUrl(photo);
  for (const cookie of [undefined, 'better-auth.session_token=falso']) {
    const res = await get(url, cookie);
    expect(res.status, String(cookie)).toBe(401);
    expect((await res.json()).error.code).toBe('UNAUTHENTICATED');
  }
  const res = await get(url, rui);
  expect(res.status).toBe(403);
  expect(await res.json()).toEqual(forbidden);
  // Rui's own genuine URL does not open Ana's file either.
  const ruiFile = `${ruiId}/avatar-2-bb.webp`;
  await storage.put(ruiFile, new Uint8Array([9]), 'image/webp');
  expect((await get(storage.signedUrl(ruiFile), rui)).status).toBe(200);
  const ruiQuery = new URL(storage.signedUrl(ruiFile), 'http://x').search;
  expect((await get(`/api/files/${photo}${ruiQuery}`, rui)).status).toBe(403);
  expect((await get(`/api/files/${photo}${ruiQuery}`, ana)).status).toBe(403);
});

test('a stored file is never served with an executable type', async () => {
  const res = await get(storage.signedUrl(`${anaId}/pagina.html`), ana);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/octet-stream');
});

test('a tampered signature, path or expiry is refused with 403', async () => {
  const url = new URL(storage.signedUrl(avatar), 'http://localhost');
  const sig = url.searchParams.get('sig') ?? '';
  const variants = [
    `${url.pathname}?expires=${url.searchParams.get('expires')}&sig=${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`,
    `/api/files/${anaId}/avatar-9-aa.webp${url.search}`,
    `${url.pathname}?expires=${Number(url.searchParams.get('expires')) + 600}&sig=${sig}`,
    url.pathname,
  ];
  for (const variant of variants) {
    const res = await get(variant, ana);
    expect(res.status, variant).toBe(403);
    expect(await res.json()).toEqual(forbidden);
  }
});

test('an expired link is refused even with its genuine signature and the right session', async () => {
  const past = new Date(Date.now() - 2 * 3600 * 1000);
  const expired = createUrlSigner(SECRET).sign(photo, 3600, past);
  const res = await get(expired, ana);
  expect(res.status).toBe(403);
  expect(await res.json()).toEqual(forbidden);
});

test('paths that climb out of the storage root are refused', async () => {
  const signer = createUrlSigner(SECRET);
  for (const sneaky of ['../secrets.json', `${anaId}/../../secrets.json`, '..%2Fsecrets.json']) {
    // Even a correct signature over the raw path gets nothing.
    const query = new URL(signer.sign(avatar), 'http://localhost').search;
    const res = await get(`/api/files/${sneaky.replaceAll('/', '%2F')}${query}`, ana);
    expect(res.status, sneaky).toBe(403);
  }
  expect(() => storage.signedUrl('../secrets.json')).toThrow();
});

test('a signed URL for a missing file answers 404 to its account', async () => {
  const res = await get(storage.signedUrl(`${anaId}/nada.webp`), ana);
  expect(res.status).toBe(404);
});
