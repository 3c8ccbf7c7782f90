import { Info } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { useFeedStatus } from '../api/get-feed-status.ts';
import { INTEGRATIONS_MESSAGES } from '../messages.ts';
import { useRevealedFeed } from '../revealed-feed.ts';
import { FeedSecretCard } from './feed-secret-card.tsx';
import { RevealedFeedPanel } from './revealed-feed-panel.tsx';

function HowItWorks() {
  return (
    <section
      aria-labelledby="feed-how-title"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="feed-how-title" className="flex items-center gap-2 font-semibold text-slate-900">
        <Info className="text-brand-700 size-5" aria-hidden />
        {INTEGRATIONS_MESSAGES.howTitle}
      </h2>
      <ul className="mt-3 flex flex-col gap-2 text-sm text-slate-700">
        {INTEGRATIONS_MESSAGES.howItems.map((line) => (
          <li key={line} className="flex gap-2">
            <span className="bg-brand-600 mt-1.5 size-1.5 shrink-0 rounded-full" aria-hidden />
            {line}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /integracoes on a plan with integrations: the feed's secret, its addresses and how to use them. */
export function IntegrationsScreen({ canConfigure }: { canConfigure: boolean }) {
  const status = useFeedStatus();
  const revealed = useRevealedFeed();
  // The secret shown belongs to the feed the server has: a revocation elsewhere hides it.
  const shown = status.data?.feed ? revealed : null;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-slate-700">{INTEGRATIONS_MESSAGES.intro}</p>
      {shown ? <RevealedFeedPanel paths={shown} /> : null}
      {status.data ? (
        <FeedSecretCard
          feed={status.data.feed}
          canConfigure={canConfigure}
          isRevealed={shown !== null}
        />
      ) : status.isError ? (
        <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900">
          <p>{status.error.message}</p>
          <Button variant="outline" className="mt-3" onClick={() => void status.refetch()}>
            {INTEGRATIONS_MESSAGES.retry}
          </Button>
        </div>
      ) : (
        <div role="status" className="h-40 animate-pulse rounded-2xl bg-slate-200/70" />
      )}
      <HowItWorks />
    </div>
  );
}
