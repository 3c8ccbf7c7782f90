import { ChevronLeft, ChevronRight } from 'lucide-react';
import { addMonths, formatMonthLong } from '#shared/calendar-months.ts';
import { Button } from '#web/components/ui/button.tsx';
import { CMV_MESSAGES } from '../messages.ts';

/** The month shown, with the one before and after; never past the current month. */
export function MonthPicker({
  month,
  latest,
  onChange,
}: {
  month: string;
  latest: string;
  onChange(month: string): void;
}) {
  const label = formatMonthLong(month);
  return (
    <div className="flex items-center gap-1" role="group" aria-label={CMV_MESSAGES.monthLabel}>
      <Button
        variant="outline"
        size="icon"
        aria-label={CMV_MESSAGES.previousMonth}
        onClick={() => onChange(addMonths(month, -1))}
      >
        <ChevronLeft aria-hidden />
      </Button>
      <p
        aria-live="polite"
        className="min-w-40 text-center text-base font-semibold text-slate-900 first-letter:uppercase"
        data-testid="cmv-month"
      >
        {label}
      </p>
      <Button
        variant="outline"
        size="icon"
        aria-label={CMV_MESSAGES.nextMonth}
        disabled={month >= latest}
        onClick={() => onChange(addMonths(month, 1))}
      >
        <ChevronRight aria-hidden />
      </Button>
    </div>
  );
}
