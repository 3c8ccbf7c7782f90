// One exported invoice as both writers see it (typed values, amounts signed: a credit note is
// negative in every column and total), the columns in order, and the totals per supplier and
// per category gathered while the rows stream by. The totals hold one entry per supplier and
// per category, never the rows, so they stay small whatever the number of invoices.
import { addCents, signedAmountCents } from '#shared/money.ts';
import type { CalendarDate } from '#shared/dates.ts';
import { DOCUMENT_TYPE_LABELS, type PaymentStatus } from '#shared/domain.ts';
import { shownStatus } from '#shared/invoice-status.ts';
import type { ListedInvoice } from '#server/features/invoices/invoices.queries.ts';
import { EXPORT_TEXT, INVOICE_HEADINGS } from './exports.messages.ts';

export type ExportRow = {
  issueDate: CalendarDate;
  dueDate: CalendarDate;
  documentType: string;
  number: string;
  atcud: string;
  supplierName: string;
  supplierNif: string;
  category: string;
  status: PaymentStatus;
  paymentMethod: string;
  baseCents: number;
  vatCents: number;
  totalCents: number;
  notes: string;
};

export type ColumnKind = 'date' | 'text' | 'money';
export type ExportColumn = { key: keyof ExportRow; kind: ColumnKind; width: number };

/** The columns of the invoice sheet and of the CSV, in order. */
export const INVOICE_COLUMNS: readonly ExportColumn[] = [
  { key: 'issueDate', kind: 'date', width: 14 },
  { key: 'dueDate', kind: 'date', width: 14 },
  { key: 'documentType', kind: 'text', width: 18 },
  { key: 'number', kind: 'text', width: 18 },
  { key: 'atcud', kind: 'text', width: 18 },
  { key: 'supplierName', kind: 'text', width: 32 },
  { key: 'supplierNif', kind: 'text', width: 13 },
  { key: 'category', kind: 'text', width: 26 },
  { key: 'status', kind: 'text', width: 11 },
  { key: 'paymentMethod', kind: 'text', width: 12 },
  { key: 'baseCents', kind: 'money', width: 14 },
  { key: 'vatCents', kind: 'money', width: 12 },
  { key: 'totalCents', kind: 'money', width: 14 },
  { key: 'notes', kind: 'text', width: 40 },
];

export const headingOf = (column: ExportColumn) => INVOICE_HEADINGS[column.key];

/** What the export knows of a saved supplier: its name and category. */
export type SupplierInfo = { name: string; category: string | null };

export function toExportRow(
  invoice: ListedInvoice,
  supplier: SupplierInfo | undefined,
  today: CalendarDate,
): ExportRow {
  const totalCents = signedAmountCents(invoice.totalCents, invoice.documentType);
  const vatCents = signedAmountCents(invoice.vatCents, invoice.documentType);
  return {
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    documentType: DOCUMENT_TYPE_LABELS[invoice.documentType],
    number: invoice.number,
    atcud: invoice.atcud ?? '',
    supplierName: invoice.supplierName,
    supplierNif: invoice.supplierNif ?? EXPORT_TEXT.noNif,
    category: supplier?.category || EXPORT_TEXT.noCategory,
    status: shownStatus(invoice, today),
    paymentMethod: invoice.paymentMethod ?? '',
    baseCents: addCents(totalCents, -vatCents),
    vatCents,
    totalCents,
    notes: invoice.notes ?? '',
  };
}

export type Amounts = { count: number; baseCents: number; vatCents: number; totalCents: number };
export type SupplierTotal = Amounts & { name: string; nif: string; category: string };
export type CategoryTotal = Amounts & { category: string };

const zero = (): Amounts => ({ count: 0, baseCents: 0, vatCents: 0, totalCents: 0 });

function addTo(amounts: Amounts, row: ExportRow): void {
  amounts.count += 1;
  amounts.baseCents = addCents(amounts.baseCents, row.baseCents);
  amounts.vatCents = addCents(amounts.vatCents, row.vatCents);
  amounts.totalCents = addCents(amounts.totalCents, row.totalCents);
}

const byTotalThenName =
  <T extends Amounts>(name: (item: T) => string) =>
  (a: T, b: T) =>
    b.totalCents - a.totalCents || name(a).localeCompare(name(b), 'pt-PT');

/** Totals of the rows added so far: overall, per supplier (by NIF, else by name), per category. */
export class ExportTotals {
  readonly overall: Amounts = zero();
  private readonly suppliers = new Map<string, SupplierTotal>();
  private readonly categories = new Map<string, CategoryTotal>();

  add(row: ExportRow, supplier: SupplierInfo | undefined): void {
    addTo(this.overall, row);
    const key = row.supplierNif ? `nif:${row.supplierNif}` : `name:${row.supplierName}`;
    let perSupplier = this.suppliers.get(key);
    if (!perSupplier) {
      perSupplier = {
        ...zero(),
        name: supplier?.name ?? row.supplierName,
        nif: row.supplierNif,
        category: row.category,
      };
      this.suppliers.set(key, perSupplier);
    }
    addTo(perSupplier, row);
    let perCategory = this.categories.get(row.category);
    if (!perCategory) {
      perCategory = { ...zero(), category: row.category };
      this.categories.set(row.category, perCategory);
    }
    addTo(perCategory, row);
  }

  /** Largest total first. */
  bySupplier(): SupplierTotal[] {
    return [...this.suppliers.values()].sort(byTotalThenName((s) => s.name));
  }

  byCategory(): CategoryTotal[] {
    return [...this.categories.values()].sort(byTotalThenName((c) => c.category));
  }
}
