import { useWatch } from 'react-hook-form';
import { formatNif, hasValidNifCheckDigit, isNifFormat, normalizeNif } from '#shared/nif.ts';
import type { NewInvoiceForm } from '../hooks/use-new-invoice-form.ts';
import { FIELD_LABELS, NEW_INVOICE_MESSAGES, SECTION_TITLES } from '../messages.ts';
import type { FieldChecks } from '../new-invoice-values.ts';
import { FormSection } from './form-section.tsx';
import { TextField } from '#web/components/ui/form-field.tsx';

type SupplierFieldsProps = { form: NewInvoiceForm; checks?: FieldChecks };

export function SupplierFields({ form, checks = {} }: SupplierFieldsProps) {
  const { register, setValue, formState } = form;
  const typed = useWatch({ control: form.control, name: 'supplierNif' });
  const nif = normalizeNif(typed);
  const isNine = isNifFormat(nif);
  // The 3-3-3 form as a hint while it is typed otherwise (the field shows it after blur).
  const hint = !isNine
    ? NEW_INVOICE_MESSAGES.nifHint
    : typed === formatNif(nif)
      ? undefined
      : `NIF ${formatNif(nif)}`;
  // A wrong check digit is refused on save (typedNifSchema); until the form first validates,
  // this says so as the NIF is typed.
  const warning =
    isNine && !hasValidNifCheckDigit(nif) ? NEW_INVOICE_MESSAGES.nifCheckDigitWarning : undefined;

  return (
    <FormSection title={SECTION_TITLES.supplier}>
      <TextField
        label={FIELD_LABELS.supplierNif}
        isRequired
        inputMode="numeric"
        autoComplete="off"
        placeholder="123 456 789"
        hint={hint}
        warning={warning}
        check={checks.supplierNif}
        error={formState.errors.supplierNif?.message}
        {...register('supplierNif', {
          // Shown grouped 3-3-3 once typed; the schema strips the spaces again.
          onBlur: (event: { target: { value: string } }) => {
            const typed = normalizeNif(event.target.value);
            if (isNifFormat(typed)) setValue('supplierNif', formatNif(typed));
          },
        })}
      />
      <TextField
        label={FIELD_LABELS.supplierName}
        isRequired
        autoComplete="organization"
        maxLength={200}
        check={checks.supplierName}
        error={formState.errors.supplierName?.message}
        {...register('supplierName')}
      />
    </FormSection>
  );
}
