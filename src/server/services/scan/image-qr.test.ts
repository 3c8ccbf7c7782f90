import { beforeAll, expect, test } from 'vitest';
import { AT_QR_EXAMPLES } from '#shared/at-qr/examples.ts';
import { findAtQr, loadGrayImage, prepareQrReader } from './image-qr.ts';
import { pageWithoutQr, qrPhoto, TEST_PAYLOAD } from './scan-test-helpers.ts';

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
  const result = await findAtQr(photo);
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
  const result = await findAtQr(await qrPhoto({ payload: 'https://exemplo.pt/fatura/123' }));
  expect(result.text).toBeNull();
  // Every view tried, and the website QR was decoded along the way.
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
  const result = await findAtQr(await pageWithoutQr());
  expect(result.text).toBeNull();
  expect(result.attempts.every((a) => a.symbols === 0)).toBe(true);
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
