// Invoices (spec invoice-work §3 "Invoice", table facturas) and the indexes of the invoice
// queries of spec invoice-work §7.
import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import {
  DOCUMENT_TYPES,
  INVOICE_SOURCES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  type DocumentType,
  type InvoiceSource,
  type PaymentMethod,
  type PaymentStatus,
} from '#shared/domain.ts';
import { accounts } from './accounts.ts';
import { foldForSearchSql, sqlLiteral, timestamps, valueIn } from './columns.ts';

/**
 * Statuses of an unpaid invoice. The partial index below and the queries that must match it
 * both build their predicate from this list with `valueIn`, so the texts stay identical.
 */
export const OPEN_PAYMENT_STATUSES = [
  'Pendente',
  'Vencida',
] as const satisfies readonly PaymentStatus[];

/**
 * Invoices the expiry job may turn Vencida: Pendente and not paid (the SQL side of
 * #shared/invoice-status.ts statusAfterExpiry; the query adds due_date < today). The partial
 * indexes below and expireOverdueInvoices build their predicate here, with the status inlined,
 * so the planner can match them.
 */
export function expiryCandidateSql(columns: {
  paymentStatus: AnyPgColumn;
  isPaid: AnyPgColumn;
}): SQL {
  const pending = sqlLiteral('Pendente' satisfies PaymentStatus);
  return sql`${columns.paymentStatus} = ${sql.raw(pending)} and not ${columns.isPaid}`;
}

/**
 * The issue month (1–12) as the list's month search and its index read it: one expression, so
 * the planner matches the query to invoices_account_issue_month_created_idx.
 */
export function issueMonthSql(issueDate: AnyPgColumn): SQL {
  return sql`(extract(month from ${issueDate})::int)`;
}

/**
 * Spec field → column: numero_factura → number · proveedor → supplier_name ·
 * nif_proveedor → supplier_nif · nif_receptor → buyer_nif · receptor → buyer_name ·
 * fecha_emision → issue_date · fecha_vencimiento → due_date · total → total_cents ·
 * iva → vat_cents · atcud · tipo_documento → document_type · estado_pagamento → payment_status ·
 * pago → is_paid · metodo_pago → payment_method · observacoes → notes ·
 * image_url → image_paths (always a JSON array of storage paths) ·
 * referencia_factura → original_invoice_ref. isHighlighted is computed by the list query.
 *
 * Amounts are stored positive, as printed on the document, also for a credit note (NC):
 * every total and summary turns a credit note negative through document_type, so the sign
 * has exactly one source of truth (CHECK below).
 */
export const invoices = pgTable(
  'invoices',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    number: text('number').notNull(),
    supplierName: text('supplier_name').notNull(),
    supplierNif: text('supplier_nif'),
    // The buyer's NIF (ADR 028): a private person's (#shared/nif.ts isPersonNif) is sealed in
    // buyer_nif_encrypted; any other (a company's, 'Consumidor final') stays in buyer_nif.
    // buyer_nif_hash is the keyed hash of either, which the summary compares with the profile's
    // NIF hashes (own spending). Rows written before migration 0019 hold a person's NIF in
    // buyer_nif until the start-up backfill seals it (invoices_unsealed_buyer_nif_idx).
    buyerNifClear: text('buyer_nif'),
    buyerNifEncrypted: text('buyer_nif_encrypted'),
    buyerNifHash: text('buyer_nif_hash'),
    buyerName: text('buyer_name'),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    vatCents: bigint('vat_cents', { mode: 'number' }).notNull().default(0),
    atcud: text('atcud'),
    documentType: text('document_type').$type<DocumentType>().notNull().default('FT'),
    paymentStatus: text('payment_status').$type<PaymentStatus>().notNull().default('Pendente'),
    isPaid: boolean('is_paid').notNull().default(false),
    paymentMethod: text('payment_method').$type<PaymentMethod>(),
    notes: text('notes'),
    imagePaths: jsonb('image_paths').$type<string[]>().notNull().default([]),
    originalInvoiceRef: text('original_invoice_ref'),
    source: text('source').$type<InvoiceSource>().notNull().default('manual'),
    qrPayload: text('qr_payload'),
    // Read from an AT QR code with its VAT by region × rate band (invoice-vat-lines.ts, ADR 019);
    // false for an invoice typed by hand, which the summary's VAT table counts as lacking one.
    hasVatBreakdown: boolean('has_vat_breakdown').notNull().default(false),
    paidAt: date('paid_at', { mode: 'string' }),
    // Who created and who last changed the invoice (issue 18.4): the acting profile's key
    // (#shared/team.ts actorKeyOf: 'user:<id>' for a person with a login, 'sub:<id>' for a PIN
    // profile) and its name as it was then. Null on rows written before teams existed.
    createdBy: text('created_by'),
    createdByName: text('created_by_name'),
    updatedBy: text('updated_by'),
    updatedByName: text('updated_by_name'),
    // Invoice list search haystack (#shared/invoice-search.ts matchesSearch): supplier name and
    // number, folded once at write time, so a search is one plain LIKE per row (no folding per
    // query: ~8 µs a row with translate()) that the trigram index below serves (ADR 013). One
    // line each: a folded search text has no newline, so a match never spans the two. Month
    // names are matched on the issue month instead (issueMonthSql, ADR 016).
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`${foldForSearchSql(invoices.supplierName)} || chr(10) || ${foldForSearchSql(invoices.number)}`,
      ),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    check('invoices_document_type_check', valueIn(t.documentType, DOCUMENT_TYPES)),
    check('invoices_payment_status_check', valueIn(t.paymentStatus, PAYMENT_STATUSES)),
    check('invoices_payment_method_check', valueIn(t.paymentMethod, PAYMENT_METHODS)),
    check('invoices_source_check', valueIn(t.source, INVOICE_SOURCES)),
    check('invoices_amounts_positive_check', sql`${t.totalCents} >= 0 and ${t.vatCents} >= 0`),

    // Invoice list, every period: newest created first with keyset pagination on
    // (created_at, id); also "recent: created in the last 30 days". Ascending on purpose: a
    // backward scan yields `created_at desc, id desc` (nulls first, the default), which the
    // list's ORDER BY matches exactly; drizzle's `.desc()` would emit DESC NULLS LAST.
    index('invoices_account_created_idx').on(t.accountId, t.createdAt, t.id),
    // A Utilizador without "view all" lists only the invoices it created (issue 18.4).
    index('invoices_account_created_by_idx').on(t.accountId, t.createdBy, t.createdAt, t.id),
    // Period filters on issue_date (last30days, thisMonth, previousMonths), month statistics
    // and "by month range on issue_date ascending".
    index('invoices_account_issue_date_idx').on(t.accountId, t.issueDate),
    // thisMonth's earlier Pendente/Vencida invoices (highlighted, newest created first) and
    // status-filtered lists of unpaid invoices. Only unpaid rows, so it stays small.
    index('invoices_account_open_created_idx')
      .on(t.accountId, t.createdAt, t.id)
      .where(valueIn(t.paymentStatus, OPEN_PAYMENT_STATUSES)),
    // Overdue candidates of one account: Pendente, not paid, due_date before today (the
    // manual 'expirar faturas', expireOverdueInvoices with an account).
    index('invoices_account_overdue_idx').on(t.accountId, t.dueDate).where(expiryCandidateSql(t)),
    // The daily expiry job across all accounts (expireOverdueInvoices without an account):
    // a range scan on due_date that reads only the rows turning Vencida, where the index
    // above, led by account_id, would be read whole (every pending row of every account).
    index('invoices_overdue_due_date_idx').on(t.dueDate).where(expiryCandidateSql(t)),
    // A supplier's invoices in a period (spending limit, supplier totals and counts).
    index('invoices_account_supplier_issue_date_idx').on(t.accountId, t.supplierNif, t.issueDate),
    // Duplicate checks before insert. Not UNIQUE: ATCUD '0' (no series code) legitimately
    // repeats, numbers may repeat across document types and credit notes, and the refusal
    // needs a pt-PT message from the application rather than a constraint violation.
    index('invoices_account_supplier_atcud_idx').on(t.accountId, t.supplierNif, t.atcud),
    index('invoices_account_supplier_number_idx').on(t.accountId, t.supplierNif, t.number),
    // The list's substring search (search_text LIKE '%…%', ADR 013): trigrams find the few
    // matching rows without reading the whole account, so a search matching nothing stays
    // cheap. Needs the pg_trgm extension (created by its migration; loaded into PGlite by
    // db/client.ts).
    index('invoices_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // A month-name search ('janeiro'): that month's invoices newest created first, read in
    // order (ADR 016). They sit deep in created_at order, a month of every year, so neither the
    // ordered scan (every newer invoice is read) nor the trigram index (every match is sorted)
    // finds a page in a few rows.
    // The start-up backfill (services/crypto/sealed-backfill.ts): rows with a buyer NIF and no
    // hash yet, written before migration 0019 (or by an older server). Empty once it has run.
    index('invoices_unsealed_buyer_nif_idx')
      .on(t.accountId, t.id)
      .where(sql`${t.buyerNifClear} is not null and ${t.buyerNifHash} is null`),
    index('invoices_account_issue_month_created_idx').on(
      t.accountId,
      issueMonthSql(t.issueDate),
      t.createdAt,
      t.id,
    ),
  ],
);

export type Invoice = typeof invoices.$inferSelect;
export type NewInvoice = typeof invoices.$inferInsert;
