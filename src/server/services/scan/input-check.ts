// The scanner's gate (issue 5): size, type by magic bytes, executables, pixel count. Runs
// before anything decodes the file, so a hostile or broken upload gets a coded pt-PT refusal
// instead of reaching sharp, zxing or pdfjs. Nothing here writes to disk.
import sharp, { type Metadata } from 'sharp';
import { hasExecutableExtension, MAX_UPLOAD_BYTES } from '#shared/upload-check.ts';
import { HEIC_UNSUPPORTED_MESSAGE, scanFailure, type ScanFailure } from './scan-result.ts';

/** 10 MB, the upload limit of the whole app (spec accounts §5). */
export const MAX_SCAN_BYTES = MAX_UPLOAD_BYTES;
/**
 * Decompression bombs: a few KB of PNG can claim 50 000 × 50 000 pixels. 50 MP still takes
 * the largest phone photos (8160 × 6120) and matches the profile photo limit.
 */
export const MAX_SCAN_PIXELS = 50_000_000;

export type ScanImageKind = 'jpeg' | 'png' | 'webp' | 'gif' | 'heif';
export type ScanInputKind = ScanImageKind | 'pdf';

export type CheckedInput =
  { ok: true; kind: 'pdf' } | { ok: true; kind: ScanImageKind; width: number; height: number };

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0));

// Programs and scripts by their first bytes: PE ("MZ"), ELF, Mach-O (both byte orders, and
// fat binaries, whose magic Java class files share), WebAssembly, and "#!" scripts.
const EXECUTABLE_SIGNATURES: readonly (readonly number[])[] = [
  ascii('MZ'),
  [0x7f, 0x45, 0x4c, 0x46],
  [0xfe, 0xed, 0xfa, 0xce],
  [0xfe, 0xed, 0xfa, 0xcf],
  [0xce, 0xfa, 0xed, 0xfe],
  [0xcf, 0xfa, 0xed, 0xfe],
  [0xca, 0xfe, 0xba, 0xbe],
  [0x00, 0x61, 0x73, 0x6d],
  ascii('#!'),
];

// ISO-BMFF brands of HEIC/HEIF/AVIF photos ("ftyp" at offset 4, the major brand at 8).
const HEIF_BRANDS = new Set([
  'heic',
  'heix',
  'heim',
  'heis',
  'hevc',
  'hevx',
  'mif1',
  'msf1',
  'avif',
  'avis',
]);

const PDF_MAGIC = ascii('%PDF-');
/** Writers may put a little junk before "%PDF-"; readers look within the first 1024 bytes. */
const PDF_MAGIC_WINDOW = 1024;

export function isExecutableContent(bytes: Uint8Array): boolean {
  return EXECUTABLE_SIGNATURES.some((signature) => startsWith(bytes, signature));
}

function findPdfMagic(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length - PDF_MAGIC.length, PDF_MAGIC_WINDOW);
  for (let offset = 0; offset <= end; offset++) {
    if (startsWith(bytes, PDF_MAGIC, offset)) return true;
  }
  return false;
}

/** The type by its first bytes, whatever the file name or the declared type say. */
export function detectScanKind(bytes: Uint8Array): ScanInputKind | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('ftyp'), 4)) {
    const brand = String.fromCharCode(...bytes.subarray(8, 12));
    return HEIF_BRANDS.has(brand) ? 'heif' : null;
  }
  // Checked last: a PDF signature further in must not win over an image's own.
  if (findPdfMagic(bytes)) return 'pdf';
  return null;
}

function isHeic(bytes: Uint8Array): boolean {
  const brand = String.fromCharCode(...bytes.subarray(8, 12));
  return brand !== 'avif' && brand !== 'avis';
}

/**
 * Every refusal the scanner makes before decoding. Images are opened for their header only
 * (sharp reads the dimensions without decoding the pixels); a body that turns out broken
 * later is the pipeline's UNREADABLE_FILE.
 */
export async function checkScanInput(
  bytes: Uint8Array,
  options: { fileName?: string } = {},
): Promise<CheckedInput | ScanFailure> {
  if (bytes.length === 0) return scanFailure('EMPTY_FILE');
  if (bytes.length > MAX_SCAN_BYTES) return scanFailure('FILE_TOO_LARGE');
  if (isExecutableContent(bytes)) return scanFailure('EXECUTABLE_REFUSED');
  if (options.fileName !== undefined && hasExecutableExtension(options.fileName)) {
    return scanFailure('EXECUTABLE_REFUSED');
  }
  const kind = detectScanKind(bytes);
  if (!kind) return scanFailure('UNSUPPORTED_TYPE');
  if (kind === 'pdf') return { ok: true, kind };

  let meta: Metadata;
  try {
    // The header only: no pixel is decoded here, so no limit is needed to read a bomb's size.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    if (kind === 'heif' && isHeic(bytes)) {
      return scanFailure('UNSUPPORTED_TYPE', HEIC_UNSUPPORTED_MESSAGE);
    }
    return scanFailure('UNREADABLE_FILE');
  }
  // The header must agree with the magic bytes (sharp calls AVIF and HEIC both "heif").
  if (meta.format !== kind) return scanFailure('UNREADABLE_FILE');
  const { width, height } = meta;
  if (!width || !height) return scanFailure('UNREADABLE_FILE');
  // For an animated GIF or WebP `height` is that of one frame: only the first is read.
  if (width * height > MAX_SCAN_PIXELS) return scanFailure('IMAGE_TOO_LARGE');
  return { ok: true, kind, width, height };
}
