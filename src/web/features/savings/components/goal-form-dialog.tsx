import { useState, type FormEvent } from 'react';
import { toast } from '#web/lib/toast.ts';
import { firstDayOfMonth, monthOfDate } from '#shared/calendar-months.ts';
import { todayInLisbon } from '#shared/dates.ts';
import { parseEuros } from '#shared/money.ts';
import { savingsGoalInputSchema } from '#shared/schemas/savings.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { SelectField, TextField } from '#web/components/ui/form-field.tsx';
import type { SavingsGoal, SavingsOverview } from '../api/get-savings.ts';
import { useSaveGoal } from '../api/save-goal.ts';
import { SAVINGS_MESSAGES } from '../messages.ts';

export type GoalFormTarget =
  { kind: 'closed' } | { kind: 'new' } | { kind: 'edit'; goal: SavingsGoal };
type Field = 'name' | 'targetCents' | 'targetDate' | 'startDate' | 'supplierNif';
type Errors = Partial<Record<Field, string>>;

const amountInput = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

function GoalForm({
  goal,
  suppliers,
  onDone,
}: {
  goal: SavingsGoal | null;
  suppliers: SavingsOverview['suppliers'];
  onDone(): void;
}) {
  const [name, setName] = useState(goal?.name ?? '');
  const [target, setTarget] = useState(goal ? amountInput(goal.targetCents) : '');
  const [targetDate, setTargetDate] = useState(goal?.targetDate ?? '');
  const [startDate, setStartDate] = useState(
    goal?.startDate ?? firstDayOfMonth(monthOfDate(todayInLisbon())),
  );
  const [supplierNif, setSupplierNif] = useState(goal?.supplierNif ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const save = useSaveGoal();

  function submit(event: FormEvent) {
    event.preventDefault();
    const targetCents = parseEuros(target);
    const next: Errors = {};
    if (target.trim() !== '' && targetCents === null)
      next.targetCents = SAVINGS_MESSAGES.amountInvalid;
    const parsed = savingsGoalInputSchema.safeParse({
      name,
      targetCents: targetCents ?? 0,
      targetDate,
      startDate,
      supplierNif: supplierNif || null,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field | undefined;
        if (field && !next[field]) next[field] = issue.message;
      }
    }
    setErrors(next);
    if (Object.keys(next).length > 0 || !parsed.success) return;
    save.mutate(
      { id: goal?.id ?? null, input: parsed.data },
      {
        onSuccess: () => {
          toast.success(SAVINGS_MESSAGES.goalSaved);
          onDone();
        },
        onError: (error) =>
          toast.error(SAVINGS_MESSAGES.goalSaveFailed, { description: error.message }),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <TextField
        label={SAVINGS_MESSAGES.name}
        placeholder={SAVINGS_MESSAGES.namePlaceholder}
        value={name}
        maxLength={80}
        onChange={(e) => setName(e.target.value)}
        error={errors.name}
        isRequired
      />
      <TextField
        label={SAVINGS_MESSAGES.target}
        inputMode="decimal"
        placeholder={SAVINGS_MESSAGES.amountPlaceholder}
        value={target}
        onChange={(e) => setTarget(e.target.value)}
        error={errors.targetCents}
        isRequired
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={SAVINGS_MESSAGES.targetDate}
          type="date"
          value={targetDate}
          onChange={(e) => setTargetDate(e.target.value)}
          error={errors.targetDate}
          isRequired
        />
        <TextField
          label={SAVINGS_MESSAGES.startDate}
          type="date"
          value={startDate}
          onChange={(e) => setStartDate(e.target.value)}
          error={errors.startDate}
          isRequired
        />
      </div>
      <SelectField
        label={SAVINGS_MESSAGES.supplier}
        value={supplierNif}
        onChange={(e) => setSupplierNif(e.target.value)}
        error={errors.supplierNif}
        options={[
          { value: '', label: SAVINGS_MESSAGES.allSuppliers },
          ...suppliers.map((s) => ({ value: s.nif, label: s.name })),
        ]}
      />
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone}>
          {SAVINGS_MESSAGES.cancel}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? SAVINGS_MESSAGES.saving : SAVINGS_MESSAGES.save}
        </Button>
      </div>
    </form>
  );
}

export function GoalFormDialog({
  target,
  suppliers,
  onClose,
}: {
  target: GoalFormTarget;
  suppliers: SavingsOverview['suppliers'];
  onClose(): void;
}) {
  const goal = target.kind === 'edit' ? target.goal : null;
  return (
    <Dialog open={target.kind !== 'closed'} onOpenChange={(open) => (open ? null : onClose())}>
      {target.kind === 'closed' ? null : (
        <DialogContent
          title={goal ? SAVINGS_MESSAGES.editGoalTitle : SAVINGS_MESSAGES.newGoalTitle}
        >
          <GoalForm key={goal?.id ?? 'new'} goal={goal} suppliers={suppliers} onDone={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}
