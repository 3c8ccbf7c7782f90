import { expect, test } from 'vitest';
import { estimateBlur } from './blur-estimate.ts';
import { blurredQrPhoto } from './blurred-photo.ts';
import type { GrayImage } from './gray-image.ts';
import { loadGrayImage } from './image-qr.ts';
import { pageWithoutQr, plainJpeg, qrPhoto } from './scan-test-helpers.ts';

/** A photo small enough to be measured as taken (no work-size shrink), quick to make. */
const SMALL_PHOTO = { width: 1000, height: 1300, qrPx: 420 };

const gray = async (bytes: Uint8Array) => loadGrayImage(bytes);

test.each([
  [15, 0, 0],
  [20, 35, 35],
  [25, 120, -60],
])(
  'a smear of %i px at %i° is measured: its length and direction',
  async (length, degrees, measured) => {
    const photo = await blurredQrPhoto({ ...SMALL_PHOTO, motion: { length, degrees } });
    const { hasContent, motion } = estimateBlur(await gray(photo));
    expect(hasContent).toBe(true);
    expect(motion).not.toBeNull();
    expect(Math.abs((motion?.length ?? 0) - length)).toBeLessThanOrEqual(3);
    expect(Math.abs((motion?.degrees ?? 0) - measured)).toBeLessThanOrEqual(3);
  },
);

test('defocus is measured as a Gaussian σ that grows with the blur, and no smear', async () => {
  const mild = estimateBlur(await gray(await blurredQrPhoto({ ...SMALL_PHOTO, defocusSigma: 3 })));
  const strong = estimateBlur(
    await gray(await blurredQrPhoto({ ...SMALL_PHOTO, defocusSigma: 6 })),
  );
  expect(mild.motion).toBeNull();
  expect(strong.motion).toBeNull();
  expect(mild.defocusSigma).toBeGreaterThan(2.2);
  expect(mild.defocusSigma).toBeLessThan(3.6);
  expect(strong.defocusSigma).toBeGreaterThan(4);
  expect(strong.defocusSigma).toBeLessThan(6.6);
});

test('a sharp photo, and a page of text lines (a steady pitch), measure no blur', async () => {
  for (const photo of [await qrPhoto(), await pageWithoutQr()]) {
    const blur = estimateBlur(await gray(photo));
    expect(blur.hasContent).toBe(true);
    expect(blur.motion).toBeNull();
    // The ladder deblurs a defocus from σ 2.
    expect(blur.defocusSigma).toBeLessThan(1.5);
  }
});

function noise(width: number, height: number): GrayImage {
  let seed = 7;
  const data = Buffer.alloc(width * height);
  for (let i = 0; i < data.length; i++) {
    seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
    data[i] = (seed >> 8) & 0xff;
  }
  return { data, width, height };
}

test('noise alone, or blank paper, has nothing to read', async () => {
  expect(estimateBlur(noise(1200, 1600)).hasContent).toBe(false);
  expect(estimateBlur(await gray(await plainJpeg(1200, 1600))).hasContent).toBe(false);
});

test('an image smaller than one measuring tile is not judged: it may still hold a QR', () => {
  expect(estimateBlur(noise(200, 200))).toEqual({
    hasContent: true,
    motion: null,
    defocusSigma: 0,
  });
});
