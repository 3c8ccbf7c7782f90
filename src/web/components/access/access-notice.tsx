// What a screen shows instead of itself when the server would refuse it (spec accounts §6):
// the premium marker with the plan that has it and the way there, or the role's refusal.
import { Link } from '@tanstack/react-router';
import { Crown, Lock } from 'lucide-react';
import { PLANS, type PlanId } from '#shared/plans.ts';
import { buttonVariants } from '#web/components/ui/button-variants.ts';

export const ACCESS_MESSAGES = {
  premium: 'Premium',
  seePlans: 'Ver planos',
  upgradeTo: (plan: string) => `Mudar para ${plan}`,
  forbiddenTitle: 'Sem acesso',
} as const;

type PlanRequiredNoticeProps = {
  title: string;
  /** The refusal's sentence, e.g. 'O CMV e as vendas estão disponíveis a partir do plano …'. */
  message: string;
  requiredPlan: PlanId;
  /** What the screen offers, one line per feature. */
  highlights?: readonly string[];
};

export function PlanRequiredNotice({
  title,
  message,
  requiredPlan,
  highlights = [],
}: PlanRequiredNoticeProps) {
  return (
    <section
      aria-labelledby="plan-required-title"
      className="rounded-2xl border border-amber-200 bg-gradient-to-b from-amber-50 to-white p-5 shadow-sm sm:p-7"
    >
      <p className="inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-900">
        <Crown className="size-3.5" aria-hidden />
        {ACCESS_MESSAGES.premium}
      </p>
      <h2 id="plan-required-title" className="mt-3 text-lg font-bold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 text-slate-700">{message}</p>
      {highlights.length > 0 ? (
        <ul className="mt-4 grid gap-2 text-sm text-slate-700 sm:grid-cols-2">
          {highlights.map((line) => (
            <li key={line} className="flex gap-2">
              <span className="mt-1.5 size-1.5 shrink-0 rounded-full bg-amber-500" aria-hidden />
              {line}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-5 flex flex-col gap-2 sm:flex-row">
        <Link to="/subscription" search={{ autostart: requiredPlan }} className={buttonVariants()}>
          <Crown aria-hidden />
          {ACCESS_MESSAGES.upgradeTo(PLANS[requiredPlan].name)}
        </Link>
        <Link to="/subscription" className={buttonVariants({ variant: 'outline' })}>
          {ACCESS_MESSAGES.seePlans}
        </Link>
      </div>
    </section>
  );
}

export function ForbiddenNotice({ message }: { message: string }) {
  return (
    <section
      role="alert"
      className="flex items-start gap-3 rounded-2xl border border-slate-200 bg-white p-5 text-slate-700 shadow-sm"
    >
      <Lock className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden />
      <div>
        <h2 className="font-semibold text-slate-900">{ACCESS_MESSAGES.forbiddenTitle}</h2>
        <p className="mt-1 text-sm">{message}</p>
      </div>
    </section>
  );
}
