// Test invoices: a plausible pending FT by default, every field overridable.
import { randomUUID } from 'node:crypto';
import type { Database } from '#server/db/client.ts';
import { invoices, type Invoice, type NewInvoice } from '#server/db/schema/index.ts';
import { nextNif } from './nif.ts';

export type InvoiceOverrides = Partial<Omit<NewInvoice, 'accountId'>>;

let sequence = 0;

/** Insert values for an invoice, without the account. */
export function buildInvoice(overrides: InvoiceOverrides = {}): Omit<NewInvoice, 'accountId'> {
  sequence += 1;
  return {
    number: `FT A/${sequence}`,
    supplierName: 'Fornecedor Exemplo, Lda',
    supplierNif: nextNif(),
    issueDate: '2025-01-15',
    dueDate: '2025-02-14',
    totalCents: 12_300,
    vatCents: 2_300,
    atcud: `ABCD1234-${sequence}`,
    documentType: 'FT',
    paymentStatus: 'Pendente',
    isPaid: false,
    ...overrides,
  };
}

export async function insertInvoice(
  db: Database,
  accountId: string,
  overrides: InvoiceOverrides = {},
): Promise<Invoice> {
  const [invoice] = await db
    .insert(invoices)
    .values({ ...buildInvoice(overrides), accountId })
    .returning();
  if (!invoice) throw new Error('insertInvoice: no row returned');
  return invoice;
}

/** Many invoices in one statement (PGlite pays ~3 ms per statement), in the order given. */
export async function insertInvoices(
  db: Database,
  accountId: string,
  overridesList: InvoiceOverrides[],
): Promise<Invoice[]> {
  if (overridesList.length === 0) return [];
  const values = overridesList.map((overrides) => ({
    id: randomUUID(),
    ...buildInvoice(overrides),
    accountId,
  }));
  const rows = await db.insert(invoices).values(values).returning();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return values.map(({ id }) => {
    const row = byId.get(id);
    if (!row) throw new Error('insertInvoices: a row was not returned');
    return row;
  });
}
