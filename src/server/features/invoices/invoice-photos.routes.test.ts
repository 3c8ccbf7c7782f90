import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { signUpVerified } from '#server/features/auth/test-helpers.ts';
import type { AccountEvent } from '#server/services/events/event-bus.ts';
import { heicPhoto, storedZip } from '#server/services/scan/hostile-test-files.ts';
import { photoThumbnailPath } from '#server/services/storage/storage-path.ts';
import { createStorage, type Storage } from '#server/services/storage/storage.ts';
import type { PlanId } from '#shared/plans.ts';
import { insertInvoice } from '#tests/factories/invoices.ts';
import {
  createTestApp,
  TEST_CSRF_TOKEN,
  TEST_ORIGIN,
  type TestApp,
} from '#tests/setup/test-app.ts';
import { accountIdOf, errorOf } from './invoice-test-helpers.ts';
import { grantPlan } from '#server/features/plans/plan-changes.ts';

let t: TestApp;
let storage: Storage;
let filesDir: string;
let cookie: string;
let accountId: string;
let otherCookie: string;
let otherAccountId: string;

beforeAll(async () => {
  filesDir = mkdtempSync(path.join(tmpdir(), 'papelada-invoice-photos-'));
  storage = createStorage({ root: filesDir, secret: 'x'.repeat(48) });
  t = await createTestApp({ storage });
  cookie = await signUpVerified(t, 'fotos@exemplo.pt');
  accountId = await accountIdOf(t, cookie);
  otherCookie = await signUpVerified(t, 'fotos.alheias@exemplo.pt');
  otherAccountId = await accountIdOf(t, otherCookie);
});

afterAll(async () => {
  await t.close();
  rmSync(filesDir, { recursive: true, force: true });
});

const writeHeaders = (as: string) => ({
  cookie: as,
  origin: TEST_ORIGIN,
  'x-csrf-token': TEST_CSRF_TOKEN,
});

function upload(invoiceId: string, bytes: Uint8Array, name = 'fatura.jpg', as = cookie) {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' }));
  return t.app.request(`/api/invoices/${invoiceId}/photos`, {
    method: 'POST',
    headers: writeHeaders(as),
    body: form,
  });
}

function removePhoto(invoiceId: string, photoPath: string, as = cookie) {
  return t.app.request(`/api/invoices/${invoiceId}/photos?path=${encodeURIComponent(photoPath)}`, {
    method: 'DELETE',
    headers: writeHeaders(as),
  });
}

async function setPlan(planId: PlanId, owner = accountId) {
  await grantPlan({ db: t.db.db, events: t.events }, { accountId: owner, planId });
}

async function newInvoiceId(owner = accountId): Promise<string> {
  return (await insertInvoice(t.db.db, owner)).id;
}

async function imagePathsOf(res: Response): Promise<string[]> {
  const body: { imagePaths: string[] } = await res.json();
  return body.imagePaths;
}

/** The account's stored files, thumbnails included, scans left out. */
function filesOnDisk(owner = accountId): string[] {
  const dir = path.join(filesDir, 'objects', owner);
  const thumbs = path.join(dir, 'thumbs');
  const list = (d: string) => {
    try {
      return readdirSync(d, { withFileTypes: true }).filter((e) => e.isFile());
    } catch {
      return [];
    }
  };
  return [
    ...list(dir).map((e) => `${owner}/${e.name}`),
    ...list(thumbs).map((e) => `${owner}/thumbs/${e.name}`),
  ].sort();
}

/** A 3000×2000 camera-style JPEG lying on its side (EXIF orientation 6) with private EXIF. */
function cameraJpeg(width = 3000, height = 2000): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#2e86c1' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'Ana Silva', ImageDescription: 'Rua Secreta 1, Lisboa' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

const smallJpeg = () =>
  sharp({ create: { width: 60, height: 40, channels: 3, background: '#888' } })
    .jpeg()
    .toBuffer();

test('an uploaded photo is stored upright, as a JPEG of at most 2560 px with no metadata, beside a thumbnail', async () => {
  const invoiceId = await newInvoiceId();
  const heard: AccountEvent[] = [];
  const unsubscribe = t.events.subscribe(accountId, (event) => heard.push(event));

  const res = await upload(invoiceId, await cameraJpeg());
  expect(res.status).toBe(201);
  const imagePaths = await imagePathsOf(res);
  expect(imagePaths).toHaveLength(1);
  const [photoPath = ''] = imagePaths;
  expect(photoPath).toMatch(new RegExp(`^${accountId}/${invoiceId}-\\d+-[0-9a-f]{12}\\.jpg$`));

  const photo = await storage.get(photoPath);
  expect(photo?.contentType).toBe('image/jpeg');
  const meta = await sharp(photo?.bytes).metadata();
  // 3000×2000 turned upright is 2000×3000, scaled into 2560 px.
  expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1707, 2560]);
  expect(meta.exif).toBeUndefined();
  expect(meta.orientation).toBeUndefined();
  expect(photo?.bytes.includes(Buffer.from('Rua Secreta'))).toBe(false);

  const thumbnail = await storage.get(photoThumbnailPath(photoPath));
  expect(thumbnail?.contentType).toBe('image/webp');
  const thumbMeta = await sharp(thumbnail?.bytes).metadata();
  expect([thumbMeta.format, thumbMeta.width, thumbMeta.height]).toEqual(['webp', 213, 320]);

  // The invoice names it, and the account's other tabs hear of the change.
  const invoice = await t.app.request(`/api/invoices/${invoiceId}`, { headers: { cookie } });
  expect((await invoice.json()).imagePaths).toEqual(imagePaths);
  expect(heard).toContainEqual({ type: 'invoices.changed', action: 'updated', ids: [invoiceId] });
  unsubscribe();
});

test('PNG with transparency, WebP, GIF and AVIF are taken and stored as JPEG', async () => {
  await setPlan('professional');
  const invoiceId = await newInvoiceId();
  const create = { width: 30, height: 20, channels: 4 as const, background: '#f008' };
  const inputs = [
    await sharp({ create }).png().toBuffer(),
    await sharp({ create }).webp().toBuffer(),
    await sharp({ create }).gif().toBuffer(),
    await sharp({ create }).avif().toBuffer(),
  ];
  let imagePaths: string[] = [];
  for (const bytes of inputs) {
    const res = await upload(invoiceId, bytes, 'imagem.png');
    expect(res.status).toBe(201);
    imagePaths = await imagePathsOf(res);
  }
  expect(imagePaths).toHaveLength(4);
  for (const photoPath of imagePaths) {
    const meta = await sharp((await storage.get(photoPath))?.bytes).metadata();
    // Small images are not enlarged; transparency lands on white paper.
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['jpeg', 30, 20, false]);
  }
  await setPlan('free');
});

test('an iPhone HEIC photo is taken and stored as a JPEG, and one cut short is refused', async () => {
  const invoiceId = await newInvoiceId();
  const cut = await upload(invoiceId, heicPhoto().subarray(0, 20_000), 'IMG_0001.HEIC');
  expect(cut.status).toBe(400);
  expect(await errorOf(cut)).toEqual({
    code: 'PHOTO_INVALID_TYPE',
    message: 'Por favor, selecione apenas imagens',
  });
  const res = await upload(invoiceId, heicPhoto(), 'IMG_0001.HEIC');
  expect(res.status).toBe(201);
  const [photoPath = ''] = await imagePathsOf(res);
  const photo = await storage.get(photoPath);
  expect(photo?.contentType).toBe('image/jpeg');
  const meta = await sharp(photo?.bytes).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 873, 1200]);
  const thumbnail = await sharp(
    (await storage.get(photoThumbnailPath(photoPath)))?.bytes,
  ).metadata();
  expect([thumbnail.format, thumbnail.height]).toEqual(['webp', 320]);
});

test('a photo that is also a web page or a Java archive is refused', async () => {
  const invoiceId = await newInvoiceId();
  const jpeg = await smallJpeg();
  const page = Buffer.from('<html><body><script>alert(document.cookie)</script>');
  const jar = storedZip({ 'META-INF/MANIFEST.MF': Buffer.from('Main-Class: Fatura\n') });
  for (const bytes of [Buffer.concat([jpeg, page]), Buffer.concat([jpeg, jar])]) {
    const res = await upload(invoiceId, bytes, 'fatura.jpg');
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe('PHOTO_INVALID_TYPE');
  }
  expect(filesOnDisk().filter((f) => f.includes(invoiceId))).toEqual([]);
});

test('anything that is not an image by its bytes is refused, whatever its name says', async () => {
  await setPlan('professional');
  const invoiceId = await newInvoiceId();
  const refused = [
    new TextEncoder().encode('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF'),
    new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04]),
    new TextEncoder().encode('<html><script>alert(1)</script></html>'),
    // A JPEG's first bytes and nothing that decodes.
    new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5, 6, 7, 8]),
    new Uint8Array(0),
  ];
  for (const bytes of refused) {
    const res = await upload(invoiceId, bytes, 'fatura.jpg');
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual({
      code: 'PHOTO_INVALID_TYPE',
      message: 'Por favor, selecione apenas imagens',
    });
  }
  // A real image under an executable name is refused too.
  const named = await upload(invoiceId, await smallJpeg(), 'fatura.jpg.exe');
  expect(named.status).toBe(400);
  const noFile = await t.app.request(`/api/invoices/${invoiceId}/photos`, {
    method: 'POST',
    headers: writeHeaders(cookie),
    body: new FormData(),
  });
  expect(noFile.status).toBe(400);
  expect((await errorOf(noFile)).code).toBe('PHOTO_INVALID_TYPE');
  expect(filesOnDisk().filter((f) => f.includes(invoiceId))).toEqual([]);
  await setPlan('free');
});

test('a file over 10 MB is refused with the spec message', async () => {
  const invoiceId = await newInvoiceId();
  const justOver = new Uint8Array(10 * 1024 * 1024 + 1);
  justOver.set([0xff, 0xd8, 0xff, 0xe0]);
  const huge = new Uint8Array(12 * 1024 * 1024);
  for (const bytes of [justOver, huge]) {
    const res = await upload(invoiceId, bytes);
    expect(res.status).toBe(413);
    expect(await errorOf(res)).toEqual({
      code: 'PHOTO_TOO_LARGE',
      message: 'A imagem deve ter menos de 10MB',
    });
  }
});

test('the free plan keeps one photo per invoice, and refuses the second with the plan limit', async () => {
  const invoiceId = await newInvoiceId();
  expect((await upload(invoiceId, await smallJpeg())).status).toBe(201);
  const before = filesOnDisk();
  const res = await upload(invoiceId, await smallJpeg());
  expect(res.status).toBe(403);
  expect(await errorOf(res)).toEqual({
    code: 'PHOTO_LIMIT',
    message: 'Máximo 1 fotografias por fatura',
    // The upgrade hint: Personal keeps five.
    details: { requiredPlan: 'professional', upgradeUrl: '/subscription?autostart=professional' },
  });
  expect(filesOnDisk()).toEqual(before);
});

test('Personal keeps five photos per invoice and Empresarial ten', async () => {
  for (const [planId, limit] of [
    ['professional', 5],
    ['enterprise_500', 10],
  ] as const) {
    await setPlan(planId);
    const invoiceId = await newInvoiceId();
    const jpeg = await smallJpeg();
    for (let n = 1; n <= limit; n++) {
      const res = await upload(invoiceId, jpeg);
      expect(res.status, `${planId} photo ${n}`).toBe(201);
      expect(await imagePathsOf(res)).toHaveLength(n);
    }
    const over = await upload(invoiceId, jpeg);
    expect(over.status).toBe(403);
    const error = await errorOf(over);
    expect(error.message).toBe(`Máximo ${limit} fotografias por fatura`);
    // Personal is pointed to Empresarial; at the top there is nothing to upgrade to.
    expect(error.details).toEqual(
      planId === 'professional'
        ? { requiredPlan: 'enterprise_500', upgradeUrl: '/subscription?autostart=enterprise_500' }
        : undefined,
    );
  }
  await setPlan('free');
});

test('two uploads at once cannot pass the limit: one is kept, the other refused and its files removed', async () => {
  const invoiceId = await newInvoiceId();
  const photos = [await smallJpeg(), await cameraJpeg(1200, 900)];
  const [a, b] = await Promise.all(photos.map((bytes) => upload(invoiceId, bytes)));
  expect([a?.status, b?.status].sort()).toEqual([201, 403]);
  const winner = a?.status === 201 ? a : b;
  if (!winner) throw new Error('no response');
  const kept = await imagePathsOf(winner);
  expect(kept).toHaveLength(1);
  const [photoPath = ''] = kept;
  const mine = filesOnDisk().filter((f) => f.includes(invoiceId));
  expect(mine).toEqual([photoPath, photoThumbnailPath(photoPath)].sort());
});

test("another account's invoice, an unknown id and a malformed id are not found", async () => {
  const theirs = await newInvoiceId(otherAccountId);
  for (const id of [theirs, '00000000-0000-4000-8000-000000000000', 'nao-e-um-id']) {
    const res = await upload(id, await smallJpeg());
    expect(res.status, id).toBe(404);
    expect(await errorOf(res)).toEqual({
      code: 'INVOICE_NOT_FOUND',
      message: 'Fatura não encontrada',
    });
  }
  expect(filesOnDisk(otherAccountId)).toEqual([]);
});

test('photo routes need a session', async () => {
  const invoiceId = await newInvoiceId();
  expect((await upload(invoiceId, await smallJpeg(), 'a.jpg', '')).status).toBe(401);
  expect((await removePhoto(invoiceId, `${accountId}/x.jpg`, '')).status).toBe(401);
});

test('DELETE removes the photo and its thumbnail and answers the remaining list', async () => {
  await setPlan('professional');
  const invoiceId = await newInvoiceId();
  await upload(invoiceId, await smallJpeg());
  const [first = '', second = ''] = await imagePathsOf(await upload(invoiceId, await smallJpeg()));
  const heard: AccountEvent[] = [];
  const unsubscribe = t.events.subscribe(accountId, (event) => heard.push(event));

  const res = await removePhoto(invoiceId, first);
  expect(res.status).toBe(200);
  expect(await imagePathsOf(res)).toEqual([second]);
  expect(await storage.get(first)).toBeNull();
  expect(await storage.get(photoThumbnailPath(first))).toBeNull();
  expect(await storage.get(second)).not.toBeNull();
  expect(heard).toContainEqual({ type: 'invoices.changed', action: 'updated', ids: [invoiceId] });
  unsubscribe();

  // Gone already, or never one of this invoice's: not found, and nothing else is touched.
  for (const photoPath of [first, `${accountId}/avatar-1-aa.webp`, '../../segredos.json']) {
    const again = await removePhoto(invoiceId, photoPath);
    expect(again.status, photoPath).toBe(404);
    expect(await errorOf(again)).toEqual({
      code: 'PHOTO_NOT_FOUND',
      message: 'Fotografia não encontrada',
    });
  }
  expect(await storage.get(second)).not.toBeNull();
  await setPlan('free');
});

test("DELETE cannot reach another account's invoice, and needs the path", async () => {
  const theirs = await newInvoiceId(otherAccountId);
  const [theirPhoto = ''] = await imagePathsOf(
    await upload(theirs, await smallJpeg(), 'a.jpg', otherCookie),
  );
  const res = await removePhoto(theirs, theirPhoto);
  expect(res.status).toBe(404);
  expect((await errorOf(res)).code).toBe('INVOICE_NOT_FOUND');
  expect(await storage.get(theirPhoto)).not.toBeNull();

  const noPath = await t.app.request(`/api/invoices/${theirs}/photos`, {
    method: 'DELETE',
    headers: writeHeaders(cookie),
  });
  expect(noPath.status).toBe(400);
  expect((await errorOf(noPath)).code).toBe('VALIDATION');
});

test("deleting an invoice deletes its photos and their thumbnails, and no one else's", async () => {
  const invoiceId = await newInvoiceId();
  const [photoPath = ''] = await imagePathsOf(await upload(invoiceId, await smallJpeg()));
  const keptId = await newInvoiceId();
  const [kept = ''] = await imagePathsOf(await upload(keptId, await smallJpeg()));

  const res = await t.app.request(`/api/invoices/${invoiceId}`, {
    method: 'DELETE',
    headers: writeHeaders(cookie),
  });
  expect(res.status).toBe(204);
  expect(await storage.get(photoPath)).toBeNull();
  expect(await storage.get(photoThumbnailPath(photoPath))).toBeNull();
  expect(await storage.get(kept)).not.toBeNull();
  expect(await storage.get(photoThumbnailPath(kept))).not.toBeNull();
});
