import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { BellRing, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { buttonVariants } from '#web/components/ui/button-variants.ts';
import { cn } from '#web/lib/cn.ts';
import {
  isPushSupported,
  PUSH_DEVICE_MESSAGES,
  subscribeThisDevice,
} from '#web/lib/push-device.ts';
import { notificationKeys } from '#web/lib/query-keys.ts';
import { toast } from '#web/lib/toast.ts';
import { useCan } from '#web/lib/use-can.ts';
import { NOTIFICATIONS_MESSAGES as M } from '../messages.ts';
import {
  PUSH_PROMPT_DELAY_MS,
  PUSH_PROMPT_MIN_PAGE_VIEWS,
  readPromptAnswer,
  rememberPromptAnswer,
  shouldOfferPushPrompt,
  type PromptAnswer,
} from '../push-prompt-rules.ts';

/** Signed-in pages shown in this tab, counted as the path changes. */
function usePageViews(): number {
  const pathname = useLocation({ select: (location) => location.pathname });
  const [views, setViews] = useState({ count: 0, last: '' });
  if (views.last !== pathname) setViews({ count: views.count + 1, last: pathname });
  return views.count;
}

/**
 * The notifications opt-in (spec invoice-work §4 "Push notifications"): it slides down from the
 * top 10 s after the first signed-in page, once per device, for someone who may manage
 * /configuracoes and whose browser has not been asked yet. 'Ativar notificações' asks the
 * browser's permission and registers this device with the server; 'Agora não' is remembered.
 */
export function PushPrompt({ firstPageShownAt }: { firstPageShownAt: number }) {
  const rights = useCan();
  const queryClient = useQueryClient();
  const pageViews = usePageViews();
  const hasViewedPage = pageViews >= PUSH_PROMPT_MIN_PAGE_VIEWS;
  const [answer, setAnswer] = useState<PromptAnswer | null>(readPromptAnswer);
  const [elapsedMs, setElapsedMs] = useState(0);
  const isDue = elapsedMs >= PUSH_PROMPT_DELAY_MS;
  const [isWorking, setIsWorking] = useState(false);
  const [hasEntered, setHasEntered] = useState(false);

  // The 10 s count from the first page view (this code loads a little after it).
  useEffect(() => {
    if (!hasViewedPage) return;
    const elapsed = () => Date.now() - firstPageShownAt;
    const timer = setTimeout(
      () => setElapsedMs(elapsed()),
      Math.max(0, PUSH_PROMPT_DELAY_MS - elapsed()),
    );
    return () => clearTimeout(timer);
  }, [hasViewedPage, firstPageShownAt]);

  // The slide-down: placed above the screen first, then moved in on the next frame.
  useEffect(() => {
    if (!isDue) return;
    const frame = requestAnimationFrame(() => setHasEntered(true));
    return () => cancelAnimationFrame(frame);
  }, [isDue]);

  const isOffered =
    isDue &&
    shouldOfferPushPrompt({
      isSupported: isPushSupported(),
      permission: isPushSupported() ? Notification.permission : 'denied',
      answer,
      pageViews,
      elapsedMs,
      canManage: rights.isLoaded && rights.can('settings.manage'),
    });
  if (!isOffered) return null;

  function answerWith(value: PromptAnswer) {
    rememberPromptAnswer(value);
    setAnswer(value);
  }

  async function enable() {
    setIsWorking(true);
    try {
      const outcome = await subscribeThisDevice();
      if (outcome.kind === 'subscribed') {
        answerWith('accepted');
        toast.success(M.enabled);
        await queryClient.invalidateQueries({ queryKey: notificationKeys.devices() });
      } else {
        answerWith('dismissed');
        toast.info(PUSH_DEVICE_MESSAGES[outcome.kind]);
      }
    } catch (error) {
      answerWith('dismissed');
      toast.error(error instanceof Error ? error.message : PUSH_DEVICE_MESSAGES.failed);
    } finally {
      setIsWorking(false);
    }
  }

  // Above the header (z-40), under dialogs and sheets (z-50): an open panel covers it.
  return (
    <section
      aria-label={M.promptTitle}
      data-testid="push-prompt"
      data-entered={hasEntered}
      className={cn(
        'fixed inset-x-3 top-3 z-[45] mx-auto flex max-w-md items-start gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-lg transition duration-300 ease-out',
        hasEntered ? 'translate-y-0 opacity-100' : '-translate-y-[calc(100%+1rem)] opacity-0',
      )}
    >
      <BellRing className="text-brand-700 mt-0.5 size-5 shrink-0" aria-hidden />
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div role="status">
          <p className="font-semibold text-slate-900">{M.promptTitle}</p>
          <p className="text-sm text-slate-600">{M.promptText}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={buttonVariants({ size: 'sm' })}
            onClick={() => void enable()}
            disabled={isWorking}
          >
            {isWorking ? M.enabling : M.enable}
          </button>
          <button
            type="button"
            className={buttonVariants({ size: 'sm', variant: 'outline' })}
            onClick={() => answerWith('dismissed')}
            disabled={isWorking}
          >
            {M.notNow}
          </button>
        </div>
      </div>
      <button
        type="button"
        className="-m-1 rounded-full p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
        onClick={() => answerWith('dismissed')}
        aria-label={M.notNow}
        title={M.notNow}
      >
        <X className="size-5" aria-hidden />
      </button>
    </section>
  );
}
