import { CalendarClock, CircleCheck, ExternalLink } from 'lucide-react';
import { buttonVariants } from '#web/components/ui/button-variants.ts';
import { PLANS_MESSAGES } from '../messages.ts';
import type { NewTabResult } from '../new-tab.ts';
import type { PlanChangeNotice } from '../subscription-actions.ts';

/** Where the payment page went: its tab, or a link when the browser did not open one. */
export function PaymentTabNotice({ result }: { result: NewTabResult }) {
  if (!result.isBlocked) {
    return (
      <p
        role="status"
        className="flex items-start gap-2 rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-700"
      >
        <ExternalLink className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
        {PLANS_MESSAGES.paymentOpened}
      </p>
    );
  }
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950 sm:flex-row sm:items-center"
    >
      <p className="flex-1">{PLANS_MESSAGES.paymentTabBlocked}</p>
      <a
        href={result.url}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonVariants({ variant: 'primary' })}
      >
        {PLANS_MESSAGES.continueToPayment}
        <ExternalLink aria-hidden />
        <span className="sr-only"> {PLANS_MESSAGES.newTab}</span>
      </a>
    </div>
  );
}

/** The smart plan change's answer: its message, and the date of a scheduled change. */
export function PlanChangeNoticeView({ notice }: { notice: PlanChangeNotice }) {
  const Icon = notice.scheduled ? CalendarClock : CircleCheck;
  return (
    <div
      role="status"
      className="flex items-start gap-2 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-950"
    >
      <Icon className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-hidden />
      <p>
        {notice.message}
        {notice.scheduled && notice.date ? (
          <> {PLANS_MESSAGES.changeScheduled(notice.date)}</>
        ) : null}
      </p>
    </div>
  );
}
