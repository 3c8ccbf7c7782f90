import { CircleAlert } from 'lucide-react';
import { formatDateShort } from '#shared/dates.ts';
import { cn } from '#web/lib/cn.ts';
import type { EfaturaImport } from '../api/import-efatura.ts';
import { EFATURA_MESSAGES } from '../messages.ts';

function Count({ label, value, tone }: { label: string; value: number; tone: string }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white px-3 py-3 shadow-sm sm:px-4">
      <p className="text-xs font-medium text-slate-600 sm:text-sm">{label}</p>
      <p className={cn('text-2xl font-bold tabular-nums', tone)}>{value.toLocaleString('pt-PT')}</p>
    </div>
  );
}

/** The counts of the preview (or of the commit), the file's period and the month's usage. */
export function ImportSummary({ result }: { result: EfaturaImport }) {
  const { counts, usage, period } = result;
  const willUse = usage.currentCount + (result.isCommitted ? 0 : counts.create);
  const isLimitReached = willUse >= usage.monthlyLimit && counts.refuse > 0;
  return (
    <div className="flex flex-col gap-3">
      <div className="grid grid-cols-3 gap-2" data-testid="efatura-counts">
        <Count
          label={result.isCommitted ? EFATURA_MESSAGES.created : EFATURA_MESSAGES.toCreate}
          value={counts.create}
          tone="text-emerald-700"
        />
        <Count label={EFATURA_MESSAGES.skipped} value={counts.skip} tone="text-slate-700" />
        <Count
          label={EFATURA_MESSAGES.refused}
          value={counts.refuse}
          tone={counts.refuse > 0 ? 'text-red-700' : 'text-slate-700'}
        />
      </div>
      <div className="flex flex-col gap-1 text-sm text-slate-600">
        {period ? (
          <p>{EFATURA_MESSAGES.period(formatDateShort(period.from), formatDateShort(period.to))}</p>
        ) : null}
        <p>{EFATURA_MESSAGES.usage(usage.currentCount, usage.monthlyLimit)}</p>
      </div>
      {isLimitReached ? (
        <p className="flex gap-2 rounded-xl border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          {EFATURA_MESSAGES.limitHint}
        </p>
      ) : null}
    </div>
  );
}
