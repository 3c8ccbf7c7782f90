import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { signUpVerified } from '#server/features/auth/test-helpers.ts';
import { createStorage, type Storage } from '#server/services/storage/storage.ts';
import { photoThumbnailPath, scanPath } from '#server/services/storage/storage-path.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import type { InvoiceDto } from './invoice-dto.ts';
import { accountIdOf, invoiceApi, invoiceBody, type InvoiceApi } from './invoice-test-helpers.ts';

let t: TestApp;
let storage: Storage;
let filesDir: string;
let api: InvoiceApi;
let accountId: string;
let otherAccountId: string;

// What the scanner keeps: a metadata-free JPEG (scanner.ts keepAsJpeg).
let JPEG: Buffer;

beforeAll(async () => {
  JPEG = await sharp({ create: { width: 800, height: 1100, channels: 3, background: '#fff' } })
    .jpeg()
    .toBuffer();
  filesDir = mkdtempSync(path.join(tmpdir(), 'papelada-scan-photo-'));
  storage = createStorage({ root: filesDir, secret: 'x'.repeat(48) });
  t = await createTestApp({ storage });
  const cookie = await signUpVerified(t, 'digitaliza@exemplo.pt');
  api = invoiceApi(t, cookie);
  accountId = await accountIdOf(t, cookie);
  otherAccountId = await accountIdOf(t, await signUpVerified(t, 'alheio@exemplo.pt'));
});

afterAll(async () => {
  await t.close();
  rmSync(filesDir, { recursive: true, force: true });
});

async function storedScan(owner: string): Promise<string> {
  const scanId = randomUUID();
  await storage.put(scanPath(owner, scanId), JPEG, 'image/jpeg');
  return scanId;
}

test('a scanned invoice keeps the scan as its first photo, and the scan itself is removed', async () => {
  const scanId = await storedScan(accountId);
  const res = await api.send('POST', '/api/invoices', invoiceBody({ scanId, source: 'qr' }));
  expect(res.status).toBe(201);
  const invoice: InvoiceDto = await res.json();
  expect(invoice.source).toBe('qr');
  expect(invoice.imagePaths).toHaveLength(1);
  const [photo] = invoice.imagePaths;
  expect(photo).toMatch(new RegExp(`^${accountId}/${invoice.id}-\\d+-[0-9a-f]{12}\\.jpg$`, 'u'));
  expect((await storage.get(photo!))?.bytes).toEqual(JPEG);
  // With a thumbnail, as every invoice photo has.
  const thumbnail = await storage.get(photoThumbnailPath(photo!));
  expect(thumbnail?.contentType).toBe('image/webp');
  const thumbMeta = await sharp(thumbnail?.bytes).metadata();
  expect([thumbMeta.width, thumbMeta.height]).toEqual([233, 320]);
  expect(await storage.get(scanPath(accountId, scanId))).toBeNull();
});

test("another account's scan id is not found: the invoice is saved without a photo", async () => {
  const scanId = await storedScan(otherAccountId);
  const res = await api.send('POST', '/api/invoices', invoiceBody({ scanId }));
  expect(res.status).toBe(201);
  const invoice: InvoiceDto = await res.json();
  expect(invoice.imagePaths).toEqual([]);
  // Untouched: it is not this account's to use or delete.
  expect(await storage.get(scanPath(otherAccountId, scanId))).not.toBeNull();
});

test('a refused duplicate keeps the scan for another try and leaves no orphan photo', async () => {
  const body = invoiceBody();
  expect((await api.send('POST', '/api/invoices', body)).status).toBe(201);
  const scanId = await storedScan(accountId);
  const res = await api.send('POST', '/api/invoices', { ...body, scanId });
  expect(res.status).toBe(409);
  expect(await storage.get(scanPath(accountId, scanId))).not.toBeNull();
  // Only the photos of saved invoices sit beside the scans and thumbnails folders.
  const list: { items: InvoiceDto[] } = await (await api.get('/api/invoices')).json();
  const saved = list.items.flatMap((i) => i.imagePaths).map((p) => path.basename(p));
  const onDisk = readdirSync(path.join(filesDir, 'objects', accountId)).filter(
    (f) => f !== 'scans' && f !== 'thumbs',
  );
  expect(onDisk.sort()).toEqual(saved.sort());
  const thumbs = readdirSync(path.join(filesDir, 'objects', accountId, 'thumbs'));
  expect(thumbs.sort()).toEqual(saved.map((p) => p.replace(/\.jpg$/, '.webp')).sort());
});

test('a scan id that is not a UUID is refused with the validation shape', async () => {
  const res = await api.send('POST', '/api/invoices', invoiceBody({ scanId: '../../etc/passwd' }));
  expect(res.status).toBe(400);
});
