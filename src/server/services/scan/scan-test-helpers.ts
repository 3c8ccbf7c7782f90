// Images for the scanner's tests, made on the spot: a QR code (the `qrcode` package) laid
// on a larger paper-coloured page with some text, then degraded with sharp the way phone
// photos are (turned, shrunk, dim, JPEG-compressed). E2's tests/fixtures/scan is the
// realistic set; these keep each test self-contained and fast.
import { deflateSync } from 'node:zlib';
import QRCode from 'qrcode';
import sharp, { type OverlayOptions } from 'sharp';
import { AT_QR_EXAMPLES } from '#shared/at-qr/examples.ts';

export type QrPhotoOptions = {
  payload?: string;
  /** Side of the QR image, quiet zone included. */
  qrPx?: number;
  width?: number;
  height?: number;
  /** Degrees, clockwise, applied to the whole photo. */
  rotate?: number;
  /** Squeezes the range to ~30% around light grey, like a dim photo of a faded print. */
  lowContrast?: boolean;
  /** Resize to fit this many pixels on the longest side (a phone's or a messenger's copy). */
  shrinkTo?: number;
  jpegQuality?: number;
  /** A second QR beside the AT one (a website or payment QR). */
  extraQr?: string;
  format?: 'jpeg' | 'png';
};

/** The AT example payload used unless a test says otherwise (141 characters, QR version 9). */
export const TEST_PAYLOAD = AT_QR_EXAMPLES.faturaSimplificada;

function invoiceText(width: number, height: number): Buffer {
  const lines = Array.from(
    { length: 12 },
    (_, i) =>
      `<text x="80" y="${160 + i * 70}" font-size="40" fill="#222">Linha ${i + 1} — Papelaria Exemplo, Lda. — 12,30 €</text>`,
  ).join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${lines}</svg>`,
  );
}

/** A photo of an invoice page with the QR near the bottom-right corner. */
export async function qrPhoto(options: QrPhotoOptions = {}): Promise<Buffer> {
  const width = options.width ?? 1600;
  const height = options.height ?? 2200;
  const qrPx = options.qrPx ?? 420;
  const qr = await QRCode.toBuffer(options.payload ?? TEST_PAYLOAD, {
    errorCorrectionLevel: 'M',
    margin: 2,
    width: qrPx,
  });
  const layers: OverlayOptions[] = [
    { input: invoiceText(width, height), left: 0, top: 0 },
    {
      input: qr,
      left: Math.max(0, width - qrPx - 120),
      top: Math.max(0, height - qrPx - 160),
    },
  ];
  if (options.extraQr) {
    const extra = await QRCode.toBuffer(options.extraQr, { margin: 2, width: qrPx });
    layers.push({ input: extra, left: 120, top: height - qrPx - 160 });
  }
  let page = await sharp({
    create: { width, height, channels: 3, background: '#f5f2ea' },
  })
    .composite(layers)
    .png()
    .toBuffer();
  if (options.rotate) {
    page = await sharp(page).rotate(options.rotate, { background: '#6b6b6b' }).png().toBuffer();
  }
  let photo = sharp(page);
  if (options.lowContrast) photo = photo.linear(0.3, 150);
  if (options.shrinkTo) photo = photo.resize(options.shrinkTo, options.shrinkTo, { fit: 'inside' });
  return options.format === 'png'
    ? photo.png().toBuffer()
    : photo.jpeg({ quality: options.jpegQuality ?? 85 }).toBuffer();
}

/** A small plain JPEG: enough for the input checks. */
export function plainJpeg(width = 200, height = 150): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .jpeg()
    .toBuffer();
}

/** A plain page with text and no QR code at all. */
export async function pageWithoutQr(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 1600, channels: 3, background: '#ffffff' } })
    .composite([{ input: invoiceText(1200, 1600), left: 0, top: 0 }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid-looking PNG of a few hundred bytes whose header claims `width` × `height` pixels
 * (a decompression bomb's calling card): one compressed row of zeros stands for the rest.
 */
export function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // grayscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(width + 1))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
