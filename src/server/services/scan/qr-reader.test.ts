// The QR search in its worker thread (qr-reader.ts): the same answer as on the server's own
// thread, a photo it cannot decode refused without harm to the next one, and a closed reader
// failing what it held and starting again when asked.
import { afterEach, expect, test } from 'vitest';
import sharp from 'sharp';
import { findAtQr } from './image-qr.ts';
import { keepAsJpeg } from './kept-image.ts';
import { createQrWorkerReader, QrWorkerError, type QrReader } from './qr-reader.ts';
import { plainJpeg, qrPhoto, TEST_PAYLOAD } from './scan-test-helpers.ts';

let reader: QrReader | undefined;
afterEach(async () => {
  await reader?.close();
  reader = undefined;
});

test('the worker finds the AT payload findAtQr finds, and leaves the caller its bytes', async () => {
  reader = createQrWorkerReader();
  const photo = new Uint8Array(await qrPhoto());
  const before = Buffer.from(photo);
  const inWorker = await reader.find(photo);
  expect(inWorker.text).toBe(TEST_PAYLOAD);
  expect(inWorker.end).toBe('found');
  expect((await findAtQr(photo)).text).toBe(inWorker.text);
  // Copied, not transferred away: the scanner still makes the kept image from these bytes.
  expect(Buffer.from(photo).equals(before)).toBe(true);
});

test('asked to keep, the worker also answers the kept JPEG, as keepAsJpeg makes it; unasked, none', async () => {
  reader = createQrWorkerReader();
  const photo = new Uint8Array(await qrPhoto());
  expect((await reader.find(photo)).kept).toBeUndefined();
  const found = await reader.find(photo, { keep: true });
  expect(found.text).toBe(TEST_PAYLOAD);
  if (!found.kept) throw new Error('no kept JPEG');
  const kept = await sharp(found.kept).metadata();
  const inProcess = await sharp(await keepAsJpeg(photo)).metadata();
  expect(kept.format).toBe('jpeg');
  expect([kept.width, kept.height, kept.exif]).toEqual([
    inProcess.width,
    inProcess.height,
    undefined,
  ]);
  // A photo without a QR is kept all the same (the invoice is typed by hand, with its photo).
  const plain = await reader.find(new Uint8Array(await plainJpeg()), { keep: true });
  expect(plain.text).toBeNull();
  expect(plain.kept?.length).toBeGreaterThan(0);
});

test('a photo without a QR and bytes that are no image: answered, and the next still works', async () => {
  reader = createQrWorkerReader();
  expect((await reader.find(new Uint8Array(await plainJpeg()))).text).toBeNull();
  await expect(reader.find(new Uint8Array([1, 2, 3, 4]))).rejects.toBeInstanceOf(QrWorkerError);
  expect((await reader.find(new Uint8Array(await qrPhoto()))).text).toBe(TEST_PAYLOAD);
});

test('closing fails the searches in flight; the next search starts a new worker', async () => {
  reader = createQrWorkerReader();
  await reader.prepare();
  const photo = new Uint8Array(await qrPhoto());
  const inFlight = expect(reader.find(photo)).rejects.toBeInstanceOf(QrWorkerError);
  await reader.close();
  await inFlight;
  expect((await reader.find(photo)).text).toBe(TEST_PAYLOAD);
});
