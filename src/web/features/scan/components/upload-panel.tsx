import { CircleAlert, FileUp, LoaderCircle, PencilLine } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import { useHasElapsed } from '#web/lib/use-has-elapsed.ts';
import { useScanUpload } from '../hooks/use-scan-upload.ts';
import { SCAN_MESSAGES } from '../messages.ts';
import { manualDraft, type ScanDraft } from '../scan-draft.ts';

/** Nothing for 300 ms, then the progress (spec §9): a fast answer never flashes. */
function UploadProgress({ percent, onCancel }: { percent: number; onCancel(): void }) {
  const isShown = useHasElapsed();
  if (!isShown) return <div className="h-12" aria-busy="true" />;
  const label = percent < 100 ? SCAN_MESSAGES.uploading(percent) : SCAN_MESSAGES.reading;
  return (
    <div className="flex flex-col gap-3" role="status">
      <p className="flex items-center gap-2 text-sm font-medium text-slate-700">
        <LoaderCircle className="text-brand-700 size-4 animate-spin" aria-hidden />
        {label}
      </p>
      <div className="h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden>
        <div className="bg-brand-600 h-full transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <Button variant="outline" size="sm" className="self-start" onClick={onCancel}>
        {SCAN_MESSAGES.cancel}
      </Button>
    </div>
  );
}

/**
 * A photo or a PDF, picked or dropped, read on the server. `capture` is not forced: on a
 * phone the system sheet offers the camera app, the gallery and the files alike.
 */
export function UploadPanel({ onRead }: { onRead(draft: ScanDraft): void }) {
  const { state, upload, cancel } = useScanUpload(onRead);
  const inputRef = useRef<HTMLInputElement>(null);
  const [isDragging, setIsDragging] = useState(false);
  const titleId = useId();
  const hintId = useId();
  const keptScanId = state.kind === 'failed' ? state.scanId : null;

  const take = (file: File | undefined) => {
    if (file) void upload(file);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsDragging(false);
    take(event.dataTransfer.files[0]);
  };

  return (
    <section
      aria-labelledby={titleId}
      onDragOver={(event) => {
        event.preventDefault();
        setIsDragging(true);
      }}
      onDragLeave={() => setIsDragging(false)}
      onDrop={onDrop}
      className={cn(
        'rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6',
        isDragging && 'border-brand-500 bg-brand-50',
      )}
    >
      <h2 id={titleId} className="text-base font-semibold text-slate-900">
        {SCAN_MESSAGES.fileTitle}
      </h2>
      <p id={hintId} className="mt-1 text-sm text-slate-600">
        {SCAN_MESSAGES.fileHint}
      </p>
      <input
        ref={inputRef}
        type="file"
        accept="image/*,application/pdf"
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        onChange={(event) => {
          take(event.target.files?.[0]);
          // The same file may be chosen again after an error.
          event.target.value = '';
        }}
      />
      <div className="mt-4">
        {state.kind === 'uploading' ? (
          <UploadProgress percent={state.percent} onCancel={cancel} />
        ) : (
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-3">
            <Button size="lg" aria-describedby={hintId} onClick={() => inputRef.current?.click()}>
              <FileUp aria-hidden />
              {SCAN_MESSAGES.fileChoose}
            </Button>
            <span className="hidden text-sm text-slate-500 sm:inline">
              {SCAN_MESSAGES.fileDrop}
            </span>
          </div>
        )}
      </div>
      {state.kind === 'failed' ? (
        <div className="mt-4 flex flex-col gap-3">
          <p
            role="alert"
            className="flex gap-2 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800"
          >
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            {state.message}
          </p>
          {keptScanId ? (
            <Button
              variant="outline"
              className="self-start"
              onClick={() => onRead(manualDraft(keptScanId))}
            >
              <PencilLine aria-hidden />
              {SCAN_MESSAGES.typeByHand}
            </Button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
