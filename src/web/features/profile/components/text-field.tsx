import { useId, type ComponentProps } from 'react';
import { Input } from '#web/components/ui/input.tsx';

type TextFieldProps = ComponentProps<'input'> & {
  label: string;
  error?: string | undefined;
  hint?: string;
};

/** A labelled input whose error is announced and linked to it (aria-describedby). */
export function TextField({ label, error, hint, id, ...props }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const messageId = `${inputId}-message`;
  const message = error ?? hint;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <Input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={message ? messageId : undefined}
        {...props}
      />
      {message ? (
        <p
          id={messageId}
          role={error ? 'alert' : undefined}
          className={error ? 'text-sm text-red-700' : 'text-xs text-slate-500'}
        >
          {message}
        </p>
      ) : null}
    </div>
  );
}
