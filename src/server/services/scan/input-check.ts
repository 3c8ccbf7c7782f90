// The scanner's gate (issues 5 and 14.4): size, type by magic bytes, executables, files that
// are two things at once (a photo that is also a web page or an archive), active content in a
// PDF, pixel count. Runs before anything decodes the file, so a hostile or broken upload gets
// a coded pt-PT refusal instead of reaching sharp, zxing, libheif or pdfjs. Invoice photos and
// the profile photo pass the same gate. Nothing here writes to disk.
import sharp, { type Metadata } from 'sharp';
import { hasExecutableExtension, MAX_UPLOAD_BYTES } from '#shared/upload-check.ts';
import { findPdfActiveContent } from './pdf-active-content.ts';
import { scanFailure, type ScanFailure } from './scan-result.ts';

/** 10 MB, the upload limit of the whole app (spec accounts §5). */
export const MAX_SCAN_BYTES = MAX_UPLOAD_BYTES;
/**
 * Decompression bombs: a few KB of PNG can claim 50 000 × 50 000 pixels. 50 MP still takes
 * the largest phone photos (8160 × 6120) and matches the profile photo limit.
 */
export const MAX_SCAN_PIXELS = 50_000_000;

/** By magic bytes; 'heif' is the container, AVIF or HEIC. */
export type ScanInputKind = 'jpeg' | 'png' | 'webp' | 'gif' | 'heif' | 'pdf';
/**
 * A checked image: 'heif' is one sharp decodes (AVIF), 'heic' one coded in HEVC, which only
 * heic.ts decodes (iPhone photos).
 */
export type ScanImageKind = Exclude<ScanInputKind, 'pdf'> | 'heic';

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

// ISO-BMFF brands ("ftyp" at offset 4, the major brand at 8): iPhone photos (HEIC, HEVC-coded),
// and with AVIF every HEIF photo the scanner takes.
export const HEIC_BRANDS: ReadonlySet<string> = new Set([
  'heic',
  'heix',
  'heim',
  'heis',
  'hevc',
  'hevx',
  'mif1',
  'msf1',
]);
const HEIF_BRANDS: ReadonlySet<string> = new Set([...HEIC_BRANDS, 'avif', 'avis']);

const ZIP_LOCAL_FILE = ascii('PK\x03\x04');
const ZIP_CENTRAL_FILE = ascii('PK\x01\x02');
const ZIP_END_OF_DIRECTORY = ascii('PK\x05\x06');
/** The end-of-central-directory record: 22 bytes and a comment of up to 65 535. */
const ZIP_END_RECORD_BYTES = 22;
const ZIP_MAX_COMMENT_BYTES = 0xffff;

/**
 * Web content that runs: HTML, a script, an SVG with an event handler. Long enough not to be
 * spelt by chance in compressed bytes; a JPEG's XMP or a PDF's metadata never contain them.
 */
const ACTIVE_MARKUP = new RegExp(
  [
    '<(?:script|html|body|iframe|object|embed|!doctype\\s+html)[\\s>/]',
    '<svg[\\s/][^>]{0,512}?\\bon[a-z]+\\s*=',
  ].join('|'),
  'i',
);

/** The image spatial extent property of a HEIF item: size 20, "ispe", flags, width, height. */
const HEIF_EXTENT_BOX = Buffer.from('ispe');

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

/** SVG, HTML, XML: text that opens with a tag (after a byte-order mark and blank space). */
export function isMarkup(bytes: Uint8Array): boolean {
  let at = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  while (at < bytes.length && [0x09, 0x0a, 0x0c, 0x0d, 0x20].includes(bytes[at] ?? 0)) at++;
  return bytes[at] === 0x3c;
}

/**
 * A ZIP archive anywhere in the file, found as zip readers (and Java) find one: the record at
 * the end pointing back, over the central directory's size, at its first entry. It finds a
 * GIFAR (a GIF with a JAR appended) or a PDF with an archive behind it.
 */
export function hasZipArchive(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const lowest = Math.max(0, bytes.length - ZIP_END_RECORD_BYTES - ZIP_MAX_COMMENT_BYTES);
  for (let at = bytes.length - ZIP_END_RECORD_BYTES; at >= lowest; at--) {
    if (!startsWith(bytes, ZIP_END_OF_DIRECTORY, at)) continue;
    const entries = view.getUint16(at + 10, true);
    const directoryStart = at - view.getUint32(at + 12, true);
    if (entries > 0 && directoryStart >= 0 && startsWith(bytes, ZIP_CENTRAL_FILE, directoryStart)) {
      return true;
    }
  }
  return false;
}

/**
 * The largest image extent a HEIF file declares ("ispe" properties: a grid's canvas, each
 * tile, each coded image), which is what libheif allocates while decoding, before the crop
 * box the header's size accounts for. Boxes are found by their type and their fixed size.
 */
export function largestHeifExtent(bytes: Uint8Array): number {
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let largest = 0;
  for (
    let at = file.indexOf(HEIF_EXTENT_BOX);
    at !== -1;
    at = file.indexOf(HEIF_EXTENT_BOX, at + 1)
  ) {
    if (at < 4 || at + 16 > file.length || file.readUInt32BE(at - 4) !== 20) continue;
    largest = Math.max(largest, file.readUInt32BE(at + 8) * file.readUInt32BE(at + 12));
  }
  return largest;
}

/** A photo or PDF that is also something else: a web page, a script or an archive. */
export function isPolyglot(bytes: Uint8Array): boolean {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return ACTIVE_MARKUP.test(text) || hasZipArchive(bytes);
}

/** The type by its first bytes, whatever the file name or the declared type say. */
export function detectScanKind(bytes: Uint8Array): ScanInputKind | null {
  // An archive may hold a PDF near its start: it is an archive, not a PDF.
  if (startsWith(bytes, ZIP_LOCAL_FILE)) return null;
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

/**
 * Every refusal the scanner makes before decoding. Images are opened for their header only
 * (sharp reads the dimensions without decoding the pixels, HEIC included); a body that turns
 * out broken later is the pipeline's UNREADABLE_FILE.
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
  if (isMarkup(bytes)) return scanFailure('UNSUPPORTED_TYPE');
  const detected = detectScanKind(bytes);
  if (!detected) return scanFailure('UNSUPPORTED_TYPE');
  // A script or an archive carried inside is as good as an executable, whatever opens first.
  if (isPolyglot(bytes)) return scanFailure('EXECUTABLE_REFUSED');
  if (detected === 'pdf') {
    return findPdfActiveContent(bytes)
      ? scanFailure('PDF_ACTIVE_CONTENT')
      : { ok: true, kind: 'pdf' };
  }

  let meta: Metadata;
  try {
    // The header only: no pixel is decoded here, so no limit is needed to read a bomb's size.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return scanFailure('UNREADABLE_FILE');
  }
  // The header must agree with the magic bytes (sharp calls AVIF and HEIC both "heif").
  if (meta.format !== detected) return scanFailure('UNREADABLE_FILE');
  const { width, height } = meta;
  if (!width || !height) return scanFailure('UNREADABLE_FILE');
  // For an animated GIF or WebP `height` is that of one frame: only the first is read.
  if (width * height > MAX_SCAN_PIXELS) return scanFailure('IMAGE_TOO_LARGE');
  if (detected === 'heif' && largestHeifExtent(bytes) > MAX_SCAN_PIXELS) {
    return scanFailure('IMAGE_TOO_LARGE');
  }
  const kind = detected === 'heif' && meta.compression === 'hevc' ? 'heic' : detected;
  return { ok: true, kind, width, height };
}
