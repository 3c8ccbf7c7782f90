// Property tests: invoices written with random data in the many ways Portuguese invoices
// print it (labels, date and amount forms, column gaps, OCR misreads) must give back the
// data they were written from.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { formatDateLong, monthName } from '../dates.ts';
import { computeNifCheckDigit } from '../nif.ts';
import { extractInvoiceFields } from './text-fields.ts';

const digits = (length: number) => fc.stringMatching(new RegExp(`^\\d{${length}}$`));
const nifStarting = (first: string) =>
  digits(7).map((rest) => `${first}${rest}${computeNifCheckDigit(`${first}${rest}`)}`);
const sellerNif = fc.constantFrom('5', '6').chain(nifStarting);
const buyerNif = fc.constantFrom('1', '2', '3').chain(nifStarting);
const issueDate = fc
  .date({
    min: new Date(Date.UTC(2000, 0, 1)),
    max: new Date(Date.UTC(2099, 11, 31)),
    noInvalidDate: true,
  })
  .map((date) => date.toISOString().slice(0, 10));
const TITLES = {
  FT: 'Fatura',
  FS: 'Fatura Simplificada',
  FR: 'Fatura-Recibo',
  NC: 'Nota de Crédito',
  ND: 'Nota de Débito',
} as const;
const documentType = fc.constantFrom(...(Object.keys(TITLES) as Array<keyof typeof TITLES>));
// No letter O: between digits it is read as a zero on purpose ('2O26A' is an OCR misread).
const series = fc.stringMatching(/^[A-NP-Z0-9]{1,8}$/);
const sequence = fc.integer({ min: 1, max: 9_999_999 }).map(String);
const atcudCode = fc.stringMatching(/^[A-Z0-9]{8}$/);
const totalCents = fc.integer({ min: 1, max: 9_999_999_99 });

type MoneyStyle = 'grouped' | 'spaced' | 'plain' | 'dot' | 'english';

/** '1.234,56', '1 234,56', plain '1234,56', '1234.56', or '1,234.56'. */
function money(cents: number, style: MoneyStyle): string {
  const whole = Math.trunc(cents / 100).toString();
  const decimals = String(cents % 100).padStart(2, '0');
  const group = (separator: string) => whole.replace(/\B(?=(\d{3})+$)/g, separator);
  if (style === 'dot') return `${whole}.${decimals}`;
  if (style === 'english') return `${group(',')}.${decimals}`;
  const integer = style === 'grouped' ? group('.') : style === 'spaced' ? group(' ') : whole;
  return `${integer},${decimals}`;
}

type NifShape = 'plain' | 'spaced' | 'dotted' | 'pt' | 'pt-spaced';

/** '509876544', '509 876 544', '509.876.544', 'PT509876544' or 'PT 509 876 544'. */
function printNif(nif: string, shape: NifShape): string {
  const groups = nif.replace(/(\d{3})(\d{3})(\d{3})/, '$1 $2 $3');
  if (shape === 'spaced') return groups;
  if (shape === 'dotted') return groups.replaceAll(' ', '.');
  if (shape === 'pt') return `PT${nif}`;
  if (shape === 'pt-spaced') return `PT ${groups}`;
  return nif;
}

type DateStyle = 'slash' | 'dash' | 'dot' | 'long' | 'iso' | 'short-year' | 'short-month';

function printDate(iso: string, style: DateStyle): string {
  const [y = '', m = '', d = ''] = iso.split('-');
  if (style === 'long') return formatDateLong(iso);
  if (style === 'iso') return iso;
  if (style === 'short-year') return `${d}/${m}/${y.slice(2)}`;
  if (style === 'short-month') return `${d} ${monthName(Number(m) - 1, { short: true })} ${y}`;
  return [d, m, y].join({ slash: '/', dash: '-', dot: '.' }[style]);
}

const invoice = fc.record({
  seller: sellerNif,
  buyer: fc.option(buyerNif, { nil: undefined }),
  type: documentType,
  series,
  sequence,
  atcudCode,
  date: issueDate,
  total: totalCents,
  vatShare: fc.integer({ min: 0, max: 23 }),
  nifLabel: fc.constantFrom(
    'NIF:',
    'NIF',
    'Contribuinte n.º',
    'Contribuinte:',
    'NIPC',
    'N.I.P.C.',
    'N.I.F.',
    'N.º Contrib.',
    'Contrib. n.º',
  ),
  nifShape: fc.constantFrom<NifShape>('plain', 'spaced', 'dotted', 'pt', 'pt-spaced'),
  dateLabel: fc.constantFrom(
    'Data de emissão:',
    'Data:',
    'Data do documento',
    'Emitida em',
    'DATA',
    'Data Doc.',
  ),
  dateStyle: fc.constantFrom<DateStyle>(
    'slash',
    'dash',
    'dot',
    'long',
    'iso',
    'short-year',
    'short-month',
  ),
  numberLabel: fc.constantFrom('N.º', 'Nº', 'Documento:', 'Número', ''),
  totalLabel: fc.constantFrom(
    'Total a pagar',
    'Total (EUR)',
    'TOTAL',
    'TOTAL A PAGAR',
    'Total EUR',
    'Total do documento',
    'Total documento',
    'Valor a pagar:',
  ),
  moneyStyle: fc.constantFrom<MoneyStyle>('grouped', 'spaced', 'plain', 'dot', 'english'),
  euro: fc.constantFrom(' €', '€', ' EUR', ''),
  columns: fc.boolean(),
});
type Invoice = typeof invoice extends fc.Arbitrary<infer T> ? T : never;

function write(inv: Invoice): string {
  const gap = inv.columns ? '   ' : '\n';
  const nif = printNif(inv.seller, inv.nifShape);
  const vat = Math.floor((inv.total * inv.vatShare) / 123);
  const amount = (cents: number) => `${money(cents, inv.moneyStyle)}${inv.euro}`;
  return [
    'Empresa Exemplo do Norte, Lda.',
    `Rua de Cima, 12${gap}${TITLES[inv.type]}`,
    `4000-100 Porto${gap}${inv.numberLabel} ${inv.type} ${inv.series}/${inv.sequence}`.trim(),
    `${inv.nifLabel} ${nif}${gap}${inv.dateLabel} ${printDate(inv.date, inv.dateStyle)}`,
    ...(inv.buyer
      ? ['Cliente', 'Maria Antunes', 'Rua do Poço, 7', `NIF: ${inv.buyer}`]
      : ['Consumidor final']),
    'Descrição Qtd. Valor',
    `Serviços prestados 1 ${amount(inv.total - vat)}`,
    `Total IVA ${amount(vat)}`,
    `${inv.totalLabel} ${amount(inv.total)}`,
    `ATCUD: ${inv.atcudCode}-${inv.sequence}`,
  ].join('\n');
}

test('random invoices give back their issuer, buyer, type, number, date, ATCUD, total and VAT', () => {
  fc.assert(
    fc.property(invoice, (inv) => {
      const { fields } = extractInvoiceFields(write(inv));
      const vat = Math.floor((inv.total * inv.vatShare) / 123);
      expect(fields.issuerNif).toBe(inv.seller);
      expect(fields.buyerNif).toBe(inv.buyer);
      expect(fields.documentType).toBe(inv.type);
      expect(fields.documentNumber).toBe(`${inv.type} ${inv.series}/${inv.sequence}`);
      expect(fields.issueDate).toBe(inv.date);
      expect(fields.atcud).toBe(`${inv.atcudCode}-${inv.sequence}`);
      expect(fields.total).toBe(inv.total / 100);
      expect(fields.vat).toBe(vat / 100);
      expect(fields.supplierName).toBe('Empresa Exemplo do Norte, Lda.');
    }),
    { numRuns: 300 },
  );
});

// What tesseract most often reads instead of a digit.
const MISREADS: Readonly<Record<string, string>> = { '0': 'O', '1': 'l', '5': 'S', '8': 'B' };

test('OCR misreads of digits in the NIF, the date and the total are repaired', () => {
  fc.assert(
    fc.property(invoice, fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }), (inv, flips) => {
      let flip = 0;
      // Up to every third digit of a number, as a slightly blurred print gives: a token
      // made mostly of letters is a word, and nobody can repair it.
      const misread = (text: string) =>
        text.replace(/[^/ ]+/g, (token) => {
          let position = 0;
          return token.replace(/\d/g, (digit) => {
            const wrong = position++ % 3 === 0 && flips[flip++ % flips.length];
            return wrong ? (MISREADS[digit] ?? digit) : digit;
          });
        });
      // A misread lone digit between spaces ('S 000 000,00') reads as a word: no spaces here.
      const clean = {
        ...inv,
        dateStyle: 'slash' as const,
        nifShape: 'plain' as const,
        moneyStyle: inv.moneyStyle === 'spaced' ? ('grouped' as const) : inv.moneyStyle,
      };
      const date = printDate(clean.date, 'slash');
      const total = money(clean.total, clean.moneyStyle);
      const text = write(clean)
        .replace(`${clean.nifLabel} ${clean.seller}`, `${clean.nifLabel} ${misread(clean.seller)}`)
        .replace(date, misread(date))
        .replace(`${clean.totalLabel} ${total}`, `${clean.totalLabel} ${misread(total)}`);
      const { fields } = extractInvoiceFields(text);
      expect(fields.issuerNif).toBe(inv.seller);
      expect(fields.issueDate).toBe(inv.date);
      expect(fields.total).toBe(inv.total / 100);
    }),
    { numRuns: 300 },
  );
});
