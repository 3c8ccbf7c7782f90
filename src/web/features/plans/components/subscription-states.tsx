import { LoaderCircle, TriangleAlert } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { useHasElapsed } from '#web/lib/use-has-elapsed.ts';
import { PLANS_MESSAGES, SUBSCRIPTION_TOASTS } from '../messages.ts';

/** Shown after the app's 300 ms spinner delay, so a quick answer never flashes. */
export function SubscriptionLoading() {
  const isSlow = useHasElapsed(300);
  return (
    <p role="status" className="flex min-h-40 items-center justify-center gap-2 text-slate-600">
      {isSlow ? (
        <>
          <LoaderCircle className="text-brand-700 size-5 animate-spin" aria-hidden />
          {PLANS_MESSAGES.loading}
        </>
      ) : null}
    </p>
  );
}

export function SubscriptionError({ onRetry }: { onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-2xl border border-red-200 bg-red-50 p-5 text-sm text-red-900"
    >
      <p className="flex items-center gap-2 font-semibold">
        <TriangleAlert className="size-5" aria-hidden />
        {SUBSCRIPTION_TOASTS.checkFailed}
      </p>
      <Button variant="outline" onClick={onRetry}>
        {PLANS_MESSAGES.retry}
      </Button>
    </div>
  );
}
