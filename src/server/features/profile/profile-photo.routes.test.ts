import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { signUpVerified } from '#server/features/auth/test-helpers.ts';
import { heicPhoto, storedZip } from '#server/services/scan/hostile-test-files.ts';
import {
  createTestApp,
  TEST_CSRF_TOKEN,
  TEST_ORIGIN,
  type TestApp,
} from '#tests/setup/test-app.ts';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await signUpVerified(t, 'foto@exemplo.pt');
});

afterAll(async () => {
  await t.close();
});

/** A 1200×800 camera-style JPEG lying on its side (EXIF orientation 6) with private EXIF. */
function cameraJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: '#c0392b' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'Ana Silva', ImageDescription: 'Rua Secreta 1, Lisboa' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

function upload(bytes: Uint8Array, name = 'foto.jpg', type = 'image/jpeg', as = cookie) {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(bytes)], name, { type }));
  return t.app.request('/api/profile/photo', {
    method: 'PUT',
    headers: { cookie: as, origin: TEST_ORIGIN, 'x-csrf-token': TEST_CSRF_TOKEN },
    body: form,
  });
}

async function photoUrlOf(res: Response): Promise<string> {
  const body = (await res.json()) as { photoUrl: string | null };
  if (!body.photoUrl) throw new Error('no photoUrl');
  return body.photoUrl;
}

test('a JPEG is stored upright, at most 512 px, as WebP, with no EXIF left', async () => {
  const original = await cameraJpeg();
  const input = await sharp(original).metadata();
  expect(input.exif).toBeDefined();
  expect(input.orientation).toBe(6);

  const res = await upload(original);
  expect(res.status).toBe(200);
  const photoUrl = await photoUrlOf(res);
  expect(photoUrl).toMatch(
    /^\/api\/files\/[^/]+\/avatar-\d+-[0-9a-f]+\.webp\?expires=\d+&sig=[\w-]+$/,
  );

  // Files are served only to a session of the account that owns them.
  const file = await t.app.request(photoUrl, { headers: { cookie } });
  expect(file.status).toBe(200);
  expect(file.headers.get('content-type')).toBe('image/webp');
  expect(file.headers.get('x-content-type-options')).toBe('nosniff');
  expect(file.headers.get('content-disposition')).toBe('inline');
  expect(file.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
  const stored = Buffer.from(await file.arrayBuffer());
  const meta = await sharp(stored).metadata();
  expect(meta.format).toBe('webp');
  expect(meta.exif).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(meta.orientation).toBeUndefined();
  // 1200×800 turned upright is 800×1200, scaled into 512 px.
  expect([meta.width, meta.height]).toEqual([341, 512]);
  expect(stored.includes(Buffer.from('Rua Secreta'))).toBe(false);
});

test('PNG and WebP are accepted too, and a new photo deletes the old file', async () => {
  const png = await sharp({ create: { width: 40, height: 30, channels: 4, background: '#00f8' } })
    .png()
    .toBuffer();
  const first = await photoUrlOf(await upload(png, 'a.png', 'image/png'));
  const webp = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0f0' } })
    .webp()
    .toBuffer();
  const second = await photoUrlOf(await upload(webp, 'b.webp', 'image/webp'));
  expect(second).not.toBe(first);
  expect((await t.app.request(first, { headers: { cookie } })).status).toBe(404);
  const meta = await sharp(
    Buffer.from(await (await t.app.request(second, { headers: { cookie } })).arrayBuffer()),
  ).metadata();
  // Small images are not enlarged.
  expect([meta.format, meta.width, meta.height]).toEqual(['webp', 40, 30]);
});

test('a file over 5 MB is refused with the spec message', async () => {
  const big = new Uint8Array(5 * 1024 * 1024 + 1);
  big.set([0xff, 0xd8, 0xff, 0xe0]);
  const res = await upload(big);
  expect(res.status).toBe(413);
  expect(await res.json()).toEqual({
    error: { code: 'PHOTO_TOO_LARGE', message: 'A imagem deve ter menos de 5MB' },
  });
  const huge = await upload(new Uint8Array(8 * 1024 * 1024));
  expect(huge.status).toBe(413);
  expect((await huge.json()).error.message).toBe('A imagem deve ter menos de 5MB');
});

test('an iPhone HEIC photo is accepted and stored as WebP of at most 512 px', async () => {
  const res = await upload(heicPhoto(), 'IMG_0001.HEIC', 'image/heic');
  expect(res.status).toBe(200);
  const stored = await t.app.request(await photoUrlOf(res), { headers: { cookie } });
  const meta = await sharp(Buffer.from(await stored.arrayBuffer())).metadata();
  // 873×1200 scaled into 512 px.
  expect([meta.format, meta.width, meta.height]).toEqual(['webp', 372, 512]);
});

test('a photo that is also a web page or carries an archive is refused', async () => {
  const jpeg = await cameraJpeg();
  const page = Buffer.from('<html><script>document.location="https://x.invalid"</script>');
  const jar = storedZip({ 'META-INF/MANIFEST.MF': Buffer.from('Main-Class: Foto\n') });
  const cutHeic = heicPhoto().subarray(0, 20_000);
  for (const bytes of [Buffer.concat([jpeg, page]), Buffer.concat([jpeg, jar]), cutHeic]) {
    const res = await upload(bytes, 'foto.jpg', 'image/jpeg');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: { code: 'INVALID_IMAGE', message: 'Por favor, selecione uma imagem válida' },
    });
  }
});

test('anything that is not a real JPEG, PNG or WebP is refused, whatever its name', async () => {
  const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF');
  const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04]);
  const gif = new TextEncoder().encode('GIF89a\x01\x00\x01\x00');
  const brokenJpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5, 6, 7, 8]);
  for (const bytes of [pdf, exe, gif, brokenJpeg, new Uint8Array(0)]) {
    const res = await upload(bytes, 'foto.jpg', 'image/jpeg');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: { code: 'INVALID_IMAGE', message: 'Por favor, selecione uma imagem válida' },
    });
  }
  const noFile = await t.app.request('/api/profile/photo', {
    method: 'PUT',
    headers: { cookie, origin: TEST_ORIGIN, 'x-csrf-token': TEST_CSRF_TOKEN },
    body: new FormData(),
  });
  expect(noFile.status).toBe(400);
});

test('an image with too many pixels is refused', async () => {
  // 8000×8000 = 64 MP of one colour compresses to a small PNG.
  const png = await sharp({
    create: { width: 8000, height: 8000, channels: 3, background: '#fff' },
  })
    .png({ compressionLevel: 9 })
    .toBuffer();
  expect(png.length).toBeLessThan(5 * 1024 * 1024);
  const res = await upload(png, 'grande.png', 'image/png');
  expect(res.status).toBe(400);
  expect((await res.json()).error.message).toBe('Por favor, selecione uma imagem válida');
});

test('DELETE /api/profile/photo removes the photo and its file', async () => {
  const url = await photoUrlOf(await upload(await cameraJpeg()));
  const res = await t.app.request('/api/profile/photo', {
    method: 'DELETE',
    headers: { cookie, origin: TEST_ORIGIN, 'x-csrf-token': TEST_CSRF_TOKEN },
  });
  expect(res.status).toBe(200);
  expect((await res.json()).photoUrl).toBeNull();
  expect((await t.app.request(url, { headers: { cookie } })).status).toBe(404);
});

test('photo routes need a session', async () => {
  const res = await upload(await cameraJpeg(), 'foto.jpg', 'image/jpeg', '');
  expect(res.status).toBe(401);
});
