// Reads the head of the feed's CSV the way a spreadsheet splits it (RFC 4180: quoted fields may
// hold the separator, doubled quotes and line breaks), for the test page. The separator is
// the header's: `,` for the Sheets format, `;` for the Excel one.
import { readCsvRecords } from '#shared/csv-records.ts';

export type FeedSeparator = ',' | ';';

export type FeedTable = { separator: FeedSeparator; headings: string[]; rows: string[][] };

const BOM = '\uFEFF';

/** The first line's separator: the headings hold no comma, so any `;` before a `,` decides. */
export function separatorOf(text: string): FeedSeparator {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  return firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
}

/** The headings and the first `maxRows` rows of a feed's text (or of its first chunks). */
export function parseFeedHead(text: string, maxRows: number, isEnd: boolean): FeedTable {
  const body = text.startsWith(BOM) ? text.slice(1) : text;
  const separator = separatorOf(body);
  const read = readCsvRecords(body, separator, { isEnd });
  const records = read.ok ? read.records.map((record) => record.fields) : [];
  const [headings = [], ...rows] = records;
  return { separator, headings, rows: rows.slice(0, maxRows) };
}
