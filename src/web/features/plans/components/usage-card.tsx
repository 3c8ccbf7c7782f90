import { Camera, ReceiptText } from 'lucide-react';
import { cn } from '#web/lib/cn.ts';
import { PLANS_MESSAGES } from '../messages.ts';
import type { UsageView } from '../subscription-view.ts';

// Spec accounts §9: orange from 80 % of the limit, red at the limit.
const LEVEL_STYLES = {
  normal: { bar: 'bg-brand-600', text: 'text-slate-600' },
  warning: { bar: 'bg-orange-500', text: 'text-orange-800' },
  limit: { bar: 'bg-red-600', text: 'text-red-700' },
} as const;

type UsageCardProps = { usage: UsageView; imagesPerInvoice: number };

/** This month's invoices against the plan's limit, and the photos each invoice may carry. */
export function UsageCard({ usage, imagesPerInvoice }: UsageCardProps) {
  const style = LEVEL_STYLES[usage.level];
  const message =
    usage.level === 'limit'
      ? PLANS_MESSAGES.usageAtLimit
      : usage.level === 'warning'
        ? PLANS_MESSAGES.usageWarning
        : null;
  return (
    <section
      aria-labelledby="utilizacao-titulo"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="utilizacao-titulo" className="text-base font-semibold text-slate-900">
        {PLANS_MESSAGES.usageTitle}
      </h2>
      <div className="mt-4 flex items-baseline justify-between gap-3 text-sm">
        <span className="flex items-center gap-2 font-medium text-slate-700">
          <ReceiptText className="size-4 text-slate-500" aria-hidden />
          {PLANS_MESSAGES.invoicesLabel}
        </span>
        <span className="font-semibold text-slate-900 tabular-nums">
          {PLANS_MESSAGES.usageCount(usage.currentCount, usage.monthlyLimit)}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={PLANS_MESSAGES.usageTitle}
        aria-valuemin={0}
        aria-valuemax={usage.monthlyLimit}
        aria-valuenow={Math.min(usage.currentCount, usage.monthlyLimit)}
        aria-valuetext={`${PLANS_MESSAGES.usageCount(usage.currentCount, usage.monthlyLimit)} (${usage.percentageUsed} %)`}
        data-level={usage.level}
        className="mt-2 h-2.5 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className={cn('h-full rounded-full transition-[width]', style.bar)}
          style={{ width: `${usage.percentageUsed}%` }}
        />
      </div>
      <p className={cn('mt-2 flex justify-between gap-3 text-sm', style.text)}>
        <span role={message ? 'status' : undefined}>{message}</span>
        <span className="shrink-0 tabular-nums">{usage.percentageUsed} %</span>
      </p>
      <div className="mt-4 flex items-baseline justify-between gap-3 border-t border-slate-100 pt-4 text-sm">
        <span className="flex items-center gap-2 font-medium text-slate-700">
          <Camera className="size-4 text-slate-500" aria-hidden />
          {PLANS_MESSAGES.photosLabel}
        </span>
        <span className="font-semibold text-slate-900">
          {PLANS_MESSAGES.photosValue(imagesPerInvoice)}
        </span>
      </div>
    </section>
  );
}
