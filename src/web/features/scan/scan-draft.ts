// What a reading gives the review screen, whichever way it came: the QR decoded in the
// browser (camera, pasted text) or the server's answer for an uploaded photo or PDF
// (POST /api/scan). Amounts are cents, dates 'YYYY-MM-DD'; '' means "not read".
import { parseAtQr } from '#shared/at-qr/parse-at-qr.ts';
import type { AtQrData, AtQrIssue } from '#shared/at-qr/types.ts';
import { DOCUMENT_TYPES, type DocumentType, type InvoiceSource } from '#shared/domain.ts';
import { eurosToCents } from '#shared/money.ts';
import { CONFIDENCE_THRESHOLD } from '#shared/scan/found.ts';
import { vatLinesFromQr, type VatLine } from '#shared/vat-breakdown.ts';
import { SCAN_FIELD_LABELS, SCAN_MESSAGES, type ScanField } from './messages.ts';

export type ScanDraft = {
  /**
   * 'manual' when nothing was read but the document was kept (typed by hand, with its photo);
   * never 'efatura': the portal's list is imported on its own page, not reviewed here.
   */
  source: Exclude<InvoiceSource, 'efatura'>;
  /** The stored document (POST /api/scan), kept as the invoice's first photo. */
  scanId: string | null;
  supplierNif: string;
  supplierName: string;
  number: string;
  documentType: DocumentType;
  issueDate: string;
  totalCents: number | null;
  vatCents: number | null;
  atcud: string;
  buyerNif: string | null;
  /** pt-PT: the QR validator's warnings, and a notice for a type we do not register. */
  warnings: string[];
  /** The fields OCR or the PDF text read with little confidence, for the person to check. */
  uncertainFields: ScanField[];
  /** The raw QR payload, when there was one. */
  qr: string | null;
  /**
   * The QR's VAT by region × rate band (ADR 019), saved with the invoice while the VAT field
   * still adds up to it; null without a QR or for a foreign fiscal space.
   */
  vatBreakdown: VatLine[] | null;
};

/** A base and its VAT at one rate, in euros, as POST /api/scan answers them (contract 6). */
type ReadRateBand = { base?: number | undefined; vat?: number | undefined };

/**
 * The server's reading (contract 6 fields, euros as numbers). Structural, so the answer
 * inferred from AppType fits it without a copy of the server's types.
 */
export type ScanReading = {
  source: Exclude<InvoiceSource, 'manual' | 'efatura'>;
  scanId?: string | null | undefined;
  warnings: string[];
  confidence?: Partial<Record<string, number>> | undefined;
  fields: {
    issuerNif?: string | undefined;
    buyerNif?: string | undefined;
    documentType?: string | undefined;
    issueDate?: string | undefined;
    documentNumber?: string | undefined;
    atcud?: string | undefined;
    total?: number | undefined;
    vat?: number | undefined;
    supplierName?: string | undefined;
    qr?: string | undefined;
    taxRegions?:
      | Array<{
          region: string;
          exempt?: number | undefined;
          reduced?: ReadRateBand | undefined;
          intermediate?: ReadRateBand | undefined;
          normal?: ReadRateBand | undefined;
        }>
      | undefined;
  };
};

function isDocumentType(value: string): value is DocumentType {
  return (DOCUMENT_TYPES as readonly string[]).includes(value);
}

/** Receipts, guides and the like are not invoices we register: default to FT and say so. */
function documentTypeOf(read: string | undefined, warnings: string[]): DocumentType {
  if (read === undefined || read === '') return 'FT';
  const type = read.toUpperCase();
  if (isDocumentType(type)) return type;
  warnings.push(SCAN_MESSAGES.otherDocumentType(type));
  return 'FT';
}

/** ATCUD '0' means "no series communicated" (pt-qr-spec §3): nothing to keep or compare. */
function atcudOf(read: string | undefined): string {
  const atcud = (read ?? '').trim();
  return atcud === '0' ? '' : atcud;
}

function centsOf(euros: number | undefined): number | null {
  return euros === undefined || !Number.isFinite(euros) ? null : eurosToCents(euros);
}

/** The server's fiscal spaces (euros) as VAT lines; only a QR reading has them. */
function vatLinesOfReading(reading: ScanReading): VatLine[] | null {
  const regions = reading.fields.taxRegions;
  if (reading.source !== 'qr' || regions === undefined) return null;
  const band = (rate: ReadRateBand | undefined) => ({
    base: centsOf(rate?.base),
    vat: centsOf(rate?.vat),
  });
  return vatLinesFromQr(
    regions.map((r) => ({
      region: r.region,
      exempt: centsOf(r.exempt),
      reduced: band(r.reduced),
      intermediate: band(r.intermediate),
      normal: band(r.normal),
    })),
  );
}

/** A QR that parseAtQr accepted; its issues are all warnings then. */
export function draftFromQr(data: AtQrData, issues: readonly AtQrIssue[]): ScanDraft {
  const warnings = issues.map((issue) => issue.message);
  return {
    source: 'qr',
    scanId: null,
    supplierNif: data.issuerNif,
    supplierName: '',
    number: data.documentNumber.trim(),
    documentType: documentTypeOf(data.documentType, warnings),
    issueDate: data.issueDate,
    totalCents: data.total,
    vatCents: data.vat,
    atcud: atcudOf(data.atcud),
    buyerNif: data.buyerNif || null,
    warnings,
    uncertainFields: [],
    qr: data.raw,
    vatBreakdown: vatLinesFromQr(data.taxRegions),
  };
}

/** Nothing could be read, but the server kept the document: typed by hand, with its photo. */
export function manualDraft(scanId: string): ScanDraft {
  return {
    source: 'manual',
    scanId,
    supplierNif: '',
    supplierName: '',
    number: '',
    documentType: 'FT',
    issueDate: '',
    totalCents: null,
    vatCents: null,
    atcud: '',
    buyerNif: null,
    warnings: [],
    uncertainFields: [],
    qr: null,
    vatBreakdown: null,
  };
}

export function draftFromReading(reading: ScanReading): ScanDraft {
  const { fields } = reading;
  const warnings = [...reading.warnings];
  const uncertainFields = (Object.keys(SCAN_FIELD_LABELS) as ScanField[]).filter((field) => {
    const confidence = reading.confidence?.[field];
    return confidence !== undefined && confidence < CONFIDENCE_THRESHOLD;
  });
  return {
    source: reading.source,
    scanId: reading.scanId ?? null,
    supplierNif: fields.issuerNif ?? '',
    supplierName: fields.supplierName?.trim() ?? '',
    number: fields.documentNumber?.trim() ?? '',
    documentType: documentTypeOf(fields.documentType, warnings),
    issueDate: fields.issueDate ?? '',
    totalCents: centsOf(fields.total),
    vatCents: centsOf(fields.vat),
    atcud: atcudOf(fields.atcud),
    buyerNif: fields.buyerNif ?? null,
    warnings,
    uncertainFields,
    qr: fields.qr ?? null,
    vatBreakdown: vatLinesOfReading(reading),
  };
}

export type QrTextVerdict =
  | { kind: 'draft'; draft: ScanDraft }
  /** An AT payload (starts with "A:" and a digit) that cannot be repaired. */
  | { kind: 'invalid'; errors: string[] }
  | { kind: 'not-at' };

/** One QR text, decoded by the camera or pasted by hand, judged by parseAtQr. */
export function judgeQrText(text: string): QrTextVerdict {
  const result = parseAtQr(text);
  if (result.ok) return { kind: 'draft', draft: draftFromQr(result.data, result.issues) };
  if (result.issues.some((issue) => issue.code === 'NOT_AT_QR')) return { kind: 'not-at' };
  return {
    kind: 'invalid',
    errors: result.issues.filter((i) => i.severity === 'error').map((i) => i.message),
  };
}

/** The first AT invoice among several codes wins; else the most telling failure. */
export function judgeQrTexts(texts: readonly string[]): QrTextVerdict | null {
  let fallback: QrTextVerdict | null = null;
  for (const text of texts) {
    const verdict = judgeQrText(text);
    if (verdict.kind === 'draft') return verdict;
    if (fallback === null || verdict.kind === 'invalid') fallback = verdict;
  }
  return fallback;
}
