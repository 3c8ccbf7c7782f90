// The help centre's search, in the browser over the articles' titles, summaries, keywords and
// text. Accent- and case-insensitive ('iva' finds 'IVA', 'ecra' finds 'ecrã'), by word prefix
// ('pin' finds 'PINs' but 'iva' does not find 'ativa'), every word of the query required
// ('faturas vencidas'), with plural endings folded ('faturas' finds 'fatura').
import { blockTexts, plainText, type HelpArticle } from './help-content.ts';

/** Lower case, accents and cedillas dropped: 'Ecrã' → 'ecra', 'Ç' → 'c'. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** Plural endings folded to the singular, on both sides of a comparison. */
function stem(word: string): string {
  if (word.length > 4) {
    if (word.endsWith('oes') || word.endsWith('aes')) return `${word.slice(0, -3)}ao`;
    if (word.endsWith('ais')) return `${word.slice(0, -3)}al`;
    if (word.endsWith('eis')) return `${word.slice(0, -3)}el`;
  }
  return word.length > 3 && word.endsWith('s') ? word.slice(0, -1) : word;
}

const WORD = /[\p{L}\p{N}]+/gu;

type Word = { start: number; end: number; key: string };

/** The words of a text with where each sits, and its comparison key. */
function wordsOf(text: string): Word[] {
  return [...text.matchAll(WORD)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    key: stem(foldText(match[0])),
  }));
}

// Left out of a query that has other words: they would match nearly every article.
const STOP_WORDS = new Set(
  'a o as os e ou de do da dos das em no na nos nas um uma uns umas para por com sem que se ao aos como me meu minha qual quais'.split(
    ' ',
  ),
);

/** The query's words as comparison keys, stop words dropped unless nothing else is left. */
export function queryTerms(query: string): string[] {
  const words = [...new Set(wordsOf(query).map((word) => word.key))];
  const meaningful = words.filter((word) => !STOP_WORDS.has(word));
  return meaningful.length > 0 ? meaningful : words;
}

const matches = (key: string, terms: readonly string[]) =>
  terms.some((term) => key.startsWith(term));

/** The text cut into the words that match a term and the rest, for <mark>. */
export function highlightParts(
  text: string,
  terms: readonly string[],
): Array<{ text: string; isMatch: boolean }> {
  const parts: Array<{ text: string; isMatch: boolean }> = [];
  let last = 0;
  for (const word of wordsOf(text)) {
    if (!matches(word.key, terms)) continue;
    if (word.start > last) parts.push({ text: text.slice(last, word.start), isMatch: false });
    parts.push({ text: text.slice(word.start, word.end), isMatch: true });
    last = word.end;
  }
  if (last < text.length) parts.push({ text: text.slice(last), isMatch: false });
  return parts;
}

type Field = { weight: number; texts: string[] };

/** Where an article's words are, the title weighing most. */
function fieldsOf(article: HelpArticle): Field[] {
  const headings = article.blocks.flatMap((b) => (b.kind === 'heading' ? [b.text] : []));
  const body = article.blocks.flatMap((b) => (b.kind === 'heading' ? [] : blockTexts(b)));
  return [
    { weight: 8, texts: [article.title] },
    { weight: 5, texts: [...article.keywords] },
    { weight: 3, texts: [plainText(article.summary), ...headings] },
    { weight: 1, texts: body },
  ];
}

type IndexedArticle = { article: HelpArticle; fields: Array<{ weight: number; keys: string[] }> };
const indexes = new WeakMap<readonly HelpArticle[], IndexedArticle[]>();

function indexOf(articles: readonly HelpArticle[]): IndexedArticle[] {
  let index = indexes.get(articles);
  if (!index) {
    index = articles.map((article) => ({
      article,
      fields: fieldsOf(article).map(({ weight, texts }) => ({
        weight,
        keys: texts.flatMap((text) => wordsOf(text).map((word) => word.key)),
      })),
    }));
    indexes.set(articles, index);
  }
  return index;
}

const SNIPPET_LENGTH = 160;

/**
 * The passage of the article's text (headings aside) that holds most of the query's words,
 * about 160 characters cut at word boundaries; null when only the title, summary, keywords or
 * a heading matched.
 */
function snippetOf(article: HelpArticle, terms: readonly string[]): string | null {
  let best: { text: string; count: number; first: number } | null = null;
  const passages = article.blocks.flatMap((b) => (b.kind === 'heading' ? [] : blockTexts(b)));
  for (const text of passages) {
    const hits = wordsOf(text).filter((word) => matches(word.key, terms));
    const count = new Set(terms.filter((t) => hits.some((hit) => hit.key.startsWith(t)))).size;
    const first = hits[0];
    if (first && (!best || count > best.count)) best = { text, count, first: first.start };
  }
  if (!best) return null;
  const { text, first } = best;
  if (text.length <= SNIPPET_LENGTH) return text;
  let start = Math.max(0, first - 40);
  if (start > 0) start = text.indexOf(' ', start) + 1 || start;
  let end = Math.min(text.length, start + SNIPPET_LENGTH);
  if (end < text.length)
    end = text.lastIndexOf(' ', end) > start ? text.lastIndexOf(' ', end) : end;
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}

export type HelpResult = { article: HelpArticle; score: number; snippet: string | null };

/**
 * The articles holding every word of the query, best first: a word in the title counts most,
 * then the keywords, the summary and headings, then the text. An empty query finds nothing
 * (the page lists every article instead).
 */
export function searchHelp(articles: readonly HelpArticle[], query: string): HelpResult[] {
  const terms = queryTerms(query);
  if (terms.length === 0) return [];
  const results: HelpResult[] = [];
  for (const { article, fields } of indexOf(articles)) {
    let score = 0;
    for (const term of terms) {
      let best = 0;
      let hits = 0;
      for (const field of fields) {
        const count = field.keys.filter((key) => key.startsWith(term)).length;
        if (count > 0) best = Math.max(best, field.weight);
        hits += count;
      }
      if (best === 0) {
        score = 0;
        break;
      }
      score += best + Math.min(hits, 10) * 0.1;
    }
    if (score > 0) results.push({ article, score, snippet: snippetOf(article, terms) });
  }
  return results.sort((a, b) => b.score - a.score);
}
