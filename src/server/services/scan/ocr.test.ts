import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { extractInvoiceFields } from '#shared/scan/text-fields.ts';
import {
  ensureScanFixtures,
  scanFixturePath,
  type ScanFixture,
  type ScanManifest,
} from '#tests/fixtures/scan-fixtures.ts';
import { createOcrPool, OcrPoolClosedError, type OcrPool } from './ocr.ts';
import { renderPdfPages } from './pdf.ts';

let manifest: ScanManifest;
// One pool for the file: its worker loads the models once (about 0.5 s) and is reused.
let pool: OcrPool;

beforeAll(async () => {
  manifest = await ensureScanFixtures();
  pool = createOcrPool({ size: 1 });
}, 180_000);

afterAll(async () => {
  await pool.close();
});

const bytesOf = (fixture: ScanFixture) => readFileSync(scanFixturePath(fixture));
const byFile = (file: string) => {
  const found = manifest.files.find((f) => f.file === file);
  if (!found) throw new Error(`no fixture ${file}`);
  return found;
};

/** The image OCR sees: the file itself, or the first page of a scanned PDF. */
async function imageOf(fixture: ScanFixture): Promise<Buffer> {
  const bytes = bytesOf(fixture);
  if (fixture.kind !== 'pdf') return bytes;
  for await (const page of renderPdfPages(bytes)) return page.png;
  throw new Error(`${fixture.file} has no page`);
}

describe('OCR of the fixture invoices', () => {
  const ocrFixtures = () => manifest.files.filter((f) => f.expect.ok && f.expect.source === 'ocr');

  test('the set has OCR images and a scanned PDF without QR', () => {
    expect(ocrFixtures().filter((f) => f.kind === 'ocr-image').length).toBeGreaterThanOrEqual(4);
    expect(ocrFixtures().some((f) => f.kind === 'pdf')).toBe(true);
  });

  test.each([
    'ocr/oficina-limpa.png',
    'ocr/empresa-limpa.png',
    'ocr/restaurante-foto.jpg',
    'ocr/farmacia-foto.jpg',
    'pdf/oficina-digitalizada.pdf',
  ])('%s: issuer NIF, date, number and total are right', async (file) => {
    const fixture = byFile(file);
    const expected = fixture.expect;
    if (!expected.ok || expected.source !== 'ocr') throw new Error(`${file} is not an OCR fixture`);
    const result = await pool.recognize(await imageOf(fixture));
    expect(result.confidence).toBeGreaterThan(0.7);
    const { fields, confidence } = extractInvoiceFields(result.text, { words: result.words });
    for (const key of expected.check) {
      expect(fields[key as keyof typeof fields], key).toEqual(expected.fields[key]);
      expect(confidence[key as keyof typeof confidence], key).toBeGreaterThan(0.5);
    }
  });
});

describe('createOcrPool', () => {
  test('gives words with confidences and boxes in the input image’s pixels', async () => {
    const image = bytesOf(byFile('ocr/oficina-limpa.png'));
    const { width = 0, height = 0 } = await sharp(image).metadata();
    // Read at a quarter of its pixels: the boxes must be scaled back to the input's.
    const scaled = createOcrPool({ size: 1, maxPixels: (width * height) / 4 });
    try {
      const result = await scaled.recognize(image);
      expect(result.words.length).toBeGreaterThan(50);
      for (const word of result.words) {
        expect(word.confidence).toBeGreaterThanOrEqual(0);
        expect(word.confidence).toBeLessThanOrEqual(1);
        expect(word.bbox.x0).toBeLessThanOrEqual(word.bbox.x1);
        expect(word.bbox.x1).toBeLessThanOrEqual(width + 2);
        expect(word.bbox.y1).toBeLessThanOrEqual(height + 2);
      }
      const nif = result.words.find((word) => word.text.includes('515778893'));
      expect(nif).toBeDefined();
      // The seller block sits in the top left quarter of the page.
      expect(nif!.bbox.x1).toBeLessThan(width / 2);
      expect(nif!.bbox.y1).toBeLessThan(height / 4);
      // The right column reaches well past what a shrunken box would.
      expect(Math.max(...result.words.map((word) => word.bbox.x1))).toBeGreaterThan(width * 0.85);
      expect(result.ms).toBeGreaterThan(0);
    } finally {
      await scaled.close();
    }
  });

  test('queues work beyond its workers and answers each request with its own text', async () => {
    const [receipt, invoice] = await Promise.all([
      pool.recognize(bytesOf(byFile('ocr/farmacia-foto.jpg'))),
      pool.recognize(bytesOf(byFile('ocr/empresa-limpa.png'))),
    ]);
    // The model has no 'á', 'ç' or 'õ' (ADR 014): names come out without their accents.
    expect(receipt.text).toContain('Farmacia Central de Braga');
    expect(invoice.text).toContain('Construcoes Goncalves');
  });

  test('reads a page off the event loop', async () => {
    // onnxruntime runs a model synchronously: on the main thread the event loop would be
    // busy for nearly all of the page's time (98 % when measured).
    const before = performance.eventLoopUtilization();
    await pool.recognize(bytesOf(byFile('ocr/empresa-limpa.png')));
    expect(performance.eventLoopUtilization(before).utilization).toBeLessThan(0.25);
  });

  test('rejects what is not an image and keeps working', async () => {
    await expect(pool.recognize(Buffer.from('não sou uma imagem'))).rejects.toThrow();
    // The seller block of an invoice, photographed from afar: 420 px wide.
    const small = await sharp(bytesOf(byFile('ocr/oficina-limpa.png')))
      .extract({ left: 90, top: 90, width: 620, height: 260 })
      .resize({ width: 420 })
      .png()
      .toBuffer();
    expect((await pool.recognize(small)).text).toContain('NIF: 515778893');
  });

  test('a worker that cannot start in time fails the queued work instead of hanging', async () => {
    const own = createOcrPool({ size: 1, initTimeoutMs: 1 });
    try {
      await expect(own.recognize(bytesOf(byFile('ocr/farmacia-foto.jpg')))).rejects.toThrow(
        'OCR worker start timed out after 1 ms',
      );
    } finally {
      await own.close();
    }
  });

  test('models that cannot be loaded fail the queued work, and the next page tries again', async () => {
    const own = createOcrPool({ size: 1, modelDir: '/nonexistent/ocr-models' });
    const image = bytesOf(byFile('ocr/farmacia-foto.jpg'));
    try {
      const results = await Promise.allSettled([own.recognize(image), own.recognize(image)]);
      expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
      await expect(own.recognize(image)).rejects.toThrow(/nonexistent/u);
    } finally {
      await own.close();
    }
  });

  test('a closed pool refuses new work and rejects what was queued', async () => {
    const own = createOcrPool({ size: 1 });
    const image = bytesOf(byFile('ocr/farmacia-foto.jpg'));
    // The first page is being read when the pool closes, the second is still queued.
    const answers = Promise.allSettled([own.recognize(image), own.recognize(image)]);
    await own.close();
    for (const answer of await answers) {
      expect(answer.status).toBe('rejected');
      expect((answer as PromiseRejectedResult).reason).toBeInstanceOf(OcrPoolClosedError);
    }
    await expect(own.recognize(image)).rejects.toBeInstanceOf(OcrPoolClosedError);
  });
});
