import { expect, test } from 'vitest';
import { HELP_QUERY_MAX, parseHelpSearch } from './help-search-params.ts';

test('the query is kept as typed, bounded, and dropped when empty', () => {
  expect(parseHelpSearch({ q: 'faturas ' })).toEqual({ q: 'faturas ', suporte: undefined });
  expect(parseHelpSearch({ q: 123 })).toEqual({ q: '123', suporte: undefined });
  expect(parseHelpSearch({ q: '' })).toEqual({ q: undefined, suporte: undefined });
  expect(parseHelpSearch({ q: 'x'.repeat(HELP_QUERY_MAX + 5) }).q).toHaveLength(HELP_QUERY_MAX);
});

test('?suporte=1 opens the help chat, whatever way the router hands it over; anything else does not', () => {
  for (const value of [1, '1', true]) {
    expect(parseHelpSearch({ suporte: value })).toEqual({ q: undefined, suporte: 1 });
  }
  for (const value of [0, '0', 'sim', false, null, {}, 2]) {
    expect(parseHelpSearch({ suporte: value, q: 'iva' })).toEqual({ q: 'iva', suporte: undefined });
  }
});
