// Bytes of a CSV file to text, and text to records: the two steps before any e-Fatura meaning.
// Pure; the parser (efatura-csv.ts) decides what the records say.
//
// Encoding (research/pt-qr-spec.md §5: UNCONFIRMED, the public parsers disagree): a UTF-8
// byte-order mark is dropped; text that is valid UTF-8 is read as UTF-8; anything else is a
// Windows/Latin code page file (Excel on Windows saves those), read as windows-1252, which is
// Latin-1 with the euro sign and typographic quotes in 0x80–0x9F. A UTF-16 file (Excel's
// "Unicode text") announces itself with its mark.

export type CsvEncoding = 'utf-8' | 'windows-1252' | 'utf-16le' | 'utf-16be';

export type DecodedCsv = { text: string; encoding: CsvEncoding };

// 0x80–0x9F of windows-1252 (the WHATWG table; the five unassigned bytes stay C1 controls).
// Node 20's TextDecoder('windows-1252') decodes them as Latin-1 controls, which would turn
// every '€' of an Excel file into U+0080, so the table is applied here.
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152,
  0x8d, 0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122,
  0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];
const CHUNK = 8192;

export function decodeWindows1252(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let start = 0; start < bytes.length; start += CHUNK) {
    const codes = Array.from(bytes.subarray(start, start + CHUNK), (byte) =>
      byte >= 0x80 && byte < 0xa0 ? (CP1252_HIGH[byte - 0x80] ?? byte) : byte,
    );
    parts.push(String.fromCharCode(...codes));
  }
  return parts.join('');
}

const startsWith = (bytes: Uint8Array, ...prefix: number[]) =>
  prefix.every((byte, i) => bytes[i] === byte);

export function decodeCsvBytes(bytes: Uint8Array): DecodedCsv {
  if (startsWith(bytes, 0xff, 0xfe)) {
    return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  }
  if (startsWith(bytes, 0xfe, 0xff)) {
    return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be' };
  }
  const body = startsWith(bytes, 0xef, 0xbb, 0xbf) ? bytes.subarray(3) : bytes;
  try {
    // ignoreBOM: the mark is gone already; a second one would be text, not a mark.
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body);
    return { text, encoding: 'utf-8' };
  } catch {
    return { text: decodeWindows1252(body), encoding: 'windows-1252' };
  }
}
