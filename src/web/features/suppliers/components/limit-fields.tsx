import { Link } from '@tanstack/react-router';
import { Crown } from 'lucide-react';
import { Controller } from 'react-hook-form';
import { DEFAULT_TIMEZONE, SPENDING_LIMIT_PERIODS } from '#shared/domain.ts';
import { Switch } from '#web/components/ui/switch.tsx';
import type { SupplierForm } from '../hooks/use-supplier-form.ts';
import { PERIOD_LABELS, SUPPLIER_FORM_MESSAGES } from '../messages.ts';
import { FormGroup, SelectField, TextField } from '#web/components/ui/form-field.tsx';

// Portugal's three zones first; a stored zone outside them is kept as an option.
const TIMEZONES = [
  { value: DEFAULT_TIMEZONE, label: 'Portugal continental (Europe/Lisbon)' },
  { value: 'Atlantic/Madeira', label: 'Madeira (Atlantic/Madeira)' },
  { value: 'Atlantic/Azores', label: 'Açores (Atlantic/Azores)' },
] as const;

const PERIOD_OPTIONS = SPENDING_LIMIT_PERIODS.map((period) => ({
  value: period,
  label: PERIOD_LABELS[period],
}));

/** The plan marker of the profile drawer, with the way to the plans. */
function PremiumMarker() {
  return (
    <span className="flex items-center gap-2">
      <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">
        <Crown className="size-3" aria-hidden />
        {SUPPLIER_FORM_MESSAGES.premium}
      </span>
      <Link
        to="/subscription"
        className="text-brand-700 focus-visible:ring-brand-500/60 rounded text-sm font-semibold underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:outline-none"
      >
        {SUPPLIER_FORM_MESSAGES.seePlans}
      </Link>
    </span>
  );
}

type LimitFieldsProps = { form: SupplierForm; hasSpendingLimits: boolean };

/**
 * The spending limit (spec §3 limite_*): needs a paid plan (§6), so on Gratuito the section
 * shows the premium marker and its fields are locked. Start and end belong to personalizado,
 * the reset day to mensal.
 */
export function LimitFields({ form, hasSpendingLimits }: LimitFieldsProps) {
  const { register, control, watch, formState } = form;
  const errors = formState.errors.limit;
  const period = watch('limit.period');
  const timezone = watch('limit.timezone');
  const timezones = TIMEZONES.some((zone) => zone.value === timezone)
    ? TIMEZONES
    : [...TIMEZONES, { value: timezone, label: timezone }];
  return (
    <FormGroup
      title={SUPPLIER_FORM_MESSAGES.limit}
      aside={hasSpendingLimits ? null : <PremiumMarker />}
      disabled={!hasSpendingLimits}
    >
      {hasSpendingLimits ? null : (
        <p className="text-sm text-slate-600 sm:col-span-2">{SUPPLIER_FORM_MESSAGES.premiumHint}</p>
      )}
      <div className="sm:col-span-2">
        <Controller
          control={control}
          name="limit.active"
          render={({ field }) => (
            <Switch
              label={SUPPLIER_FORM_MESSAGES.limitActive}
              description={SUPPLIER_FORM_MESSAGES.limitActiveHint}
              checked={field.value}
              disabled={!hasSpendingLimits}
              onCheckedChange={field.onChange}
            />
          )}
        />
      </div>
      <TextField
        label={SUPPLIER_FORM_MESSAGES.amount}
        inputMode="decimal"
        autoComplete="off"
        hint={SUPPLIER_FORM_MESSAGES.amountHint}
        error={errors?.amount?.message}
        {...register('limit.amount')}
      />
      <SelectField
        label={SUPPLIER_FORM_MESSAGES.period}
        options={PERIOD_OPTIONS}
        error={errors?.period?.message}
        {...register('limit.period')}
      />
      {period === 'personalizado' ? (
        <>
          <TextField
            label={SUPPLIER_FORM_MESSAGES.start}
            type="date"
            isRequired
            error={errors?.start?.message}
            {...register('limit.start')}
          />
          <TextField
            label={SUPPLIER_FORM_MESSAGES.end}
            type="date"
            error={errors?.end?.message}
            {...register('limit.end')}
          />
        </>
      ) : null}
      {period === 'mensal' ? (
        <TextField
          label={SUPPLIER_FORM_MESSAGES.resetDay}
          inputMode="numeric"
          autoComplete="off"
          maxLength={2}
          hint={SUPPLIER_FORM_MESSAGES.resetDayHint}
          error={errors?.resetDay?.message}
          {...register('limit.resetDay')}
        />
      ) : null}
      <SelectField
        label={SUPPLIER_FORM_MESSAGES.timezone}
        options={timezones}
        error={errors?.timezone?.message}
        {...register('limit.timezone')}
      />
      <div className="sm:col-span-2">
        <Controller
          control={control}
          name="limit.autoRenew"
          render={({ field }) => (
            <Switch
              label={SUPPLIER_FORM_MESSAGES.autoRenew}
              description={SUPPLIER_FORM_MESSAGES.autoRenewHint}
              checked={field.value}
              disabled={!hasSpendingLimits}
              onCheckedChange={field.onChange}
            />
          )}
        />
      </div>
    </FormGroup>
  );
}
