import { PLANS, type PlanId } from '#shared/plans.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '#web/components/ui/dialog.tsx';
import { PLANS_MESSAGES } from '../messages.ts';
import { planChangeDirection, planPriceLabel } from '../subscription-view.ts';

type ChangePlanDialogProps = {
  currentPlanId: PlanId;
  /** The plan to move to; null keeps the dialog closed. */
  targetPlanId: PlanId | null;
  isChanging: boolean;
  onConfirm: (planId: PlanId) => void;
  onClose: () => void;
};

/**
 * Confirms a plan change with its terms (spec accounts §4 "Subscription change"): an upgrade
 * applies now with a proportional charge, a downgrade waits for the period end, no refund.
 */
export function ChangePlanDialog({
  currentPlanId,
  targetPlanId,
  isChanging,
  onConfirm,
  onClose,
}: ChangePlanDialogProps) {
  const target = targetPlanId ? PLANS[targetPlanId] : null;
  const isUpgrade =
    targetPlanId !== null && planChangeDirection(currentPlanId, targetPlanId) === 'upgrade';
  return (
    <Dialog open={target !== null} onOpenChange={(isOpen) => (isOpen ? null : onClose())}>
      {target ? (
        <DialogContent
          title={
            isUpgrade
              ? PLANS_MESSAGES.upgradeTitle(target.name)
              : PLANS_MESSAGES.downgradeTitle(target.name)
          }
          description={`${planPriceLabel(target.priceCents)}${PLANS_MESSAGES.perMonth} · ${target.monthlyInvoiceLimit} faturas por mês`}
        >
          <p className="text-sm text-slate-700">
            {isUpgrade ? PLANS_MESSAGES.upgradeBody : PLANS_MESSAGES.downgradeBody}
          </p>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline">{PLANS_MESSAGES.cancel}</Button>
            </DialogClose>
            <Button disabled={isChanging} onClick={() => onConfirm(target.id)}>
              {isChanging ? PLANS_MESSAGES.changing : PLANS_MESSAGES.confirmChange}
            </Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
