// GET /api/summary's answer (issue 16): the aggregates of summary.queries.ts shaped for the
// /resumo screen — every day of the month present, percentages of the month's total, the top
// suppliers, categories resolved to a name, icon and colour ('Outras Despesas Pessoais' for a
// supplier without one), and the VAT table of the month and of its quarter.
import { resolveCategory, type CategoryIconName } from '#shared/categories.ts';
import { addDays, type CalendarDate } from '#shared/dates.ts';
import type { CategoryColor, PaymentStatus } from '#shared/domain.ts';
import { percentOf } from '#shared/money.ts';
import {
  daysOf,
  TOP_SUPPLIERS_DESKTOP,
  type DayRange,
  type SummaryMonth,
} from '#shared/summary.ts';
import {
  VAT_RATE_BANDS,
  VAT_REGIONS,
  type VatRateBand,
  type VatRegion,
} from '#shared/vat-breakdown.ts';
import { MONTH_SETS, type SummaryAggregates } from './summary.queries.ts';

export type StatusSliceDto = { amountCents: number; count: number; percentage: number };

export type VatTableDto = {
  /** Region × rate band lines, in the return's order (PT, PT-AC, PT-MA; exempt … normal). */
  lines: Array<{ region: VatRegion; rateBand: VatRateBand; baseCents: number; vatCents: number }>;
  baseCents: number;
  vatCents: number;
  /** Invoices of the period without a breakdown (typed by hand): not in `lines`. */
  withoutBreakdownCount: number;
};

export type SummaryDto = {
  year: number;
  month: number;
  /** The month's first and last day. */
  period: { from: CalendarDate; to: CalendarDate };
  quarter: { number: number; from: CalendarDate; to: CalendarDate };
  totals: {
    /** 'Total Gasto': every document of the month, credit notes negative. */
    totalCents: number;
    /** 'Total de Faturas': documents of the month, credit notes included. */
    invoiceCount: number;
    /** 'Média Mensal': the average per document, rounded to the cent. */
    averageCents: number;
    /** Invoices whose buyer NIF is the account's own (personal or company NIF). */
    ownCents: number;
    ownCount: number;
    hasOwnNif: boolean;
    /** 'IVA Dedutível': the VAT of the month's invoices, credit notes negative. */
    deductibleVatCents: number;
    /** 'IVA Cobrado': the VAT collected on the month's sales records. */
    collectedVatCents: number;
    /** 'Saldo IVA': collected less deductible (positive: VAT to pay). */
    vatBalanceCents: number;
    salesCents: number;
  };
  /** Spec §3 "Summary aggregate": paid, pending, overdue with amount and percentage. */
  byStatus: { paid: StatusSliceDto; pending: StatusSliceDto; overdue: StatusSliceDto };
  /** Every day of the month: expenses (Evolução Mensal) and receipts (Fluxo de Caixa). */
  byDay: Array<{ date: CalendarDate; count: number; expensesCents: number; receiptsCents: number }>;
  /** The suppliers with the most spending, at most TOP_SUPPLIERS_DESKTOP. */
  bySupplier: Array<{
    nif: string | null;
    name: string;
    amountCents: number;
    count: number;
    percentage: number;
  }>;
  bySupplierCount: number;
  byCategory: Array<{
    name: string;
    icon: CategoryIconName;
    color: CategoryColor;
    amountCents: number;
    count: number;
    percentage: number;
  }>;
  vat: { month: VatTableDto; quarter: VatTableDto };
};

const STATUS_KEYS = {
  Paga: 'paid',
  Pendente: 'pending',
  Vencida: 'overdue',
} as const satisfies Record<PaymentStatus, keyof SummaryDto['byStatus']>;

/** The range's last day (its `to` is the day after). */
const lastDay = (range: DayRange) => addDays(range.to, -1);

/** A share of the month's spending; none when credit notes leave nothing spent. */
const shareOf = (part: number, whole: number) => (whole > 0 ? percentOf(part, whole) : 0);

function statusSlices(rows: SummaryAggregates['monthRows']): SummaryDto['byStatus'] {
  const slices = {
    paid: { amountCents: 0, count: 0, percentage: 0 },
    pending: { amountCents: 0, count: 0, percentage: 0 },
    overdue: { amountCents: 0, count: 0, percentage: 0 },
  };
  for (const row of rows) {
    if (row.set !== MONTH_SETS.status || row.status === null) continue;
    const slice = slices[STATUS_KEYS[row.status]];
    slice.amountCents += row.amountCents;
    slice.count += row.count;
  }
  // A status whose credit notes outweigh its invoices has no share of the bar.
  const whole = Object.values(slices).reduce((sum, s) => sum + Math.max(0, s.amountCents), 0);
  for (const slice of Object.values(slices)) {
    slice.percentage = shareOf(Math.max(0, slice.amountCents), whole);
  }
  return slices;
}

function vatTable(rows: SummaryAggregates['vatRows'], side: 'month' | 'quarter'): VatTableDto {
  const lines: VatTableDto['lines'] = [];
  const table = { baseCents: 0, vatCents: 0, withoutBreakdownCount: 0 };
  for (const region of VAT_REGIONS) {
    for (const rateBand of VAT_RATE_BANDS) {
      const row = rows.find((r) => !r.isTotal && r.region === region && r.rateBand === rateBand);
      const baseCents = (side === 'month' ? row?.monthBaseCents : row?.quarterBaseCents) ?? 0;
      const vatCents = (side === 'month' ? row?.monthVatCents : row?.quarterVatCents) ?? 0;
      if (baseCents === 0 && vatCents === 0) continue;
      lines.push({ region, rateBand, baseCents, vatCents });
      table.baseCents += baseCents;
      table.vatCents += vatCents;
    }
  }
  const total = rows.find((r) => r.isTotal);
  table.withoutBreakdownCount =
    (side === 'month' ? total?.monthWithout : total?.quarterWithout) ?? 0;
  return { lines, ...table };
}

function categories(aggregates: SummaryAggregates, totalCents: number): SummaryDto['byCategory'] {
  const byName = new Map<string, SummaryDto['byCategory'][number]>();
  for (const row of aggregates.monthRows) {
    if (row.set !== MONTH_SETS.category) continue;
    // Several stored names may resolve to the default (none, 'Outros', a deleted category).
    const category = resolveCategory(row.category, aggregates.categoryRows);
    const entry = byName.get(category.name) ?? {
      name: category.name,
      icon: category.icon,
      color: category.color,
      amountCents: 0,
      count: 0,
      percentage: 0,
    };
    entry.amountCents += row.amountCents;
    entry.count += row.count;
    byName.set(category.name, entry);
  }
  return [...byName.values()]
    .map((entry) => ({ ...entry, percentage: shareOf(entry.amountCents, totalCents) }))
    .sort((a, b) => b.amountCents - a.amountCents || a.name.localeCompare(b.name, 'pt'));
}

export function toSummaryDto(
  aggregates: SummaryAggregates,
  {
    month,
    range,
    quarter,
  }: { month: SummaryMonth; range: DayRange; quarter: DayRange & { quarter: number } },
): SummaryDto {
  const statusRows = aggregates.monthRows.filter((row) => row.set === MONTH_SETS.status);
  const sum = (pick: (row: (typeof statusRows)[number]) => number) =>
    statusRows.reduce((total, row) => total + pick(row), 0);
  const totalCents = sum((r) => r.amountCents);
  const invoiceCount = sum((r) => r.count);
  const deductibleVatCents = sum((r) => r.vatCents);
  const salesCents = aggregates.salesRows.reduce((total, r) => total + r.salesCents, 0);
  const collectedVatCents = aggregates.salesRows.reduce((t, r) => t + r.vatCollectedCents, 0);
  // The grand-total row of the VAT statement: there even for a month without invoices.
  const hasOwnNif = aggregates.vatRows.some((row) => row.isTotal && row.hasOwnNif);

  const expensesByDay = new Map<string, { count: number; amountCents: number }>();
  for (const row of aggregates.monthRows) {
    if (row.set === MONTH_SETS.day) expensesByDay.set(row.issueDate, row);
  }
  const receiptsByDay = new Map(aggregates.salesRows.map((r) => [r.date, r.salesCents]));

  const suppliers = aggregates.monthRows
    .filter((row) => row.set === MONTH_SETS.supplier)
    .sort((a, b) => b.amountCents - a.amountCents || a.supplierName.localeCompare(b.supplierName));

  return {
    year: month.year,
    month: month.month,
    period: { from: range.from, to: lastDay(range) },
    quarter: { number: quarter.quarter, from: quarter.from, to: lastDay(quarter) },
    totals: {
      totalCents,
      invoiceCount,
      averageCents: invoiceCount === 0 ? 0 : Math.round(totalCents / invoiceCount),
      ownCents: sum((r) => r.ownCents),
      ownCount: sum((r) => r.ownCount),
      hasOwnNif,
      deductibleVatCents,
      collectedVatCents,
      vatBalanceCents: collectedVatCents - deductibleVatCents,
      salesCents,
    },
    byStatus: statusSlices(aggregates.monthRows),
    byDay: daysOf(range).map((date) => ({
      date,
      count: expensesByDay.get(date)?.count ?? 0,
      expensesCents: expensesByDay.get(date)?.amountCents ?? 0,
      receiptsCents: receiptsByDay.get(date) ?? 0,
    })),
    bySupplier: suppliers.slice(0, TOP_SUPPLIERS_DESKTOP).map((row) => ({
      nif: row.supplierNif,
      name: row.supplierName,
      amountCents: row.amountCents,
      count: row.count,
      percentage: shareOf(row.amountCents, totalCents),
    })),
    bySupplierCount: suppliers.length,
    byCategory: categories(aggregates, totalCents),
    vat: {
      month: vatTable(aggregates.vatRows, 'month'),
      quarter: vatTable(aggregates.vatRows, 'quarter'),
    },
  };
}
