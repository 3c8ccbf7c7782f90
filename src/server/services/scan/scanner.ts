// The scan pipeline (issue 5, DESIGN.md contract 6), one module for POST /api/scan and the
// CLI: input checks, then for a photo the AT QR and else OCR; for a PDF the QR from its
// page images (first and last page first), else the fields of its text layer, else OCR of
// its pages. Every answer is a ScanResult; a file we cannot read is a coded refusal, never a
// thrown error. Nothing is written to disk.
import { parseAtQr } from '#shared/at-qr/parse-at-qr.ts';
import { extractInvoiceFields } from '#shared/scan/text-fields.ts';
import type { Logger } from '#server/logger.ts';
import { HeicDecodeError, heicToJpeg } from './heic.ts';
import type { RawImage } from './image-qr.ts';
import { checkScanInput } from './input-check.ts';
import { keepAsJpeg, pageInput } from './kept-image.ts';
import { createOcrPool, type OcrPool, type OcrResult } from './ocr.ts';
import { openPdf, PdfActiveContentError, PdfUnreadableError, type PdfHandle } from './pdf.ts';
import { createQrWorkerReader, type QrReader, type QrSearch } from './qr-reader.ts';
import {
  fieldsFromAtQr,
  scanFailure,
  ScannerBusyError,
  type ScanConfidence,
  type ScanFields,
  type ScanResult,
  type ScanSource,
} from './scan-result.ts';

export type ScanOptions = {
  /** The name the file came with: an executable extension is refused whatever the content. */
  fileName?: string;
};

/** A scan plus the document as a clean JPEG to keep (the invoice's first photo). */
export type ScanWithImage = {
  result: ScanResult;
  /** Upright, at most KEPT_IMAGE_SIDE, metadata stripped; null when the file was refused. */
  image: Buffer | null;
};

export type Scanner = {
  scan(bytes: Uint8Array, options?: ScanOptions): Promise<ScanResult>;
  scanAndKeep(bytes: Uint8Array, options?: ScanOptions): Promise<ScanWithImage>;
  /** Starts the QR reader's worker and wasm ahead of the first scan. */
  prepare(): Promise<void>;
  /** Stops the workers this scanner started; a pool passed in is the caller's to close. */
  close(): Promise<void>;
};

export type ScannerOptions = {
  logger?: Logger;
  /** Shared OCR workers; by default the scanner makes its own, started on first use. */
  ocrPool?: OcrPool;
  /** Where QR codes are searched; by default a worker thread of its own (qr-reader.ts). */
  qrReader?: QrReader;
  /** Scans decoding at once; the rest wait (each holds a decoded photo in memory). */
  concurrency?: number;
  /** Scans that may wait for a turn; one more is refused with ScannerBusyError. */
  maxQueued?: number;
};

/** Two at once: each may hold a drawn page or a decoded photo and run an OCR job. */
export const DEFAULT_SCAN_CONCURRENCY = 2;
/** A short queue absorbs a burst (a few people scanning at once) without holding many uploads. */
export const DEFAULT_SCAN_QUEUE = 8;

/** Fewer characters than this on every page: a scan without a text layer. */
const MIN_TEXT_LAYER_CHARS = 20;

class UnreadableFileError extends Error {
  constructor(cause: unknown) {
    super('The file cannot be decoded', { cause });
    this.name = 'UnreadableFileError';
  }
}

type Reading = {
  source: ScanSource;
  fields: ScanFields;
  warnings: string[];
  confidence?: ScanConfidence;
};
/** A reading, or null for NOTHING_FOUND; `keep` makes the JPEG only when asked. */
type Outcome = { reading: Reading | null; keep: () => Promise<Buffer> };

function readingFromQr(text: string): Reading {
  const parsed = parseAtQr(text);
  // findAtQr accepted the text, so it parses; the check keeps the types honest.
  if (!parsed.ok) throw new Error('accepted QR payload does not parse');
  return {
    source: 'qr',
    fields: fieldsFromAtQr(parsed.data),
    warnings: parsed.issues.map((issue) => issue.message),
  };
}

/** Enough to start an invoice from: who issued it, which document, or how much. */
function isUsable(fields: ScanFields): boolean {
  return Boolean(fields.issuerNif || fields.atcud || fields.documentNumber || fields.total);
}

function readingFromText(
  source: Exclude<ScanSource, 'qr'>,
  text: string,
  words?: OcrResult['words'],
): Reading | null {
  const { fields, confidence } = extractInvoiceFields(text, words ? { words } : {});
  if (!isUsable(fields)) return null;
  return { source, fields, warnings: [], confidence };
}

/** A drawn page as PNG, for the OCR pool (only when the page has to be read that way). */
const pagePng = (page: RawImage) => pageInput(page).removeAlpha().png().toBuffer();

/**
 * A small counting semaphore: at most `limit` scans decode at once, at most `maxQueued` wait
 * for a turn, and any more are refused at once (ScannerBusyError). A finishing scan hands its
 * slot straight to the next in line, so a newcomer cannot slip in between and make it three.
 */
function createLimiter(limit: number, maxQueued: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (active >= limit) {
      if (waiting.length >= maxQueued) throw new ScannerBusyError();
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
      active += 1;
    }
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
}

export function createScanner(options: ScannerOptions = {}): Scanner {
  const logger = options.logger;
  const ocr = options.ocrPool ?? createOcrPool({ logger });
  const ownsOcr = options.ocrPool === undefined;
  const qrReader = options.qrReader ?? createQrWorkerReader();
  const ownsQrReader = options.qrReader === undefined;
  const limit = createLimiter(
    options.concurrency ?? DEFAULT_SCAN_CONCURRENCY,
    options.maxQueued ?? DEFAULT_SCAN_QUEUE,
  );

  async function scanImage(bytes: Uint8Array, withImage: boolean): Promise<Outcome> {
    let qr: QrSearch;
    try {
      // The kept JPEG is made in the worker beside the search: one wait for the server's
      // thread instead of two (each a turn of its event loop, a second or more under load).
      qr = await qrReader.find(bytes, { keep: withImage });
    } catch (error) {
      throw new UnreadableFileError(error);
    }
    logger?.debug({ attempts: qr.attempts, ms: qr.ms, found: qr.text !== null }, 'scan: QR');
    const { kept } = qr;
    // The worker's JPEG as it came (a Buffer over the same memory, no copy); made here only
    // when it could not be made there, so a failure is logged by `read`.
    const keep = () =>
      kept
        ? Promise.resolve(Buffer.from(kept.buffer, kept.byteOffset, kept.byteLength))
        : keepAsJpeg(bytes);
    if (qr.text !== null) return { reading: readingFromQr(qr.text), keep };
    const text = await ocr.recognize(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    logger?.debug({ ms: text.ms, confidence: text.confidence }, 'scan: OCR');
    return { reading: readingFromText('ocr', text.text, text.words), keep };
  }

  async function scanPdf(pdf: PdfHandle): Promise<Outcome> {
    const { pages } = await pdf.readText();
    const text = pages.join('\n\n');
    const hasTextLayer = text.replace(/\s/g, '').length >= MIN_TEXT_LAYER_CHARS;
    const rendered = new Map<number, RawImage>();
    let qrText: string | null = null;
    // First and last page first: where the Portaria puts the QR. Raw pixels: a PNG per page
    // would cost about 100 ms to encode and decode again.
    for await (const page of pdf.renderPagePixels()) {
      // Only what OCR and the kept image may need: a drawn A4 page is about 8 MB.
      if (page.page === 1 || page.page === pdf.pageCount) rendered.set(page.page, page);
      const qr = await qrReader.find(page, { quick: hasTextLayer });
      logger?.debug({ page: page.page, attempts: qr.attempts, ms: qr.ms }, 'scan: PDF page QR');
      if (qr.text !== null) {
        qrText = qr.text;
        break;
      }
    }
    const firstPage = rendered.get(1);
    if (!firstPage) throw new UnreadableFileError(new Error('PDF without pages'));
    const keep = () => keepAsJpeg(firstPage);

    if (qrText !== null) {
      const reading = readingFromQr(qrText);
      const supplierName = hasTextLayer
        ? extractInvoiceFields(text).fields.supplierName
        : undefined;
      if (supplierName) reading.fields = { ...reading.fields, supplierName };
      return { reading, keep };
    }
    if (hasTextLayer) return { reading: readingFromText('pdf-text', text), keep };
    return { reading: await ocrPages(rendered, pdf.pageCount), keep };
  }

  /** OCR of the first page, then of the last when the first lacks the issuer or the total. */
  async function ocrPages(rendered: ReadonlyMap<number, RawImage>, pageCount: number) {
    const first = rendered.get(1);
    if (!first) return null;
    const firstText = await ocr.recognize(await pagePng(first));
    const reading = readingFromText('ocr', firstText.text, firstText.words);
    const last = rendered.get(pageCount);
    if (pageCount === 1 || !last || (reading?.fields.issuerNif && reading.fields.total)) {
      return reading;
    }
    const lastText = await ocr.recognize(await pagePng(last));
    const lastReading = readingFromText('ocr', lastText.text, lastText.words);
    if (!reading || !lastReading) return reading ?? lastReading;
    // The first page's reading wins; the last page fills what it lacked (often the total).
    return {
      ...reading,
      fields: { ...lastReading.fields, ...reading.fields },
      confidence: { ...lastReading.confidence, ...reading.confidence },
    };
  }

  async function read(
    bytes: Uint8Array,
    scanOptions: ScanOptions,
    withImage: boolean,
  ): Promise<ScanWithImage> {
    const started = performance.now();
    const checked = await checkScanInput(bytes, scanOptions);
    if (!checked.ok) return { result: checked, image: null };
    let outcome: Outcome;
    let pdf: PdfHandle | undefined;
    try {
      if (checked.kind === 'pdf') {
        pdf = await openPdf(bytes);
        outcome = await scanPdf(pdf);
      } else {
        // An iPhone photo becomes a JPEG first; from there it is read like any photo.
        const image = checked.kind === 'heic' ? await heicToJpeg(bytes) : bytes;
        outcome = await scanImage(image, withImage);
      }
    } catch (error) {
      if (error instanceof PdfActiveContentError) {
        logger?.warn({ found: error.found }, 'scan: PDF with active content refused');
        return { result: scanFailure('PDF_ACTIVE_CONTENT'), image: null };
      }
      const unreadable = [UnreadableFileError, PdfUnreadableError, HeicDecodeError];
      if (unreadable.some((type) => error instanceof type)) {
        logger?.info({ err: error, kind: checked.kind }, 'scan: unreadable file');
        return { result: scanFailure('UNREADABLE_FILE'), image: null };
      }
      throw error;
    } finally {
      await pdf?.close();
    }
    const ms = Math.round(performance.now() - started);
    const result: ScanResult = outcome.reading
      ? { ok: true, ...outcome.reading, ms }
      : scanFailure('NOTHING_FOUND');
    logger?.debug({ source: outcome.reading?.source ?? null, ms }, 'scan: done');
    if (!withImage) return { result, image: null };
    const image = await outcome.keep().catch((error: unknown) => {
      logger?.warn({ err: error }, 'scan: the image to keep could not be made');
      return null;
    });
    return { result, image };
  }

  return {
    async scan(bytes, scanOptions = {}) {
      return (await limit(() => read(bytes, scanOptions, false))).result;
    },
    scanAndKeep: (bytes, scanOptions = {}) => limit(() => read(bytes, scanOptions, true)),
    prepare: () => qrReader.prepare(),
    async close() {
      await Promise.all([ownsOcr ? ocr.close() : null, ownsQrReader ? qrReader.close() : null]);
    },
  };
}
