import { AlertCircle } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { SETTINGS_MESSAGES } from '../messages.ts';

/** A /configuracoes list while it loads: 'A carregar dados...' with a spinner. */
export function ListLoading() {
  return (
    <p role="status" className="flex items-center gap-3 py-8 text-slate-700">
      <span
        className="border-brand-200 border-t-brand-700 size-5 animate-spin rounded-full border-2"
        aria-hidden
      />
      {SETTINGS_MESSAGES.loading}
    </p>
  );
}

/** A /configuracoes list that failed to load: its message and 'Tentar novamente'. */
export function ListError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="flex flex-col items-start gap-3 py-6">
      <p className="flex items-center gap-2 text-slate-800">
        <AlertCircle className="size-5 text-red-600" aria-hidden />
        {message}
      </p>
      <Button type="button" variant="outline" onClick={onRetry}>
        {SETTINGS_MESSAGES.retry}
      </Button>
    </div>
  );
}
