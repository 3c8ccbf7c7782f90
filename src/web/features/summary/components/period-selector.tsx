import { useId } from 'react';
import { inputClassName } from '#web/components/ui/input-variants.ts';
import { cn } from '#web/lib/cn.ts';
import type { SummaryMonth } from '#shared/summary.ts';
import { MONTH_LABELS, SUMMARY_MESSAGES } from '../messages.ts';

/** The month (the 12 Portuguese names) and the year (the last five) of the summary. */
export function PeriodSelector({
  value,
  years,
  onChange,
}: {
  value: SummaryMonth;
  years: readonly number[];
  onChange(next: SummaryMonth): void;
}) {
  const monthId = useId();
  const yearId = useId();
  return (
    <fieldset className="flex min-w-0 gap-2">
      <legend className="sr-only">{SUMMARY_MESSAGES.periodLabel}</legend>
      <label htmlFor={monthId} className="sr-only">
        {SUMMARY_MESSAGES.monthLabel}
      </label>
      <select
        id={monthId}
        value={value.month}
        onChange={(event) => onChange({ ...value, month: Number(event.target.value) })}
        className={cn(inputClassName, 'w-auto min-w-36 font-medium')}
      >
        {MONTH_LABELS.map((label, index) => (
          <option key={label} value={index + 1}>
            {label}
          </option>
        ))}
      </select>
      <label htmlFor={yearId} className="sr-only">
        {SUMMARY_MESSAGES.yearLabel}
      </label>
      <select
        id={yearId}
        value={value.year}
        onChange={(event) => onChange({ ...value, year: Number(event.target.value) })}
        className={cn(inputClassName, 'w-auto min-w-24 font-medium')}
      >
        {/* A year reached by the address, outside the last five, stays choosable. */}
        {(years.includes(value.year) ? years : [value.year, ...years]).map((year) => (
          <option key={year} value={year}>
            {year}
          </option>
        ))}
      </select>
    </fieldset>
  );
}
