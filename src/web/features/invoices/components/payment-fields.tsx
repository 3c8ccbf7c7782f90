import { useWatch } from 'react-hook-form';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from '#shared/domain.ts';
import type { NewInvoiceForm, NewInvoiceRules } from '../hooks/use-new-invoice-form.ts';
import { FIELD_LABELS, NEW_INVOICE_MESSAGES, SECTION_TITLES } from '../messages.ts';
import { FormSection } from './form-section.tsx';
import { SelectField, TextAreaField } from '#web/components/ui/form-field.tsx';

const STATUS_OPTIONS = PAYMENT_STATUSES.map((status) => ({ value: status, label: status }));
const METHOD_OPTIONS = [
  { value: '', label: NEW_INVOICE_MESSAGES.chooseMethod },
  ...PAYMENT_METHODS.map((method) => ({ value: method, label: method })),
];

type PaymentFieldsProps = { form: NewInvoiceForm; rules: NewInvoiceRules };

export function PaymentFields({ form, rules }: PaymentFieldsProps) {
  const { register, formState } = form;
  const { errors } = formState;
  // Spec §4: the method select is enabled only when the status is Paga.
  const isPaid = useWatch({ control: form.control, name: 'paymentStatus' }) === 'Paga';
  return (
    <>
      <FormSection title={SECTION_TITLES.payment}>
        <SelectField
          label={FIELD_LABELS.paymentStatus}
          isRequired
          options={STATUS_OPTIONS}
          error={errors.paymentStatus?.message}
          {...register('paymentStatus', rules.paymentStatus)}
        />
        <SelectField
          label={FIELD_LABELS.paymentMethod}
          isRequired={isPaid}
          disabled={!isPaid}
          options={METHOD_OPTIONS}
          hint={isPaid ? undefined : NEW_INVOICE_MESSAGES.methodOnlyWhenPaid}
          error={errors.paymentMethod?.message}
          {...register('paymentMethod')}
        />
      </FormSection>
      <FormSection title={SECTION_TITLES.notes}>
        <div className="sm:col-span-2">
          <TextAreaField
            label={FIELD_LABELS.notes}
            maxLength={2000}
            rows={3}
            error={errors.notes?.message}
            {...register('notes')}
          />
        </div>
      </FormSection>
    </>
  );
}
