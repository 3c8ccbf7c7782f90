import { useState, type FormEvent } from 'react';
import { toast } from '#web/lib/toast.ts';
import { parseEuros } from '#shared/money.ts';
import { saleInputSchema } from '#shared/schemas/sales.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { TextField } from '#web/components/ui/form-field.tsx';
import type { Sale } from '../api/list-sales.ts';
import { useSaveSale } from '../api/save-sale.ts';
import { amountInput } from '../cmv-format.ts';
import { CMV_MESSAGES } from '../messages.ts';

/** Closed, a new day (with a suggested date), or a recorded day being edited. */
export type SaleFormTarget =
  { kind: 'closed' } | { kind: 'new'; date: string } | { kind: 'edit'; sale: Sale };

type Errors = Partial<Record<'date' | 'salesValueCents' | 'vatCollectedCents', string>>;

function SaleForm({
  target,
  onDone,
}: {
  target: Exclude<SaleFormTarget, { kind: 'closed' }>;
  onDone(): void;
}) {
  const sale = target.kind === 'edit' ? target.sale : null;
  const [date, setDate] = useState(sale?.date ?? (target.kind === 'new' ? target.date : ''));
  const [value, setValue] = useState(sale ? amountInput(sale.salesValueCents) : '');
  const [vat, setVat] = useState(sale ? amountInput(sale.vatCollectedCents) : '');
  const [errors, setErrors] = useState<Errors>({});
  const save = useSaveSale();

  function submit(event: FormEvent) {
    event.preventDefault();
    const valueCents = parseEuros(value);
    const vatCents = vat.trim() === '' ? 0 : parseEuros(vat);
    const next: Errors = {};
    if (valueCents === null) next.salesValueCents = CMV_MESSAGES.amountInvalid;
    if (vatCents === null) next.vatCollectedCents = CMV_MESSAGES.amountInvalid;
    const parsed = saleInputSchema.safeParse({
      date,
      salesValueCents: valueCents ?? 0,
      vatCollectedCents: vatCents ?? 0,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Errors | undefined;
        if (field && !next[field]) next[field] = issue.message;
      }
    }
    setErrors(next);
    if (Object.keys(next).length > 0 || !parsed.success) return;
    save.mutate(
      { id: sale?.id ?? null, input: parsed.data },
      {
        onSuccess: () => {
          toast.success(CMV_MESSAGES.saleSaved);
          onDone();
        },
        onError: (error) =>
          toast.error(CMV_MESSAGES.saleSaveFailed, { description: error.message }),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <TextField
        label={CMV_MESSAGES.date}
        type="date"
        value={date}
        onChange={(e) => setDate(e.target.value)}
        error={errors.date}
        isRequired
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={CMV_MESSAGES.value}
          inputMode="decimal"
          placeholder={CMV_MESSAGES.amountPlaceholder}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={errors.salesValueCents}
          isRequired
        />
        <TextField
          label={CMV_MESSAGES.vat}
          inputMode="decimal"
          placeholder={CMV_MESSAGES.amountPlaceholder}
          value={vat}
          onChange={(e) => setVat(e.target.value)}
          error={errors.vatCollectedCents}
        />
      </div>
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone}>
          {CMV_MESSAGES.cancel}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? CMV_MESSAGES.saving : CMV_MESSAGES.save}
        </Button>
      </div>
    </form>
  );
}

export function SaleFormDialog({ target, onClose }: { target: SaleFormTarget; onClose(): void }) {
  return (
    <Dialog open={target.kind !== 'closed'} onOpenChange={(open) => (open ? null : onClose())}>
      {target.kind === 'closed' ? null : (
        <DialogContent
          title={target.kind === 'edit' ? CMV_MESSAGES.editSaleTitle : CMV_MESSAGES.newSaleTitle}
        >
          <SaleForm
            key={target.kind === 'edit' ? target.sale.id : 'new'}
            target={target}
            onDone={onClose}
          />
        </DialogContent>
      )}
    </Dialog>
  );
}
