// Hostile and unusual files for the tests of the upload gate (issue 14.4, 14.5), made on the
// spot: PDFs with active content (pdf-lib, or raw bytes where the file must be laid out by
// hand: escaped names, an object hidden in a stream body) and ZIP archives; and the two
// committed in tests/fixtures/uploads (a HEIC photo, an encrypted PDF with a script), which
// nothing in node_modules can make (see its README).
import { readFileSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { PDFDocument, PDFName, PDFString, StandardFonts, type PDFDict } from 'pdf-lib';

const upload = (name: string) =>
  readFileSync(new URL(`../../../../tests/fixtures/uploads/${name}`, import.meta.url));

/** The iPhone-style test photo: 873 × 1200, HEVC, with the AT QR of TEST_PAYLOAD. */
export const heicPhoto = (): Buffer => upload('qr-invoice.heic');
export const HEIC_PHOTO_SIZE = { width: 873, height: 1200 };

/** A page script hidden in encrypted object streams: only pdfjs, decrypting, sees it. */
export const encryptedScriptPdf = (): Buffer => upload('encrypted-javascript.pdf');

export type ActivePdfKind =
  | 'javascript-names'
  | 'open-action-javascript'
  | 'open-action-launch'
  | 'open-action-uri'
  | 'page-additional-actions'
  | 'attachment'
  | 'launch-link'
  | 'rich-media'
  | 'xfa';

/** One A4 page that says it is an invoice, with a text layer. */
async function invoicePdf(): Promise<PDFDocument> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  const lines = [
    'Papelaria Central, Lda.',
    'NIF: 503456780',
    'Fatura FT 2026A/15',
    'Total: 15,13 €',
  ];
  lines.forEach((line, i) => page.drawText(line, { x: 60, y: 760 - i * 30, size: 16, font }));
  return doc;
}

function addAnnotation(doc: PDFDocument, annotation: Record<string, unknown>) {
  const ref = doc.context.register(
    doc.context.obj({ Type: 'Annot', Rect: [50, 50, 250, 100], ...annotation }),
  );
  doc.getPage(0).node.set(PDFName.of('Annots'), doc.context.obj([ref]));
}

const ACTIVE: Record<ActivePdfKind, (doc: PDFDocument) => Promise<void> | void> = {
  'javascript-names': (doc) => doc.addJavaScript('boas-vindas', 'app.alert("Olá")'),
  'open-action-javascript': (doc) =>
    doc.catalog.set(
      PDFName.of('OpenAction'),
      doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') }),
    ),
  'open-action-launch': (doc) =>
    doc.catalog.set(
      PDFName.of('OpenAction'),
      doc.context.obj({ S: 'Launch', F: PDFString.of('C:\\Windows\\System32\\calc.exe') }),
    ),
  'open-action-uri': (doc) =>
    doc.catalog.set(
      PDFName.of('OpenAction'),
      doc.context.register(
        doc.context.obj({ S: 'URI', URI: PDFString.of('https://exemplo.invalid/rastreio') }),
      ),
    ),
  'page-additional-actions': (doc) =>
    doc
      .getPage(0)
      .node.set(
        PDFName.of('AA'),
        doc.context.obj({ O: { S: 'URI', URI: PDFString.of('https://exemplo.invalid/') } }),
      ),
  attachment: (doc) =>
    doc.attach(Buffer.from('<xml/>'), 'fatura.xml', { mimeType: 'application/xml' }),
  'launch-link': (doc) =>
    addAnnotation(doc, {
      Subtype: 'Link',
      A: { S: 'Launch', F: PDFString.of('fatura.exe') },
    }),
  'rich-media': (doc) => addAnnotation(doc, { Subtype: 'RichMedia' }),
  xfa: (doc) => {
    const xfa = doc.context.flateStream('<xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"/>');
    const acroForm: PDFDict = doc.context.obj({ Fields: [], XFA: doc.context.register(xfa) });
    doc.catalog.set(PDFName.of('AcroForm'), acroForm);
  },
};

/** An invoice PDF with one kind of active content; objects packed in streams by default. */
export async function activePdf(
  kind: ActivePdfKind,
  options: { objectStreams?: boolean } = {},
): Promise<Uint8Array> {
  const doc = await invoicePdf();
  await ACTIVE[kind](doc);
  return doc.save({ useObjectStreams: options.objectStreams ?? true });
}

/** An invoice PDF whose /OpenAction only shows the first page (a destination, or a GoTo). */
export async function pdfOpeningAtPage(
  how: 'destination' | 'referenced-destination' | 'goto',
  options: { objectStreams?: boolean } = {},
): Promise<Uint8Array> {
  const doc = await invoicePdf();
  const destination = doc.context.obj([doc.getPage(0).ref, 'Fit']);
  const value =
    how === 'destination'
      ? destination
      : doc.context.register(
          how === 'goto' ? doc.context.obj({ S: 'GoTo', D: destination }) : destination,
        );
  doc.catalog.set(PDFName.of('OpenAction'), value);
  // Text that mentions the names, in a hex and a literal string: strings are not keys.
  doc.setTitle('Fatura /JavaScript /AA');
  doc.catalog.set(PDFName.of('Lang'), PDFString.of('pt-PT /JS (/AA) /Launch'));
  return doc.save({ useObjectStreams: options.objectStreams ?? true });
}

/**
 * A PDF from the bodies of objects 1, 2, 3… laid out as given, with a cross-reference table
 * pointing at `N 0 obj` wherever it is — also inside another object's stream body. Object 1
 * is the catalog; `catalog`, `pages` and `page` entries are added to the three first bodies.
 */
export function rawPdf(parts: { catalog?: string; page?: string; objects?: string[] }) {
  const objects = [
    `<< /Type /Catalog /Pages 2 0 R ${parts.catalog ?? ''} >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] ${parts.page ?? ''} >>`,
    ...(parts.objects ?? []),
  ];
  let text = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
  objects.forEach((body, i) => (text += `${i + 1} 0 obj\n${body}\nendobj\n`));
  const count = objects.length + (parts.objects?.join('').match(/\d+ 0 obj/g)?.length ?? 0);
  const offsets = Array.from({ length: count }, (_, i) => {
    const at = text.search(new RegExp(`(?<![0-9])${i + 1} 0 obj`));
    return `${String(at).padStart(10, '0')} 00000 n \n`;
  });
  const xref = text.length;
  text += `xref\n0 ${count + 1}\n0000000000 65535 f \n${offsets.join('')}`;
  text += `trailer\n<< /Size ${count + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, 'latin1');
}

/** A stream object's body, its /Length computed. */
export const streamObject = (dictionary: string, body: string) =>
  `<< ${dictionary} /Length ${Buffer.byteLength(body, 'latin1')} >>\nstream\n${body}\nendstream`;

/** A ZIP archive of stored (uncompressed) files, as a JAR or a DOCX is laid out. */
export function storedZip(files: Record<string, Uint8Array>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of Object.entries(files)) {
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(10, 4);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(10, 6);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, Buffer.from(data));
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
