// The feed's addresses as the page hands them out: the server answers paths, the page puts its
// own origin in front (the address the user reaches Papelada at is the one a spreadsheet can
// reach too), and the formula Google Sheets needs around it.
import { FEED_PATH_PREFIX } from '#shared/schemas/feed.ts';

export type FeedPaths = { sheets: string; excel: string };

export type FeedLinks = {
  sheetsUrl: string;
  excelUrl: string;
  /** `=IMPORTDATA("…")`, pasted into a cell. */
  sheetsFormula: string;
  /**
   * With the delimiter and the locale of the values: a sheet set to Portugal reads `1234.56` with
   * its own decimal comma otherwise. `;` between arguments: Sheets takes it in every locale.
   */
  sheetsFormulaWithLocale: string;
};

export function feedLinks(origin: string, paths: FeedPaths): FeedLinks {
  const sheetsUrl = `${origin}${paths.sheets}`;
  return {
    sheetsUrl,
    excelUrl: `${origin}${paths.excel}`,
    sheetsFormula: `=IMPORTDATA("${sheetsUrl}")`,
    sheetsFormulaWithLocale: `=IMPORTDATA("${sheetsUrl}"; ","; "en_US")`,
  };
}

/**
 * The feed URL a user pasted, if it is one of this origin's: the test page fetches nothing
 * else (and the page's Content-Security-Policy would refuse another origin anyway).
 */
export function ownFeedUrl(text: string, origin: string): URL | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.origin !== origin || !url.pathname.startsWith(FEED_PATH_PREFIX)) return null;
  return url;
}
