// The test page's read of the feed, as a spreadsheet makes it: a plain GET of the URL with no
// cookie (credentials 'omit') and no cache, so what it shows is what Google Sheets or Excel
// receives. Only the head is read: the first chunks until enough rows are in, then the
// download is cancelled, so a large account's feed costs the page a few kilobytes.
import { parseFeedHead, type FeedTable } from '../parse-feed-csv.ts';

export type FeedReading = {
  status: number;
  contentType: string | null;
  cacheControl: string | null;
  etag: string | null;
  /** The rows, when the answer is the CSV; the server's pt-PT message otherwise. */
  result: { kind: 'csv'; table: FeedTable } | { kind: 'error'; message: string };
};

/** Enough for the rows the page shows, whatever their notes hold. */
const HEAD_CHARS = 64 * 1024;

async function readHead(response: Response, maxRows: number): Promise<FeedTable> {
  const reader = response.body?.getReader();
  if (!reader) return parseFeedHead('', maxRows, true);
  const decoder = new TextDecoder();
  let text = '';
  let isEnd = false;
  while (text.length < HEAD_CHARS) {
    const { done, value } = await reader.read();
    if (done) {
      isEnd = true;
      break;
    }
    text += decoder.decode(value, { stream: true });
  }
  if (!isEnd) await reader.cancel();
  return parseFeedHead(text, maxRows, isEnd);
}

async function errorMessage(response: Response, fallback: string): Promise<string> {
  const body: unknown = await response.json().catch(() => null);
  if (typeof body === 'object' && body !== null && 'error' in body) {
    const { error } = body;
    if (typeof error === 'object' && error !== null && 'message' in error) {
      if (typeof error.message === 'string') return error.message;
    }
  }
  return fallback;
}

export async function readFeedAsSpreadsheet(
  url: URL,
  { maxRows, fallback }: { maxRows: number; fallback: string },
): Promise<FeedReading> {
  const response = await fetch(url, { credentials: 'omit', cache: 'no-store' });
  const headers = {
    status: response.status,
    contentType: response.headers.get('content-type'),
    cacheControl: response.headers.get('cache-control'),
    etag: response.headers.get('etag'),
  };
  if (!response.ok) {
    return {
      ...headers,
      result: { kind: 'error', message: await errorMessage(response, fallback) },
    };
  }
  return { ...headers, result: { kind: 'csv', table: await readHead(response, maxRows) } };
}
