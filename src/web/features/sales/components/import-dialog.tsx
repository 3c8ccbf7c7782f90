import { FileUp } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '#web/lib/toast.ts';
import { MAX_SALES_CSV_CHARS } from '#shared/schemas/sales.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { TextField } from '#web/components/ui/form-field.tsx';
import { ApiError } from '#web/lib/call-api.ts';
import { useImportSales } from '../api/save-sale.ts';
import { CMV_MESSAGES } from '../messages.ts';

type Refusal = { message: string; lines: string[] };

/** The server names every bad line (details.lines); the message alone names the first. */
function refusalOf(error: Error): Refusal {
  const lines = error instanceof ApiError ? error.details.lines : undefined;
  if (typeof lines === 'string' && lines !== '') {
    return { message: CMV_MESSAGES.importRefusedHint, lines: lines.split('\n') };
  }
  return { message: error.message, lines: [] };
}

/** A month of sales from a spreadsheet: read here, checked and stored whole by the server. */
function ImportForm({ onDone }: { onDone(): void }) {
  const [file, setFile] = useState<File | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const upload = useImportSales();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return setRefusal({ message: CMV_MESSAGES.noFile, lines: [] });
    if (file.size > MAX_SALES_CSV_CHARS * 4) {
      return setRefusal({ message: CMV_MESSAGES.fileTooLarge, lines: [] });
    }
    let csv: string;
    try {
      csv = await file.text();
    } catch {
      return setRefusal({ message: CMV_MESSAGES.fileUnreadable, lines: [] });
    }
    setRefusal(null);
    upload.mutate(csv, {
      onSuccess: (result) => {
        toast.success(CMV_MESSAGES.importDone(result.imported), {
          description: CMV_MESSAGES.importDetail(result.created, result.updated),
        });
        onDone();
      },
      onError: (error) => setRefusal(refusalOf(error)),
    });
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-slate-600">{CMV_MESSAGES.importText}</p>
      <TextField
        label={CMV_MESSAGES.chooseFile}
        type="file"
        accept=".csv,text/csv,text/plain"
        onChange={(e) => {
          setFile(e.target.files?.[0] ?? null);
          setRefusal(null);
        }}
        className="[&_input]:h-auto [&_input]:py-2"
      />
      {refusal ? (
        <div
          role="alert"
          className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900"
        >
          <p className="font-semibold">{CMV_MESSAGES.importRefused}</p>
          <p className="mt-1">{refusal.message}</p>
          {refusal.lines.length > 0 ? (
            <ul className="mt-2 list-disc space-y-1 pl-5" data-testid="import-errors">
              {refusal.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone}>
          {CMV_MESSAGES.cancel}
        </Button>
        <Button type="submit" disabled={upload.isPending}>
          <FileUp aria-hidden />
          {upload.isPending ? CMV_MESSAGES.importing : CMV_MESSAGES.import}
        </Button>
      </div>
    </form>
  );
}

export function ImportDialog({ isOpen, onClose }: { isOpen: boolean; onClose(): void }) {
  return (
    <Dialog open={isOpen} onOpenChange={(open) => (open ? null : onClose())}>
      {isOpen ? (
        <DialogContent title={CMV_MESSAGES.importTitle}>
          <ImportForm onDone={onClose} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
