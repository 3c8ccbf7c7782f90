// The QR search in its worker thread (qr-reader.ts): the same answer as on the server's own
// thread, a photo it cannot decode refused without harm to the next one, and a closed reader
// failing what it held and starting again when asked.
import { afterEach, expect, test } from 'vitest';
import { findAtQr } from './image-qr.ts';
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
