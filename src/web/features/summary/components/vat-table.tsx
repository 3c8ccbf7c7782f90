import { Info } from 'lucide-react';
import { VAT_RATE_BAND_LABELS, VAT_REGION_LABELS } from '#shared/vat-breakdown.ts';
import type { Summary } from '../api/get-summary.ts';
import { SUMMARY_MESSAGES } from '../messages.ts';
import { amountText, monthTitle } from '../summary-format.ts';

type VatTableData = Summary['vat']['month'];

function VatPeriodTable({
  title,
  table,
  isVisible,
  testId,
}: {
  title: string;
  table: VatTableData;
  isVisible: boolean;
  testId: string;
}) {
  const money = (cents: number) => amountText(cents, isVisible);
  return (
    <div className="min-w-0" data-testid={testId}>
      <h3 className="text-sm font-semibold text-slate-800">{title}</h3>
      {table.lines.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">{SUMMARY_MESSAGES.vatEmpty}</p>
      ) : (
        <table className="mt-2 w-full text-left text-sm tabular-nums">
          <thead className="text-xs text-slate-500">
            <tr>
              <th scope="col" className="py-1.5 font-medium">
                {SUMMARY_MESSAGES.vatRegion}
              </th>
              <th scope="col" className="py-1.5 font-medium">
                {SUMMARY_MESSAGES.vatRate}
              </th>
              <th scope="col" className="py-1.5 text-right font-medium">
                {SUMMARY_MESSAGES.vatBase}
              </th>
              <th scope="col" className="py-1.5 text-right font-medium">
                {SUMMARY_MESSAGES.vatAmount}
              </th>
            </tr>
          </thead>
          <tbody className="text-slate-700">
            {table.lines.map((line) => (
              <tr key={`${line.region}-${line.rateBand}`} className="border-t border-slate-100">
                <td className="py-1.5">{VAT_REGION_LABELS[line.region]}</td>
                <td className="py-1.5">{VAT_RATE_BAND_LABELS[line.rateBand]}</td>
                <td className="py-1.5 text-right">{money(line.baseCents)}</td>
                <td className="py-1.5 text-right">{money(line.vatCents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="font-semibold text-slate-900">
            <tr className="border-t border-slate-300">
              <th scope="row" colSpan={2} className="py-1.5 text-left">
                {SUMMARY_MESSAGES.vatTotal}
              </th>
              <td className="py-1.5 text-right">{money(table.baseCents)}</td>
              <td className="py-1.5 text-right">{money(table.vatCents)}</td>
            </tr>
          </tfoot>
        </table>
      )}
      {table.withoutBreakdownCount > 0 ? (
        <p className="mt-2 flex gap-1.5 text-xs text-amber-800" data-testid={`${testId}-missing`}>
          <Info className="mt-px size-3.5 shrink-0" aria-hidden />
          {SUMMARY_MESSAGES.vatMissing(table.withoutBreakdownCount)}
        </p>
      ) : null}
    </div>
  );
}

/** Deductible VAT by region × rate for the month and its quarter (issue 16 point 3). */
export function VatTable({ summary, isVisible }: { summary: Summary; isVisible: boolean }) {
  return (
    <section
      aria-labelledby="summary-vat-title"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="summary-vat-title" className="text-base font-semibold text-slate-900">
        {SUMMARY_MESSAGES.vatTitle}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{SUMMARY_MESSAGES.vatIntro}</p>
      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        <VatPeriodTable
          title={SUMMARY_MESSAGES.vatMonth(monthTitle(summary.year, summary.month))}
          table={summary.vat.month}
          isVisible={isVisible}
          testId="vat-month"
        />
        <VatPeriodTable
          title={SUMMARY_MESSAGES.vatQuarter(summary.quarter.number, summary.year)}
          table={summary.vat.quarter}
          isVisible={isVisible}
          testId="vat-quarter"
        />
      </div>
    </section>
  );
}
