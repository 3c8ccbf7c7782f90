import type { ReactNode } from 'react';
import { Label } from '#web/components/ui/label.tsx';

/** Props that tie an input to its label and its error message for screen readers. */
export function fieldProps(id: string, error: string | undefined) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-erro` : undefined,
  } as const;
}

type FormFieldProps = {
  id: string;
  label: string;
  error?: string | undefined;
  /** Shown at the end of the label row, e.g. the 'Forgot password?' link. */
  aside?: ReactNode;
  children: ReactNode;
};

export function FormField({ id, label, error, aside, children }: FormFieldProps) {
  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline justify-between gap-3">
        <Label htmlFor={id}>{label}</Label>
        {aside}
      </div>
      {children}
      {error ? <FieldError id={`${id}-erro`}>{error}</FieldError> : null}
    </div>
  );
}

export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="text-sm text-red-700">
      {children}
    </p>
  );
}

/** A form-level message, announced when it appears (a failed submit). */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
      {children}
    </p>
  );
}
