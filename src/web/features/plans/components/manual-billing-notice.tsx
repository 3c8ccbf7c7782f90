import { Info, Mail } from 'lucide-react';
import { PLANS, type PlanId } from '#shared/plans.ts';
import { PLANS_MESSAGES } from '../messages.ts';

type ManualBillingNoticeProps = {
  /** The paid plan the person came for (?autostart=), if any. */
  chosenPlanId: PlanId | null;
  supportEmail: string | null;
};

/**
 * An installation without a payment provider (the self-hosted default): the operator grants
 * plans with the admin CLI, so the screen says how to get one instead of offering a
 * checkout that cannot work (issue 15 item 6).
 */
export function ManualBillingNotice({ chosenPlanId, supportEmail }: ManualBillingNoticeProps) {
  const chosen = chosenPlanId && chosenPlanId !== 'free' ? PLANS[chosenPlanId] : null;
  return (
    <section
      aria-labelledby="como-obter-plano"
      className="rounded-2xl border border-sky-200 bg-sky-50 p-5 text-sm text-sky-950"
    >
      <h2 id="como-obter-plano" className="flex items-center gap-2 text-base font-semibold">
        <Info className="size-5 shrink-0 text-sky-700" aria-hidden />
        {PLANS_MESSAGES.manualTitle}
      </h2>
      {chosen ? (
        <p className="mt-2 font-medium">{PLANS_MESSAGES.manualChosen(chosen.name)}</p>
      ) : null}
      <p className="mt-2">{PLANS_MESSAGES.manualBody}</p>
      {supportEmail ? (
        <p className="mt-2 flex flex-wrap items-center gap-x-2">
          <Mail className="size-4 shrink-0 text-sky-700" aria-hidden />
          {PLANS_MESSAGES.manualContact}{' '}
          <a
            className="font-semibold text-sky-800 underline hover:text-sky-950"
            href={`mailto:${supportEmail}`}
          >
            {supportEmail}
          </a>
        </p>
      ) : null}
    </section>
  );
}
