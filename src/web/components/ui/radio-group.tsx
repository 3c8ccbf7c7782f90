import type { ComponentProps, ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';

// Native radio inputs give arrow-key movement, one tab stop and the right roles; this only
// dresses them as selectable cards inside a <fieldset> whose <legend> names the group.

type RadioGroupProps = ComponentProps<'fieldset'> & { legend: string; children: ReactNode };

export function RadioGroup({ legend, className, children, ...props }: RadioGroupProps) {
  return (
    <fieldset className={cn('min-w-0', className)} {...props}>
      <legend className="mb-1.5 text-sm font-medium text-slate-900">{legend}</legend>
      <div className="grid grid-cols-2 gap-2">{children}</div>
    </fieldset>
  );
}

type RadioCardProps = Omit<ComponentProps<'input'>, 'type'> & {
  label: string;
  icon?: ReactNode;
};

export function RadioCard({ label, icon, className, ...props }: RadioCardProps) {
  return (
    <label
      className={cn(
        'has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-900 has-[:focus-visible]:ring-brand-500/60 flex h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 transition-colors hover:bg-slate-50 has-[:focus-visible]:ring-3',
        className,
      )}
    >
      <input type="radio" className="accent-brand-700 size-4 shrink-0" {...props} />
      {icon}
      {label}
    </label>
  );
}
