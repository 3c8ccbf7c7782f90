import { TicketPercent, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { TextField } from '#web/components/ui/form-field.tsx';
import { PLANS_MESSAGES } from '../messages.ts';
import type { CouponResult } from '../subscription-actions.ts';

type CouponFieldProps = {
  /** The code accepted by the server, sent with the checkout. */
  appliedCode: string | null;
  isChecking: boolean;
  onCheck: (code: string) => Promise<CouponResult>;
  onApplied: (code: string | null) => void;
};

/** A coupon for the checkout (spec accounts §7 validate-coupon). */
export function CouponField({ appliedCode, isChecking, onCheck, onApplied }: CouponFieldProps) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const result = await onCheck(value);
    if (result.valid) {
      setError(undefined);
      onApplied(result.code);
    } else {
      setError(result.message);
    }
  }

  if (appliedCode) {
    return (
      <p className="flex items-center gap-2 rounded-xl border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900">
        <TicketPercent className="size-4 shrink-0" aria-hidden />
        <span className="flex-1" role="status">
          {PLANS_MESSAGES.couponApplied(appliedCode)}
        </span>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            onApplied(null);
            setValue('');
          }}
        >
          <X aria-hidden />
          {PLANS_MESSAGES.couponRemove}
        </Button>
      </p>
    );
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-start"
    >
      <TextField
        className="flex-1"
        label={PLANS_MESSAGES.couponLabel}
        placeholder={PLANS_MESSAGES.couponPlaceholder}
        hint={PLANS_MESSAGES.couponHint}
        error={error}
        value={value}
        maxLength={64}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        onChange={(event) => {
          setValue(event.target.value);
          setError(undefined);
        }}
      />
      <Button type="submit" variant="outline" className="sm:mt-7" disabled={isChecking}>
        {isChecking ? PLANS_MESSAGES.couponChecking : PLANS_MESSAGES.couponApply}
      </Button>
    </form>
  );
}
