import { FileUp, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '#web/lib/toast.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { useSalesOfMonth, type Sale } from '../api/list-sales.ts';
import { useDeleteSale } from '../api/save-sale.ts';
import { euros, shortDate } from '../cmv-format.ts';
import { CMV_MESSAGES } from '../messages.ts';
import { ImportDialog } from './import-dialog.tsx';
import { SaleFormDialog, type SaleFormTarget } from './sale-form-dialog.tsx';

function DeleteSaleDialog({ sale, onClose }: { sale: Sale | null; onClose(): void }) {
  const remove = useDeleteSale();
  return (
    <Dialog open={sale !== null} onOpenChange={(open) => (open ? null : onClose())}>
      {sale ? (
        <DialogContent
          title={CMV_MESSAGES.deleteTitle}
          description={CMV_MESSAGES.deleteQuestion(shortDate(sale.date))}
          className="inset-auto top-1/2 left-1/2 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl sm:p-6"
        >
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onClose}>
              {CMV_MESSAGES.cancel}
            </Button>
            <Button
              className="bg-red-700 hover:bg-red-800"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(sale.id, {
                  onSuccess: () => {
                    toast.success(CMV_MESSAGES.saleDeleted);
                    onClose();
                  },
                  onError: (error) =>
                    toast.error(CMV_MESSAGES.saleDeleteFailed, { description: error.message }),
                })
              }
            >
              {remove.isPending ? CMV_MESSAGES.deleting : CMV_MESSAGES.delete}
            </Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

/** The month's daily records, with create, edit, delete and the CSV import. */
export function SalesList({ month, suggestedDate }: { month: string; suggestedDate: string }) {
  const query = useSalesOfMonth(month);
  const [form, setForm] = useState<SaleFormTarget>({ kind: 'closed' });
  const [isImporting, setImporting] = useState(false);
  const [toDelete, setToDelete] = useState<Sale | null>(null);
  const sales = query.data?.sales ?? [];
  return (
    <section
      aria-labelledby="cmv-sales-title"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="cmv-sales-title" className="font-semibold text-slate-900">
          {CMV_MESSAGES.salesTitle}
        </h2>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={() => setImporting(true)}>
            <FileUp aria-hidden />
            {CMV_MESSAGES.importCsv}
          </Button>
          <Button size="sm" onClick={() => setForm({ kind: 'new', date: suggestedDate })}>
            <Plus aria-hidden />
            {CMV_MESSAGES.addSale}
          </Button>
        </div>
      </div>
      {query.error ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {CMV_MESSAGES.salesLoadFailed}: {query.error.message}{' '}
          <button
            type="button"
            className="font-medium underline"
            onClick={() => void query.refetch()}
          >
            {CMV_MESSAGES.retry}
          </button>
        </p>
      ) : !query.data ? (
        <div role="status" className="mt-3 h-24 animate-pulse rounded-xl bg-slate-100" />
      ) : sales.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">{CMV_MESSAGES.noSalesRecords}</p>
      ) : (
        <table className="mt-3 w-full text-sm" data-testid="sales-table">
          <thead>
            <tr className="border-b border-slate-200 text-left text-xs text-slate-500">
              <th scope="col" className="py-2 font-medium">
                {CMV_MESSAGES.date}
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                {CMV_MESSAGES.value}
              </th>
              <th scope="col" className="hidden py-2 text-right font-medium sm:table-cell">
                {CMV_MESSAGES.vat}
              </th>
              <th scope="col" className="py-2">
                <span className="sr-only">{CMV_MESSAGES.edit}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sales.map((sale) => (
              <tr key={sale.id} className="border-b border-slate-100 last:border-0">
                <td className="py-1.5 text-slate-900 tabular-nums">{shortDate(sale.date)}</td>
                <td className="py-1.5 text-right font-medium text-slate-900 tabular-nums">
                  {euros(sale.salesValueCents)}
                  <span className="block text-xs font-normal text-slate-500 sm:hidden">
                    {CMV_MESSAGES.vat} {euros(sale.vatCollectedCents)}
                  </span>
                </td>
                <td className="hidden py-1.5 text-right text-slate-700 tabular-nums sm:table-cell">
                  {euros(sale.vatCollectedCents)}
                </td>
                <td className="py-1.5 text-right whitespace-nowrap">
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={CMV_MESSAGES.editSaleFor(shortDate(sale.date))}
                    onClick={() => setForm({ kind: 'edit', sale })}
                  >
                    <Pencil aria-hidden />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={CMV_MESSAGES.deleteSaleFor(shortDate(sale.date))}
                    onClick={() => setToDelete(sale)}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <SaleFormDialog target={form} onClose={() => setForm({ kind: 'closed' })} />
      <ImportDialog isOpen={isImporting} onClose={() => setImporting(false)} />
      <DeleteSaleDialog sale={toDelete} onClose={() => setToDelete(null)} />
    </section>
  );
}
