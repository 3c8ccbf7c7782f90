import { useId, type ComponentProps, type ReactNode } from 'react';
import { inputClassName } from '#web/components/ui/input-variants.ts';
import { cn } from '#web/lib/cn.ts';

type FieldMessages = {
  label: string;
  /** Blocks the save; shown in red and announced. */
  error?: string | undefined;
  /** Worth a second look but does not block the save (e.g. a NIF check digit). */
  warning?: string | null | undefined;
  hint?: string | undefined;
  isRequired?: boolean;
  className?: string;
};

type ShellProps = FieldMessages & {
  children: (control: { id: string; describedBy: string | undefined }) => ReactNode;
};

// The labelled form controls of every form (new invoice, invoice sheet, supplier form): one
// message line under each, announced as an alert (error) or a status (warning).

/** Label above, the control, then one line below it: the error, else the warning, else the hint. */
function FieldShell({ label, error, warning, hint, isRequired, className, children }: ShellProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const message = error ?? warning ?? hint;
  const tone = error
    ? 'text-sm text-red-700'
    : warning
      ? 'text-sm text-amber-800'
      : 'text-xs text-slate-500';
  return (
    <div className={cn('flex min-w-0 flex-col gap-1.5', className)}>
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

const controlClassName = cn(inputClassName, 'disabled:bg-slate-100 disabled:text-slate-500');

type InputFieldProps = FieldMessages & Omit<ComponentProps<'input'>, 'id' | 'className'>;

export function TextField({
  label,
  error,
  warning,
  hint,
  isRequired,
  className,
  ...props
}: InputFieldProps) {
  return (
    <FieldShell {...{ label, error, warning, hint, isRequired, className }}>
      {({ id, describedBy }) => (
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-required={isRequired || undefined}
          aria-describedby={describedBy}
          className={controlClassName}
          {...props}
        />
      )}
    </FieldShell>
  );
}

type SelectFieldProps = FieldMessages &
  Omit<ComponentProps<'select'>, 'id' | 'className'> & {
    options: ReadonlyArray<{ value: string; label: string }>;
  };

/** A native select: the phone's own picker, and keyboard friendly everywhere. */
export function SelectField({
  label,
  error,
  warning,
  hint,
  isRequired,
  className,
  options,
  ...props
}: SelectFieldProps) {
  return (
    <FieldShell {...{ label, error, warning, hint, isRequired, className }}>
      {({ id, describedBy }) => (
        <select
          id={id}
          aria-invalid={error ? true : undefined}
          aria-required={isRequired || undefined}
          aria-describedby={describedBy}
          className={controlClassName}
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

type TextAreaFieldProps = FieldMessages & Omit<ComponentProps<'textarea'>, 'id' | 'className'>;

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
    <FieldShell {...{ label, error, warning, hint, isRequired, className }}>
      {({ id, describedBy }) => (
        <textarea
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn(controlClassName, 'h-auto min-h-24 py-2')}
          {...props}
        />
      )}
    </FieldShell>
  );
}

type FormGroupProps = { title: string; aside?: ReactNode; children: ReactNode; disabled?: boolean };

/** A group of related fields; the fieldset's legend names it, `disabled` locks every control. */
export function FormGroup({ title, aside, children, disabled }: FormGroupProps) {
  return (
    <fieldset disabled={disabled} className="min-w-0 border-t border-slate-200 pt-4">
      <legend className="float-left mb-3 flex w-full items-center justify-between gap-2">
        <span className="text-base font-semibold text-slate-900">{title}</span>
        {aside}
      </legend>
      <div className="clear-left grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}
