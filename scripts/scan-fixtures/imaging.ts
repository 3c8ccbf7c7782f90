// Pixels for the fixture set: chromium renders the paper and the "photo" scenes (desk,
// perspective, shadow, uneven light); sharp adds blur, noise, darkness and JPEG loss with
// seeded noise so every run gives the same bytes on one machine; hand-made bad files.
import { PDFDocument } from 'pdf-lib';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { mulberry32 } from './noise.ts';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** One page per device scale factor, reused: a new context costs 300–600 ms. */
export type Pages = (scale: number) => Promise<Page>;

export function pagePool(browser: Browser): Pages {
  const pages = new Map<number, Promise<Page>>();
  return (scale) => {
    let page = pages.get(scale);
    if (!page) {
      page = browser
        .newContext({ deviceScaleFactor: scale, viewport: { width: 900, height: 1200 } })
        .then((context) => context.newPage());
      pages.set(scale, page);
    }
    return page;
  };
}

export type Paper = {
  png: Buffer;
  /** The QR's box as fractions of the paper, when there is one. */ qr?: Box;
};
export type Box = { x: number; y: number; width: number; height: number };

export async function renderPaper(pages: Pages, html: string, scale: number): Promise<Paper> {
  const page = await pages(scale);
  await page.setContent(html);
  const paper = await page.locator('#paper').boundingBox();
  // boundingBox() waits for the element, so ask only when the QR is there.
  const qrCode = page.locator('svg');
  const qr = (await qrCode.count()) > 0 ? await qrCode.first().boundingBox() : null;
  const png = await page.locator('#paper').screenshot({ type: 'png' });
  if (!paper || !qr) return { png };
  const box = {
    x: (qr.x - paper.x) / paper.width,
    y: (qr.y - paper.y) / paper.height,
    width: qr.width / paper.width,
    height: qr.height / paper.height,
  };
  return { png, qr: box };
}

export async function renderPdf(pages: Pages, html: string): Promise<Buffer> {
  const page = await pages(1);
  await page.setContent(html);
  const pdf = await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
  // Chromium stamps the clock into the Info dictionary; a fixed stamp of the same length
  // keeps the bytes reproducible and every xref offset valid.
  const text = pdf
    .toString('latin1')
    .replace(/(\/(?:CreationDate|ModDate) \(D:)\d{14}/gu, '$120261121000000');
  return Buffer.from(text, 'latin1');
}

export type Scene = {
  width: number;
  height: number;
  /** Width of the paper in the photo, in pixels. */
  paperWidth: number;
  rotate: number;
  tiltX?: number;
  tiltY?: number;
  /** Paper offset from the centre, in pixels. */
  shiftX?: number;
  shiftY?: number;
};

export type Photo = {
  png: Buffer;
  /** Where the paper's QR landed in the photo, in pixels. */ qr?: Box;
};

/** A photo of the paper lying on a desk: perspective, shadow, uneven light. */
export async function photograph(pages: Pages, paper: Paper, scene: Scene): Promise<Photo> {
  const page = await pages(1);
  await page.setViewportSize({ width: scene.width, height: scene.height });
  const transform = `translate(-50%,-50%) translate(${scene.shiftX ?? 0}px,${scene.shiftY ?? 0}px) perspective(1800px) rotateX(${scene.tiltX ?? 0}deg) rotateY(${scene.tiltY ?? 0}deg) rotateZ(${scene.rotate}deg)`;
  const percent = (fraction: number) => `${(fraction * 100).toFixed(4)}%`;
  // An invisible marker over the QR, transformed with the paper, tells where the QR landed.
  const marker = paper.qr
    ? `<div id="qr" style="position:absolute;left:${percent(paper.qr.x)};top:${percent(paper.qr.y)};width:${percent(paper.qr.width)};height:${percent(paper.qr.height)}"></div>`
    : '';
  await page.setContent(`<!doctype html><body style="margin:0;width:${scene.width}px;height:${scene.height}px;overflow:hidden;
    background:repeating-linear-gradient(87deg,#7a5a3c 0 7px,#6f5035 7px 15px,#80603f 15px 26px)">
    <div style="position:absolute;left:50%;top:50%;width:${scene.paperWidth}px;transform:${transform};box-shadow:0 18px 40px rgba(0,0,0,.55)">
    <img src="data:image/png;base64,${paper.png.toString('base64')}" style="display:block;width:100%">${marker}</div>
    <div style="position:absolute;inset:0;background:radial-gradient(circle at 30% 20%,rgba(255,250,235,.12),rgba(20,10,0,.28));mix-blend-mode:multiply"></div></body>`);
  await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
  const png = await page.screenshot({ type: 'png' });
  const qr = paper.qr ? await page.locator('#qr').boundingBox() : null;
  return qr ? { png, qr } : { png };
}

/** Sensor noise: seeded grey noise blended over the image. */
export async function addNoise(image: Buffer, seed: number, amount: number): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(image).metadata();
  const random = mulberry32(seed);
  const noise = Buffer.alloc(width * height);
  for (let i = 0; i < noise.length; i++) noise[i] = 128 + Math.round((random() - 0.5) * 2 * amount);
  return sharp(image)
    .composite([{ input: noise, raw: { width, height, channels: 1 }, blend: 'soft-light' }])
    .png()
    .toBuffer();
}

export const jpeg = (image: Buffer | ReturnType<typeof sharp>, quality: number) =>
  (Buffer.isBuffer(image) ? sharp(image) : image).jpeg({ quality, mozjpeg: false }).toBuffer();

/** A flatbed or phone "scan": slight rotation, softness, grey paper, JPEG. */
export async function scanLike(
  image: Buffer,
  options: { rotate: number; blur: number; quality: number; seed: number; dim?: number },
): Promise<Buffer> {
  const rotated = await sharp(image)
    .rotate(options.rotate, { background: '#f4f1ea' })
    .blur(options.blur)
    .modulate({ brightness: options.dim ?? 0.96 })
    .png()
    .toBuffer();
  return jpeg(await addNoise(rotated, options.seed, 18), options.quality);
}

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
}

/** A valid PNG header announcing 60 000 × 60 000 pixels (a decompression bomb's shape). */
export function pixelBombPng(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(60_000, 0);
  ihdr.writeUInt32BE(60_000, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const idat = Buffer.from([0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The first bytes of a Windows program: 'MZ', the DOS stub message, a PE header offset. */
export function executableBytes(): Buffer {
  const bytes = Buffer.alloc(512);
  bytes.write('MZ', 0, 'ascii');
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write('This program cannot be run in DOS mode.', 0x4e, 'ascii');
  bytes.write('PE\0\0', 0x80, 'ascii');
  return bytes;
}

/** A PDF whose only content is one full-page JPEG (what a scanner app produces). */
export async function imagePdf(image: Buffer): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setProducer('Papelada fixtures');
  doc.setCreationDate(new Date(Date.UTC(2026, 10, 21)));
  doc.setModificationDate(new Date(Date.UTC(2026, 10, 21)));
  const embedded = await doc.embedJpg(image);
  const width = 595.28;
  const height = (embedded.height / embedded.width) * width;
  doc.addPage([width, height]).drawImage(embedded, { x: 0, y: 0, width, height });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
