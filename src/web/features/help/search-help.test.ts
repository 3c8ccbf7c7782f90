import { expect, test } from 'vitest';
import type { HelpArticle } from './help-content.ts';
import { HELP_ARTICLES } from './help-articles.ts';
import { HELP_MESSAGES } from './messages.ts';
import { foldText, highlightParts, queryTerms, searchHelp } from './search-help.ts';

const slugsFound = (query: string) => searchHelp(HELP_ARTICLES, query).map((r) => r.article.slug);

test("'IVA', 'iva' and 'Iva' all find the summary and VAT article first", () => {
  for (const query of ['IVA', 'iva', 'Iva', ' iva ']) {
    expect(slugsFound(query)[0], query).toBe('resumo-e-iva');
  }
});

test("'PIN' and 'pin' find the teams article first, and 'pins' folds to the same word", () => {
  for (const query of ['PIN', 'pin', 'PINs']) {
    expect(slugsFound(query)[0], query).toBe('equipas-e-pins');
  }
});

test("'faturas vencidas' needs both words and finds the payments article first", () => {
  const found = slugsFound('faturas vencidas');
  expect(found[0]).toBe('pagamentos-e-faturas-vencidas');
  // Every result holds both words: 'vencidas' alone narrows what 'faturas' finds.
  expect(found.length).toBeLessThan(slugsFound('faturas').length);
  expect(found).toEqual(slugsFound('fatura vencida'));
});

test('accents and case do not matter, either in the query or in the text', () => {
  expect(slugsFound('ecra')).toEqual(slugsFound('ecrã'));
  expect(slugsFound('codigo qr')[0]).toBe('digitalizar-codigo-qr');
  expect(slugsFound('CÓDIGO QR')[0]).toBe('digitalizar-codigo-qr');
  expect(slugsFound('exportacao')[0]).toBe('exportacoes-e-efatura');
  expect(slugsFound('EXPORTAÇÕES')[0]).toBe('exportacoes-e-efatura');
  expect(slugsFound('privacidade e seguranca')[0]).toBe('privacidade-e-seguranca');
  expect(foldText('Ecrã, Ação, Çé')).toBe('ecra, acao, ce');
});

test('a word matches from its start, never from its middle', () => {
  const article: HelpArticle = {
    slug: 'planos',
    title: 'Uma página ativa',
    summary: 'Definitiva.',
    keywords: [],
    blocks: [{ kind: 'text', text: 'Cativar sem imposto.' }],
    related: [],
  };
  expect(searchHelp([article], 'iva')).toEqual([]);
  expect(searchHelp([article], 'ativ')).toHaveLength(1);
});

test('an empty query, or one of spaces and punctuation, finds nothing', () => {
  expect(searchHelp(HELP_ARTICLES, '')).toEqual([]);
  expect(searchHelp(HELP_ARTICLES, '  ?! ')).toEqual([]);
});

test("a word no article holds finds nothing, and the page says so in the person's words", () => {
  expect(searchHelp(HELP_ARTICLES, 'xilofone')).toEqual([]);
  expect(searchHelp(HELP_ARTICLES, 'iva xilofone')).toEqual([]);
  expect(HELP_MESSAGES.noResults(' xilofone ')).toBe('Nenhum artigo encontrado para «xilofone».');
});

test('stop words are dropped when the query has other words', () => {
  expect(queryTerms('como pagar uma fatura')).toEqual(['pagar', 'fatura']);
  expect(queryTerms('de')).toEqual(['de']);
});

test('a result found in the text carries the passage, with the matching words marked', () => {
  const [result] = searchHelp(HELP_ARTICLES, 'lanterna');
  expect(result?.article.slug).toBe('digitalizar-codigo-qr');
  expect(result?.snippet).toMatch(/lanterna/i);
  expect(result?.snippet?.length).toBeLessThanOrEqual(165);
  const marked = highlightParts('Ligar a Lanterna já', queryTerms('lanterna'));
  expect(marked).toEqual([
    { text: 'Ligar a ', isMatch: false },
    { text: 'Lanterna', isMatch: true },
    { text: ' já', isMatch: false },
  ]);
  expect(highlightParts('O IVA dedutível', queryTerms('iva'))).toContainEqual({
    text: 'IVA',
    isMatch: true,
  });
});
