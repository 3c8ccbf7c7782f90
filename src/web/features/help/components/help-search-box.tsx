import { Search, X } from 'lucide-react';
import { useRef } from 'react';
import { inputClassName } from '#web/components/ui/input-variants.ts';
import { cn } from '#web/lib/cn.ts';
import { HELP_QUERY_MAX } from '../help-search-params.ts';
import { HELP_MESSAGES } from '../messages.ts';

type HelpSearchBoxProps = { query: string; onQueryChange(query: string): void };

/** The search field: results follow each keystroke, Escape or the cross clears it. */
export function HelpSearchBox({ query, onQueryChange }: HelpSearchBoxProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <form role="search" className="relative" onSubmit={(event) => event.preventDefault()}>
      <label htmlFor="pesquisa-ajuda" className="sr-only">
        {HELP_MESSAGES.searchLabel}
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-slate-400"
        aria-hidden
      />
      <input
        ref={inputRef}
        id="pesquisa-ajuda"
        type="search"
        value={query}
        onChange={(event) => onQueryChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && query) {
            event.preventDefault();
            onQueryChange('');
          }
        }}
        placeholder={HELP_MESSAGES.searchPlaceholder}
        enterKeyHint="search"
        autoComplete="off"
        maxLength={HELP_QUERY_MAX}
        className={cn(
          inputClassName,
          'h-12 rounded-xl pr-11 pl-11 text-base shadow-sm [&::-webkit-search-cancel-button]:hidden',
        )}
      />
      {query ? (
        <button
          type="button"
          onClick={() => {
            onQueryChange('');
            inputRef.current?.focus();
          }}
          aria-label={HELP_MESSAGES.clearSearch}
          className="focus-visible:ring-brand-500/60 absolute top-1/2 right-2 inline-flex size-9 -translate-y-1/2 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:ring-2 focus-visible:outline-none"
        >
          <X className="size-4" aria-hidden />
        </button>
      ) : null}
    </form>
  );
}
