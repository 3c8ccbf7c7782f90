import type { ReactNode } from 'react';

/** A form-level message, announced when it appears (a refusal that is no one field's). */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
      {children}
    </p>
  );
}
