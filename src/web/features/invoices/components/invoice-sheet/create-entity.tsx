import { Building2, CircleAlert, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '#web/lib/toast.ts';
import { formatNif, isNifFormat } from '#shared/nif.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { inputClassName } from '#web/components/ui/input-variants.ts';
import { ApiError } from '#web/lib/call-api.ts';
import { cn } from '#web/lib/cn.ts';
import { useCan } from '#web/lib/use-can.ts';
import type { Invoice } from '../../api/create-invoice.ts';
import { useCreateEntity } from '../../api/create-entity.ts';
import { CREATE_ENTITY_MESSAGES as M } from '../../messages.ts';

/** What the toast and the dialog say about a refusal. */
function refusalMessage(error: Error): string {
  if (error instanceof ApiError && error.status === 401) return M.notAuthenticated;
  return error.message || M.failed;
}

type CreateEntityDialogProps = { nif: string; defaultName: string; onClose(): void };

/**
 * Spec §2 "create-entity dialog", §5: the name is required after trimming (Criar stays
 * disabled otherwise); the NIF comes from the invoice and cannot be changed.
 */
function CreateEntityDialog({ nif, defaultName, onClose }: CreateEntityDialogProps) {
  const nameId = useId();
  const nifId = useId();
  const errorId = useId();
  const [name, setName] = useState(defaultName);
  const [refusal, setRefusal] = useState<string | null>(null);
  const create = useCreateEntity();
  const isBlank = name.trim() === '';

  const submit = () => {
    if (isBlank || create.isPending) return;
    setRefusal(null);
    create.mutate(
      { nif, name },
      {
        onSuccess: () => {
          toast.success(M.created);
          onClose();
        },
        onError: (error) => {
          const message = refusalMessage(error);
          setRefusal(message);
          toast.error(M.failed, { description: message });
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title={M.title}
        description={M.description}
        className="inset-auto top-1/2 left-1/2 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl sm:p-6"
      >
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <div className="flex flex-col gap-1.5">
            <label htmlFor={nameId} className="text-sm font-medium text-slate-800">
              {M.name}
              <span className="text-red-700" aria-hidden>
                {' '}
                *
              </span>
            </label>
            <input
              id={nameId}
              value={name}
              onChange={(event) => setName(event.target.value)}
              maxLength={200}
              autoComplete="off"
              aria-required
              aria-invalid={refusal ? true : undefined}
              aria-describedby={refusal ? errorId : undefined}
              className={inputClassName}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={nifId} className="text-sm font-medium text-slate-800">
              {M.nif}
            </label>
            <input
              id={nifId}
              value={formatNif(nif)}
              readOnly
              className={cn(inputClassName, 'bg-slate-100 text-slate-700 tabular-nums')}
            />
            <p className="text-xs text-slate-500">{M.nifHint}</p>
          </div>
          {refusal ? (
            <p
              id={errorId}
              role="alert"
              className="flex items-start gap-2 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800"
            >
              <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
              {refusal}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={onClose}>
              {M.cancel}
            </Button>
            <Button type="submit" disabled={isBlank || create.isPending}>
              {create.isPending ? M.creating : M.create}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * In the view mode, for an invoice whose supplier NIF is not yet one of the account's
 * entities: says so and offers to create it.
 */
export function CreateEntityAction({ invoice }: { invoice: Invoice }) {
  const [isOpen, setIsOpen] = useState(false);
  const nif = invoice.supplierNif?.trim() ?? '';
  // Offered only to whoever may create suppliers (a Utilizador may not, spec accounts §6).
  const maySupplierBeCreated = useCan().can('suppliers.create');
  const canCreate = maySupplierBeCreated && invoice.supplier === null && isNifFormat(nif);
  // An open dialog stays (same place in the tree, same state) when the entity appears
  // meanwhile, e.g. from another tab: the person sees why the creation is refused rather than
  // the dialog vanishing under their fingers.
  return (
    <>
      {canCreate ? (
        <div className="mt-4 flex flex-col gap-3 rounded-xl border border-dashed border-slate-300 bg-slate-50 p-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="flex items-start gap-2 text-sm text-slate-700">
            <Building2 className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
            {M.notRegistered}
          </p>
          <Button variant="outline" size="sm" onClick={() => setIsOpen(true)}>
            <Plus aria-hidden />
            {M.action}
          </Button>
        </div>
      ) : null}
      {isOpen ? (
        <CreateEntityDialog
          nif={nif}
          defaultName={invoice.supplierName}
          onClose={() => setIsOpen(false)}
        />
      ) : null}
    </>
  );
}
