import { Controller } from 'react-hook-form';
import { SAVINGS_MAIN_CATEGORY, SUPPLIER_FROM_INVOICE_CATEGORY } from '#shared/domain.ts';
import {
  nifWarning,
  SUPPLIER_CATEGORY_MAX,
  SUPPLIER_NAME_MAX,
  SUPPLIER_TEMPLATE_MAX,
} from '#shared/schemas/supplier.ts';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import type { SupplierForm } from '../hooks/use-supplier-form.ts';
import { SUPPLIER_FORM_MESSAGES } from '../messages.ts';
import {
  FormGroup,
  SelectField,
  TextAreaField,
  TextField,
} from '#web/components/ui/form-field.tsx';
import { LimitFields } from './limit-fields.tsx';
import { TagsField } from './tags-field.tsx';

/** The select's names: the account's categories, 'Outros', and a stored one no longer listed. */
function categoryOptions(names: readonly string[], current: string | null) {
  const all = [...names];
  if (!all.includes(SUPPLIER_FROM_INVOICE_CATEGORY)) all.push(SUPPLIER_FROM_INVOICE_CATEGORY);
  if (current && current.length <= SUPPLIER_CATEGORY_MAX && !all.includes(current)) {
    all.push(current);
  }
  return [
    { value: '', label: SUPPLIER_FORM_MESSAGES.noCategory },
    ...all.map((name) => ({ value: name, label: name })),
  ];
}

type SupplierFormFieldsProps = {
  form: SupplierForm;
  categoryNames: readonly string[];
  hasSpendingLimits: boolean;
};

/** Every field of the supplier (spec §3), in four groups. */
export function SupplierFormFields({
  form,
  categoryNames,
  hasSpendingLimits,
}: SupplierFormFieldsProps) {
  const { register, control, watch, formState } = form;
  const { errors } = formState;
  const notifyByEmail = watch('notifyByEmail');
  return (
    <div className="flex flex-col gap-5">
      <FormGroup title={SUPPLIER_FORM_MESSAGES.identification}>
        <TextField
          label={SUPPLIER_FORM_MESSAGES.name}
          isRequired
          autoComplete="off"
          maxLength={SUPPLIER_NAME_MAX}
          error={errors.name?.message}
          className="sm:col-span-2"
          {...register('name')}
        />
        <TextField
          label={SUPPLIER_FORM_MESSAGES.nif}
          isRequired
          inputMode="numeric"
          autoComplete="off"
          maxLength={20}
          hint={SUPPLIER_FORM_MESSAGES.nifHint}
          error={errors.nif?.message}
          warning={nifWarning(watch('nif'))}
          {...register('nif')}
        />
        <Controller
          control={control}
          name="category"
          render={({ field }) => (
            <SelectField
              label={SUPPLIER_FORM_MESSAGES.category}
              options={categoryOptions(categoryNames, field.value)}
              error={errors.category?.message}
              name={field.name}
              ref={field.ref}
              value={field.value ?? ''}
              onBlur={field.onBlur}
              onChange={(event) => field.onChange(event.target.value || null)}
            />
          )}
        />
        <Controller
          control={control}
          name="mainCategory"
          render={({ field }) => (
            <label className="flex items-start gap-3 sm:col-span-2">
              <Checkbox
                ref={field.ref}
                name={field.name}
                checked={field.value === SAVINGS_MAIN_CATEGORY}
                onBlur={field.onBlur}
                onChange={(event) =>
                  field.onChange(event.target.checked ? SAVINGS_MAIN_CATEGORY : null)
                }
                className="mt-0.5"
              />
              <span>
                <span className="block text-sm font-medium text-slate-800">
                  {SUPPLIER_FORM_MESSAGES.savingsSupplier}
                </span>
                <span className="block text-sm text-slate-600">
                  {SUPPLIER_FORM_MESSAGES.savingsHint}
                </span>
              </span>
            </label>
          )}
        />
      </FormGroup>

      <FormGroup title={SUPPLIER_FORM_MESSAGES.contact}>
        <TextField
          label={SUPPLIER_FORM_MESSAGES.email}
          type="email"
          inputMode="email"
          autoComplete="off"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label={SUPPLIER_FORM_MESSAGES.phone}
          type="tel"
          autoComplete="off"
          error={errors.phone?.message}
          {...register('phone')}
        />
        <div className="flex flex-col gap-3 sm:col-span-2">
          <Controller
            control={control}
            name="notifyByEmail"
            render={({ field }) => (
              <Switch
                label={SUPPLIER_FORM_MESSAGES.notifyByEmail}
                checked={field.value}
                onCheckedChange={field.onChange}
              />
            )}
          />
          <Controller
            control={control}
            name="sendCopy"
            render={({ field }) => (
              <Switch
                label={SUPPLIER_FORM_MESSAGES.sendCopy}
                checked={field.value}
                disabled={!notifyByEmail}
                onCheckedChange={field.onChange}
              />
            )}
          />
        </div>
        <TextAreaField
          label={SUPPLIER_FORM_MESSAGES.customTemplate}
          hint={SUPPLIER_FORM_MESSAGES.customTemplateHint}
          maxLength={SUPPLIER_TEMPLATE_MAX}
          rows={3}
          error={errors.customTemplate?.message}
          className="sm:col-span-2"
          {...register('customTemplate')}
        />
      </FormGroup>

      <FormGroup title={SUPPLIER_FORM_MESSAGES.tags}>
        <Controller
          control={control}
          name="tags"
          render={({ field, fieldState }) => (
            <TagsField
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message ?? errors.tags?.root?.message}
            />
          )}
        />
      </FormGroup>

      <LimitFields form={form} hasSpendingLimits={hasSpendingLimits} />
    </div>
  );
}
