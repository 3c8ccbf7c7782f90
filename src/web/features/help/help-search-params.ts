// The help centre's search in the address (`/ajuda-tutoriais?q=iva`), so a search can be linked
// to and survives opening an article and coming back. Parsed by hand and importing nothing: the
// route table that reads it is in the entry chunk (see app/routes/search-params.ts).

export type HelpSearch = {
  q?: string | undefined;
  /** `?suporte=1`: the help chat is open over the page (issue 20 point 7). */
  suporte?: 1 | undefined;
};

/** Longer than any useful query; the rest is dropped rather than refused. */
export const HELP_QUERY_MAX = 100;

/**
 * Kept as typed — spaces included, or 'faturas ' could never become 'faturas vencidas' — and
 * dropped when empty. Typed by hand in the address, `?q=123` or `?q=true` arrives as a number or
 * a boolean (the router JSON-parses values); the search box's own are kept as strings.
 */
export function parseHelpSearch(search: Record<string, unknown>): HelpSearch {
  const { q } = search;
  const value = typeof q === 'number' || typeof q === 'boolean' ? String(q) : q;
  // `?suporte=1` arrives as the number 1 (the router JSON-parses values), or as typed.
  const { suporte: chat } = search;
  const suporte = chat === 1 || chat === '1' || chat === true ? (1 as const) : undefined;
  if (typeof value !== 'string' || value === '') return { q: undefined, suporte };
  return { q: value.slice(0, HELP_QUERY_MAX), suporte };
}
