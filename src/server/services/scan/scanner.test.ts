import { PDFDocument, StandardFonts } from 'pdf-lib';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { afterAll, expect, test } from 'vitest';
import { AT_QR_EXAMPLES } from '#shared/at-qr/examples.ts';
import { createScanner } from './scanner.ts';
import { SCAN_ERROR_MESSAGES } from './scan-result.ts';
import {
  activePdf,
  encryptedScriptPdf,
  HEIC_PHOTO_SIZE,
  heicPhoto,
  pdfOpeningAtPage,
} from './hostile-test-files.ts';
import { pageWithoutQr, qrPhoto, TEST_PAYLOAD } from './scan-test-helpers.ts';

// One scanner (and so one OCR worker) for the whole file.
const scanner = createScanner();
afterAll(() => scanner.close());

/** The fields of TEST_PAYLOAD (AT example 2, a Fatura simplificada) as contract 6 has them. */
const TEST_PAYLOAD_FIELDS = {
  issuerNif: '123456789',
  buyerNif: '999999990',
  buyerCountry: 'PT',
  documentType: 'FS',
  documentStatus: 'N',
  issueDate: '2019-08-12',
  documentNumber: 'FS CDVF/12345',
  atcud: 'CDF7T5HD-12345',
  total: 0.8,
  vat: 0.15,
  taxRegions: [{ region: 'PT', normal: { base: 0.65, vat: 0.15 } }],
  hash: 'YhGV',
  certificate: '9999',
  otherInfo: 'NU;0.80',
  qr: TEST_PAYLOAD,
};

const INVOICE_LINES = [
  'Papelaria Central, Lda.',
  'Rua Augusta 100, 1100-053 Lisboa',
  'NIF: 503456780',
  'Fatura FT 2026A/15',
  'ATCUD: JJJCR94W-15',
  'Data: 21-11-2026',
  'Cadernos A4 (3 x 4,10 €)   12,30 €',
  'IVA 23%   2,83 €',
  'Total: 15,13 €',
];

/** A clean render of an invoice without a QR code, large dark text: OCR reads it. */
function invoiceImage(): Promise<Buffer> {
  const text = INVOICE_LINES.map(
    (line, i) =>
      `<text x="90" y="${150 + i * 90}" font-family="DejaVu Sans, sans-serif" font-size="44" fill="#111">${line}</text>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1400" height="1100"><rect width="100%" height="100%" fill="#fff"/>${text}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function pdfWith(options: { text?: string[]; qr?: string; image?: Buffer; pages?: number }) {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const pageCount = options.pages ?? 1;
  for (let n = 1; n <= pageCount; n++) {
    const page = pdf.addPage([595, 842]); // A4 in points
    if (options.image) {
      const jpeg = await pdf.embedJpg(await sharp(options.image).jpeg().toBuffer());
      page.drawImage(jpeg, { x: 0, y: 842 - 468, width: 595, height: 468 }); // 1400 × 1100 px
    }
    options.text?.forEach((line, i) =>
      page.drawText(line, { x: 50, y: 780 - i * 20, size: 12, font }),
    );
    // The QR on the last page, 30 mm wide, as the Portaria allows.
    if (options.qr && n === pageCount) {
      const png = await pdf.embedPng(await QRCode.toBuffer(options.qr, { margin: 2, width: 300 }));
      page.drawImage(png, { x: 420, y: 60, width: 85, height: 85 });
    }
  }
  return Buffer.from(await pdf.save());
}

test('a photo with an AT QR is read from the QR: every field, no warnings, the raw payload', async () => {
  const result = await scanner.scan(await qrPhoto({ rotate: 90 }));
  expect(result).toEqual({
    ok: true,
    source: 'qr',
    fields: TEST_PAYLOAD_FIELDS,
    warnings: [],
    ms: expect.any(Number),
  });
});

test("the QR validator's lenient warnings come back in pt-PT", async () => {
  const payload = AT_QR_EXAMPLES.real2025SemAtcud; // the buyer's NIF fails its check digit
  const result = await scanner.scan(await qrPhoto({ payload }));
  if (!result.ok) throw new Error(result.error.code);
  expect(result.source).toBe('qr');
  expect(result.fields.qr).toBe(payload);
  expect(result.warnings).toContain(
    'O NIF do adquirente (132772985) tem o dígito de controlo errado. Confirme-o na fatura.',
  );
});

test('a photo without a QR code is read by OCR, with per-field confidence', async () => {
  const result = await scanner.scan(await invoiceImage(), { fileName: 'fatura.png' });
  if (!result.ok) throw new Error(result.error.code);
  expect(result.source).toBe('ocr');
  expect(result.fields).toMatchObject({
    issuerNif: '503456780',
    documentNumber: 'FT 2026A/15',
    issueDate: '2026-11-21',
    total: 15.13,
  });
  expect(result.fields).not.toHaveProperty('qr');
  expect(result.warnings).toEqual([]);
  for (const field of ['issuerNif', 'total'] as const) {
    expect(result.confidence?.[field]).toBeGreaterThan(0);
    expect(result.confidence?.[field]).toBeLessThanOrEqual(1);
  }
});

test('a photo with neither a QR code nor invoice text is NOTHING_FOUND', async () => {
  const blank = await sharp({
    create: { width: 900, height: 1200, channels: 3, background: '#fff' },
  })
    .jpeg()
    .toBuffer();
  expect(await scanner.scan(blank)).toEqual({
    ok: false,
    error: { code: 'NOTHING_FOUND', message: SCAN_ERROR_MESSAGES.NOTHING_FOUND },
  });
});

test('a JPEG cut short is UNREADABLE_FILE; input refusals come through unchanged', async () => {
  const photo = await qrPhoto();
  expect(await scanner.scan(photo.subarray(0, Math.floor(photo.length * 0.6)))).toMatchObject({
    ok: false,
    error: { code: 'UNREADABLE_FILE' },
  });
  expect(await scanner.scan(new Uint8Array(0))).toMatchObject({ error: { code: 'EMPTY_FILE' } });
  expect(await scanner.scan(photo, { fileName: 'fatura.jpg.exe' })).toMatchObject({
    error: { code: 'EXECUTABLE_REFUSED' },
  });
});

test('a PDF with a QR on its last page is read from the QR, the supplier name from its text', async () => {
  const pdf = await pdfWith({ text: INVOICE_LINES, qr: TEST_PAYLOAD, pages: 3 });
  const result = await scanner.scan(pdf);
  expect(result).toEqual({
    ok: true,
    source: 'qr',
    fields: { ...TEST_PAYLOAD_FIELDS, supplierName: 'Papelaria Central, Lda.' },
    warnings: [],
    ms: expect.any(Number),
  });
});

test('a PDF with a text layer and no QR gives the fields of its text', async () => {
  const result = await scanner.scan(await pdfWith({ text: INVOICE_LINES }));
  if (!result.ok) throw new Error(result.error.code);
  expect(result.source).toBe('pdf-text');
  expect(result.fields).toMatchObject({
    issuerNif: '503456780',
    documentType: 'FT',
    documentNumber: 'FT 2026A/15',
    atcud: 'JJJCR94W-15',
    issueDate: '2026-11-21',
    total: 15.13,
    supplierName: 'Papelaria Central, Lda.',
  });
  expect(result.confidence?.issuerNif).toBeGreaterThan(0);
});

test('a scanned PDF (a page image, no text layer) is read by OCR', async () => {
  const result = await scanner.scan(await pdfWith({ image: await invoiceImage() }));
  if (!result.ok) throw new Error(result.error.code);
  expect(result.source).toBe('ocr');
  expect(result.fields).toMatchObject({ issuerNif: '503456780', total: 15.13 });
});

test('a PDF that does not open is UNREADABLE_FILE', async () => {
  const broken = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R', 'latin1');
  expect(await scanner.scan(broken)).toMatchObject({
    ok: false,
    error: { code: 'UNREADABLE_FILE', message: SCAN_ERROR_MESSAGES.UNREADABLE_FILE },
  });
});

test('an iPhone HEIC photo is read from its QR like any photo, and kept as a JPEG', async () => {
  const { result, image } = await scanner.scanAndKeep(heicPhoto(), { fileName: 'IMG_0001.HEIC' });
  expect(result).toEqual({
    ok: true,
    source: 'qr',
    fields: TEST_PAYLOAD_FIELDS,
    warnings: [],
    ms: expect.any(Number),
  });
  expect(await sharp(image ?? undefined).metadata()).toMatchObject({
    format: 'jpeg',
    ...HEIC_PHOTO_SIZE,
  });
});

test('a HEIC photo whose data is cut short is UNREADABLE_FILE', async () => {
  const photo = heicPhoto();
  expect(await scanner.scan(photo.subarray(0, Math.floor(photo.length * 0.7)))).toEqual({
    ok: false,
    error: { code: 'UNREADABLE_FILE', message: SCAN_ERROR_MESSAGES.UNREADABLE_FILE },
  });
});

test('a PDF with active content is PDF_ACTIVE_CONTENT and nothing is kept, found in its bytes or by pdfjs', async () => {
  const refused = {
    ok: false,
    error: { code: 'PDF_ACTIVE_CONTENT', message: SCAN_ERROR_MESSAGES.PDF_ACTIVE_CONTENT },
  };
  for (const bytes of [
    await activePdf('open-action-javascript'),
    await activePdf('open-action-launch'),
    await activePdf('attachment'),
    // Encrypted: the byte check sees nothing, pdfjs decrypts it and sees the page script.
    encryptedScriptPdf(),
  ]) {
    expect(await scanner.scanAndKeep(bytes, { fileName: 'fatura.pdf' })).toEqual({
      result: refused,
      image: null,
    });
  }
});

test('a PDF whose /OpenAction only shows the first page is read as usual', async () => {
  const result = await scanner.scan(await pdfOpeningAtPage('referenced-destination'));
  if (!result.ok) throw new Error(result.error.code);
  expect(result.source).toBe('pdf-text');
  expect(result.fields).toMatchObject({ issuerNif: '503456780', total: 15.13 });
});

test('scanAndKeep gives the document as an upright JPEG without metadata, at most 2400 px', async () => {
  const tagged = await sharp(await qrPhoto({ width: 1800, height: 2600 }))
    .withMetadata({ orientation: 6, exif: { IFD0: { Make: 'Telemovel', Artist: 'Ana' } } })
    .jpeg()
    .toBuffer();
  const { result, image } = await scanner.scanAndKeep(tagged);
  expect(result.ok).toBe(true);
  if (!image) throw new Error('no image kept');
  const meta = await sharp(image).metadata();
  expect(meta.format).toBe('jpeg');
  // Turned upright (the EXIF said a quarter turn), then fitted into 2400 px.
  expect([meta.width, meta.height]).toEqual([2400, 1662]);
  expect(meta.exif).toBeUndefined();
  expect(meta.orientation).toBeUndefined();
  expect(meta.icc).toBeUndefined();
});

test('scanAndKeep keeps the first page of a PDF, and the document when nothing was read', async () => {
  const fromPdf = await scanner.scanAndKeep(await pdfWith({ text: INVOICE_LINES, pages: 2 }));
  expect(fromPdf.result.ok).toBe(true);
  const meta = await sharp(fromPdf.image ?? Buffer.alloc(0)).metadata();
  expect(meta.format).toBe('jpeg');
  expect(meta.height).toBeGreaterThan(meta.width ?? 0); // an A4 page, portrait

  const nothing = await scanner.scanAndKeep(await pageWithoutQrOrText());
  expect(nothing.result).toMatchObject({ ok: false, error: { code: 'NOTHING_FOUND' } });
  expect(nothing.image).toBeInstanceOf(Buffer);

  const refused = await scanner.scanAndKeep(new Uint8Array(0));
  expect(refused.image).toBeNull();
});

function pageWithoutQrOrText() {
  return sharp({ create: { width: 600, height: 800, channels: 3, background: '#f0f0f0' } })
    .png()
    .toBuffer();
}

test('scans run side by side give each its own answer', async () => {
  const [qr, text, none] = await Promise.all([
    scanner.scan(await qrPhoto()),
    scanner.scan(await pdfWith({ text: INVOICE_LINES })),
    scanner.scan(await pageWithoutQr()),
  ]);
  expect(qr).toMatchObject({ ok: true, source: 'qr' });
  expect(text).toMatchObject({ ok: true, source: 'pdf-text' });
  expect(none.ok ? none.source : none.error.code).toMatch(/^(ocr|NOTHING_FOUND)$/);
});
