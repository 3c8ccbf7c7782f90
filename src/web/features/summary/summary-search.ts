// The search of /resumo, `?ano=2025&mes=5`. Parsed by hand and importing nothing: the route
// table that reads it is in the entry chunk (see app/routes/search-params.ts).

export type SummarySearch = { ano?: number | undefined; mes?: number | undefined };

function wholeNumberIn(value: unknown, min: number, max: number): number | undefined {
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= min && number <= max
    ? number
    : undefined;
}

/** Each key is dropped when it is not a month (1–12) or a year (2000–2100). */
export function parseSummarySearch(search: Record<string, unknown>): SummarySearch {
  return { ano: wholeNumberIn(search.ano, 2000, 2100), mes: wholeNumberIn(search.mes, 1, 12) };
}
