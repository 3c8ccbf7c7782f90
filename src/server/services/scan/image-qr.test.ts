import { beforeAll, expect, test } from 'vitest';
import { AT_QR_EXAMPLES } from '#shared/at-qr/examples.ts';
import { blurredQrPhoto, type BlurredPhotoOptions } from './blurred-photo.ts';
import { findAtQr, loadGrayImage, prepareQrReader } from './image-qr.ts';
import { pageWithoutQr, plainJpeg, qrPhoto, TEST_PAYLOAD } from './scan-test-helpers.ts';

/**
 * For the tests about which view reads a photo: the scan tests share two loaded cores with
 * other test files, where the one-second budget could end the ladder before the view
 * under test. The budget has tests of its own below.
 */
const NO_BUDGET = { budgetMs: Number.POSITIVE_INFINITY };

beforeAll(async () => {
  await prepareQrReader();
});

test('a clean photo is read by the first, cheapest attempt', async () => {
  const result = await findAtQr(await qrPhoto());
  expect(result.text).toBe(TEST_PAYLOAD);
  expect(result.attempts.map((a) => a.name)).toEqual(['base']);
  // The 1600 × 2200 photo was decoded straight to the 2000-pixel work size.
  expect(result.attempts[0]).toMatchObject({ width: 1455, height: 2000, symbols: 1 });
});

test.each([
  ['turned a quarter', { rotate: 90 }],
  ['upside down', { rotate: 180 }],
  ['turned three quarters', { rotate: 270 }],
  ['slightly askew', { rotate: 13 }],
  ['downscaled by a messaging app', { shrinkTo: 800 }],
  ['dim and low in contrast', { lowContrast: true }],
  ['compressed to JPEG quality 40', { jpegQuality: 40 }],
  ['low contrast, askew and compressed', { lowContrast: true, rotate: 7, jpegQuality: 40 }],
  ['a PNG', { format: 'png' as const }],
])('the AT payload is found in a photo %s', async (_, options) => {
  const result = await findAtQr(await qrPhoto(options));
  expect(result.text).toBe(TEST_PAYLOAD);
});

test('the long three-region payload (QR version 17) is read too', async () => {
  const result = await findAtQr(await qrPhoto({ payload: AT_QR_EXAMPLES.fatura, qrPx: 520 }));
  expect(result.text).toBe(AT_QR_EXAMPLES.fatura);
});

test('a small QR in a large photo needs the full-resolution view, reached after the work view', async () => {
  const photo = await qrPhoto({
    payload: AT_QR_EXAMPLES.fatura,
    qrPx: 170,
    width: 3024,
    height: 4032,
  });
  const result = await findAtQr(photo, NO_BUDGET);
  expect(result.text).toBe(AT_QR_EXAMPLES.fatura);
  const names = result.attempts.map((a) => a.name);
  expect(names[0]).toBe('base');
  expect(result.attempts[0]?.symbols).toBe(0);
  expect(names.at(-1)).toMatch(/^(full|tiles)$/);
  // The photo was decoded at two sizes: the work view first, the full view only then.
  expect(result.attempts[0]?.height).toBe(2000);
  expect(result.attempts.find((a) => a.name === 'full')?.height).toBe(4032);
});

test('a QR that is not an AT payload is no result; the search goes on and finds nothing', async () => {
  const photo = await qrPhoto({ payload: 'https://exemplo.pt/fatura/123' });
  const result = await findAtQr(photo, NO_BUDGET);
  expect(result.text).toBeNull();
  expect(result.end).toBe('exhausted');
  // Every view tried (a sharp photo measures no blur: no deblurred view), and the website
  // QR was decoded along the way.
  expect(result.attempts.map((a) => a.name)).toEqual([
    'base',
    'full',
    'small',
    'contrast',
    'binarised',
    'rotated',
    'tiles',
  ]);
  expect(result.attempts[0]?.symbols).toBe(1);
});

test('beside a website QR, the AT one is the answer', async () => {
  const photo = await qrPhoto({ extraQr: 'https://exemplo.pt/pagar?ref=123456789' });
  const result = await findAtQr(photo);
  expect(result.text).toBe(TEST_PAYLOAD);
  expect(result.attempts[0]?.symbols).toBe(2);
});

test('a page without any QR code gives null after every attempt', async () => {
  const result = await findAtQr(await pageWithoutQr(), NO_BUDGET);
  expect(result.text).toBeNull();
  expect(result.end).toBe('exhausted');
  expect(result.attempts.every((a) => a.symbols === 0)).toBe(true);
  // Its lines of text have a steady pitch, which is not taken for a smear.
  expect(result.attempts.map((a) => a.name)).not.toContain('motion');
});

test('the caller may accept other texts (the test page shows any QR)', async () => {
  const url = 'https://exemplo.pt/fatura/123';
  const result = await findAtQr(await qrPhoto({ payload: url }), { accept: () => true });
  expect(result.text).toBe(url);
});

test('an already decoded gray image is searched the same way', async () => {
  const gray = await loadGrayImage(await qrPhoto({ rotate: 90 }));
  expect([gray.width, gray.height]).toEqual([2200, 1600]);
  expect((await findAtQr(gray)).text).toBe(TEST_PAYLOAD);
});

test('EXIF orientation is applied before decoding', async () => {
  const sharp = (await import('sharp')).default;
  const tagged = await sharp(await qrPhoto())
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
  const gray = await loadGrayImage(tagged);
  expect([gray.width, gray.height]).toEqual([2200, 1600]);
});

test('a JPEG cut short in its body does not decode', async () => {
  const photo = await qrPhoto();
  await expect(loadGrayImage(photo.subarray(0, Math.floor(photo.length / 2)))).rejects.toThrow();
  await expect(findAtQr(photo.subarray(0, Math.floor(photo.length / 2)))).rejects.toThrow();
});

// Issue 14: photos no one else reads. 1600 × 2200 photos, so measured and deblurred at the
// 2000-pixel work size; sensor noise and JPEG 85 after the blur.
const v17 = { payload: AT_QR_EXAMPLES.fatura };
test.each<[string, BlurredPhotoOptions, RegExp]>([
  [
    'smeared 25 px sideways (QR v17)',
    { ...v17, qrPx: 520, motion: { length: 25, degrees: 0 } },
    /^motion$/,
  ],
  ['smeared 25 px at 35°', { qrPx: 420, motion: { length: 25, degrees: 35 } }, /^motion$/],
  ['smeared 25 px at 120°', { qrPx: 420, motion: { length: 25, degrees: 120 } }, /^motion$/],
  [
    'smeared 15 px at 35°, fine modules',
    { ...v17, qrPx: 400, motion: { length: 15, degrees: 35 } },
    /^motion(-fine)?$/,
  ],
  ['out of focus, σ 6', { qrPx: 420, defocusSigma: 6 }, /^defocus$/],
  ['out of focus, σ 5 (QR v17)', { ...v17, qrPx: 520, defocusSigma: 5 }, /^defocus$/],
])('a photo %s is read by a deblurred view, not by the first', async (_, options, view) => {
  const photo = await blurredQrPhoto(options);
  const first = await findAtQr(photo, { budgetMs: 0 });
  expect(first.attempts.map((a) => a.name)).toEqual(['base']);
  expect(first.text).toBeNull();
  const result = await findAtQr(photo, NO_BUDGET);
  expect(result.text).toBe(options.payload ?? TEST_PAYLOAD);
  expect(result.attempts.at(-1)?.name).toMatch(view);
});

test('noise alone ends the search after the first view: nothing there to read', async () => {
  const sharp = (await import('sharp')).default;
  let seed = 7;
  const pixels = Buffer.alloc(1500 * 2000);
  for (let i = 0; i < pixels.length; i++) {
    seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
    pixels[i] = (seed >> 8) & 0xff;
  }
  const photo = await sharp(pixels, { raw: { width: 1500, height: 2000, channels: 1 } })
    .jpeg({ quality: 85 })
    .toBuffer();
  const result = await findAtQr(photo, NO_BUDGET);
  expect(result).toMatchObject({ text: null, end: 'nothing-to-read' });
  expect(result.attempts.map((a) => a.name)).toEqual(['base']);
  expect(result.blur?.hasContent).toBe(false);
});

test('a photo of blank paper ends the search after the first view as well', async () => {
  const result = await findAtQr(await plainJpeg(1500, 2000), NO_BUDGET);
  expect(result).toMatchObject({ text: null, end: 'nothing-to-read' });
  expect(result.attempts).toHaveLength(1);
});

test('a hopeless smeared photo stops at the time budget: no view starts after it', async () => {
  // A 40-pixel smear over a QR of 4.5-pixel modules: nine modules, beyond any filter.
  const photo = await blurredQrPhoto({ ...v17, qrPx: 400, motion: { length: 40, degrees: 20 } });
  const budgetMs = 400;
  const result = await findAtQr(photo, { budgetMs });
  expect(result).toMatchObject({ text: null, end: 'budget' });
  expect(result.attempts.length).toBeGreaterThanOrEqual(1);
  for (const attempt of result.attempts.slice(1)) expect(attempt.startedMs).toBeLessThan(budgetMs);
  // Without a budget the same photo goes through every view, deblurred ones included.
  const unbounded = await findAtQr(photo, NO_BUDGET);
  expect(unbounded).toMatchObject({ text: null, end: 'exhausted' });
  expect(unbounded.attempts.map((a) => a.name)).toContain('motion');
  expect(unbounded.attempts.length).toBeGreaterThan(result.attempts.length);
});
