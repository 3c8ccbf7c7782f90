import { ChevronDown, CircleAlert } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { inputClassName } from '#web/components/ui/input-variants.ts';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import { SCAN_MESSAGES } from '../messages.ts';
import { judgeQrText, type ScanDraft } from '../scan-draft.ts';

/**
 * The QR text typed or pasted by hand (from a phone's own QR reader, an e-mail…), checked
 * in the browser by the same parser as everything else. Folded away until wanted.
 */
export function PastePanel({ onRead }: { onRead(draft: ScanDraft): void }) {
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const fieldId = useId();
  const errorId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') {
      setErrors([SCAN_MESSAGES.pasteEmpty]);
      return;
    }
    const verdict = judgeQrText(text);
    if (verdict.kind === 'draft') onRead(verdict.draft);
    else setErrors(verdict.kind === 'not-at' ? [SCAN_MESSAGES.notAtQr] : verdict.errors);
  };

  return (
    <details className="group rounded-2xl border border-slate-200 bg-white shadow-sm">
      <summary className="focus-visible:ring-brand-500/60 flex cursor-pointer list-none items-center justify-between gap-3 rounded-2xl p-4 text-base font-semibold text-slate-900 focus-visible:ring-3 focus-visible:outline-none sm:px-6 [&::-webkit-details-marker]:hidden">
        {SCAN_MESSAGES.pasteTitle}
        <ChevronDown
          className="size-5 text-slate-500 transition-transform group-open:rotate-180"
          aria-hidden
        />
      </summary>
      <form
        onSubmit={onSubmit}
        noValidate
        className="flex flex-col gap-3 px-4 pb-4 sm:px-6 sm:pb-6"
      >
        <label htmlFor={fieldId} className="text-sm font-medium text-slate-800">
          {SCAN_MESSAGES.pasteLabel}
        </label>
        <textarea
          id={fieldId}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setErrors([]);
          }}
          rows={4}
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          placeholder={SCAN_MESSAGES.pastePlaceholder}
          aria-invalid={errors.length > 0 || undefined}
          aria-describedby={errors.length > 0 ? errorId : undefined}
          className={cn(inputClassName, 'h-auto min-h-24 py-2 font-mono text-xs break-all')}
        />
        {errors.length > 0 ? (
          <div
            id={errorId}
            role="alert"
            className="flex gap-2 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800"
          >
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            <ul className="flex flex-col gap-1">
              {errors.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <Button type="submit" variant="outline" className="self-start">
          {SCAN_MESSAGES.pasteSubmit}
        </Button>
      </form>
    </details>
  );
}
