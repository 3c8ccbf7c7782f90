import { SearchX } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { plainText, type HelpArticle } from '../help-content.ts';
import { HELP_MESSAGES } from '../messages.ts';
import { queryTerms, type HelpResult } from '../search-help.ts';
import { Highlighted } from './highlighted.tsx';
import { HelpTopicList, TopicCard } from './help-topic-list.tsx';

type HelpResultsProps = {
  query: string;
  results: readonly HelpResult[];
  articles: readonly HelpArticle[];
  onClear(): void;
};

/**
 * What a search found, best first, the matching words marked; or, when nothing matched, a
 * sentence that says so and every topic to choose from instead.
 */
export function HelpResults({ query, results, articles, onClear }: HelpResultsProps) {
  const terms = queryTerms(query);
  if (results.length === 0) {
    return (
      <div className="flex flex-col gap-6">
        <div
          className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-8 text-center"
          data-testid="help-no-results"
        >
          <SearchX className="size-8 text-slate-400" aria-hidden />
          <p className="font-semibold text-slate-900">{HELP_MESSAGES.noResults(query)}</p>
          <p className="max-w-md text-sm text-slate-600">{HELP_MESSAGES.noResultsHint}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={onClear}>
            {HELP_MESSAGES.showAllTopics}
          </Button>
        </div>
        <HelpTopicList articles={articles} />
      </div>
    );
  }
  return (
    <section aria-labelledby="resultados-ajuda" className="flex flex-col gap-3">
      <h2
        id="resultados-ajuda"
        className="text-sm font-medium text-slate-600"
        data-testid="help-result-count"
      >
        {HELP_MESSAGES.resultCount(results.length)}
      </h2>
      <ul className="flex flex-col gap-3" data-testid="help-results">
        {results.map(({ article, snippet }) => (
          <li key={article.slug}>
            <TopicCard
              article={article}
              query={query}
              title={<Highlighted text={article.title} terms={terms} />}
              text={<Highlighted text={snippet ?? plainText(article.summary)} terms={terms} />}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
