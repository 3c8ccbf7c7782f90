import { CalendarClock, ExternalLink, LoaderCircle, TicketPercent } from 'lucide-react';
import { PLANS } from '#shared/plans.ts';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import type { SubscriptionSummary } from '../api/billing-types.ts';
import { PLANS_MESSAGES, STATUS_LABELS } from '../messages.ts';
import { canManageSubscription, planDateLine, planPriceLabel } from '../subscription-view.ts';

const STATUS_STYLES = {
  active: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  trialing: 'bg-sky-50 text-sky-800 ring-sky-200',
  past_due: 'bg-amber-50 text-amber-900 ring-amber-200',
  canceled: 'bg-slate-100 text-slate-700 ring-slate-200',
} as const;

type CurrentPlanCardProps = {
  summary: SubscriptionSummary;
  isOpeningPortal: boolean;
  onManage: () => void;
  isKeeping: boolean;
  /** Drops a scheduled change (the plan in force stays). */
  onKeepCurrent: () => void;
};

/** The plan in force: price, status, the renewal or scheduled-change date, the portal. */
export function CurrentPlanCard({
  summary,
  isOpeningPortal,
  onManage,
  isKeeping,
  onKeepCurrent,
}: CurrentPlanCardProps) {
  const plan = PLANS[summary.subscription_tier];
  const dateLine = planDateLine(summary);
  const canManage = canManageSubscription(summary);
  return (
    <section
      aria-labelledby="plano-atual-titulo"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="plano-atual-titulo" className="text-base font-semibold text-slate-900">
        {PLANS_MESSAGES.currentPlanTitle}
      </h2>
      <div className="mt-3 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <p className="text-2xl font-bold text-slate-900" data-testid="plano-atual">
          {plan.name}
        </p>
        <p className="text-sm text-slate-600 tabular-nums">
          {planPriceLabel(plan.priceCents)}
          {PLANS_MESSAGES.perMonth}
        </p>
        {summary.status ? (
          <span
            className={cn(
              'rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1',
              STATUS_STYLES[summary.status],
            )}
          >
            <span className="sr-only">{PLANS_MESSAGES.statusLabel}: </span>
            {STATUS_LABELS[summary.status]}
          </span>
        ) : null}
      </div>
      {dateLine ? (
        <p className="mt-2 flex items-start gap-2 text-sm text-slate-700">
          <CalendarClock className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
          {dateLine}
        </p>
      ) : null}
      {summary.couponCode ? (
        <p className="mt-2 flex items-center gap-2 text-sm text-slate-700">
          <TicketPercent className="size-4 shrink-0 text-slate-500" aria-hidden />
          {PLANS_MESSAGES.couponApplied(summary.couponCode)}
        </p>
      ) : null}
      {summary.status === 'past_due' ? (
        <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {PLANS_MESSAGES.pastDueHint}
        </p>
      ) : null}
      {summary.subscribed && summary.provider === 'manual' ? (
        <p className="mt-3 text-sm text-slate-600">{PLANS_MESSAGES.manualGranted}</p>
      ) : null}
      {canManage ? (
        <div className="mt-4 flex flex-wrap gap-2">
          <Button variant="outline" onClick={onManage} disabled={isOpeningPortal}>
            {isOpeningPortal ? (
              <LoaderCircle className="animate-spin" aria-hidden />
            ) : (
              <ExternalLink aria-hidden />
            )}
            {isOpeningPortal ? PLANS_MESSAGES.openingPortal : PLANS_MESSAGES.manageSubscription}
            <span className="sr-only"> {PLANS_MESSAGES.newTab}</span>
          </Button>
          {summary.scheduledChange ? (
            <Button variant="ghost" onClick={onKeepCurrent} disabled={isKeeping}>
              {isKeeping ? PLANS_MESSAGES.keepingCurrent : PLANS_MESSAGES.keepCurrent}
            </Button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
