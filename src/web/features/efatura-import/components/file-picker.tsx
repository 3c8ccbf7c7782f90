import { FileUp } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import { EFATURA_MESSAGES } from '../messages.ts';

type FilePickerProps = { onFile(file: File): void; isDisabled?: boolean };

/** The portal's CSV, dropped on the zone or chosen with the button (the only way on a phone). */
export function FilePicker({ onFile, isDisabled = false }: FilePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const [isOver, setIsOver] = useState(false);
  const hintId = useId();

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setIsOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !isDisabled) onFile(file);
  }

  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        if (!isDisabled) setIsOver(true);
      }}
      onDragLeave={() => setIsOver(false)}
      onDrop={onDrop}
      data-testid="efatura-drop"
      className={cn(
        'flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed bg-white px-4 py-8 text-center transition-colors',
        isOver ? 'border-brand-500 bg-brand-50' : 'border-slate-300',
      )}
    >
      <FileUp className="text-brand-700 size-8" aria-hidden />
      <p className="hidden font-semibold text-slate-900 sm:block">{EFATURA_MESSAGES.dropTitle}</p>
      <p className="hidden text-sm text-slate-500 sm:block">{EFATURA_MESSAGES.dropOr}</p>
      <Button
        type="button"
        onClick={() => input.current?.click()}
        disabled={isDisabled}
        aria-describedby={hintId}
      >
        {EFATURA_MESSAGES.chooseFile}
      </Button>
      <p id={hintId} className="text-xs text-slate-500">
        {EFATURA_MESSAGES.fileHint}
      </p>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv,text/plain,application/vnd.ms-excel"
        className="sr-only"
        tabIndex={-1}
        aria-label={EFATURA_MESSAGES.chooseFile}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // The same file chosen again still counts as a choice.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </div>
  );
}
