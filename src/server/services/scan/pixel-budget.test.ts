// Decompression bombs inside a PDF (issue 12.7): a few KB that declare an image of hundreds
// of millions of pixels. The scan must stay within a fixed memory budget, in this process.
import { deflateSync } from 'node:zlib';
import {
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  PDFName,
  PDFRawStream,
  popGraphicsState,
  pushGraphicsState,
} from 'pdf-lib';
import { afterAll, expect, test } from 'vitest';
import type { OcrPool } from './ocr.ts';
import { MAX_RENDER_PIXELS, openPdf } from './pdf.ts';
import { createScanner } from './scanner.ts';

const MB = 1024 * 1024;
const SIDE = 23_000;

/** One A4 page drawing a SIDE × SIDE 1-bit image of zeros: tens of KB on disk. */
async function pixelBombPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const zeros = Buffer.alloc(Math.ceil(SIDE / 8) * SIDE);
  const compressed = deflateSync(zeros, { level: 9 });
  const image = PDFRawStream.of(
    doc.context.obj({
      Type: 'XObject',
      Subtype: 'Image',
      Width: SIDE,
      Height: SIDE,
      ColorSpace: 'DeviceGray',
      BitsPerComponent: 1,
      Filter: 'FlateDecode',
      Length: compressed.length,
    }),
    compressed,
  );
  page.node.setXObject(PDFName.of('Im0'), doc.context.register(image));
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(595, 0, 0, 842, 0, 0),
    drawObject('Im0'),
    popGraphicsState(),
  );
  return doc.save();
}

// No OCR workers: their own memory would blur what the PDF costs, and a blank page has no text.
const noOcr: OcrPool = {
  size: 1,
  recognize: () => Promise.resolve({ text: '', confidence: 0, words: [], ms: 0 }),
  close: () => Promise.resolve(),
};
const scanner = createScanner({ ocrPool: noOcr });

afterAll(async () => {
  await scanner.close();
});

test('a PDF declaring a 23 000 × 23 000 image is scanned within a fixed memory budget', async () => {
  const bytes = await pixelBombPdf();
  expect(bytes.length).toBeLessThan(200 * 1024);
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  try {
    // The page itself is still drawn, within the render budget, without the image.
    const pdf = await openPdf(bytes);
    try {
      for await (const page of pdf.renderPagePixels()) {
        expect(page.width * page.height).toBeLessThanOrEqual(MAX_RENDER_PIXELS);
      }
    } finally {
      await pdf.close();
    }
    const result = await scanner.scan(bytes, { fileName: 'bomba.pdf' });
    // Nothing legible is left once the image is refused: a coded pt-PT answer, not a crash.
    expect(result).toEqual({
      ok: false,
      error: { code: 'NOTHING_FOUND', message: expect.stringContaining('Não foi encontrado') },
    });
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, process.memoryUsage().rss);
  expect((peak - rssBefore) / MB).toBeLessThan(300);
});
