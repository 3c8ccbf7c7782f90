// Scans run two at a time with a bounded queue (issue 12.7): past the queue POST /api/scan
// answers 503 at once in the one error shape, instead of holding every upload in memory.
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { signUpVerified } from '#server/features/auth/test-helpers.ts';
import type { OcrPool, OcrResult } from '#server/services/scan/ocr.ts';
import { createScanner } from '#server/services/scan/scanner.ts';
import {
  createTestApp,
  TEST_CSRF_TOKEN,
  TEST_ORIGIN,
  type TestApp,
} from '#tests/setup/test-app.ts';

/** OCR that holds every job until released: the scans stay "running" while the test looks. */
function heldOcr() {
  const held: Array<(result: OcrResult) => void> = [];
  const pool: OcrPool = {
    size: 1,
    recognize: () => new Promise<OcrResult>((resolve) => held.push(resolve)),
    close: () => Promise.resolve(),
  };
  const releaseAll = () => {
    for (const resolve of held.splice(0)) resolve({ text: '', confidence: 0, words: [], ms: 0 });
  };
  return { pool, held, releaseAll };
}

const ocr = heldOcr();
const scanner = createScanner({ ocrPool: ocr.pool, concurrency: 2, maxQueued: 1 });
let t: TestApp;
let cookie: string;
let blankPhoto: Uint8Array;

beforeAll(async () => {
  t = await createTestApp({ scanner });
  cookie = await signUpVerified(t, 'fila.scan@exemplo.pt');
  // No QR on it, so each scan goes on to OCR and waits there.
  blankPhoto = await sharp({
    create: { width: 400, height: 300, channels: 3, background: '#ffffff' },
  })
    .png()
    .toBuffer();
});

afterAll(async () => {
  ocr.releaseAll();
  await t.close();
  await scanner.close();
});

function upload() {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(blankPhoto)], 'fatura.png', { type: 'image/png' }));
  return Promise.resolve(
    t.app.request('/api/scan', {
      method: 'POST',
      headers: { cookie, origin: TEST_ORIGIN, 'x-csrf-token': TEST_CSRF_TOKEN },
      body: form,
    }),
  );
}

async function until(condition: () => boolean) {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(condition()).toBe(true);
}

test('two scans run, one waits, and one more is refused with 503 at once', async () => {
  const running = [upload(), upload()];
  await until(() => ocr.held.length === 2);
  const waiting = upload();
  // Give the third time to reach the queue (it must not start: OCR still holds two).
  await new Promise((r) => setTimeout(r, 300));
  expect(ocr.held).toHaveLength(2);

  const refused = await upload();
  expect(refused.status).toBe(503);
  expect(await refused.json()).toEqual({
    error: {
      code: 'SCANNER_BUSY',
      message:
        'O leitor de faturas está ocupado com outras leituras. Tente novamente dentro de instantes.',
    },
  });

  // Once the running ones finish, the waiting one gets its turn and everything answers.
  ocr.releaseAll();
  await until(() => ocr.held.length === 1);
  ocr.releaseAll();
  for (const res of await Promise.all([...running, waiting])) {
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ error: { code: 'NOTHING_FOUND' } });
  }
  // The queue is free again.
  const again = upload();
  await until(() => ocr.held.length === 1);
  ocr.releaseAll();
  expect((await again).status).toBe(422);
});
