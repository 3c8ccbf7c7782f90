// `npm run fixtures:scan`: renders realistic Portuguese invoices (HTML + the AT QR from
// the `qrcode` package) with Debian's chromium into clean and degraded photos, PDFs, OCR
// images and bad files, and writes their truth to tests/fixtures/scan/manifest.json
// (issue 5 item 5). Deterministic: fixed data, seeded noise, no clock. Tests and the bench
// call ensureScanFixtures() (tests/fixtures/scan-fixtures.ts) instead of running this.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import type { ScanErrorCode } from '#server/services/scan/scan-result.ts';
import {
  SCAN_FIXTURES_DIR,
  SCAN_MANIFEST_PATH,
  scanFixturesScriptHash,
  type ScanFixture,
  type ScanManifest,
} from '#tests/fixtures/scan-fixtures.ts';
import {
  addNoise,
  CHROMIUM_ARGS,
  executableBytes,
  imagePdf,
  jpeg,
  pagePool,
  photograph,
  pixelBombPng,
  renderPaper,
  renderPdf,
  scanLike,
  type Pages,
  type Paper,
  type Scene,
} from './scan-fixtures/imaging.ts';
import {
  computeTotals,
  INVOICES,
  OCR_CHECK,
  PDF_TEXT_CHECK,
  QR_CHECK,
  qrFields,
  textFields,
} from './scan-fixtures/invoices.ts';
import { realWorldPhotos } from './scan-fixtures/real-world-photos.ts';
import { invoiceHtml, type RenderOptions } from './scan-fixtures/templates.ts';

type Output = ScanFixture & { bytes: Buffer };
type Success = Extract<ScanFixture['expect'], { ok: true }>;

const byId = (id: string) => {
  const invoice = INVOICES.find((candidate) => candidate.id === id);
  if (!invoice) throw new Error(`no invoice ${id}`);
  return { invoice, totals: computeTotals(invoice) };
};

function expectQr(id: string): Success {
  const { invoice, totals } = byId(id);
  return { ok: true, source: 'qr', fields: qrFields(invoice, totals), check: QR_CHECK };
}

function expectText(id: string, source: 'pdf-text' | 'ocr'): Success {
  const { invoice, totals } = byId(id);
  const check = source === 'ocr' ? OCR_CHECK : PDF_TEXT_CHECK;
  return { ok: true, source, fields: textFields(invoice, totals), check };
}

async function makeOutputs(pages: Pages): Promise<Output[]> {
  const papers = new Map<string, Paper>();
  const render = async (id: string, withQr: boolean, scale: number) => {
    const key = `${id}:${withQr}:${scale}`;
    let paper = papers.get(key);
    if (!paper) {
      paper = await renderPaper(pages, await invoiceHtml(byId(id).invoice, { withQr }), scale);
      papers.set(key, paper);
    }
    return paper;
  };
  const photo = async (id: string, scene: Scene) =>
    photograph(pages, await render(id, true, 2), scene);
  const pdfOf = async (id: string, options: RenderOptions) =>
    renderPdf(pages, await invoiceHtml(byId(id).invoice, options));
  const a4Scene: Scene = { width: 2000, height: 2667, paperWidth: 1760, rotate: 0 };
  const receiptScene: Scene = { width: 1500, height: 2000, paperWidth: 780, rotate: 0 };
  const out: Output[] = [];

  // QR photos
  const qrPhoto = (
    file: string,
    id: string,
    description: string,
    bytes: Buffer,
    humanScannable = true,
  ) =>
    out.push({
      file: `qr/${file}`,
      kind: 'qr-photo',
      invoice: id,
      description,
      humanScannable,
      bytes,
      expect: expectQr(id),
    });
  qrPhoto(
    'eletricidade-limpa.png',
    'eletricidade',
    'Clean render of an A4 utility invoice (PNG, 1588 px wide).',
    (await render('eletricidade', true, 2)).png,
  );
  qrPhoto(
    'restaurante-q70.jpg',
    'restaurante',
    'Photo of a restaurant receipt on a desk, JPEG quality 70.',
    await jpeg((await photo('restaurante', { ...receiptScene, rotate: 2 })).png, 70),
  );
  qrPhoto(
    'nota-credito-inclinada.jpg',
    'nota-credito',
    'A4 credit note photographed at an angle: rotated 7°, tilted (perspective).',
    await jpeg(
      (
        await photo('nota-credito', {
          ...a4Scene,
          paperWidth: 1600,
          rotate: -7,
          tiltX: 14,
          tiltY: -6,
        })
      ).png,
      82,
    ),
  );
  qrPhoto(
    'supermercado-desfocada.jpg',
    'supermercado',
    'Supermarket receipt photo, Gaussian blur σ 1.6.',
    await jpeg(
      sharp((await photo('supermercado', { ...receiptScene, rotate: -3 })).png).blur(1.6),
      85,
    ),
  );
  const dark = await sharp(
    (await photo('restaurante', { ...receiptScene, rotate: 4, tiltX: 8 })).png,
  )
    .modulate({ brightness: 0.42, saturation: 0.7 })
    .linear(0.8, 6)
    .png()
    .toBuffer();
  qrPhoto(
    'restaurante-pouca-luz.jpg',
    'restaurante',
    'Low light: brightness 42 %, lower contrast, sensor noise.',
    await jpeg(await addNoise(dark, 7, 40), 80),
  );
  const phone = await photo('supermercado', {
    ...receiptScene,
    width: 2250,
    height: 3000,
    paperWidth: 1000,
    rotate: 1.5,
    tiltX: 6,
  });
  qrPhoto(
    'supermercado-telemovel-1500.jpg',
    'supermercado',
    'Phone photo of a receipt downscaled to 1125×1500 px, JPEG 80.',
    await jpeg(sharp(phone.png).resize(1125, 1500), 80),
  );
  qrPhoto(
    'empresa-qr-pequeno.jpg',
    'empresa',
    'A4 company invoice, 22 mm QR in the bottom-right corner (about 3.3 px per module).',
    await jpeg((await photo('empresa', { ...a4Scene, rotate: -1.5 })).png, 85),
  );
  qrPhoto(
    'nota-credito-webp.webp',
    'nota-credito',
    'Clean render of the credit note as WebP (quality 80).',
    await sharp((await render('nota-credito', true, 2)).png)
      .webp({ quality: 80 })
      .toBuffer(),
  );
  qrPhoto(
    'eletricidade-muito-desfocada.jpg',
    'eletricidade',
    'Hard: heavy blur σ 7 — nobody could scan this QR.',
    await jpeg(
      sharp((await photo('eletricidade', { ...a4Scene, paperWidth: 1500, rotate: 3 })).png).blur(7),
      75,
    ),
    false,
  );
  const framed = await photo('farmacia', { ...receiptScene, paperWidth: 900, rotate: -2 });
  if (!framed.qr) throw new Error('the pharmacy receipt has no QR to cut');
  const cut = Math.round(framed.qr.y + framed.qr.height * 0.45); // the frame ends inside the QR
  qrPhoto(
    'farmacia-qr-cortado.jpg',
    'farmacia',
    'Hard: the photo ends across the QR, half of it is missing — nobody could scan it.',
    await jpeg(
      sharp(framed.png).extract({
        left: 0,
        top: Math.max(0, cut - 1500),
        width: receiptScene.width,
        height: Math.min(1500, cut),
      }),
      80,
    ),
    false,
  );

  // PDFs
  const pdf = (file: string, id: string, description: string, bytes: Buffer, expect: Success) =>
    out.push({ file: `pdf/${file}`, kind: 'pdf', invoice: id, description, bytes, expect });
  // A PDF's text layer also gives the supplier name, which a QR does not carry.
  const withName = (id: string): Success => {
    const qr = expectQr(id);
    return {
      ...qr,
      fields: { ...qr.fields, supplierName: byId(id).invoice.seller.name.join(' ') },
    };
  };
  pdf(
    'eletricidade-texto-qr.pdf',
    'eletricidade',
    'Chromium page.pdf: text layer and vector QR on a single page.',
    await pdfOf('eletricidade', { withQr: true }),
    withName('eletricidade'),
  );
  pdf(
    'eletricidade-multipagina.pdf',
    'eletricidade',
    'Several pages (consumption history); the QR is on the last page.',
    await pdfOf('eletricidade', { withQr: true, appendix: true }),
    withName('eletricidade'),
  );
  pdf(
    'empresa-sem-qr.pdf',
    'empresa',
    'Text layer only, no QR: the fields come from the text.',
    await pdfOf('empresa', { withQr: false }),
    expectText('empresa', 'pdf-text'),
  );
  const scannedReceipt = await scanLike((await render('restaurante', true, 2.5)).png, {
    rotate: 0.8,
    blur: 0.5,
    quality: 82,
    seed: 11,
  });
  pdf(
    'restaurante-digitalizada.pdf',
    'restaurante',
    'Scanned receipt: one JPEG per page, no text layer, with the QR.',
    await imagePdf(scannedReceipt),
    expectQr('restaurante'),
  );
  const scannedInvoice = await scanLike((await render('oficina', false, 2)).png, {
    rotate: -0.6,
    blur: 0.4,
    quality: 80,
    seed: 12,
  });
  pdf(
    'oficina-digitalizada.pdf',
    'oficina',
    'Scanned A4 invoice without QR and without text layer: needs OCR.',
    await imagePdf(scannedInvoice),
    expectText('oficina', 'ocr'),
  );

  // OCR images (no QR)
  const ocr = (file: string, id: string, description: string, bytes: Buffer) =>
    out.push({
      file: `ocr/${file}`,
      kind: 'ocr-image',
      invoice: id,
      description,
      bytes,
      expect: expectText(id, 'ocr'),
    });
  ocr(
    'oficina-limpa.png',
    'oficina',
    'Clean render of an A4 invoice without QR.',
    (await render('oficina', false, 2)).png,
  );
  ocr(
    'empresa-limpa.png',
    'empresa',
    'Clean A4 company invoice without QR; the buyer NIF is printed too.',
    (await render('empresa', false, 2)).png,
  );
  ocr(
    'restaurante-foto.jpg',
    'restaurante',
    'Receipt without QR, slightly degraded: rotated 1.5°, blur 0.7, noise, JPEG 75.',
    await scanLike((await render('restaurante', false, 2.5)).png, {
      rotate: 1.5,
      blur: 0.7,
      quality: 75,
      seed: 21,
    }),
  );
  ocr(
    'farmacia-foto.jpg',
    'farmacia',
    'Pharmacy receipt without QR: dim, rotated -1°, blur 0.6, noise, JPEG 72.',
    await scanLike((await render('farmacia', false, 2.5)).png, {
      rotate: -1,
      blur: 0.6,
      quality: 72,
      seed: 22,
      dim: 0.85,
    }),
  );

  // Bad files
  const bad = (file: string, description: string, bytes: Buffer, code: ScanErrorCode) =>
    out.push({ file: `bad/${file}`, kind: 'bad', description, bytes, expect: { ok: false, code } });
  const sample = await jpeg((await render('farmacia', true, 1)).png, 80);
  bad('vazio.jpg', 'Zero bytes.', Buffer.alloc(0), 'EMPTY_FILE');
  bad(
    'truncada.jpg',
    'A JPEG cut after 30 % of its bytes.',
    sample.subarray(0, Math.floor(sample.length * 0.3)),
    'UNREADABLE_FILE',
  );
  bad(
    'programa.exe',
    'A Windows program header (MZ … PE).',
    executableBytes(),
    'EXECUTABLE_REFUSED',
  );
  bad(
    'fatura-mz.jpg',
    'The same program bytes renamed to .jpg.',
    executableBytes(),
    'EXECUTABLE_REFUSED',
  );
  bad(
    'texto.jpg',
    'A plain text file renamed to .jpg.',
    Buffer.from('Fatura n.º FT 2026/1\nTotal: 12,30 €\n', 'utf8'),
    'UNSUPPORTED_TYPE',
  );
  bad(
    'bomba-pixeis.png',
    'PNG header announcing 60 000 × 60 000 pixels.',
    pixelBombPng(),
    'IMAGE_TOO_LARGE',
  );
  return out;
}

export async function generateScanFixtures(
  options: { quiet?: boolean } = {},
): Promise<ScanManifest> {
  const started = performance.now();
  mkdirSync(SCAN_FIXTURES_DIR, { recursive: true });
  rmSync(SCAN_MANIFEST_PATH, { force: true });
  for (const entry of readdirSync(SCAN_FIXTURES_DIR, { withFileTypes: true })) {
    if (entry.isDirectory() && entry.name !== '.lock') {
      rmSync(path.join(SCAN_FIXTURES_DIR, entry.name), { recursive: true, force: true });
    }
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  let outputs: Output[];
  try {
    // The real-world OCR photos (issue 14) are mostly JS in this process, the others mostly
    // chromium's work: made side by side, on pages of their own, they share the two cores.
    const [made, realWorld] = await Promise.all([
      makeOutputs(pagePool(browser)),
      realWorldPhotos(pagePool(browser)),
    ]);
    outputs = [...made, ...realWorld];
  } finally {
    await browser.close();
  }
  let totalBytes = 0;
  for (const { file, bytes } of outputs) {
    const target = path.join(SCAN_FIXTURES_DIR, ...file.split('/'));
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, bytes);
    totalBytes += bytes.length;
  }
  const manifest: ScanManifest = {
    version: 1,
    scriptHash: scanFixturesScriptHash(),
    files: outputs.map(({ bytes: _bytes, ...fixture }) => fixture),
  };
  writeFileSync(SCAN_MANIFEST_PATH, `${JSON.stringify(manifest, null, 2)}\n`);
  if (!options.quiet) {
    const mb = (totalBytes / 1024 / 1024).toFixed(1);
    console.log(
      `${outputs.length} ficheiros (${mb} MB) em ${path.relative(process.cwd(), SCAN_FIXTURES_DIR)} em ${Math.round(performance.now() - started)} ms.`,
    );
  }
  return manifest;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await generateScanFixtures();
}
