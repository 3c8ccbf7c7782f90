import { Check, Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '#web/lib/toast.ts';
import { Button } from '#web/components/ui/button.tsx';
import { INTEGRATIONS_MESSAGES } from '../messages.ts';

type CopyFieldProps = { label: string; value: string; testId?: string };

/** A value to paste elsewhere: shown whole (it wraps, never hidden), with a copy button. */
export function CopyField({ label, value, testId }: CopyFieldProps) {
  const id = useId();
  const [isCopied, setIsCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setIsCopied(true);
      setTimeout(() => setIsCopied(false), 2000);
    } catch {
      toast.error(INTEGRATIONS_MESSAGES.copyFailed);
    }
  };
  return (
    <div className="flex flex-col gap-1.5">
      <span id={id} className="text-sm text-slate-700">
        {label}
      </span>
      <div className="flex items-start gap-2">
        <code
          aria-labelledby={id}
          data-testid={testId}
          className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs break-all text-slate-900 select-all sm:text-sm"
        >
          {value}
        </code>
        <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
          {isCopied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {isCopied ? INTEGRATIONS_MESSAGES.copied : INTEGRATIONS_MESSAGES.copy}
        </Button>
      </div>
    </div>
  );
}
