// The CMV screen's data as the API sends it (issue 16 point 4). The web imports these types.
import type { CmvSale } from '#server/db/schema/index.ts';
import type { CategoryColor } from '#shared/domain.ts';

export type SaleDto = {
  id: string;
  date: string;
  /** The day's sales without VAT. */
  salesValueCents: number;
  vatCollectedCents: number;
  createdAt: string;
  updatedAt: string;
};

export type SalesOfMonthDto = { month: string; sales: SaleDto[] };

export type SalesImportDto = {
  imported: number;
  created: number;
  updated: number;
  /** The months the file touched, oldest first ('YYYY-MM'). */
  months: string[];
};

export type CmvMonthDto = {
  month: string;
  salesCents: number;
  vatCollectedCents: number;
  /** Days with a sales record in the month. */
  salesDays: number;
  /** Cost of goods sold: the resale suppliers' invoices without VAT, credit notes negative. */
  cmvCents: number;
  grossMarginCents: number;
  /** Gross margin over sales, in percent; null without sales. */
  marginPercent: number | null;
  /** VAT of every invoice of the month, credit notes negative. */
  vatDeductibleCents: number;
  /** Collected minus deductible: to pay when positive, to recover when negative. */
  vatBalanceCents: number;
};

export type CmvReportDto = {
  month: string;
  current: CmvMonthDto;
  /** The 12 months ending with `month`, oldest first. */
  months: CmvMonthDto[];
  resaleCategoryCount: number;
};

export type ResaleCategoryDto = {
  kind: 'built-in' | 'custom';
  /** The custom category's id; the name for a built-in one. */
  key: string;
  name: string;
  icon: string;
  color: CategoryColor;
  isResale: boolean;
  supplierCount: number;
};

export type ResaleCategoriesDto = { categories: ResaleCategoryDto[] };

export function toSaleDto(row: CmvSale): SaleDto {
  return {
    id: row.id,
    date: row.date,
    salesValueCents: row.salesValueCents,
    vatCollectedCents: row.vatCollectedCents,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
