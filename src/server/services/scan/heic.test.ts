import sharp from 'sharp';
import { expect, test } from 'vitest';
import { decodeHeic, HeicDecodeError, heicToJpeg } from './heic.ts';
import { HEIC_PHOTO_SIZE, heicPhoto } from './hostile-test-files.ts';
import { findAtQr } from './image-qr.ts';
import { TEST_PAYLOAD } from './scan-test-helpers.ts';

test("sharp's own build cannot decode HEVC: the reason heic.ts exists", async () => {
  await expect(sharp(heicPhoto()).raw().toBuffer()).rejects.toThrow(/HEVC/);
});

test('an iPhone HEIC photo decodes to RGB pixels, with the event loop free meanwhile', async () => {
  let ticks = 0;
  const ticker = setInterval(() => ticks++, 5);
  const started = performance.now();
  try {
    const pixels = await decodeHeic(heicPhoto());
    expect(pixels).toMatchObject({ ...HEIC_PHOTO_SIZE, channels: 3 });
    expect(pixels.data.length).toBe(HEIC_PHOTO_SIZE.width * HEIC_PHOTO_SIZE.height * 3);
    // The paper of the photo is light, the QR dark: real pixels, not a blank buffer.
    const { channels } = await sharp(pixels.data, { raw: pixels }).stats();
    expect(channels[0]?.max).toBeGreaterThan(200);
    expect(channels[0]?.min).toBeLessThan(60);
  } finally {
    clearInterval(ticker);
  }
  // Decoding runs in a worker thread: timers kept firing on this one.
  expect(ticks).toBeGreaterThan((performance.now() - started) / 5 / 4);
});

test('the JPEG made from it keeps the size and the QR code readable', async () => {
  const jpeg = await heicToJpeg(heicPhoto());
  expect(await sharp(jpeg).metadata()).toMatchObject({ format: 'jpeg', ...HEIC_PHOTO_SIZE });
  expect((await findAtQr(jpeg)).text).toBe(TEST_PAYLOAD);
});

test('a HEIC with its data cut short, or past the pixel budget, is a HeicDecodeError', async () => {
  const photo = heicPhoto();
  await expect(decodeHeic(photo.subarray(0, photo.length / 2))).rejects.toBeInstanceOf(
    HeicDecodeError,
  );
  await expect(decodeHeic(photo.subarray(0, 400))).rejects.toThrow(/not a readable HEIF file/);
  await expect(decodeHeic(photo, { maxPixels: 1_000_000 })).rejects.toThrow(/too many pixels/);
});

test('a decode that takes too long is stopped, and the next one still runs', async () => {
  await expect(decodeHeic(heicPhoto(), { timeoutMs: 1 })).rejects.toThrow(/still decoding/);
  expect((await decodeHeic(heicPhoto())).width).toBe(HEIC_PHOTO_SIZE.width);
});
