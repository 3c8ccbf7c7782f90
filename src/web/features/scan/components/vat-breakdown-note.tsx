import { formatCents } from '#shared/money.ts';
import { VAT_RATE_BAND_LABELS, VAT_REGION_LABELS, type VatLine } from '#shared/vat-breakdown.ts';
import { SCAN_MESSAGES } from '../messages.ts';

/**
 * The QR's VAT by region × rate band, shown before saving (ADR 019), and a note when the VAT
 * field no longer adds up to it: the invoice is then saved without the breakdown.
 */
export function VatBreakdownNote({ lines, isKept }: { lines: VatLine[]; isKept: boolean }) {
  if (lines.length === 0) return null;
  return (
    <section
      aria-label={SCAN_MESSAGES.vatBreakdownTitle}
      className="rounded-xl border border-slate-200 bg-white p-4 text-sm"
    >
      <h2 className="font-semibold text-slate-800">{SCAN_MESSAGES.vatBreakdownTitle}</h2>
      <table className="mt-2 w-full text-left tabular-nums">
        <thead className="text-xs text-slate-500">
          <tr>
            <th className="py-1 font-medium" scope="col">
              <span className="sr-only">{SCAN_MESSAGES.vatBreakdownLine}</span>
            </th>
            <th className="py-1 text-right font-medium" scope="col">
              {SCAN_MESSAGES.vatBreakdownBase}
            </th>
            <th className="py-1 text-right font-medium" scope="col">
              {SCAN_MESSAGES.vatBreakdownVat}
            </th>
          </tr>
        </thead>
        <tbody className="text-slate-700">
          {lines.map((line) => (
            <tr key={`${line.region}-${line.rateBand}`} className="border-t border-slate-100">
              <th scope="row" className="py-1 font-normal">
                {VAT_REGION_LABELS[line.region]} · {VAT_RATE_BAND_LABELS[line.rateBand]}
              </th>
              <td className="py-1 text-right">{formatCents(line.baseCents)}</td>
              <td className="py-1 text-right">{formatCents(line.vatCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {isKept ? null : (
        <p role="status" className="mt-2 text-amber-800">
          {SCAN_MESSAGES.vatBreakdownDropped}
        </p>
      )}
    </section>
  );
}
