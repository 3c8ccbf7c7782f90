// Public types of the AT QR parser. Money is integer cents, dates are
// 'YYYY-MM-DD' strings (never a JS Date, which would shift the day by zone).

/** A base and its VAT at one rate band, in cents; `null` when the field is absent. */
export type AtQrRateBand = { base: number | null; vat: number | null };

/**
 * One fiscal-space block (I, J or K). `region` is the VALUE of x1 (PT, PT-AC,
 * PT-MA, FR…, or '0' for a document without VAT), never inferred from the letter.
 */
export type AtQrTaxRegion = {
  region: string;
  exempt: number | null;
  reduced: AtQrRateBand;
  intermediate: AtQrRateBand;
  normal: AtQrRateBand;
};

export type AtQrData = {
  issuerNif: string;
  buyerNif: string;
  buyerCountry: string;
  documentType: string;
  documentStatus: string;
  /** 'YYYY-MM-DD' */
  issueDate: string;
  documentNumber: string;
  /** '0' is kept as '0' (issuers without communicated series). */
  atcud: string;
  taxRegions: AtQrTaxRegion[];
  notSubject: number | null;
  stampDuty: number | null;
  totalTaxes: number;
  grossTotal: number;
  withholding: number | null;
  hash: string;
  certificate: string;
  otherInfo: string | null;
  /** The payload as read, trimmed. */
  raw: string;
  /** Convenience: equals `grossTotal`. */
  total: number;
  /** Convenience: the VAT of every fiscal space added up. */
  vat: number;
};

/** What `buildAtQr` needs: the data without the derived and raw fields. */
export type AtQrBuildInput = Omit<AtQrData, 'raw' | 'total' | 'vat'>;

export type AtQrIssueCode =
  // fatal: not an AT QR or the structure is broken
  | 'NOT_AT_QR'
  | 'MALFORMED_FIELD'
  | 'UNKNOWN_FIELD'
  | 'DUPLICATE_FIELD'
  | 'OUT_OF_ORDER'
  | 'MISSING_FIELD'
  | 'EMPTY_FIELD'
  | 'TOO_LONG'
  | 'BAD_FORMAT'
  | 'NO_FISCAL_SPACE'
  | 'FISCAL_SPACE_WITHOUT_REGION'
  // tolerated deviations (lenient acceptance)
  | 'URL_ENCODED'
  | 'EMPTY_SEGMENT'
  | 'EMPTY_OPTIONAL_FIELD'
  | 'LEADING_SPACE'
  | 'TRAILING_SPACE'
  | 'DECIMAL_COMMA'
  | 'AMOUNT_DECIMALS'
  | 'ISSUER_NIF_CHECK_DIGIT'
  | 'ISSUER_NIF_PREFIX'
  | 'BUYER_NIF_CHECK_DIGIT'
  | 'BUYER_NIF_PREFIX'
  | 'BUYER_NIF_FORMAT'
  | 'UNKNOWN_COUNTRY'
  | 'UNKNOWN_DOCUMENT_TYPE'
  | 'UNKNOWN_DOCUMENT_STATUS'
  | 'UNKNOWN_REGION'
  | 'DOCUMENT_NUMBER_FORMAT'
  | 'ATCUD_FORMAT'
  | 'HASH_FORMAT'
  | 'CERTIFICATE_FORMAT'
  | 'ISLAND_ONLY_FISCAL_SPACE'
  | 'FISCAL_SPACE_GAP'
  | 'NO_VAT_REGION_WITH_AMOUNTS'
  | 'TOTAL_TAX_MISMATCH'
  | 'GROSS_TOTAL_MISMATCH'
  | 'ATCUD_NUMBER_MISMATCH';

export type AtQrSeverity = 'error' | 'warning';

export type AtQrIssue = {
  /** Stable machine code; the severity of a code never changes. */
  code: AtQrIssueCode;
  severity: AtQrSeverity;
  /** The QR field code concerned (A, G, I7…), when there is one. */
  field?: string;
  /** pt-PT, shown to the user. */
  message: string;
};

/**
 * `ok: true` — the data is usable; `strict` is true only when there is no issue
 * at all (warnings mean a tolerated deviation). `ok: false` — not an AT QR, or a
 * deviation that cannot be repaired; `issues` holds at least one error.
 */
export type AtQrResult =
  | { ok: true; data: AtQrData; strict: boolean; issues: AtQrIssue[] }
  | { ok: false; issues: AtQrIssue[] };
