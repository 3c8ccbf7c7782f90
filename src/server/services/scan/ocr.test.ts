import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { extractInvoiceFields } from '#shared/scan/text-fields.ts';
import {
  ensureScanFixtures,
  scanFixturePath,
  type ScanFixture,
  type ScanManifest,
} from '#tests/fixtures/scan-fixtures.ts';
import { createOcrPool, OcrPoolClosedError, prepareForOcr, type OcrPool } from './ocr.ts';
import { renderPdfPages } from './pdf.ts';

let manifest: ScanManifest;
// One pool for the file: workers start once (about 0.5 s) and are reused.
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
    // The page is scaled down for OCR; the boxes must be scaled back.
    expect((await prepareForOcr(image)).scale).toBeLessThan(1);
    const result = await pool.recognize(image);
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
  });

  test('queues work beyond its workers and answers each request with its own text', async () => {
    const [receipt, invoice] = await Promise.all([
      pool.recognize(bytesOf(byFile('ocr/farmacia-foto.jpg'))),
      pool.recognize(bytesOf(byFile('ocr/empresa-limpa.png'))),
    ]);
    expect(receipt.text).toContain('Farmácia Central de Braga');
    expect(invoice.text).toContain('Construções Gonçalves');
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

  test('a closed pool refuses new work and rejects what was queued', async () => {
    const own = createOcrPool({ size: 1 });
    const image = bytesOf(byFile('ocr/farmacia-foto.jpg'));
    const first = own.recognize(image);
    const queued = own.recognize(image);
    await own.close();
    await expect(first).rejects.toBeInstanceOf(OcrPoolClosedError);
    await expect(queued).rejects.toBeInstanceOf(OcrPoolClosedError);
    await expect(own.recognize(image)).rejects.toBeInstanceOf(OcrPoolClosedError);
  });
});
