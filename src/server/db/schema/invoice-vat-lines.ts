// VAT by fiscal region × rate band of an invoice read from an AT QR code (issue 16 point 3,
// ADR 019): part of the invoice aggregate, written with it and deleted with it.
import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import {
  VAT_RATE_BANDS,
  VAT_REGIONS,
  type VatRateBand,
  type VatRegion,
} from '#shared/vat-breakdown.ts';
import { timestamps, valueIn } from './columns.ts';
import { invoices } from './invoices.ts';

/**
 * One line per invoice, region and rate band, amounts positive as printed (a credit note's
 * sign comes from its invoice's document_type, as for its total). The invoice says whether it
 * has a breakdown at all (invoices.has_vat_breakdown): a document without VAT has none of
 * these lines and still has one.
 */
export const invoiceVatLines = pgTable(
  'invoice_vat_lines',
  {
    accountId: text('account_id').notNull(),
    invoiceId: uuid('invoice_id').notNull(),
    region: text('region').$type<VatRegion>().notNull(),
    rateBand: text('rate_band').$type<VatRateBand>().notNull(),
    baseCents: bigint('base_cents', { mode: 'number' }).notNull(),
    vatCents: bigint('vat_cents', { mode: 'number' }).notNull(),
    ...timestamps(),
  },
  (t) => [
    // Also serves the summary's join from a period's invoices to their lines
    // (summary.queries.ts getVatByRegion): the key leads with account and invoice.
    primaryKey({ columns: [t.accountId, t.invoiceId, t.region, t.rateBand] }),
    foreignKey({
      name: 'invoice_vat_lines_invoice_fk',
      columns: [t.accountId, t.invoiceId],
      foreignColumns: [invoices.accountId, invoices.id],
    }).onDelete('cascade'),
    check('invoice_vat_lines_region_check', valueIn(t.region, VAT_REGIONS)),
    check('invoice_vat_lines_rate_band_check', valueIn(t.rateBand, VAT_RATE_BANDS)),
    check(
      'invoice_vat_lines_amounts_check',
      sql`${t.baseCents} >= 0 and ${t.vatCents} >= 0 and (${t.rateBand} <> 'exempt' or ${t.vatCents} = 0)`,
    ),
  ],
);

export type InvoiceVatLine = typeof invoiceVatLines.$inferSelect;
export type NewInvoiceVatLine = typeof invoiceVatLines.$inferInsert;
