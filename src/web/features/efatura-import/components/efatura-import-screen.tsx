import { Link } from '@tanstack/react-router';
import { CircleAlert, CircleCheck, FileText, LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '#web/lib/toast.ts';
import { EFATURA_UPLOAD_MESSAGES, MAX_EFATURA_BYTES } from '#shared/schemas/efatura-import.ts';
import { Button } from '#web/components/ui/button.tsx';
import { buttonVariants } from '#web/components/ui/button-variants.ts';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { useHasElapsed } from '#web/lib/use-has-elapsed.ts';
import { useCommitEfatura, usePreviewEfatura, type EfaturaImport } from '../api/import-efatura.ts';
import { EFATURA_MESSAGES } from '../messages.ts';
import { FilePicker } from './file-picker.tsx';
import { ImportRows } from './import-rows.tsx';
import { ImportSummary } from './import-summary.tsx';
import { MissingList } from './missing-list.tsx';

type Stage =
  | { kind: 'choose' }
  | { kind: 'preview'; file: File; result: EfaturaImport }
  | { kind: 'done'; result: EfaturaImport };

/** What the page can say before sending: a file the server would refuse for its size or kind. */
function localRefusal(file: File): string | null {
  if (file.size === 0) return EFATURA_UPLOAD_MESSAGES.empty;
  if (file.size > MAX_EFATURA_BYTES) return EFATURA_UPLOAD_MESSAGES.tooLarge;
  if (!/\.(csv|txt)$/i.test(file.name)) return EFATURA_MESSAGES.notCsv;
  return null;
}

function Working({ label }: { label: string }) {
  const isShown = useHasElapsed();
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex items-center justify-center gap-2 rounded-2xl border border-slate-200 bg-white px-4 py-10 text-slate-700 shadow-sm"
    >
      {isShown ? <LoaderCircle className="size-5 animate-spin" aria-hidden /> : null}
      <span className={isShown ? undefined : 'sr-only'}>{label}</span>
    </div>
  );
}

function Refusal({ message }: { message: string }) {
  return (
    <div role="alert" className="flex gap-3 rounded-2xl border border-red-200 bg-red-50 p-4">
      <CircleAlert className="mt-0.5 size-5 shrink-0 text-red-700" aria-hidden />
      <div>
        <p className="font-semibold text-red-950">{EFATURA_MESSAGES.fileRefused}</p>
        <p className="text-sm text-red-900">{message}</p>
      </div>
    </div>
  );
}

/**
 * /importar-efatura: choose the portal's CSV, see what would be created, skipped and refused
 * and what the portal lacks, then import; the server reads the file again on import.
 */
export function EfaturaImportScreen() {
  const [stage, setStage] = useState<Stage>({ kind: 'choose' });
  const [markPaid, setMarkPaid] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const preview = usePreviewEfatura();
  const commit = useCommitEfatura();
  const markPaidId = useId();

  function read(file: File, isPaid = markPaid) {
    const refusal = localRefusal(file);
    setError(refusal);
    if (refusal) return setStage({ kind: 'choose' });
    preview.mutate(
      { file, markPaid: isPaid },
      {
        onSuccess: (result) => setStage({ kind: 'preview', file, result }),
        onError: (failure) => {
          setError(failure.message);
          setStage({ kind: 'choose' });
        },
      },
    );
  }

  function confirm(file: File) {
    setError(null);
    commit.mutate(
      { file, markPaid },
      {
        onSuccess: (result) => {
          setStage({ kind: 'done', result });
          toast.success(EFATURA_MESSAGES.doneToast(result.counts.create));
        },
        onError: (failure) => setError(failure.message),
      },
    );
  }

  function restart() {
    setError(null);
    setStage({ kind: 'choose' });
  }

  const markPaidBox = (
    <label htmlFor={markPaidId} className="flex items-start gap-3 text-sm">
      <Checkbox
        id={markPaidId}
        className="mt-0.5"
        checked={markPaid}
        disabled={preview.isPending || commit.isPending}
        onChange={(event) => {
          setMarkPaid(event.target.checked);
          if (stage.kind === 'preview') read(stage.file, event.target.checked);
        }}
      />
      <span>
        <span className="font-semibold text-slate-900">{EFATURA_MESSAGES.markPaid}</span>
        <span className="block text-slate-600">{EFATURA_MESSAGES.markPaidHint}</span>
      </span>
    </label>
  );

  if (stage.kind === 'done') {
    const { counts } = stage.result;
    return (
      <div className="flex flex-col gap-5">
        <section className="flex gap-3 rounded-2xl border border-emerald-200 bg-emerald-50 p-4">
          <CircleCheck className="mt-0.5 size-5 shrink-0 text-emerald-700" aria-hidden />
          <div className="flex flex-col gap-3">
            <div>
              <h2 className="font-semibold text-emerald-950">{EFATURA_MESSAGES.doneTitle}</h2>
              <p className="text-sm text-emerald-900" data-testid="efatura-done">
                {EFATURA_MESSAGES.doneSummary(counts.create, counts.skip, counts.refuse)}
              </p>
            </div>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Link to="/" className={buttonVariants()}>
                {EFATURA_MESSAGES.seeInvoices}
              </Link>
              <Button variant="outline" onClick={restart}>
                {EFATURA_MESSAGES.importAnother}
              </Button>
            </div>
          </div>
        </section>
        <ImportSummary result={stage.result} />
        <ImportRows result={stage.result} />
        <MissingList missing={stage.result.missing} />
      </div>
    );
  }

  if (stage.kind === 'choose') {
    return (
      <div className="flex flex-col gap-5">
        <p className="text-slate-700">{EFATURA_MESSAGES.intro}</p>
        {error ? <Refusal message={error} /> : null}
        {preview.isPending ? (
          <Working label={EFATURA_MESSAGES.reading} />
        ) : (
          <FilePicker onFile={(file) => read(file)} />
        )}
        {markPaidBox}
      </div>
    );
  }

  const { file, result } = stage;
  const isBusy = preview.isPending || commit.isPending;
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white px-4 py-3 shadow-sm">
        <p className="flex min-w-0 items-center gap-2 font-medium text-slate-900">
          <FileText className="size-4 shrink-0 text-slate-500" aria-hidden />
          <span className="truncate">{file.name}</span>
        </p>
        <Button variant="outline" size="sm" onClick={restart} disabled={isBusy}>
          {EFATURA_MESSAGES.otherFile}
        </Button>
      </div>
      {markPaidBox}
      {error ? <Refusal message={error} /> : null}
      {isBusy ? (
        <Working label={commit.isPending ? EFATURA_MESSAGES.importing : EFATURA_MESSAGES.reading} />
      ) : (
        <>
          <ImportSummary result={result} />
          <ImportRows result={result} />
          <MissingList missing={result.missing} />
          <div className="sticky bottom-0 -mx-4 flex flex-col-reverse gap-2 border-t border-slate-200 bg-slate-50/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:flex-row sm:justify-end sm:border-0 sm:bg-transparent sm:p-0">
            <Button variant="outline" onClick={restart}>
              {EFATURA_MESSAGES.cancel}
            </Button>
            <Button onClick={() => confirm(file)} disabled={result.counts.create === 0}>
              {result.counts.create === 0
                ? EFATURA_MESSAGES.nothingToImport
                : EFATURA_MESSAGES.confirm(result.counts.create)}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
