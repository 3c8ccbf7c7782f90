import { RefreshCw, X } from 'lucide-react';
import { buttonVariants } from '#web/components/ui/button-variants.ts';
import { applyUpdate, dismissUpdate, useUpdateState } from '../register-service-worker.ts';
import { PWA_MESSAGES } from '../messages.ts';

/**
 * 'Nova versão disponível' once a new build's worker waits (ADR 029). Above the phone's
 * bottom navigation; nothing is reloaded until the person asks, so nothing typed is lost.
 */
export function UpdatePrompt() {
  const state = useUpdateState();
  if (state === 'none' || state === 'dismissed') return null;
  const isUpdating = state === 'updating';
  return (
    <section
      aria-label={PWA_MESSAGES.updateTitle}
      className="fixed inset-x-3 bottom-24 z-50 mx-auto flex max-w-md items-start gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-lg md:right-6 md:bottom-6 md:left-auto"
      data-testid="update-prompt"
    >
      <RefreshCw className="text-brand-700 mt-0.5 size-5 shrink-0" aria-hidden />
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div role="status">
          <p className="font-semibold text-slate-900">{PWA_MESSAGES.updateTitle}</p>
          <p className="text-sm text-slate-600">{PWA_MESSAGES.updateText}</p>
        </div>
        <button
          type="button"
          className={buttonVariants({ size: 'sm', className: 'self-start' })}
          onClick={applyUpdate}
          disabled={isUpdating}
        >
          {isUpdating ? PWA_MESSAGES.updating : PWA_MESSAGES.update}
        </button>
      </div>
      <button
        type="button"
        className="-m-1 rounded-full p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
        onClick={dismissUpdate}
        aria-label={PWA_MESSAGES.later}
        title={PWA_MESSAGES.later}
      >
        <X className="size-4" aria-hidden />
      </button>
    </section>
  );
}
