import { expect, test } from 'vitest';
import { feedPath } from '#shared/schemas/feed.ts';
import { feedLinks, ownFeedUrl } from './feed-urls.ts';

const origin = 'https://papelada.example';
const token = 'a'.repeat(43);

test('the links put the page’s origin before the server’s paths, and the formula around them', () => {
  const links = feedLinks(origin, {
    sheets: feedPath(token, 'sheets'),
    excel: feedPath(token, 'excel'),
  });
  expect(links.sheetsUrl).toBe(`${origin}/api/feed/${token}/faturas.csv`);
  expect(links.excelUrl).toBe(`${origin}/api/feed/${token}/faturas.csv?format=excel`);
  expect(links.sheetsFormula).toBe(`=IMPORTDATA("${origin}/api/feed/${token}/faturas.csv")`);
  expect(links.sheetsFormulaWithLocale).toBe(
    `=IMPORTDATA("${origin}/api/feed/${token}/faturas.csv"; ","; "en_US")`,
  );
});

test('only a feed URL of this origin is read by the test page', () => {
  expect(ownFeedUrl(`  ${origin}/api/feed/${token}/faturas.csv?format=excel `, origin)?.href).toBe(
    `${origin}/api/feed/${token}/faturas.csv?format=excel`,
  );
  expect(ownFeedUrl(`https://outro.example/api/feed/${token}/faturas.csv`, origin)).toBeNull();
  expect(ownFeedUrl(`${origin}/api/invoices`, origin)).toBeNull();
  expect(ownFeedUrl('não é um endereço', origin)).toBeNull();
  expect(ownFeedUrl('', origin)).toBeNull();
});
