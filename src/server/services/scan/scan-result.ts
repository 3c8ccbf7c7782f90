// The result of one scan (issue 5, DESIGN.md contract 6): what the pipeline, POST /api/scan
// and the CLI all answer. Euros are JSON numbers with two decimals (contract 6), not cents.
import type { AtQrData, AtQrRateBand } from '#shared/at-qr/types.ts';
import { centsToEuros } from '#shared/money.ts';

export type ScanSource = 'qr' | 'pdf-text' | 'ocr';

/** A base and its VAT at one rate, in euros; a side absent from the QR is left out. */
export type ScanRateBand = { base?: number; vat?: number };

export type ScanTaxRegion = {
  /** The QR's x1 value (PT, PT-AC, PT-MA, FR…, or '0' for a document without VAT). */
  region: string;
  exempt?: number;
  reduced?: ScanRateBand;
  intermediate?: ScanRateBand;
  normal?: ScanRateBand;
};

/** Contract 6 "fields"; every field is optional because text and OCR read only some. */
export type ScanFields = {
  issuerNif?: string;
  buyerNif?: string;
  buyerCountry?: string;
  documentType?: string;
  documentStatus?: string;
  /** YYYY-MM-DD */
  issueDate?: string;
  documentNumber?: string;
  atcud?: string;
  total?: number;
  vat?: number;
  taxRegions?: ScanTaxRegion[];
  notSubject?: number;
  stampDuty?: number;
  withholding?: number;
  hash?: string;
  certificate?: string;
  otherInfo?: string;
  /** Only when read from text (PDF text layer or OCR). */
  supplierName?: string;
  /** The raw QR payload, when the source is 'qr'. */
  qr?: string;
};

export type ScanConfidence = Partial<Record<keyof ScanFields, number>>;

export type ScanSuccess = {
  ok: true;
  source: ScanSource;
  fields: ScanFields;
  /** pt-PT: the QR validator's lenient warnings. */
  warnings: string[];
  /** Per field, 0–1; for OCR and text-layer readings. */
  confidence?: ScanConfidence;
  /** Wall time of the scan in milliseconds. */
  ms: number;
};

export type ScanErrorCode =
  | 'FILE_TOO_LARGE'
  | 'UNSUPPORTED_TYPE'
  | 'EXECUTABLE_REFUSED'
  | 'IMAGE_TOO_LARGE'
  | 'UNREADABLE_FILE'
  | 'PDF_ACTIVE_CONTENT'
  | 'NOTHING_FOUND'
  | 'EMPTY_FILE';

export type ScanFailure = { ok: false; error: { code: ScanErrorCode; message: string } };

export type ScanResult = ScanSuccess | ScanFailure;

export const SCAN_ERROR_MESSAGES = {
  FILE_TOO_LARGE: 'O ficheiro é demasiado grande. O tamanho máximo é 10 MB.',
  UNSUPPORTED_TYPE:
    'Tipo de ficheiro não suportado. Use uma fotografia (JPEG, PNG, WebP, GIF ou HEIC) ou um PDF.',
  EXECUTABLE_REFUSED: 'Ficheiros executáveis não são permitidos.',
  IMAGE_TOO_LARGE:
    'A imagem tem demasiados píxeis. Tire a fotografia com menor resolução e tente novamente.',
  UNREADABLE_FILE: 'Não foi possível abrir o ficheiro: parece estar danificado ou incompleto.',
  PDF_ACTIVE_CONTENT:
    'Este PDF contém conteúdo ativo (JavaScript, ações automáticas ou ficheiros anexos) e não foi aberto por segurança.',
  NOTHING_FOUND:
    'Não foi encontrado nenhum código QR nem dados de fatura legíveis. Tente uma fotografia mais nítida ou introduza os dados à mão.',
  EMPTY_FILE: 'O ficheiro está vazio.',
} as const satisfies Record<ScanErrorCode, string>;

/**
 * Thrown, not returned, when the scanner already has as many scans running and waiting as it
 * takes: the request is refused at once (the route answers 503) instead of queueing without
 * bound, each waiting scan holding its upload in memory.
 */
export class ScannerBusyError extends Error {
  constructor() {
    super('The scanner is busy: too many scans running and waiting');
    this.name = 'ScannerBusyError';
  }
}

export function scanFailure(code: ScanErrorCode, message?: string): ScanFailure {
  return { ok: false, error: { code, message: message ?? SCAN_ERROR_MESSAGES[code] } };
}

const euros = (cents: number | null) => (cents === null ? undefined : centsToEuros(cents));

function band(rate: AtQrRateBand): ScanRateBand | undefined {
  if (rate.base === null && rate.vat === null) return undefined;
  return withoutUndefined({ base: euros(rate.base), vat: euros(rate.vat) });
}

/** Drops absent keys, so the JSON carries only what the QR had (contract 6). */
function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** Contract 6 fields from a parsed AT QR: cents become euros, absent fields are left out. */
export function fieldsFromAtQr(data: AtQrData): ScanFields {
  return withoutUndefined<ScanFields>({
    issuerNif: data.issuerNif,
    buyerNif: data.buyerNif,
    buyerCountry: data.buyerCountry,
    documentType: data.documentType,
    documentStatus: data.documentStatus,
    issueDate: data.issueDate,
    documentNumber: data.documentNumber,
    atcud: data.atcud,
    total: centsToEuros(data.total),
    vat: centsToEuros(data.vat),
    taxRegions: data.taxRegions.map((region) =>
      withoutUndefined<ScanTaxRegion>({
        region: region.region,
        exempt: euros(region.exempt),
        reduced: band(region.reduced),
        intermediate: band(region.intermediate),
        normal: band(region.normal),
      }),
    ),
    notSubject: euros(data.notSubject),
    stampDuty: euros(data.stampDuty),
    withholding: euros(data.withholding),
    hash: data.hash,
    certificate: data.certificate,
    otherInfo: data.otherInfo ?? undefined,
    qr: data.raw,
  });
}
