import { useId, type ComponentProps, type ReactNode } from 'react';
import { Input } from '#web/components/ui/input.tsx';
import { inputClassName } from '#web/components/ui/input-variants.ts';
import { cn } from '#web/lib/cn.ts';

type FieldMessages = {
  label: string;
  /** Blocks the save; shown in red and announced. */
  error?: string | undefined;
  /** Worth a second look but does not block the save (e.g. a NIF check digit). */
  warning?: string | undefined;
  hint?: string | undefined;
  isRequired?: boolean;
};

type ShellProps = FieldMessages & {
  children: (control: { id: string; describedBy: string | undefined }) => ReactNode;
};

/** Label above, control, then one message below it: the error, else the warning, else the hint. */
function FieldShell({ label, error, warning, hint, isRequired, children }: ShellProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const message = error ?? warning ?? hint;
  const tone = error
    ? 'text-sm text-red-700'
    : warning
      ? 'text-sm text-amber-800'
      : 'text-xs text-slate-500';
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
        {isRequired ? (
          <span className="text-red-700" aria-hidden>
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children({ id, describedBy: message ? messageId : undefined })}
      {message ? (
        <p id={messageId} role={error ? 'alert' : warning ? 'status' : undefined} className={tone}>
          {message}
        </p>
      ) : null}
    </div>
  );
}

type InputFieldProps = FieldMessages & Omit<ComponentProps<'input'>, 'id'>;

export function TextField({ label, error, warning, hint, isRequired, ...props }: InputFieldProps) {
  return (
    <FieldShell {...{ label, error, warning, hint, isRequired }}>
      {({ id, describedBy }) => (
        <Input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-required={isRequired || undefined}
          aria-describedby={describedBy}
          {...props}
        />
      )}
    </FieldShell>
  );
}

type SelectFieldProps = FieldMessages &
  Omit<ComponentProps<'select'>, 'id'> & {
    options: ReadonlyArray<{ value: string; label: string }>;
  };

/** A native select: the phone's own picker, and keyboard friendly everywhere. */
export function SelectField({
  label,
  error,
  warning,
  hint,
  isRequired,
  options,
  className,
  ...props
}: SelectFieldProps) {
  return (
    <FieldShell {...{ label, error, warning, hint, isRequired }}>
      {({ id, describedBy }) => (
        <select
          id={id}
          aria-invalid={error ? true : undefined}
          aria-required={isRequired || undefined}
          aria-describedby={describedBy}
          className={cn(inputClassName, 'disabled:bg-slate-100 disabled:text-slate-500', className)}
          {...props}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}

type TextAreaFieldProps = FieldMessages & Omit<ComponentProps<'textarea'>, 'id'>;

export function TextAreaField({
  label,
  error,
  warning,
  hint,
  isRequired,
  className,
  ...props
}: TextAreaFieldProps) {
  return (
    <FieldShell {...{ label, error, warning, hint, isRequired }}>
      {({ id, describedBy }) => (
        <textarea
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn(inputClassName, 'h-auto min-h-24 py-2', className)}
          {...props}
        />
      )}
    </FieldShell>
  );
}
