import { Check, LoaderCircle } from 'lucide-react';
import { useId } from 'react';
import type { Plan, PlanId } from '#shared/plans.ts';
import { formatCents } from '#shared/money.ts';
import { clsx } from 'clsx';
import { buttonVariants } from '#web/components/ui/button-variants.ts';

type PlanOptions = {
  label: string;
  value: PlanId;
  choices: { id: PlanId; label: string }[];
  onChange: (id: PlanId) => void;
};

type PlanCardProps = {
  plan: Plan;
  title: string;
  highlight?: string;
  options?: PlanOptions;
  isPending: boolean;
  onSelect: (id: PlanId) => void;
};

export function PlanCard({ plan, title, highlight, options, isPending, onSelect }: PlanCardProps) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className={clsx(
        'relative flex h-full flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8',
        highlight && 'ring-brand-600 ring-2 lg:-my-4 lg:py-12',
      )}
    >
      {highlight ? (
        <p className="bg-brand-700 absolute -top-3 left-1/2 -translate-x-1/2 rounded-full px-3 py-1 text-xs font-semibold text-white">
          {highlight}
        </p>
      ) : null}
      <h3 id={titleId} className="text-lg font-semibold text-slate-900">
        {title}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{plan.tagline}</p>
      <p className="mt-6 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight text-slate-900 tabular-nums">
          {formatCents(plan.priceCents)}
        </span>
        <span className="text-sm text-slate-600">/mês</span>
      </p>

      {options ? (
        <fieldset className="mt-5">
          <legend className="text-sm font-medium text-slate-700">{options.label}</legend>
          <div className="mt-2 grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1">
            {options.choices.map((choice) => (
              <label
                key={choice.id}
                className="has-checked:text-brand-800 has-focus-visible:ring-brand-500/60 cursor-pointer rounded-md px-3 py-2 text-center text-sm font-medium text-slate-700 has-checked:bg-white has-checked:shadow-sm has-focus-visible:ring-3"
              >
                <input
                  type="radio"
                  name={`${titleId}-volume`}
                  value={choice.id}
                  checked={options.value === choice.id}
                  onChange={() => options.onChange(choice.id)}
                  className="sr-only"
                />
                {choice.label}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}

      <ul className="mt-6 flex-1 space-y-3 text-sm text-slate-700">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check className="text-brand-600 mt-0.5 size-4 shrink-0" aria-hidden />
            {feature}
          </li>
        ))}
      </ul>

      <button
        type="button"
        className={buttonVariants({
          size: 'lg',
          variant: highlight ? 'primary' : 'outline',
          className: 'mt-8 w-full',
        })}
        aria-busy={isPending}
        disabled={isPending}
        onClick={() => onSelect(plan.id)}
      >
        {isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
        Escolher {title}
      </button>
    </article>
  );
}
