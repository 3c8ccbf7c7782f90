import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { scans } from '#server/db/schema/index.ts';
import { signUpVerified } from '#server/features/auth/test-helpers.ts';
import { SCAN_ERROR_MESSAGES } from '#server/services/scan/scan-result.ts';
import { activePdf, heicPhoto } from '#server/services/scan/hostile-test-files.ts';
import { qrPhoto, TEST_PAYLOAD } from '#server/services/scan/scan-test-helpers.ts';
import { scanPath } from '#server/services/storage/storage-path.ts';
import { createStorage } from '#server/services/storage/storage.ts';
import {
  createTestApp,
  TEST_CSRF_TOKEN,
  TEST_ORIGIN,
  type TestApp,
} from '#tests/setup/test-app.ts';
import { SCAN_RULE } from './scan.routes.ts';

// Our own storage, so the test can look at what the route kept.
const filesDir = mkdtempSync(path.join(tmpdir(), 'papelada-scan-'));
const storage = createStorage({ root: filesDir, secret: 's'.repeat(40) });
let t: TestApp;
let ana: string;
let anaId: string;
let rui: string;
let ruiId: string;

async function accountIdOf(cookie: string): Promise<string> {
  const res = await t.app.request('/api/profile', { headers: { cookie } });
  return ((await res.json()) as { accountId: string }).accountId;
}

beforeAll(async () => {
  t = await createTestApp({ storage });
  ana = await signUpVerified(t, 'ana.scan@exemplo.pt');
  rui = await signUpVerified(t, 'rui.scan@exemplo.pt');
  anaId = await accountIdOf(ana);
  ruiId = await accountIdOf(rui);
});

afterAll(async () => {
  await t.close();
  rmSync(filesDir, { recursive: true, force: true });
});

function post(body: BodyInit | undefined, cookie: string | undefined, extra: HeadersInit = {}) {
  return t.app.request('/api/scan', {
    method: 'POST',
    headers: {
      ...(cookie ? { cookie } : {}),
      origin: TEST_ORIGIN,
      'x-csrf-token': TEST_CSRF_TOKEN,
      ...extra,
    },
    body,
  });
}

function upload(bytes: Uint8Array, name = 'fatura.jpg', cookie = ana) {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' }));
  return post(form, cookie);
}

test('POST /api/scan needs a session', async () => {
  const res = await upload(await qrPhoto(), 'fatura.jpg', '');
  expect(res.status).toBe(401);
  expect(await res.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
});

test('a photo with an AT QR answers 200 with the reading and the id of the kept document', async () => {
  const res = await upload(await qrPhoto({ rotate: 180 }));
  expect(res.status).toBe(200);
  const body = (await res.json()) as Record<string, unknown>;
  expect(body).toEqual({
    ok: true,
    source: 'qr',
    fields: expect.objectContaining({
      issuerNif: '123456789',
      issueDate: '2019-08-12',
      documentNumber: 'FS CDVF/12345',
      total: 0.8,
      vat: 0.15,
      qr: TEST_PAYLOAD,
    }),
    warnings: [],
    ms: expect.any(Number),
    scanId: expect.stringMatching(/^[0-9a-f-]{36}$/),
  });

  // Kept under Ana's scans as a re-encoded JPEG, and nowhere under Rui's.
  const scanId = String(body.scanId);
  const kept = await storage.get(scanPath(anaId, scanId));
  expect(kept?.contentType).toBe('image/jpeg');
  const meta = await sharp(kept?.bytes).metadata();
  expect(meta.format).toBe('jpeg');
  expect(meta.exif).toBeUndefined();
  expect(await storage.get(scanPath(ruiId, scanId))).toBeNull();
  // Recorded, so the scan cleanup job finds it if no invoice takes it (kept-scans.ts).
  const rows = await t.db.db.select().from(scans).where(eq(scans.id, scanId));
  expect(rows).toEqual([expect.objectContaining({ accountId: anaId, id: scanId })]);
});

test('each account keeps its scans in its own folder', async () => {
  const res = await upload(await qrPhoto(), 'fatura.jpg', rui);
  expect(res.status).toBe(200);
  const { scanId } = (await res.json()) as { scanId: string };
  expect(await storage.get(scanPath(ruiId, scanId))).not.toBeNull();
  expect(await storage.get(scanPath(anaId, scanId))).toBeNull();
  expect(readdirSync(path.join(filesDir, 'objects', ruiId, 'scans'))).toEqual([`${scanId}.jpg`]);
});

test('a body over 10 MB is refused with 413 FILE_TOO_LARGE before it is read', async () => {
  const big = new Uint8Array(10 * 1024 * 1024 + 100 * 1024);
  big.set([0xff, 0xd8, 0xff]);
  const res = await upload(big);
  expect(res.status).toBe(413);
  expect(await res.json()).toEqual({
    error: { code: 'FILE_TOO_LARGE', message: SCAN_ERROR_MESSAGES.FILE_TOO_LARGE },
  });
});

test('a file that is not a photo or a PDF is 415; a program is 415 EXECUTABLE_REFUSED', async () => {
  const text = await upload(new TextEncoder().encode('Total 12,30 €'), 'fatura.txt');
  expect(text.status).toBe(415);
  expect(await text.json()).toEqual({
    error: { code: 'UNSUPPORTED_TYPE', message: SCAN_ERROR_MESSAGES.UNSUPPORTED_TYPE },
  });
  const program = await upload(new TextEncoder().encode('MZ\x90\x00PE\x00\x00'), 'fatura.jpg');
  expect(program.status).toBe(415);
  expect(await program.json()).toMatchObject({ error: { code: 'EXECUTABLE_REFUSED' } });
});

test('a broken photo is 422 UNREADABLE_FILE, an empty one 400 EMPTY_FILE; nothing is kept', async () => {
  const photo = await qrPhoto();
  const before = readdirSync(path.join(filesDir, 'objects', anaId, 'scans')).length;
  const broken = await upload(photo.subarray(0, Math.floor(photo.length / 2)));
  expect(broken.status).toBe(422);
  expect(await broken.json()).toEqual({
    error: { code: 'UNREADABLE_FILE', message: SCAN_ERROR_MESSAGES.UNREADABLE_FILE },
  });
  const empty = await upload(new Uint8Array(0));
  expect(empty.status).toBe(400);
  expect(await empty.json()).toMatchObject({ error: { code: 'EMPTY_FILE' } });
  expect(readdirSync(path.join(filesDir, 'objects', anaId, 'scans'))).toHaveLength(before);
});

test('a photo with nothing to read is 422 NOTHING_FOUND, and the document is still kept', async () => {
  const blank = await sharp({
    create: { width: 500, height: 700, channels: 3, background: '#fff' },
  })
    .jpeg()
    .toBuffer();
  const res = await upload(blank);
  expect(res.status).toBe(422);
  const body = (await res.json()) as { error: { code: string; details?: { scanId?: string } } };
  expect(body.error).toMatchObject({
    code: 'NOTHING_FOUND',
    message: SCAN_ERROR_MESSAGES.NOTHING_FOUND,
  });
  expect(await storage.get(scanPath(anaId, body.error.details?.scanId ?? 'x'))).not.toBeNull();
});

test('without a file field the answer is 400 FILE_REQUIRED', async () => {
  const form = new FormData();
  form.append('photo', 'not a file');
  const res = await post(form, ana);
  expect(res.status).toBe(400);
  expect(await res.json()).toMatchObject({ error: { code: 'FILE_REQUIRED' } });
  const json = await post(JSON.stringify({ file: 'x' }), ana, {
    'content-type': 'application/json',
  });
  expect(json.status).toBe(400);
});

test('a QR whose issuer NIF fails its check digit is still read, with the pt-PT warning', async () => {
  const payload = TEST_PAYLOAD.replace('A:123456789', 'A:123456780');
  const res = await upload(await qrPhoto({ payload }));
  expect(res.status).toBe(200);
  const body = (await res.json()) as { fields: { issuerNif: string }; warnings: string[] };
  expect(body.fields.issuerNif).toBe('123456780');
  expect(body.warnings).toEqual([
    'O NIF do emitente (123456780) tem o dígito de controlo errado. Confirme-o na fatura.',
  ]);
});

test('an iPhone HEIC photo answers 200 with the reading of its QR, kept as a JPEG', async () => {
  const form = new FormData();
  form.append(
    'file',
    new File([new Uint8Array(heicPhoto())], 'IMG_0001.HEIC', { type: 'image/heic' }),
  );
  const res = await post(form, ana);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { source: string; fields: { qr: string }; scanId: string };
  expect(body).toMatchObject({ source: 'qr', fields: { qr: TEST_PAYLOAD } });
  const kept = await storage.get(scanPath(anaId, body.scanId));
  expect(await sharp(kept?.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 873 });
});

test('a PDF with a script is 422 PDF_ACTIVE_CONTENT and nothing of it is kept', async () => {
  const before = readdirSync(path.join(filesDir, 'objects', anaId, 'scans')).length;
  const res = await upload(await activePdf('javascript-names'), 'fatura.pdf');
  expect(res.status).toBe(422);
  expect(await res.json()).toEqual({
    error: {
      code: 'PDF_ACTIVE_CONTENT',
      message:
        'Este PDF contém conteúdo ativo (JavaScript, ações automáticas ou ficheiros anexos) e não foi aberto por segurança.',
    },
  });
  expect(readdirSync(path.join(filesDir, 'objects', anaId, 'scans'))).toHaveLength(before);
});

test('scans are rate-limited per account: past the limit 429, while another account goes on', async () => {
  const carla = await signUpVerified(t, 'carla.scan@exemplo.pt');
  const tiny = new TextEncoder().encode('not an invoice');
  // Refused files count too: each one was work for the server.
  for (let i = 0; i < SCAN_RULE.max; i++) {
    expect((await upload(tiny, 'x.txt', carla)).status).toBe(415);
  }
  const limited = await upload(tiny, 'x.txt', carla);
  expect(limited.status).toBe(429);
  expect(await limited.json()).toEqual({
    error: {
      code: 'TOO_MANY_REQUESTS',
      message: 'Demasiadas leituras seguidas. Tente novamente em 5 minutos.',
    },
  });
  expect((await upload(tiny, 'x.txt', rui)).status).toBe(415);
});
