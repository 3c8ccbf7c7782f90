import sharp from 'sharp';
import { expect, test } from 'vitest';
import { defocusDeblurred, motionDeblurred } from './deblur.ts';
import type { GrayImage } from './gray-image.ts';

const MODULE = 6;
const SIZE = 384;
const DARK = 40;
const LIGHT = 220;

/** Random dark and light squares of MODULE pixels, like a QR's modules, from a fixed seed. */
function modules(): { image: GrayImage; isDark: (x: number, y: number) => boolean } {
  let seed = 12345;
  const side = SIZE / MODULE;
  const dark = Array.from({ length: side * side }, () => {
    seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
    return ((seed >> 16) & 1) === 0;
  });
  const isDark = (x: number, y: number) =>
    dark[Math.floor(y / MODULE) * side + Math.floor(x / MODULE)] ?? false;
  const data = Buffer.alloc(SIZE * SIZE);
  for (let y = 0; y < SIZE; y++)
    for (let x = 0; x < SIZE; x++) data[y * SIZE + x] = isDark(x, y) ? DARK : LIGHT;
  return { image: { data, width: SIZE, height: SIZE }, isDark };
}

/** Each pixel the mean of `length` pixels along its row (a smear along x), plus noise. */
function smearedAlongRows({ data, width, height }: GrayImage, length: number): GrayImage {
  const out = Buffer.alloc(data.length);
  let seed = 99;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (let k = -(length - 1) / 2; k <= (length - 1) / 2; k++) {
        sum += data[y * width + Math.min(width - 1, Math.max(0, x + k))] ?? 0;
      }
      seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
      out[y * width + x] = Math.round(sum / length + ((seed % 5) - 2));
    }
  }
  return { data: out, width, height };
}

/**
 * Share of module centres, away from the edges, on the wrong side of mid-grey; `image` may
 * be the pattern shrunk by `scale`.
 */
function misreadShare(
  image: GrayImage,
  isDark: (x: number, y: number) => boolean,
  scale = 1,
): number {
  const margin = 48;
  let wrong = 0;
  let count = 0;
  for (let y = margin + MODULE / 2; y < SIZE - margin; y += MODULE) {
    for (let x = margin + MODULE / 2; x < SIZE - margin; x += MODULE) {
      const at = Math.round(y * scale) * image.width + Math.round(x * scale);
      const looksDark = (image.data[at] ?? 0) < (DARK + LIGHT) / 2;
      if (looksDark !== isDark(x, y)) wrong++;
      count++;
    }
  }
  return wrong / count;
}

test('a smear of two modules is undone along its direction', async () => {
  const { image, isDark } = modules();
  const smeared = smearedAlongRows(image, 13);
  const restored = await motionDeblurred(
    smeared,
    { length: 13, degrees: 0, score: 10 },
    { scale: 1, noiseToSignal: 0.005 },
  );
  expect([restored.width, restored.height]).toEqual([SIZE, SIZE]);
  // Thresholding the smeared squares misreads many of them; after the filter, almost none.
  expect(misreadShare(smeared, isDark)).toBeGreaterThan(0.15);
  expect(misreadShare(restored, isDark)).toBeLessThan(0.02);
});

test('the same smear undone in the wrong direction does not restore it', async () => {
  const { image, isDark } = modules();
  const smeared = smearedAlongRows(image, 13);
  const across = await motionDeblurred(
    smeared,
    { length: 13, degrees: 90, score: 10 },
    { scale: 1, noiseToSignal: 0.005 },
  );
  // Turned a quarter, the view's rows are the photo's columns: compare it turned back.
  const back = await sharp(across.data, {
    raw: { width: across.width, height: across.height, channels: 1 },
  })
    .rotate(90)
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const turnedBack = { data: back.data, width: back.info.width, height: back.info.height };
  expect(misreadShare(turnedBack, isDark)).toBeGreaterThan(0.1);
});

test('a Gaussian defocus of two thirds of a module is undone', async () => {
  const { image, isDark } = modules();
  const { data } = await sharp(image.data, { raw: { width: SIZE, height: SIZE, channels: 1 } })
    .blur(4)
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const defocused = { data, width: SIZE, height: SIZE };
  const restored = await defocusDeblurred(defocused, 4, { scale: 1, noiseToSignal: 0.005 });
  expect(misreadShare(defocused, isDark)).toBeGreaterThan(0.08);
  expect(misreadShare(restored, isDark)).toBeLessThan(0.01);
});

test('at half size the smear is undone in the smaller pixels (half as long)', async () => {
  const { image, isDark } = modules();
  const half = await motionDeblurred(
    smearedAlongRows(image, 13),
    { length: 13, degrees: 0, score: 10 },
    { scale: 0.5, noiseToSignal: 0.005 },
  );
  expect([half.width, half.height]).toEqual([SIZE / 2, SIZE / 2]);
  expect(misreadShare(half, isDark, 0.5)).toBeLessThan(0.02);
});
