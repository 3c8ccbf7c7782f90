import { expect, test } from 'vitest';
import { extractLinks } from './extract-links.ts';

test('links come from text and HTML in order, decoded and without duplicates', () => {
  const text = 'Abra https://papelada.pt/a?x=1&y=2. Ou http://localhost:3000/b).';
  const html =
    '<a href="https://papelada.pt/a?x=1&amp;y=2">x</a> <a href="https://papelada.pt/c">c</a>';
  expect(extractLinks(text, html)).toEqual([
    'https://papelada.pt/a?x=1&y=2',
    'http://localhost:3000/b',
    'https://papelada.pt/c',
  ]);
});

test('other schemes are not links', () => {
  expect(extractLinks('mailto:ana@exemplo.pt javascript:alert(1) ftp://x.pt/a')).toEqual([]);
});
