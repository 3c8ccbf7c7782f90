// PDF reading for the scanner (issue 5): the text layer, in reading order, and page images
// for QR decoding and OCR. pdfjs-dist 5.6's legacy build runs in Node with its "fake worker"
// (pdf.worker.mjs imported from node_modules, never fetched) and renders with
// @napi-rs/canvas through its own Node canvas factory. Fonts, cMaps, wasm and ICC profiles
// come from node_modules too (stack-notes §5): nothing is fetched from a CDN.
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument, VerbosityLevel } from './pdfjs.ts';
import type { PDFDocumentProxy, PDFPageProxy, TextItem } from 'pdfjs-dist/types/src/display/api.js';
import { parsedActiveContent } from './pdf-document-check.ts';

const require = createRequire(import.meta.url);
const PDFJS_DIR = path.dirname(require.resolve('pdfjs-dist/package.json'));
const asset = (dir: string) => `${path.join(PDFJS_DIR, dir)}${path.sep}`;

/** Only the first pages are read or drawn: invoices are short, and a 500-page PDF is not one. */
export const MAX_PDF_PAGES = 10;
/** The largest page image drawn, in pixels (A4 at 300 dpi is 8.7 million). */
export const MAX_RENDER_PIXELS = 12_000_000;
export const DEFAULT_RENDER_SCALE = 2;
/**
 * The largest image inside a PDF that pdfjs may decode, in pixels (issue 12.7): pdfjs decodes
 * an embedded image whole, as RGBA, whatever size it is drawn at, so a 63 KB PDF holding a
 * 23 000 × 23 000 image grew the server by 3.7 GB. An A4 page scanned at 600 dpi (34.8 MP)
 * still passes; a larger image is left out of the page (pdfjs checks its declared size before
 * decoding a byte), and the scan goes on with the rest: the text layer, or nothing found.
 */
export const MAX_PDF_IMAGE_PIXELS = 36_000_000;

/** The PDF cannot be opened: corrupt, truncated, encrypted with a password, or not a PDF. */
export class PdfUnreadableError extends Error {
  constructor(cause: unknown) {
    super(`Unreadable PDF: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'PdfUnreadableError';
  }
}

/**
 * The PDF carries active content (scripts, automatic actions, attachments, XFA) that pdfjs
 * found once the document was parsed (issue 14.4): it is closed before any page is read.
 */
export class PdfActiveContentError extends Error {
  constructor(readonly found: string) {
    super(`PDF with active content: ${found}`);
    this.name = 'PdfActiveContentError';
  }
}

export type PdfText = { pages: string[] };
export type PdfPageImage = { page: number; width: number; height: number; png: Buffer };
/** A drawn page as pixels: RGBA, 8 bits, row-major, opaque (drawn on white). */
export type PdfPagePixels = {
  page: number;
  width: number;
  height: number;
  raw: { data: Buffer; width: number; height: number; channels: 4 };
};
export type PdfPageOrder = 'first-last-first' | number[];
export type RenderPdfOptions = {
  /**
   * 'first-last-first' (default): page 1, then the last page, then the pages between them,
   * because the AT QR is printed on the first or the last page. Or explicit 1-based pages.
   */
  pages?: PdfPageOrder;
  /** 1 = 72 dpi. Lowered for a page when it would exceed MAX_RENDER_PIXELS. */
  scale?: number;
};

export type PdfHandle = {
  pageCount: number;
  readText(): Promise<PdfText>;
  renderPages(options?: RenderPdfOptions): AsyncIterable<PdfPageImage>;
  /**
   * The same pages as raw pixels, for the QR reader: no PNG encoded here and decoded again
   * there (about 100 ms of an A4 page at scale 2).
   */
  renderPagePixels(options?: RenderPdfOptions): AsyncIterable<PdfPagePixels>;
  close(): Promise<void>;
};

/** What pdfjs' Node canvas factory hands out (@napi-rs/canvas); its types say `Object`. */
type NodeCanvas = {
  encode(format: 'png'): Promise<Buffer>;
  /** The canvas' own memory: RGBA, premultiplied (the same as straight when opaque). */
  data(): Buffer;
};
type CanvasFactory = {
  create(width: number, height: number): { canvas: NodeCanvas; context: unknown };
  destroy(canvasAndContext: { canvas: NodeCanvas; context: unknown }): void;
};

/** Opens a PDF once for both the text layer and the page images. */
export async function openPdf(bytes: Uint8Array): Promise<PdfHandle> {
  let doc: PDFDocumentProxy;
  try {
    doc = await getDocument({
      // A copy: pdfjs may transfer the buffer it is given, and a Node Buffer can share
      // its memory with other Buffers.
      data: new Uint8Array(bytes),
      standardFontDataUrl: asset('standard_fonts'),
      cMapUrl: asset('cmaps'),
      cMapPacked: true,
      wasmUrl: asset('wasm'),
      iccUrl: asset('iccs'),
      isEvalSupported: false,
      maxImageSize: MAX_PDF_IMAGE_PIXELS,
      // As pdfjs assumes in Node (no OffscreenCanvas); pinned so no other image path is taken.
      isOffscreenCanvasSupported: false,
      useSystemFonts: false,
      stopAtErrors: false,
      verbosity: VerbosityLevel.ERRORS,
    }).promise;
  } catch (error) {
    throw new PdfUnreadableError(error);
  }
  await refuseActiveContent(doc);
  return {
    pageCount: doc.numPages,
    readText: () => readText(doc).catch((error: unknown) => Promise.reject(unreadable(error))),
    renderPages: (options) => unreadableOnError(renderPages(doc, options ?? {}, encodePng)),
    renderPagePixels: (options) => unreadableOnError(renderPages(doc, options ?? {}, copyPixels)),
    close: () => doc.destroy(),
  };
}

/** Closes the document and throws if it carries active content; a check that breaks: unreadable. */
async function refuseActiveContent(doc: PDFDocumentProxy): Promise<void> {
  let found: string | null;
  try {
    found = await parsedActiveContent(doc, MAX_PDF_PAGES);
  } catch (error) {
    await doc.destroy();
    throw new PdfUnreadableError(error);
  }
  if (found !== null) {
    await doc.destroy();
    throw new PdfActiveContentError(found);
  }
}

const unreadable = (error: unknown) =>
  error instanceof PdfUnreadableError ? error : new PdfUnreadableError(error);

/** A page that breaks while drawn makes the file unreadable, like one that cannot be opened. */
async function* unreadableOnError<T>(pages: AsyncIterable<T>): AsyncIterable<T> {
  try {
    yield* pages;
  } catch (error) {
    throw unreadable(error);
  }
}

/** The text layer, one string per page (at most MAX_PDF_PAGES), lines in reading order. */
export async function readPdfText(bytes: Uint8Array): Promise<PdfText> {
  const pdf = await openPdf(bytes);
  try {
    return await pdf.readText();
  } finally {
    await pdf.close();
  }
}

/** Page images as PNG, lazily: stop iterating (break) and the rest is never drawn. */
export async function* renderPdfPages(
  bytes: Uint8Array,
  options: RenderPdfOptions = {},
): AsyncIterable<PdfPageImage> {
  const pdf = await openPdf(bytes);
  try {
    yield* pdf.renderPages(options);
  } finally {
    await pdf.close();
  }
}

async function readText(doc: PDFDocumentProxy): Promise<PdfText> {
  const pages: string[] = [];
  for (let number = 1; number <= Math.min(doc.numPages, MAX_PDF_PAGES); number++) {
    const page = await doc.getPage(number);
    try {
      const content = await page.getTextContent();
      const items = content.items.filter((item): item is TextItem => 'str' in item);
      pages.push(textLines(items).join('\n'));
    } finally {
      page.cleanup();
    }
  }
  return { pages };
}

type Placed = { text: string; x: number; y: number; width: number; size: number };

/**
 * Groups text runs into lines by their baseline (PDF y grows upwards), then orders each
 * line left to right. Generators emit runs in any order (columns, tables, headers drawn
 * last), so the content stream order is not the reading order.
 * A wide horizontal gap (a table column) becomes three spaces, a word gap one space.
 */
export function textLines(items: readonly TextItem[]): string[] {
  const placed: Placed[] = items
    .filter((item) => item.str.trim() !== '')
    .map((item) => ({
      text: item.str,
      x: item.transform[4] ?? 0,
      y: item.transform[5] ?? 0,
      width: item.width,
      size: Math.abs(item.transform[3] ?? 0) || item.height || 1,
    }))
    .sort((a, b) => b.y - a.y || a.x - b.x);

  const lines: Placed[][] = [];
  for (const item of placed) {
    const line = lines.at(-1);
    const head = line?.[0];
    if (line && head && Math.abs(head.y - item.y) <= Math.max(head.size, item.size) * 0.5) {
      line.push(item);
    } else {
      lines.push([item]);
    }
  }
  return lines.map((line) => {
    line.sort((a, b) => a.x - b.x);
    let text = '';
    let end = Number.NEGATIVE_INFINITY;
    for (const item of line) {
      const gap = item.x - end;
      if (text !== '') {
        if (gap > item.size * 2) text += '   ';
        else if (gap > item.size * 0.15 && !/\s$/.test(text) && !/^\s/.test(item.text)) text += ' ';
      }
      text += item.text;
      end = Math.max(end, item.x + item.width);
    }
    return text.trim();
  });
}

/** Page numbers to draw, 1-based, capped at MAX_PDF_PAGES and de-duplicated. */
export function pageOrder(pageCount: number, order: PdfPageOrder = 'first-last-first'): number[] {
  const wanted =
    order === 'first-last-first'
      ? [1, pageCount, ...Array.from({ length: pageCount }, (_, i) => i + 1)]
      : order;
  const pages = wanted.filter((page) => Number.isInteger(page) && page >= 1 && page <= pageCount);
  return [...new Set(pages)].slice(0, MAX_PDF_PAGES);
}

type Drawn = { page: number; width: number; height: number; canvas: NodeCanvas };

// encode() runs on libuv's thread pool, off the event loop.
const encodePng = async ({ canvas, ...page }: Drawn): Promise<PdfPageImage> => ({
  ...page,
  png: await canvas.encode('png'),
});

/** A copy: the canvas' memory goes back to the factory once the page is done. */
const copyPixels = async ({ canvas, ...page }: Drawn): Promise<PdfPagePixels> => ({
  ...page,
  raw: { data: Buffer.from(canvas.data()), width: page.width, height: page.height, channels: 4 },
});

async function* renderPages<T>(
  doc: PDFDocumentProxy,
  options: RenderPdfOptions,
  output: (drawn: Drawn) => Promise<T>,
): AsyncIterable<T> {
  // pdfjs' own factory (Node: @napi-rs/canvas); typed `Object` upstream.
  const factory = doc.canvasFactory as CanvasFactory;
  for (const number of pageOrder(doc.numPages, options.pages)) {
    const page = await doc.getPage(number);
    try {
      yield await renderPage(page, factory, options.scale ?? DEFAULT_RENDER_SCALE, output);
    } finally {
      page.cleanup();
    }
  }
}

async function renderPage<T>(
  page: PDFPageProxy,
  factory: CanvasFactory,
  requestedScale: number,
  output: (drawn: Drawn) => Promise<T>,
): Promise<T> {
  const natural = page.getViewport({ scale: 1 });
  const maxScale = Math.sqrt(MAX_RENDER_PIXELS / Math.max(1, natural.width * natural.height));
  const viewport = page.getViewport({ scale: Math.min(requestedScale, maxScale) });
  const width = Math.max(1, Math.floor(viewport.width));
  const height = Math.max(1, Math.floor(viewport.height));
  const target = factory.create(width, height);
  try {
    await page.render({
      canvas: null,
      // @ts-expect-error pdfjs types the context as the DOM's; in Node it is @napi-rs/canvas'.
      canvasContext: target.context,
      viewport,
      background: '#ffffff',
    }).promise;
    return await output({ page: page.pageNumber, width, height, canvas: target.canvas });
  } finally {
    factory.destroy(target);
  }
}
