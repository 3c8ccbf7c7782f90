import { readFileSync } from 'node:fs';
import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';
import { beforeAll, describe, expect, test } from 'vitest';
import { extractInvoiceFields } from '#shared/scan/text-fields.ts';
import {
  ensureScanFixtures,
  scanFixturePath,
  type ScanFixture,
  type ScanManifest,
} from '#tests/fixtures/scan-fixtures.ts';
import { activePdf, pdfOpeningAtPage, rawPdf } from './hostile-test-files.ts';
import {
  MAX_PDF_PAGES,
  MAX_RENDER_PIXELS,
  openPdf,
  pageOrder,
  PdfActiveContentError,
  PdfUnreadableError,
  readPdfText,
  renderPdfPages,
  textLines,
  type PdfPageImage,
} from './pdf.ts';

let manifest: ScanManifest;
// Generating the fixture set takes up to a minute on a busy 2-core machine.
beforeAll(async () => {
  manifest = await ensureScanFixtures();
}, 180_000);

const fixture = (file: string): ScanFixture => {
  const found = manifest.files.find((f) => f.file === file);
  if (!found) throw new Error(`no fixture ${file}`);
  return found;
};
const bytesOf = (file: string) => readFileSync(scanFixturePath(fixture(file)));

async function collect(images: AsyncIterable<PdfPageImage>): Promise<PdfPageImage[]> {
  const all: PdfPageImage[] = [];
  for await (const image of images) all.push(image);
  return all;
}

/** A PDF of `count` pages, each saying which page it is (pdf-lib, Helvetica). */
async function numberedPdf(count: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let page = 1; page <= count; page++) {
    doc
      .addPage([595, 842])
      .drawText(`Página ${page} de ${count}`, { x: 50, y: 780, size: 14, font });
  }
  return Buffer.from(await doc.save());
}

describe('readPdfText', () => {
  test('reads the text layer in reading order, both columns of a line kept apart', async () => {
    const { pages } = await readPdfText(bytesOf('pdf/empresa-sem-qr.pdf'));
    expect(pages).toHaveLength(1);
    const lines = pages[0]!.split('\n');
    expect(lines[0]).toBe('Construções Gonçalves & Irmão, S.A.');
    expect(lines).toContain('4470-122 Maia   Documento FT 2026/311');
    expect(lines).toContain('Total EUR 8.602,62 €');
    // The seller block comes before the customer block, which comes before the items.
    const at = (text: string) => lines.findIndex((line) => line.includes(text));
    expect(at('NIPC 511 345 674')).toBeLessThan(at('Cliente'));
    expect(at('Cliente')).toBeLessThan(at('Cimento Portland'));
    expect(at('Cimento Portland')).toBeLessThan(at('Total EUR'));
  });

  test.each([
    'pdf/empresa-sem-qr.pdf',
    'pdf/eletricidade-texto-qr.pdf',
    'pdf/eletricidade-multipagina.pdf',
  ])('the text of %s gives the invoice fields', async (file) => {
    const { pages } = await readPdfText(bytesOf(file));
    const { fields, confidence } = extractInvoiceFields(pages.join('\n'));
    const expected = fixture(file).expect;
    if (!expected.ok) throw new Error('a readable fixture was expected');
    for (const key of [
      'issuerNif',
      'buyerNif',
      'documentType',
      'issueDate',
      'documentNumber',
      'atcud',
      'total',
      'vat',
      'supplierName',
    ] as const) {
      expect(fields[key], key).toEqual(expected.fields[key]);
      expect(confidence[key], key).toBeGreaterThanOrEqual(0.8);
    }
  });

  test('gives one string per page, the totals on the last page of a long invoice', async () => {
    const { pages } = await readPdfText(bytesOf('pdf/eletricidade-multipagina.pdf'));
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[0]).toContain('Fatura n.º FT 2026E/88123');
    expect(pages.at(-1)).toContain('Total a pagar 1.130,79 €');
    expect(pages[0]).not.toContain('Total a pagar');
  });

  test('a scanned PDF has no text layer', async () => {
    const { pages } = await readPdfText(bytesOf('pdf/oficina-digitalizada.pdf'));
    expect(pages).toEqual(['']);
  });

  test(`reads at most the first ${MAX_PDF_PAGES} pages`, async () => {
    const { pages } = await readPdfText(await numberedPdf(MAX_PDF_PAGES + 3));
    expect(pages).toHaveLength(MAX_PDF_PAGES);
    expect(pages[0]).toBe(`Página 1 de ${MAX_PDF_PAGES + 3}`);
    expect(pages.at(-1)).toBe(`Página ${MAX_PDF_PAGES} de ${MAX_PDF_PAGES + 3}`);
  });

  test.each([
    ['not a PDF', Buffer.from('Fatura n.º FT 2026/1\nTotal: 12,30 €\n')],
    ['a header and nothing else', Buffer.from('%PDF-1.7\n%%EOF\n')],
  ])('refuses %s with PdfUnreadableError', async (_, bytes) => {
    await expect(readPdfText(bytes)).rejects.toBeInstanceOf(PdfUnreadableError);
  });

  test('refuses a truncated PDF', async () => {
    const whole = bytesOf('pdf/empresa-sem-qr.pdf');
    await expect(readPdfText(whole.subarray(0, whole.length / 3))).rejects.toBeInstanceOf(
      PdfUnreadableError,
    );
  });

  test('leaves the caller’s buffer intact', async () => {
    const bytes = bytesOf('pdf/empresa-sem-qr.pdf');
    const copy = Buffer.from(bytes);
    await readPdfText(bytes);
    expect(bytes.equals(copy)).toBe(true);
  });
});

describe('renderPdfPages', () => {
  test('draws the first page, then the last, then the ones between', async () => {
    const images = await collect(renderPdfPages(bytesOf('pdf/eletricidade-multipagina.pdf')));
    const count = images.length;
    expect(count).toBeGreaterThanOrEqual(3);
    expect(images.map((image) => image.page)).toEqual([
      1,
      count,
      ...Array.from({ length: count - 2 }, (_, i) => i + 2),
    ]);
  });

  test('gives PNGs of A4 at twice 72 dpi by default (chromium’s A4 is 594.96 × 841.92 pt), white where nothing is printed', async () => {
    const [image] = await collect(renderPdfPages(bytesOf('pdf/empresa-sem-qr.pdf')));
    expect(image).toMatchObject({ page: 1, width: 1189, height: 1683 });
    const meta = await sharp(image!.png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 1189, height: 1683 });
    const corner = await sharp(image!.png)
      .extract({ left: 0, top: 0, width: 40, height: 40 })
      .removeAlpha()
      .raw()
      .toBuffer();
    expect(Math.min(...corner)).toBe(255);
  });

  test('draws the page image of a scanned PDF', async () => {
    const images = await collect(renderPdfPages(bytesOf('pdf/restaurante-digitalizada.pdf')));
    expect(images).toHaveLength(1);
    const stats = await sharp(images[0]!.png).stats();
    // Printed text: dark pixels on light paper.
    expect(stats.channels[0]!.min).toBeLessThan(80);
    expect(stats.channels[0]!.max).toBeGreaterThan(200);
  });

  test('draws only the pages asked for, and only while the caller keeps iterating', async () => {
    const pdf = await numberedPdf(5);
    expect(
      (await collect(renderPdfPages(pdf, { pages: [4, 2, 99, 0] }))).map((i) => i.page),
    ).toEqual([4, 2]);
    const drawn: number[] = [];
    for await (const image of renderPdfPages(pdf)) {
      drawn.push(image.page);
      if (drawn.length === 2) break;
    }
    expect(drawn).toEqual([1, 5]);
  });

  test('lowers the scale of a page that would exceed the pixel limit', async () => {
    const [image] = await collect(renderPdfPages(bytesOf('pdf/empresa-sem-qr.pdf'), { scale: 40 }));
    expect(image!.width * image!.height).toBeLessThanOrEqual(MAX_RENDER_PIXELS);
    expect(image!.width).toBeGreaterThan(2000);
  });

  test('one open document serves both the text and the images', async () => {
    const pdf = await openPdf(bytesOf('pdf/eletricidade-texto-qr.pdf'));
    try {
      expect(pdf.pageCount).toBe(1);
      expect((await pdf.readText()).pages[0]).toContain('ATCUD: J6TBYMGN-88123');
      expect((await collect(pdf.renderPages({ scale: 1 })))[0]).toMatchObject({
        width: 594,
        height: 841,
      });
    } finally {
      await pdf.close();
    }
  });

  test('refuses what is not a PDF', async () => {
    await expect(collect(renderPdfPages(Buffer.from('MZ\x90\x00')))).rejects.toBeInstanceOf(
      PdfUnreadableError,
    );
  });
});

describe('active content seen once pdfjs has parsed the document', () => {
  test.each([
    ['javascript-names', 'document JavaScript'],
    ['open-action-javascript', 'document JavaScript'],
    ['attachment', 'attached files'],
    ['xfa', 'XFA form'],
  ] as const)('%s is refused before a page is read (%s)', async (kind, found) => {
    await expect(openPdf(await activePdf(kind))).rejects.toMatchObject({
      name: 'PdfActiveContentError',
      found,
    });
  });

  test('a page script, a form field script and a file attached to a page are refused', async () => {
    const script = { S: 'JavaScript', JS: PDFString.of('app.alert(1)') };
    const pageScript = await PDFDocument.create();
    pageScript.addPage().node.set(PDFName.of('AA'), pageScript.context.obj({ O: script }));
    const fieldScript = await PDFDocument.create();
    fieldScript.getForm().createTextField('total').addToPage(fieldScript.addPage());
    fieldScript
      .getForm()
      .getTextField('total')
      .acroField.dict.set(PDFName.of('AA'), fieldScript.context.obj({ K: script }));
    const attached = await PDFDocument.create();
    const page = attached.addPage();
    const annotation = attached.context.obj({
      Type: 'Annot',
      Subtype: 'FileAttachment',
      Rect: [0, 0, 20, 20],
      FS: { Type: 'Filespec', F: PDFString.of('a.txt') },
    });
    page.node.set(
      PDFName.of('Annots'),
      attached.context.obj([attached.context.register(annotation)]),
    );
    for (const [doc, found] of [
      [pageScript, 'page 1 JavaScript'],
      [fieldScript, 'form field JavaScript'],
      [attached, 'page 1 attached file'],
    ] as const) {
      const error: unknown = await openPdf(await doc.save()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PdfActiveContentError);
      expect((error as PdfActiveContentError).found).toBe(found);
    }
  });

  test('an /OpenAction that only shows the first page is harmless: the PDF opens and reads', async () => {
    for (const how of ['destination', 'referenced-destination', 'goto'] as const) {
      const pdf = await openPdf(await pdfOpeningAtPage(how));
      try {
        expect((await pdf.readText()).pages[0]).toContain('Fatura FT 2026A/15');
      } finally {
        await pdf.close();
      }
    }
  });

  test('a name escaped as #xx is the same name to pdfjs: the byte check must decode it too', async () => {
    const escaped = rawPdf({
      catalog: '/OpenAction << /#53 /J#61va#53cript /J#53 (app.alert\\(1\\)) >>',
    });
    await expect(openPdf(escaped)).rejects.toBeInstanceOf(PdfActiveContentError);
  });
});

describe('pageOrder', () => {
  test.each([
    [1, [1]],
    [2, [1, 2]],
    [4, [1, 4, 2, 3]],
    [25, [1, 25, 2, 3, 4, 5, 6, 7, 8, 9]],
  ])('%i pages → %j', (count, order) => {
    expect(pageOrder(count)).toEqual(order);
  });

  test('drops pages that do not exist and repeats', () => {
    expect(pageOrder(3, [3, 3, 0, -1, 1.5, 4, 2])).toEqual([3, 2]);
  });
});

describe('textLines', () => {
  const item = (str: string, x: number, y: number, width: number, size = 10): TextItem => ({
    str,
    dir: 'ltr',
    transform: [size, 0, 0, size, x, y],
    width,
    height: size,
    fontName: 'f1',
    hasEOL: false,
  });

  test('orders runs top to bottom and left to right, whatever order they were drawn in', () => {
    const lines = textLines([
      item('Total 12,30 €', 40, 100, 60),
      item('Fatura', 300, 700, 30),
      item('Loja do Bairro, Lda.', 40, 700.8, 90),
      item('NIF 509876544', 40, 686, 60),
    ]);
    expect(lines).toEqual(['Loja do Bairro, Lda.   Fatura', 'NIF 509876544', 'Total 12,30 €']);
  });

  test('joins runs of one word without a space and words with one', () => {
    const lines = textLines([
      item('Fat', 40, 500, 15),
      item('ura', 55, 500, 15),
      item('n.º', 73, 500, 12),
      item('   ', 90, 500, 5),
    ]);
    expect(lines).toEqual(['Fatura n.º']);
  });
});
