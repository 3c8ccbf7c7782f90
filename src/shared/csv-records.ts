// CSV text to records, as a spreadsheet splits it (RFC 4180), for every CSV the app reads:
// the e-Fatura import, the feed's test page, and the tests that read back the exports.

/** One record: its fields and the file line it starts on (1-based), for messages. */
export type CsvRecord = { line: number; fields: string[] };

export type ReadCsvOptions = { isEnd?: boolean };

export type CsvRecords =
  { ok: true; records: CsvRecord[] } | { ok: false; unclosedQuoteLine: number };

/**
 * RFC 4180 records with `separator`: a field in double quotes may hold the separator, line
 * breaks and `""` for a quote; CR LF, LF and CR all end a record. Spaces around a quoted field
 * are tolerated (some tools pad them). Blank lines give no record. With `isEnd: false` the
 * text is the start of a longer one, and the record it ends in the middle of is left out.
 */
export function readCsvRecords(
  text: string,
  separator: string,
  { isEnd = true }: ReadCsvOptions = {},
): CsvRecords {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let isQuoted = false;
  let quoteLine = 0;
  let i = 0;

  const endField = () => {
    fields.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    if (fields.length > 1 || fields[0]?.trim() !== '') records.push({ line: recordLine, fields });
    fields = [];
  };

  while (i < text.length) {
    const ch = text[i];
    if (isQuoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        isQuoted = false;
      } else {
        if (ch === '\n' || (ch === '\r' && text[i + 1] !== '\n')) line += 1;
        field += ch;
      }
      i += 1;
      continue;
    }
    if (ch === '"' && field.trim() === '') {
      isQuoted = true;
      quoteLine = line;
      field = '';
    } else if (ch === separator) {
      endField();
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else {
      field += ch;
    }
    i += 1;
  }
  // The head of a longer text (a stream read so far): its last record may be cut off.
  if (!isEnd) return { ok: true, records };
  if (isQuoted) return { ok: false, unclosedQuoteLine: quoteLine };
  if (field !== '' || fields.length > 0) endRecord();
  return { ok: true, records };
}
