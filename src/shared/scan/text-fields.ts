// Invoice fields from text (issue 5): the PDF text layer or OCR output in, contract-6
// fields out, each with a confidence from 0 to 1. Pure and isomorphic (no Node APIs), so
// the browser can run it too. The finders are lenient about OCR noise; the confidences
// say how much to trust each value, and cross-checks between fields raise or lower them
// (the ATCUD's sequence matches the number's, the VAT rows add up to 'Total IVA').
import { centsToEuros } from '../money.ts';
import { findAmounts } from './find-amounts.ts';
import { findIssueDate } from './find-date.ts';
import { findDocument } from './find-document.ts';
import { findNifs } from './find-nif.ts';
import { findSupplierName } from './find-supplier.ts';
import { clampConfidence, type Found } from './found.ts';
import { foldText, toLines } from './text-lines.ts';

/** The contract-6 fields text can give (a subset of the scan result's `fields`). */
export type InvoiceTextFields = {
  issuerNif?: string;
  buyerNif?: string;
  documentType?: string;
  /** YYYY-MM-DD */
  issueDate?: string;
  documentNumber?: string;
  atcud?: string;
  /** Euros, two decimals; a credit note's total is positive, as in its QR. */
  total?: number;
  vat?: number;
  supplierName?: string;
};

export type InvoiceTextConfidence = Partial<Record<keyof InvoiceTextFields, number>>;

/** An OCR word: its text and the recogniser's confidence, 0–1 (ocr.ts gives these). */
export type TextWord = { text: string; confidence: number };

export type ExtractedInvoiceFields = {
  fields: InvoiceTextFields;
  confidence: InvoiceTextConfidence;
};

const normalizeWord = (text: string) => foldText(text).replace(/[^a-z0-9]/gu, '');

/**
 * The lowest OCR confidence among the words that make up a printed value, or null when
 * they cannot be found. A value is only as sure as its worst-read word.
 */
function wordConfidence(raw: string, words: readonly TextWord[]): number | null {
  const wanted = raw
    .split(/\s+/u)
    .map(normalizeWord)
    .filter((token) => token !== '');
  if (wanted.length === 0) return null;
  const scores: number[] = [];
  for (const token of wanted) {
    const word = words.find((w) => {
      const normalized = normalizeWord(w.text);
      return (
        normalized !== '' &&
        (normalized === token ||
          (normalized.length >= 3 && token.includes(normalized)) ||
          normalized.includes(token))
      );
    });
    if (!word) return null;
    scores.push(word.confidence);
  }
  return Math.min(...scores);
}

export function extractInvoiceFields(
  text: string,
  options: { words?: readonly TextWord[] } = {},
): ExtractedInvoiceFields {
  const lines = toLines(text);
  const { issuerNif, buyerNif } = findNifs(lines);
  const { documentType, documentNumber, atcud } = findDocument(lines);
  const issueDate = findIssueDate(lines);
  const { total, vat } = findAmounts(lines);
  const supplierName = findSupplierName(lines);

  const found: {
    [K in keyof InvoiceTextFields]: Found<NonNullable<InvoiceTextFields[K]>> | undefined;
  } = {
    issuerNif,
    buyerNif,
    documentType,
    issueDate,
    documentNumber,
    atcud,
    total: total && { ...total, value: centsToEuros(total.value) },
    vat: vat && { ...vat, value: centsToEuros(vat.value) },
    supplierName,
  };

  const fields: InvoiceTextFields = {};
  const confidence: InvoiceTextConfidence = {};
  const words = options.words ?? [];
  for (const key of Object.keys(found) as Array<keyof InvoiceTextFields>) {
    const finding = found[key];
    if (!finding) continue;
    let score = finding.confidence;
    if (words.length > 0 && finding.raw !== '') {
      const ocr = wordConfidence(finding.raw, words);
      // Unreadable words drag a value down; well-read ones leave the text score as is.
      if (ocr !== null) score *= 0.6 + 0.4 * ocr;
    }
    // Each key is assigned its own finding's value; TypeScript cannot follow the key.
    (fields as Record<string, unknown>)[key] = finding.value;
    confidence[key] = clampConfidence(score);
  }
  // A name-like first line alone does not make a text an invoice.
  if (Object.keys(fields).every((key) => key === 'supplierName'))
    return { fields: {}, confidence: {} };
  return { fields, confidence };
}
