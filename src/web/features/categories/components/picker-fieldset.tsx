import { useId, type ReactNode } from 'react';

type PickerFieldsetProps = { legend: string; error?: string | undefined; children: ReactNode };

/** A named group of choices whose error is announced and linked to it. */
export function PickerFieldset({ legend, error, children }: PickerFieldsetProps) {
  const errorId = useId();
  return (
    <fieldset
      className="min-w-0"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="mb-2 text-sm font-medium text-slate-800">{legend}</legend>
      {children}
      {error ? (
        <p id={errorId} role="alert" className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
