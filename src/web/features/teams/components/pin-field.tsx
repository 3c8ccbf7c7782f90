import { useId, type ComponentProps } from 'react';
import { PinInput } from './pin-input.tsx';

type PinFieldProps = Omit<ComponentProps<typeof PinInput>, 'id'> & {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
};

/** A labelled PIN input with its hint, or its error (announced) in place of the hint. */
export function PinField({ label, hint, error, ...props }: PinFieldProps) {
  const id = useId();
  const message = error ?? hint;
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <PinInput
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={message ? `${id}-message` : undefined}
        {...props}
      />
      {message ? (
        <p
          id={`${id}-message`}
          role={error ? 'alert' : undefined}
          className={error ? 'text-sm text-red-700' : 'text-xs text-slate-500'}
        >
          {message}
        </p>
      ) : null}
    </div>
  );
}
