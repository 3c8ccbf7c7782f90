import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';

/**
 * A native checkbox (keyboard, forms and screen readers for free) in the brand colour.
 * Wrap it in a <label> or point a <Label htmlFor> at its id.
 */
export function Checkbox({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <input
      type="checkbox"
      className={cn(
        'accent-brand-700 focus-visible:ring-brand-500/60 size-4 shrink-0 cursor-pointer rounded border-slate-400 focus-visible:ring-3 aria-invalid:outline-2 aria-invalid:outline-red-600',
        className,
      )}
      {...props}
    />
  );
}
