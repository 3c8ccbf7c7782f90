import { getRouteApi, Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { HelpArticleView } from '#web/features/help/components/help-article-view.tsx';
import { HelpResults } from '#web/features/help/components/help-results.tsx';
import { HelpSearchBox } from '#web/features/help/components/help-search-box.tsx';
import { HelpTopicList } from '#web/features/help/components/help-topic-list.tsx';
import { HELP_ARTICLES, helpArticle } from '#web/features/help/help-articles.ts';
import { isHelpSlug } from '#web/features/help/help-topics.ts';
import { HELP_MESSAGES } from '#web/features/help/messages.ts';
import { searchHelp } from '#web/features/help/search-help.ts';
import { SupportChatLauncher } from '#web/features/support/components/support-chat-launcher.tsx';
import { SignedInFrame } from './signed-in-frame.tsx';

const indexRoute = getRouteApi('/app/protected/ajuda-tutoriais');
const articleRoute = getRouteApi('/app/protected/ajuda-tutoriais/$slug');

// The help chat (issue 20 point 7) loads when it is first opened, not with the help centre.
const SupportChatPanel = lazy(() =>
  import('#web/features/support/components/support-chat-panel.tsx').then((m) => ({
    default: m.SupportChatPanel,
  })),
);

/**
 * The help chat over the page while `?suporte=1` is in the address (the drawer links there);
 * what is typed stays while the person is on the page, the panel closed or not.
 */
function SupportChat({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const [draft, setDraft] = useState('');
  if (!isOpen) return null;
  return (
    <Suspense fallback={null}>
      <SupportChatPanel onClose={onClose} draft={draft} onDraftChange={setDraft} />
    </Suspense>
  );
}

const backLinkClass =
  'text-brand-700 focus-visible:ring-brand-500/60 inline-flex items-center gap-1 self-start rounded text-sm font-semibold hover:underline focus-visible:ring-2 focus-visible:outline-none';

/** `/ajuda-tutoriais` (spec accounts §1 "help and tutorials"): the topics, or what a search found. */
export function HelpIndexPage() {
  const { q = '', suporte } = indexRoute.useSearch();
  const navigate = indexRoute.useNavigate();
  const results = useMemo(() => searchHelp(HELP_ARTICLES, q), [q]);
  const isSearching = q.trim() !== '';
  const setQuery = (query: string) =>
    void navigate({ search: { q: query || undefined }, replace: true });
  const setChatOpen = (isOpen: boolean) =>
    void navigate({
      search: (prev) => ({ ...prev, suporte: isOpen ? 1 : undefined }),
      replace: true,
    });

  return (
    <SignedInFrame
      title={HELP_MESSAGES.pageTitle}
      overlay={<SupportChat isOpen={suporte === 1} onClose={() => setChatOpen(false)} />}
    >
      <div className="flex flex-col gap-5">
        <p className="text-slate-600">{HELP_MESSAGES.intro}</p>
        <HelpSearchBox query={q} onQueryChange={setQuery} />
        {/* Said to screen readers as the results change; the page shows it its own way. */}
        <p role="status" className="sr-only">
          {isSearching
            ? results.length > 0
              ? HELP_MESSAGES.resultCount(results.length)
              : HELP_MESSAGES.noResults(q)
            : ''}
        </p>
        {isSearching ? (
          <HelpResults
            query={q}
            results={results}
            articles={HELP_ARTICLES}
            onClear={() => setQuery('')}
          />
        ) : (
          <section aria-labelledby="temas-ajuda" className="flex flex-col gap-3">
            <h2 id="temas-ajuda" className="text-lg font-semibold text-slate-900">
              {HELP_MESSAGES.topicsTitle}
            </h2>
            <HelpTopicList articles={HELP_ARTICLES} />
          </section>
        )}
        <SupportChatLauncher onOpen={() => setChatOpen(true)} />
      </div>
    </SignedInFrame>
  );
}

/** `/ajuda-tutoriais/<slug>`: one article, addressable from any screen. */
export function HelpArticlePage() {
  const { slug } = articleRoute.useParams();
  const { q, suporte } = articleRoute.useSearch();
  const navigate = articleRoute.useNavigate();
  const setChatOpen = (isOpen: boolean) =>
    void navigate({
      search: (prev) => ({ ...prev, suporte: isOpen ? 1 : undefined }),
      replace: true,
    });
  const chat = <SupportChat isOpen={suporte === 1} onClose={() => setChatOpen(false)} />;
  const back = (
    <Link to="/ajuda-tutoriais" search={{ q }} className={backLinkClass}>
      <ArrowLeft className="size-4" aria-hidden />
      {HELP_MESSAGES.back}
    </Link>
  );
  if (!isHelpSlug(slug)) {
    return (
      <SignedInFrame title={HELP_MESSAGES.notFoundTitle}>
        <div className="flex flex-col gap-4">
          <p className="text-slate-600">{HELP_MESSAGES.notFound}</p>
          {back}
        </div>
      </SignedInFrame>
    );
  }
  const article = helpArticle(slug);
  return (
    <SignedInFrame title={article.title} overlay={chat}>
      <div className="flex flex-col gap-6">
        {back}
        <HelpArticleView article={article} related={article.related.map(helpArticle)} />
        <SupportChatLauncher onOpen={() => setChatOpen(true)} />
      </div>
    </SignedInFrame>
  );
}
