import type { UseFormRegisterReturn } from 'react-hook-form';
import { ACCOUNT_TYPES } from '#shared/domain.ts';
import { ACCOUNT_TYPE_LABELS } from '../messages.ts';

/** Particular / Empresa as native radios: arrow keys move between them. */
export function AccountTypeField({ register }: { register: UseFormRegisterReturn<'accountType'> }) {
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-slate-800">Tipo de conta</legend>
      <div className="grid grid-cols-2 gap-2 sm:max-w-sm">
        {ACCOUNT_TYPES.map((type) => (
          <label
            key={type}
            className="has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-brand-500/50 flex h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 text-sm font-medium text-slate-900 has-[:focus-visible]:ring-3"
          >
            <input type="radio" value={type} className="accent-brand-700 size-4" {...register} />
            {ACCOUNT_TYPE_LABELS[type]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
