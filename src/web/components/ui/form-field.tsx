import { ScanEye } from 'lucide-react';
import { useId, type ComponentProps, type ReactNode } from 'react';
import { inputClassName } from '#web/components/ui/input-variants.ts';
import { cn } from '#web/lib/cn.ts';

type FieldMessages = {
  label: string;
  /** Blocks the save; shown in red and announced. */
  error?: string | undefined;
  /** Worth a second look but does not block the save (e.g. a NIF check digit). */
  warning?: string | null | undefined;
  /**
   * A value filled in for the person that they should confirm (the scanner read it with
   * little confidence): an amber outline and this note under the control, until an error.
   */
  check?: string | undefined;
  hint?: string | undefined;
  isRequired?: boolean;
  className?: string;
};

type Control = { id: string; describedBy: string | undefined; className: string };
type ShellProps = FieldMessages & { children: (control: Control) => ReactNode };

// The labelled form controls of every form (new invoice, invoice sheet, supplier form): one
// message line under each, announced as an alert (error) or a status (warning); a value to
// confirm adds its note above that line, read with the field rather than announced.

const controlClassName = cn(inputClassName, 'disabled:bg-slate-100 disabled:text-slate-500');
const checkClassName = 'border-amber-500 bg-amber-50 ring-1 ring-amber-500';

/**
 * Label above, the control, then below it the note to confirm the value, if any, and one
 * line: the error, else the warning, else the hint.
 */
function FieldShell({
  label,
  error,
  warning,
  check,
  hint,
  isRequired,
  className,
  children,
}: ShellProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const checkId = `${id}-check`;
  const message = error ?? warning ?? hint;
  const isChecking = Boolean(check) && !error;
  const describedBy = [isChecking ? checkId : '', message ? messageId : ''].join(' ').trim();
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
      {children({
        id,
        describedBy: describedBy || undefined,
        className: cn(controlClassName, isChecking && checkClassName),
      })}
      {isChecking ? (
        <p id={checkId} className="flex items-center gap-1.5 text-sm font-medium text-amber-800">
          <ScanEye className="size-4 shrink-0" aria-hidden />
          {check}
        </p>
      ) : null}
      {message ? (
        <p id={messageId} role={error ? 'alert' : warning ? 'status' : undefined} className={tone}>
          {message}
        </p>
      ) : null}
    </div>
  );
}

type InputFieldProps = FieldMessages & Omit<ComponentProps<'input'>, 'id' | 'className'>;

export function TextField({
  label,
  error,
  warning,
  check,
  hint,
  isRequired,
  className,
  ...props
}: InputFieldProps) {
  return (
    <FieldShell {...{ label, error, warning, check, hint, isRequired, className }}>
      {(control) => (
        <input
          id={control.id}
          aria-invalid={error ? true : undefined}
          aria-required={isRequired || undefined}
          aria-describedby={control.describedBy}
          className={control.className}
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
  check,
  hint,
  isRequired,
  className,
  options,
  ...props
}: SelectFieldProps) {
  return (
    <FieldShell {...{ label, error, warning, check, hint, isRequired, className }}>
      {(control) => (
        <select
          id={control.id}
          aria-invalid={error ? true : undefined}
          aria-required={isRequired || undefined}
          aria-describedby={control.describedBy}
          className={control.className}
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
  check,
  hint,
  isRequired,
  className,
  ...props
}: TextAreaFieldProps) {
  return (
    <FieldShell {...{ label, error, warning, check, hint, isRequired, className }}>
      {(control) => (
        <textarea
          id={control.id}
          aria-invalid={error ? true : undefined}
          aria-describedby={control.describedBy}
          className={cn(control.className, 'h-auto min-h-24 py-2')}
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
