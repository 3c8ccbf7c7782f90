import { deflateSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import {
  activePdf,
  pdfOpeningAtPage,
  rawPdf,
  streamObject,
  type ActivePdfKind,
} from './hostile-test-files.ts';
import { findPdfActiveContent, type PdfActiveContentKind } from './pdf-active-content.ts';
import { decodeName, pdfTokens } from './pdf-syntax.ts';

const EXPECTED: Record<ActivePdfKind, PdfActiveContentKind> = {
  'javascript-names': 'javascript',
  'open-action-javascript': 'javascript',
  'open-action-launch': 'launch',
  'open-action-uri': 'open-action',
  'page-additional-actions': 'additional-actions',
  attachment: 'embedded-file',
  'launch-link': 'launch',
  'rich-media': 'rich-media',
  xfa: 'xfa',
};
const KINDS = Object.keys(EXPECTED) as ActivePdfKind[];

describe('PDFs with active content are found by their bytes', () => {
  test.each(KINDS)('%s, objects written plainly', async (kind) => {
    const bytes = await activePdf(kind, { objectStreams: false });
    expect(findPdfActiveContent(bytes)?.kind).toBe(EXPECTED[kind]);
  });

  test.each(KINDS)('%s, objects packed in compressed object streams', async (kind) => {
    const bytes = await activePdf(kind, { objectStreams: true });
    // Nothing to see in the raw bytes: the catalog and the pages are deflated.
    expect(Buffer.from(bytes).includes('/Catalog')).toBe(false);
    expect(findPdfActiveContent(bytes)?.kind).toBe(EXPECTED[kind]);
  });

  test('names spelt with #xx escapes are the names a reader sees', () => {
    const bytes = rawPdf({
      catalog: '/OpenAction << /#53 /J#61va#53cript /J#53 (app.alert\\(1\\)) >>',
    });
    expect(Buffer.from(bytes).includes('JavaScript')).toBe(false);
    expect(findPdfActiveContent(bytes)).toEqual({ kind: 'javascript', detail: '/JavaScript' });
    expect(findPdfActiveContent(rawPdf({ page: '/#41A << /O 4 0 R >>' }))?.kind).toBe(
      'additional-actions',
    );
  });

  test('an object hidden in a stream body, where the cross-reference table points, is found', () => {
    const hidden = '5 0 obj\n<< /S /Launch /F (fatura.exe) >>\nendobj';
    const bytes = rawPdf({
      page: '/Annots [<< /Type /Annot /Subtype /Link /Rect [0 0 99 99] /A 5 0 R >>]',
      objects: [streamObject('', `q Q\n${hidden}\n`)],
    });
    expect(findPdfActiveContent(bytes)).toEqual({
      kind: 'launch',
      detail: '/Launch in a stream',
    });
  });

  test('an object stream packed in a way not inspected, or inflating past the budget, is refused', () => {
    const objects = '5 0 << /Type /Action /S /JavaScript /JS (app.alert(1)) >>';
    const hex = Buffer.from(objects).toString('hex');
    const asHex = rawPdf({
      objects: [streamObject('/Type /ObjStm /N 1 /First 4 /Filter /ASCIIHexDecode', `${hex}>`)],
    });
    expect(findPdfActiveContent(asHex)).toEqual({
      kind: 'hidden-objects',
      detail: 'object stream',
    });
    const bomb = deflateSync(Buffer.alloc(70 * 1024 * 1024, 0x20)).toString('latin1');
    const inflating = rawPdf({
      objects: [streamObject('/Type /ObjStm /N 1 /First 0 /Filter /FlateDecode', bomb)],
    });
    expect(findPdfActiveContent(inflating)?.kind).toBe('hidden-objects');
  });

  test('an object stream whose checksum was spoilt is still read, as pdfjs reads it', () => {
    const objects = '5 0 << /Type /Action /S /JavaScript /JS (app.alert(1)) >>';
    const packed = deflateSync(objects);
    packed.writeUInt32BE(~packed.readUInt32BE(packed.length - 4) >>> 0, packed.length - 4);
    const bytes = rawPdf({
      catalog: '/OpenAction 5 0 R',
      objects: [
        streamObject('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', packed.toString('latin1')),
      ],
    });
    expect(findPdfActiveContent(bytes)).toEqual({ kind: 'javascript', detail: '/JavaScript' });
  });

  test('an /OpenAction pointing at an action in an object stream is followed there', async () => {
    const bytes = await activePdf('open-action-uri', { objectStreams: true });
    expect(findPdfActiveContent(bytes)).toEqual({ kind: 'open-action', detail: '/OpenAction' });
  });
});

describe('ordinary PDFs pass', () => {
  test.each(['destination', 'referenced-destination', 'goto'] as const)(
    'an /OpenAction that only shows the first page (%s), with the names in its strings',
    async (how) => {
      for (const objectStreams of [false, true]) {
        const bytes = await pdfOpeningAtPage(how, { objectStreams });
        expect(findPdfActiveContent(bytes), `object streams: ${objectStreams}`).toBeNull();
      }
    },
  );

  test('a PDF with deflated content and a large image is scanned quickly and passes', () => {
    const noise = Buffer.alloc(8 * 1024 * 1024);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const image = streamObject(
      '/Type /XObject /Subtype /Image /Width 2048 /Height 1365 /BitsPerComponent 8 /ColorSpace /DeviceRGB /Filter /FlateDecode',
      deflateSync(noise, { level: 1 }).toString('latin1'),
    );
    const bytes = rawPdf({ page: '/Resources << /XObject << /Im1 4 0 R >> >>', objects: [image] });
    const started = performance.now();
    expect(findPdfActiveContent(bytes)).toBeNull();
    expect(performance.now() - started).toBeLessThan(1500);
  });
});

test('the tokenizer reads names as readers do and skips strings, comments and stream bodies', () => {
  expect(decodeName('J#61va#53cript')).toBe('JavaScript');
  const text =
    '<< /A#42 (a (nested) \\) /JS) <2F4A53> % /AA comment\n/N 2 >>stream\n/XFA\nendstream';
  expect([...pdfTokens(text)]).toEqual([
    { type: 'dict-start' },
    { type: 'name', value: 'AB' },
    { type: 'string' },
    { type: 'string' },
    { type: 'name', value: 'N' },
    { type: 'number', value: 2 },
    { type: 'dict-end' },
    { type: 'stream', start: text.indexOf('/XFA'), end: text.indexOf('endstream') },
  ]);
});
