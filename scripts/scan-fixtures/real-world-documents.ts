// What a document of the real-world OCR set (issue 14) is made of — till receipts,
// dot-matrix and serif invoices from 2019–2021 (before QR codes and ATCUD) and a few later
// ones whose QR the photo leaves out — and its truth. Each prints its NIF, date, number and
// total in one of the shapes people meet, beside the distractors real ones carry (a
// buyer's NIF, the time, a referenced invoice, subtotals, cash given and change); the
// documents themselves are in real-world-{food-receipts,shop-receipts,invoices}.ts.
import { buildAtQr } from '#shared/at-qr/build-at-qr.ts';
import { centsToEuros } from '#shared/money.ts';
import { computeNifCheckDigit } from '#shared/nif.ts';
import type { ScanFields } from '#server/services/scan/scan-result.ts';
import { CONSUMIDOR_FINAL, type Item, type Rate, type Totals } from './invoices.ts';
import type { DateShape, NifShape, Thousands } from './printed-forms.ts';

export type RealItem = Item & { detail?: string };

export type RealDocument = {
  id: string;
  /** An 80 mm till roll, a 9-pin printer on continuous paper, or an A4 page. */
  layout: 'till' | 'dot-matrix' | 'a4';
  /** CSS font family the document is printed in. */
  font: string;
  /** Dot-matrix paper: a pre-printed letterhead form (seller in blue) or green-bar listing. */
  paper?: 'letterhead' | 'greenbar';
  docType: 'FT' | 'FS' | 'FR' | 'NC';
  /** The title line ('Fatura Simplificada'); empty when the number's label says it. */
  title: string;
  numberLabel: string;
  /** SAF-T shape, the truth: 'FS 021/004512'. */
  number: string;
  /** Printed without the space after the type ('FS021/004512'). */
  numberJoined?: boolean;
  issueDate: string;
  /** Printed beside the date ('08:47'), or on its own line after `timeLabel`. */
  time?: string;
  timeLabel?: string;
  dateLabel: string;
  dateShape: DateShape;
  seller: { name: string[]; lines: string[]; nif: string; nifLabel: string; nifShape: NifShape };
  /** A buyer who asked for their NIF on it (a distractor for the issuer's). */
  buyer?: { nif: string; label: string; lines?: string[] };
  /** From 2023 only. */
  atcud?: string;
  items: RealItem[];
  /** Till receipts print prices with VAT; invoices print net prices and add it. */
  grossPrices: boolean;
  totalLabel: string;
  thousands: Thousands;
  /** Printed above the total: the sum before a discount line. */
  subtotalLabel?: string;
  /** How it was paid; `givenCents` is cash handed over, so a change line follows. */
  payment?: { label: string; givenCents?: number };
  /** Lines that are not fields: other dates, references, staff, counts, savings. */
  notes: string[];
  /** The 4 characters of the signature and the program's certificate number. */
  hash: string;
  certificate: string;
  /** Characters per line on a till roll. */
  cols?: number;
};

export const nif = (firstEight: string) => `${firstEight}${computeNifCheckDigit(firstEight)}`;

export const item = (
  text: string,
  qty: number,
  unitCents: number,
  rate: Item['rate'],
): RealItem => ({
  text,
  qty,
  unitCents,
  rate,
});

/** A weighed or measured line: '0,652 kg x 14,90' under the name, the amount rounded. */
export function measured(
  text: string,
  quantity: string,
  unit: string,
  price: string,
  rate: Item['rate'],
): RealItem {
  const number = (printed: string) => Number(printed.replace(',', '.'));
  const amount = Math.round(number(quantity) * number(price) * 100);
  return { text, qty: 1, unitCents: amount, rate, detail: `${quantity} ${unit} x ${price}` };
}

/** The contract-6 fields the printed text carries. */
export function realWorldFields(document: RealDocument, totals: Totals): ScanFields {
  const fields: ScanFields = {
    issuerNif: document.seller.nif,
    documentType: document.docType,
    issueDate: document.issueDate,
    documentNumber: document.number,
    total: centsToEuros(totals.total),
    vat: centsToEuros(totals.vat),
    supplierName: document.seller.name.join(' '),
  };
  if (document.atcud) fields.atcud = document.atcud;
  if (document.buyer) fields.buyerNif = document.buyer.nif;
  return fields;
}

/** The AT QR of a document from 2023 on (with its ATCUD), printed below the receipt. */
export function realWorldQrPayload(document: RealDocument, totals: Totals): string {
  if (!document.atcud) throw new Error(`${document.id} has no ATCUD, so no QR`);
  const band = (rate: Rate) => totals.bands.get(rate) ?? { base: null, vat: null };
  return buildAtQr({
    issuerNif: document.seller.nif,
    buyerNif: document.buyer?.nif ?? CONSUMIDOR_FINAL,
    buyerCountry: 'PT',
    documentType: document.docType,
    documentStatus: 'N',
    issueDate: document.issueDate,
    documentNumber: document.number,
    atcud: document.atcud,
    taxRegions: [
      { region: 'PT', exempt: null, reduced: band(6), intermediate: band(13), normal: band(23) },
    ],
    notSubject: null,
    stampDuty: null,
    totalTaxes: totals.vat,
    grossTotal: totals.total,
    withholding: null,
    hash: document.hash,
    certificate: document.certificate,
    otherInfo: null,
  });
}
