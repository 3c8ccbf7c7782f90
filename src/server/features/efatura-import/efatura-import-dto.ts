// The wire shape of POST /api/efatura-import/preview and /commit: one flat row per line of the
// file, whatever became of it, and the invoices the portal's list lacks. Amounts are signed
// here (a credit note negative), as every total shows them.
import type { CalendarDate } from '#shared/dates.ts';
import type { DocumentType, PaymentStatus } from '#shared/domain.ts';
import { signedAmountCents } from '#shared/money.ts';
import type { ExistingInvoice, ImportPlan, PlannedRow } from './efatura-plan.ts';

/** The missing list is for asking suppliers, not an export: past this many, only counted. */
export const MAX_MISSING_SHOWN = 500;

export type EfaturaRowStatus = 'create' | 'skip' | 'refuse';

export type EfaturaImportRowDto = {
  line: number;
  status: EfaturaRowStatus;
  reason: string | null;
  supplierNif: string | null;
  /** The supplier's name (a refused line: the `Emitente` cell as written). */
  supplierName: string;
  /** The document's number (a refused line: the `Nº Fatura / ATCUD` cell as written). */
  number: string;
  atcud: string | null;
  documentType: DocumentType | null;
  issueDate: CalendarDate | null;
  totalCents: number | null;
  vatCents: number | null;
  /** The status the new invoice is stored with. */
  paymentStatus: PaymentStatus | null;
  isNewSupplier: boolean;
  /** The invoice in Papelada: the one it duplicates, or the one the commit created. */
  invoiceId: string | null;
};

export type EfaturaMissingDto = Omit<ExistingInvoice, 'supplierNif'> & { supplierNif: string };

export type EfaturaImportDto = {
  isCommitted: boolean;
  counts: Record<EfaturaRowStatus, number>;
  rows: EfaturaImportRowDto[];
  period: ImportPlan['period'];
  missing: { total: number; items: EfaturaMissingDto[] };
  /** The month's usage after this answer (after the commit's creates). */
  usage: { currentCount: number; monthlyLimit: number };
};

function toRowDto(row: PlannedRow): EfaturaImportRowDto {
  if (row.status === 'refuse-line') {
    return {
      line: row.line,
      status: 'refuse',
      reason: row.reason,
      supplierNif: row.supplierNif,
      supplierName: row.issuer,
      number: row.reference,
      atcud: row.atcud,
      documentType: null,
      issueDate: row.issueDate,
      totalCents: null,
      vatCents: null,
      paymentStatus: null,
      isNewSupplier: false,
      invoiceId: null,
    };
  }
  const { document } = row;
  const base = {
    line: row.line,
    supplierNif: document.supplierNif,
    supplierName: document.supplierName ?? document.supplierNif,
    number: document.number,
    atcud: document.atcud,
    documentType: document.documentType,
    issueDate: document.issueDate,
    totalCents: signedAmountCents(document.totalCents, document.documentType),
    vatCents: signedAmountCents(document.vatCents, document.documentType),
    paymentStatus: null,
    isNewSupplier: false,
    invoiceId: null,
  };
  switch (row.status) {
    case 'create':
      return {
        ...base,
        status: 'create',
        reason: null,
        supplierName: row.supplierName,
        paymentStatus: row.shownStatus,
        isNewSupplier: row.isNewSupplier,
        invoiceId: row.invoiceId,
      };
    case 'skip':
      return { ...base, status: 'skip', reason: row.reason, invoiceId: row.invoiceId };
    case 'skip-repeat':
      return { ...base, status: 'skip', reason: row.reason };
    case 'refuse-limit':
      return { ...base, status: 'refuse', reason: row.reason };
  }
}

export function toImportDto(
  plan: ImportPlan,
  { isCommitted, usage }: Pick<EfaturaImportDto, 'isCommitted' | 'usage'>,
): EfaturaImportDto {
  const rows = plan.rows.map(toRowDto);
  const counts = { create: 0, skip: 0, refuse: 0 };
  for (const row of rows) counts[row.status] += 1;
  const items = plan.missing.slice(0, MAX_MISSING_SHOWN).flatMap((invoice) =>
    invoice.supplierNif === null
      ? []
      : [
          {
            ...invoice,
            supplierNif: invoice.supplierNif,
            totalCents: signedAmountCents(invoice.totalCents, invoice.documentType),
          },
        ],
  );
  return {
    isCommitted,
    counts,
    rows,
    period: plan.period,
    missing: { total: plan.missing.length, items },
    usage,
  };
}
