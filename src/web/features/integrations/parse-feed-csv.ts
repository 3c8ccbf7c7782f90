// Reads the head of the feed's CSV the way a spreadsheet splits it (RFC 4180: quoted fields may
// hold the separator, doubled quotes and line breaks), for the test page. The separator is
// the header's: `,` for the Sheets format, `;` for the Excel one.

export type FeedSeparator = ',' | ';';

export type FeedTable = { separator: FeedSeparator; headings: string[]; rows: string[][] };

const BOM = '\uFEFF';

/** The first line's separator: the headings hold no comma, so any `;` before a `,` decides. */
export function separatorOf(text: string): FeedSeparator {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  return firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
}

/** Every complete record of `text`; a last record cut off mid-way is left out unless `isEnd`. */
export function parseCsvRecords(text: string, separator: FeedSeparator, isEnd: boolean) {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let isQuoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (isQuoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') {
        isQuoted = false;
      } else {
        field += char;
      }
    } else if (char === '"') {
      isQuoted = true;
    } else if (char === separator) {
      record.push(field);
      field = '';
    } else if (char === '\n' || (char === '\r' && text[i + 1] === '\n')) {
      if (char === '\r') i += 1;
      records.push([...record, field]);
      record = [];
      field = '';
    } else {
      field += char;
    }
  }
  if (isEnd && (field !== '' || record.length > 0)) records.push([...record, field]);
  return records;
}

/** The headings and the first `maxRows` rows of a feed's text (or of its first chunks). */
export function parseFeedHead(text: string, maxRows: number, isEnd: boolean): FeedTable {
  const body = text.startsWith(BOM) ? text.slice(1) : text;
  const separator = separatorOf(body);
  const [headings = [], ...rows] = parseCsvRecords(body, separator, isEnd);
  return { separator, headings, rows: rows.slice(0, maxRows) };
}
