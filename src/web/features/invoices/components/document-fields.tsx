import { useWatch } from 'react-hook-form';
import { DOCUMENT_TYPE_LABELS, DOCUMENT_TYPES } from '#shared/domain.ts';
import type { NewInvoiceForm, NewInvoiceRules } from '../hooks/use-new-invoice-form.ts';
import { FIELD_LABELS, SECTION_TITLES } from '../messages.ts';
import type { FieldChecks } from '../new-invoice-values.ts';
import { FormSection } from './form-section.tsx';
import { SelectField, TextField } from '#web/components/ui/form-field.tsx';

const DOCUMENT_TYPE_OPTIONS = DOCUMENT_TYPES.map((type) => ({
  value: type,
  label: DOCUMENT_TYPE_LABELS[type],
}));

type DocumentFieldsProps = { form: NewInvoiceForm; rules: NewInvoiceRules; checks?: FieldChecks };

export function DocumentFields({ form, rules, checks = {} }: DocumentFieldsProps) {
  const { register, formState } = form;
  const { errors } = formState;
  const isCreditNote = useWatch({ control: form.control, name: 'documentType' }) === 'NC';
  return (
    <FormSection title={SECTION_TITLES.document}>
      <SelectField
        label={FIELD_LABELS.documentType}
        isRequired
        options={DOCUMENT_TYPE_OPTIONS}
        check={checks.documentType}
        error={errors.documentType?.message}
        {...register('documentType', rules.documentType)}
      />
      <TextField
        label={FIELD_LABELS.number}
        isRequired
        autoComplete="off"
        maxLength={60}
        placeholder="FT 2026/123"
        check={checks.number}
        error={errors.number?.message}
        {...register('number')}
      />
      {isCreditNote ? (
        <TextField
          label={FIELD_LABELS.originalInvoiceRef}
          isRequired
          autoComplete="off"
          maxLength={60}
          placeholder="FT 2026/100"
          error={errors.originalInvoiceRef?.message}
          {...register('originalInvoiceRef')}
        />
      ) : null}
      <TextField
        label={FIELD_LABELS.atcud}
        autoComplete="off"
        maxLength={70}
        placeholder="JJ3RTHNB-123"
        check={checks.atcud}
        error={errors.atcud?.message}
        {...register('atcud')}
      />
    </FormSection>
  );
}
