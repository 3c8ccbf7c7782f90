import { addDays, todayInLisbon } from '#shared/dates.ts';
import { ISSUE_DATE_FUTURE_TOLERANCE_DAYS, MIN_INVOICE_DATE } from '#shared/schemas/invoice.ts';
import type { NewInvoiceForm, NewInvoiceRules } from '../hooks/use-new-invoice-form.ts';
import { FIELD_LABELS, NEW_INVOICE_MESSAGES, SECTION_TITLES } from '../messages.ts';
import {
  displayAmount,
  type FieldChecks,
  type NewInvoiceFormValues,
} from '../new-invoice-values.ts';
import { FormSection } from './form-section.tsx';
import { TextField } from '#web/components/ui/form-field.tsx';

type AmountFieldsProps = { form: NewInvoiceForm; rules: NewInvoiceRules; checks?: FieldChecks };

export function AmountFields({ form, rules, checks = {} }: AmountFieldsProps) {
  const { register, setValue, formState } = form;
  const { errors } = formState;
  const latestIssueDate = addDays(todayInLisbon(), ISSUE_DATE_FUTURE_TOLERANCE_DAYS);
  // Typed as '1.234,56'; shown as '1234,56 €' after leaving the field, so a misread is seen.
  const amount = (name: Extract<keyof NewInvoiceFormValues, 'total' | 'vat'>) =>
    register(name, {
      onBlur: (event: { target: { value: string } }) =>
        setValue(name, displayAmount(event.target.value)),
    });

  return (
    <FormSection title={SECTION_TITLES.amounts}>
      <TextField
        label={FIELD_LABELS.issueDate}
        isRequired
        type="date"
        min={MIN_INVOICE_DATE}
        max={latestIssueDate}
        check={checks.issueDate}
        error={errors.issueDate?.message}
        {...register('issueDate', rules.issueDate)}
      />
      <TextField
        label={FIELD_LABELS.dueDate}
        isRequired
        type="date"
        min={MIN_INVOICE_DATE}
        hint={NEW_INVOICE_MESSAGES.dueDateHint}
        error={errors.dueDate?.message}
        {...register('dueDate', rules.dueDate)}
      />
      <TextField
        label={FIELD_LABELS.total}
        isRequired
        inputMode="decimal"
        autoComplete="off"
        placeholder="0,00"
        hint={NEW_INVOICE_MESSAGES.amountHint}
        check={checks.total}
        error={errors.total?.message}
        {...amount('total')}
      />
      <TextField
        label={FIELD_LABELS.vat}
        inputMode="decimal"
        autoComplete="off"
        placeholder="0,00"
        check={checks.vat}
        error={errors.vat?.message}
        {...amount('vat')}
      />
    </FormSection>
  );
}
