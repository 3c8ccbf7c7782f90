// What an e-Fatura import would do with each line of the file, decided from the file and the
// account's invoices as they are now (issue 17 point 3). Pure: the preview answers with this
// plan, and the commit computes it again from the re-sent file and a fresh read of the
// database before creating anything, so nothing a client sends back is ever trusted.
//
// A line is created, skipped (already in Papelada, or repeated in the file) or refused (the
// parser's reason, or the monthly limit). What is already in Papelada follows the invoice
// API's duplicate rules (invoice-create.queries.ts findDuplicateId) — same issuer NIF and
// ATCUD, same issuer NIF and number, or same number, date, supplier name and total — with the
// number compared without case or spaces, since a number typed by hand ('ft 2026/1') names the
// same document as the portal's ('FT 2026/1'). The create applies its own exact rules again.
import type { CalendarDate } from '#shared/dates.ts';
import type { DocumentType, PaymentMethod, PaymentStatus } from '#shared/domain.ts';
import { savedPayment } from '#shared/invoice-status.ts';
import type { EfaturaDocument, EfaturaLine } from './efatura-csv.ts';
import { EFATURA_SKIP_MESSAGES } from './efatura-import.messages.ts';

/** What the plan reads of an invoice already in Papelada. */
export type ExistingInvoice = {
  id: string;
  supplierNif: string | null;
  supplierName: string;
  number: string;
  atcud: string | null;
  documentType: DocumentType;
  issueDate: CalendarDate;
  totalCents: number;
};

export type PlannedPayment = {
  paymentStatus: PaymentStatus;
  paymentMethod: PaymentMethod | null;
};

export type PlannedRow =
  | {
      line: number;
      status: 'create';
      document: EfaturaDocument;
      /** The supplier's name in Papelada when it exists, else the portal's (or the NIF). */
      supplierName: string;
      isNewSupplier: boolean;
      /** What the create is asked for; `shownStatus` is what it stores (Vencida when due). */
      payment: PlannedPayment;
      shownStatus: PaymentStatus;
      /** The invoice once the commit created it; null in a preview. */
      invoiceId: string | null;
    }
  | { line: number; status: 'skip'; document: EfaturaDocument; reason: string; invoiceId: string }
  | { line: number; status: 'skip-repeat'; document: EfaturaDocument; reason: string }
  | { line: number; status: 'refuse-limit'; document: EfaturaDocument; reason: string }
  /** Refused by the parser, with its reason. */
  | (Extract<EfaturaLine, { kind: 'refused' }> & { status: 'refuse-line' });

export type ImportPlan = {
  rows: PlannedRow[];
  /** The first and last issue dates of the file: the period the portal's list covers. */
  period: { from: CalendarDate; to: CalendarDate } | null;
  /** Invoices of that period in Papelada, by a supplier's NIF, that the list lacks. */
  missing: ExistingInvoice[];
};

export type PlanImportParams = {
  lines: EfaturaLine[];
  existing: ExistingInvoice[];
  /** Names of the account's suppliers, by NIF, among the file's issuers. */
  supplierNames: ReadonlyMap<string, string>;
  /** How many more invoices the plan lets the account create this month. */
  remaining: number;
  limitMessage: string;
  /** Save invoices and debit and credit notes as paid too; receipts always are. */
  markPaid: boolean;
  today: CalendarDate;
};

const fold = (text: string) => text.replace(/\s+/gu, '').toUpperCase();
const byAtcud = (nif: string, atcud: string) => `${nif}|${atcud.toUpperCase()}`;
const byNumber = (nif: string, number: string) => `${nif}|${fold(number)}`;
const byContent = (date: string, number: string, name: string, totalCents: number) =>
  `${date}|${fold(number)}|${name.toLowerCase()}|${totalCents}`;
const hasCode = (atcud: string | null): atcud is string => atcud !== null && atcud !== '0';

/** Fatura-recibo and fatura simplificada are paid when issued: they are their own receipt. */
const RECEIPTS: readonly DocumentType[] = ['FR', 'FS'];

function paymentOf(document: EfaturaDocument, markPaid: boolean): PlannedPayment {
  return markPaid || RECEIPTS.includes(document.documentType)
    ? { paymentStatus: 'Paga', paymentMethod: 'Outro' }
    : { paymentStatus: 'Pendente', paymentMethod: null };
}

/** Lookups of a set of invoices by each duplicate rule. */
class InvoiceIndex<T> {
  private readonly keys = new Map<string, T>();
  add(keys: string[], value: T) {
    for (const key of keys) if (!this.keys.has(key)) this.keys.set(key, value);
  }
  find(keys: string[]): T | undefined {
    for (const key of keys) {
      const found = this.keys.get(key);
      if (found !== undefined) return found;
    }
    return undefined;
  }
}

function keysOf(d: { supplierNif: string; number: string; atcud: string | null }): string[] {
  const keys = hasCode(d.atcud) ? [byAtcud(d.supplierNif, d.atcud)] : [];
  return [...keys, byNumber(d.supplierNif, d.number)];
}

export function planImport(params: PlanImportParams): ImportPlan {
  const { lines, existing, supplierNames, markPaid, today } = params;
  const inPapelada = new InvoiceIndex<ExistingInvoice>();
  for (const invoice of existing) {
    const nifKeys = invoice.supplierNif
      ? keysOf({ ...invoice, supplierNif: invoice.supplierNif })
      : [];
    const content = byContent(
      invoice.issueDate,
      invoice.number,
      invoice.supplierName,
      invoice.totalCents,
    );
    inPapelada.add([...nifKeys, content], invoice);
  }
  const toCreate = new InvoiceIndex<number>();
  const inFile = new InvoiceIndex<true>();
  let created = 0;

  const rows = lines.map((line): PlannedRow => {
    if (line.kind === 'refused') {
      if (line.supplierNif && line.number) {
        inFile.add(keysOf({ ...line, supplierNif: line.supplierNif, number: line.number }), true);
      }
      return { ...line, status: 'refuse-line' };
    }
    const { document } = line;
    const keys = keysOf(document);
    inFile.add(keys, true);
    const supplierName =
      supplierNames.get(document.supplierNif) ?? document.supplierName ?? document.supplierNif;
    const content = byContent(
      document.issueDate,
      document.number,
      supplierName,
      document.totalCents,
    );
    const existingInvoice = inPapelada.find([...keys, content]);
    if (existingInvoice) {
      const reason = EFATURA_SKIP_MESSAGES.alreadyInPapelada;
      return { line: line.line, status: 'skip', document, reason, invoiceId: existingInvoice.id };
    }
    const firstLine = toCreate.find(keys);
    if (firstLine !== undefined) {
      const reason = EFATURA_SKIP_MESSAGES.repeatedInFile(firstLine);
      return { line: line.line, status: 'skip-repeat', document, reason };
    }
    toCreate.add(keys, line.line);
    if (created >= params.remaining) {
      return { line: line.line, status: 'refuse-limit', document, reason: params.limitMessage };
    }
    created += 1;
    const payment = paymentOf(document, markPaid);
    // Due on the day it was issued, as the new-invoice form proposes: the portal has no due date.
    const stored = savedPayment(
      payment.paymentStatus,
      payment.paymentMethod,
      document.issueDate,
      today,
    );
    return {
      line: line.line,
      status: 'create',
      document,
      supplierName,
      isNewSupplier: !supplierNames.has(document.supplierNif),
      payment,
      shownStatus: stored.paymentStatus,
      invoiceId: null,
    };
  });

  const period = filePeriod(lines);
  const missing = period
    ? existing
        .filter(
          (invoice) =>
            invoice.supplierNif !== null &&
            invoice.issueDate >= period.from &&
            invoice.issueDate <= period.to &&
            inFile.find(keysOf({ ...invoice, supplierNif: invoice.supplierNif })) === undefined,
        )
        .sort((a, b) => a.issueDate.localeCompare(b.issueDate) || a.number.localeCompare(b.number))
    : [];
  return { rows, period, missing };
}

/** The first and last issue dates the file's lines name, refused lines included. */
export function filePeriod(lines: readonly EfaturaLine[]): ImportPlan['period'] {
  let period: ImportPlan['period'] = null;
  for (const line of lines) {
    const date = line.kind === 'document' ? line.document.issueDate : line.issueDate;
    if (date === null) continue;
    if (!period) period = { from: date, to: date };
    else if (date < period.from) period.from = date;
    else if (date > period.to) period.to = date;
  }
  return period;
}
