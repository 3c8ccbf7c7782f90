import { Link } from '@tanstack/react-router';
import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { plainText, type HelpArticle } from '../help-content.ts';
import { TOPIC_ICONS } from './topic-icons.ts';

type TopicCardProps = {
  article: HelpArticle;
  /** The search, carried to the article so its back link returns to the same results. */
  query?: string | undefined;
  title?: ReactNode;
  text?: ReactNode;
};

/** One article as a card: its icon, title and summary (or the passage a search found). */
export function TopicCard({ article, query, title, text }: TopicCardProps) {
  const Icon = TOPIC_ICONS[article.slug];
  return (
    <Link
      to="/ajuda-tutoriais/$slug"
      params={{ slug: article.slug }}
      search={{ q: query }}
      className="group focus-visible:ring-brand-500/60 flex h-full items-start gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition-shadow hover:shadow-md focus-visible:ring-3 focus-visible:outline-none"
    >
      <span className="bg-brand-50 text-brand-700 flex size-10 shrink-0 items-center justify-center rounded-xl">
        <Icon className="size-5" aria-hidden />
      </span>
      <span className="min-w-0 flex-1">
        <span
          className="group-hover:text-brand-800 block font-semibold text-slate-900"
          data-testid="help-topic-title"
        >
          {title ?? article.title}
        </span>
        <span className="mt-1 block text-sm leading-6 text-slate-600">
          {text ?? plainText(article.summary)}
        </span>
      </span>
      <ChevronRight className="mt-2.5 size-4 shrink-0 text-slate-400" aria-hidden />
    </Link>
  );
}

/** Every article, as cards: two columns from 640 px. */
export function HelpTopicList({ articles }: { articles: readonly HelpArticle[] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {articles.map((article) => (
        <li key={article.slug}>
          <TopicCard article={article} />
        </li>
      ))}
    </ul>
  );
}
