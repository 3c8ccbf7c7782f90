// Property tests of the e-Fatura parser: whatever documents, written in any of the variants the
// file is known to come in (separator, quoting, byte-order mark, UTF-8 or windows-1252, line
// breaks, thousands separators, date format), read back as the same documents; and no input,
// however broken, makes it throw.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import type { DocumentType } from '#shared/domain.ts';
import { computeNifCheckDigit } from '#shared/nif.ts';
import { MAX_INVOICE_CENTS } from '#shared/schemas/invoice.ts';
import { decodeWindows1252 } from './csv-text.ts';
import { parseEfaturaCsv, type EfaturaDocument } from './efatura-csv.ts';

const TODAY = '2026-11-26';
const HEADER = [
  'Setor',
  'Emitente',
  'Nº Fatura / ATCUD',
  'Tipo',
  'Data Emissão',
  'Total',
  'IVA',
  'Base Tributável',
  'Situação',
  'Comunicação  Emitente',
  'Comunicação  Adquirente',
];
const LABELS: Record<DocumentType, string> = {
  FT: 'Fatura',
  FR: 'Fatura-recibo',
  FS: 'Fatura simplificada',
  NC: 'Nota de crédito',
  ND: 'Nota de débito',
};

/** windows-1252 bytes of text made of ASCII, Latin-1 letters and '€' (what the tests write). */
function encodeWindows1252(text: string): Uint8Array {
  return Uint8Array.from(text, (ch) => {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '€') return 0x80;
    if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) return code;
    throw new Error(`not in windows-1252: ${ch}`);
  });
}

function euros(cents: number, thousands: boolean, euro: boolean): string {
  const whole = String(Math.floor(cents / 100));
  const grouped = thousands ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.') : whole;
  return `${grouped},${String(cents % 100).padStart(2, '0')}${euro ? ' €' : ''}`;
}

const nifArb = fc.integer({ min: 10_000_000, max: 99_999_999 }).map((n) => {
  const firstEight = String(n);
  return `${firstEight}${computeNifCheckDigit(firstEight)}`;
});
// Letters whose windows-1252 bytes are all ≥ 0xC0, so a Latin-1 file is never valid UTF-8 by
// accident; and the separators and quotes a name may hold.
const LATIN_CHARS = [...'abcXYZ çãéÁÕÊü;,"\'-.&()'];
const WIDE_CHARS = [...LATIN_CHARS, 'ß', 'ł', '中', '😀', 'œ'];
const nameArb = (chars: string[]) =>
  fc.array(fc.constantFrom(...chars), { maxLength: 40 }).map((c) => c.join(''));
const dateArb = fc
  .date({
    min: new Date('2000-01-01T00:00:00Z'),
    max: new Date(`${TODAY}T00:00:00Z`),
    noInvalidDate: true,
  })
  .map((d) => d.toISOString().slice(0, 10));

const documentArb = (chars: string[]) =>
  fc
    .record({
      supplierNif: nifArb,
      name: nameArb(chars),
      type: fc.constantFrom<DocumentType>('FT', 'FR', 'FS', 'NC', 'ND'),
      series: fc.stringMatching(/^[A-Z0-9.]{1,8}$/),
      sequence: fc.integer({ min: 1, max: 999_999 }),
      validation: fc.option(fc.stringMatching(/^[A-Z0-9]{8}$/), { nil: null }),
      issueDate: dateArb,
      totalCents: fc.integer({ min: 0, max: MAX_INVOICE_CENTS }),
      vatShare: fc.double({ min: 0, max: 1, noNaN: true }),
    })
    .map((r): EfaturaDocument => ({
      supplierNif: r.supplierNif,
      supplierName: r.name.normalize('NFC').trim() || null,
      number: `${r.type} ${r.series}/${r.sequence}`,
      atcud: r.validation === null ? null : `${r.validation}-${r.sequence}`,
      documentType: r.type,
      issueDate: r.issueDate,
      totalCents: r.totalCents,
      vatCents: Math.floor(r.totalCents * r.vatShare),
    }));

const formatArb = fc.record({
  separator: fc.constantFrom(';', ','),
  quoteAll: fc.boolean(),
  bom: fc.boolean(),
  crlf: fc.boolean(),
  thousands: fc.boolean(),
  euro: fc.boolean(),
  dayFirst: fc.boolean(),
  typeUpper: fc.boolean(),
});
type Format = typeof formatArb extends fc.Arbitrary<infer F> ? F : never;

function field(value: string, format: Format): string {
  const needsQuotes = /[;,"\r\n]/.test(value) || value !== value.trim();
  return format.quoteAll || needsQuotes ? `"${value.replaceAll('"', '""')}"` : value;
}

function writeCsv(documents: EfaturaDocument[], format: Format): string {
  const line = (fields: string[]) => fields.map((f) => field(f, format)).join(format.separator);
  const rows = documents.map((d) => {
    const [y, m, day] = d.issueDate.split('-');
    const label = LABELS[d.documentType];
    return line([
      'Outros',
      `${d.supplierNif} - ${d.supplierName ?? ''}`,
      d.atcud === null ? d.number : `${d.number} / ${d.atcud}`,
      format.typeUpper ? label.toUpperCase() : label,
      format.dayFirst ? `${day}/${m}/${y}` : d.issueDate,
      euros(d.totalCents, format.thousands, format.euro),
      euros(d.vatCents, format.thousands, format.euro),
      euros(d.totalCents - d.vatCents, format.thousands, format.euro),
      'Registado',
      'X',
      '',
    ]);
  });
  return [line(HEADER), ...rows].join(format.crlf ? '\r\n' : '\n');
}

function documentsOf(bytes: Uint8Array): EfaturaDocument[] {
  const result = parseEfaturaCsv(bytes, { today: TODAY });
  if (!result.ok) throw new Error(result.message);
  return result.lines.map((line) => {
    if (line.kind === 'refused') throw new Error(`line ${line.line}: ${line.reason}`);
    return line.document;
  });
}

test('documents written as UTF-8 in any variant read back as the same documents', () => {
  fc.assert(
    fc.property(
      fc.array(documentArb(WIDE_CHARS), { minLength: 1, maxLength: 8 }),
      formatArb,
      (documents, format) => {
        const text = new TextEncoder().encode(writeCsv(documents, format));
        const bytes = format.bom ? new Uint8Array([0xef, 0xbb, 0xbf, ...text]) : text;
        expect(documentsOf(bytes)).toEqual(documents);
      },
    ),
    { numRuns: 300 },
  );
});

test('documents written as windows-1252 in any variant read back as the same documents', () => {
  fc.assert(
    fc.property(
      fc.array(documentArb(LATIN_CHARS), { minLength: 1, maxLength: 8 }),
      formatArb,
      (documents, format) => {
        const bytes = encodeWindows1252(writeCsv(documents, format));
        expect(documentsOf(bytes)).toEqual(documents);
      },
    ),
    { numRuns: 300 },
  );
});

const quoted: Format = {
  separator: ';',
  quoteAll: true,
  bom: false,
  crlf: false,
  thousands: true,
  euro: true,
  dayFirst: false,
  typeUpper: false,
};

test('a credit note always reads as type NC with its amounts positive, whatever sign the file gives', () => {
  fc.assert(
    fc.property(documentArb(LATIN_CHARS), fc.boolean(), (document, isNegative) => {
      const credit = { ...document, documentType: 'NC' as const };
      const text = writeCsv([credit], { ...quoted, euro: true }).replace(
        /;"(\d[\d.]*,\d\d €)";"(\d[\d.]*,\d\d €)"/,
        isNegative ? ';"-$1";"-$2"' : ';"$1";"$2"',
      );
      expect(text.includes(';"-')).toBe(isNegative);
      expect(documentsOf(new TextEncoder().encode(text))).toEqual([credit]);
    }),
    { numRuns: 200 },
  );
});

test('windows-1252 decoding keeps every byte: Latin-1 as is, 0x80–0x9F by the Windows table', () => {
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
      const text = decodeWindows1252(bytes);
      expect(text.length).toBe(bytes.length);
      bytes.forEach((byte, i) => {
        if (byte < 0x80 || byte >= 0xa0) expect(text.charCodeAt(i)).toBe(byte);
      });
    }),
  );
  expect(decodeWindows1252(new Uint8Array([0x80, 0x93, 0x94, 0xba]))).toBe('€“”º');
});

test('no input makes the parser throw: random bytes, and random lines under a real header', () => {
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 2000 }), (bytes) => {
      const result = parseEfaturaCsv(bytes, { today: TODAY });
      expect(typeof result.ok).toBe('boolean');
    }),
    { numRuns: 500 },
  );
  const cellArb = fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.constantFrom('"', '""', ';', '\n', '€'),
  );
  fc.assert(
    fc.property(fc.array(fc.array(cellArb, { maxLength: 14 }), { maxLength: 20 }), (rows) => {
      const text = [HEADER.join(';'), ...rows.map((cells) => cells.join(';'))].join('\n');
      const result = parseEfaturaCsv(new TextEncoder().encode(text), { today: TODAY });
      if (result.ok) {
        for (const line of result.lines) {
          expect(line.kind === 'document' || line.reason.length > 0).toBe(true);
        }
      }
    }),
    { numRuns: 500 },
  );
});
