import type { ReactNode } from 'react';

type FormSectionProps = { title: string; children: ReactNode };

/** A card of related fields; the fieldset's legend names the group for screen readers. */
export function FormSection({ title, children }: FormSectionProps) {
  return (
    <fieldset className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <legend className="sr-only">{title}</legend>
      <h2 className="mb-4 text-base font-semibold text-slate-900" aria-hidden>
        {title}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}
