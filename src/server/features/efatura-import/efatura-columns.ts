// Which column of the e-Fatura CSV is which, and which separator the file uses. The portal's
// header (research/pt-qr-spec.md §5) is
//   "Setor";"Emitente";"Nº Fatura / ATCUD";"Tipo";"Data Emissão";"Total";"IVA";
//   "Base Tributável";"Situação";"Comunicação  Emitente";"Comunicação  Adquirente"
// but the file may have been through Excel or a Latin-1 code page, so names are compared
// without accents, case, spaces or punctuation ('Nº' and 'N°' alike), and a separator of `;`,
// `,` or tab is taken from the line where the header is found.
import { readCsvRecords } from '#shared/csv-records.ts';

export type ColumnKey = 'issuer' | 'document' | 'type' | 'date' | 'total' | 'vat' | 'status';

/** The columns the import reads; `required` ones must be there, the others are optional. */
const COLUMNS: ReadonlyArray<{
  key: ColumnKey;
  label: string;
  required: boolean;
  matches(name: string): boolean;
}> = [
  { key: 'issuer', label: 'Emitente', required: true, matches: (n) => n === 'emitente' },
  {
    key: 'document',
    label: 'Nº Fatura / ATCUD',
    required: true,
    matches: (n) => n.endsWith('atcud') && n.includes('fatura'),
  },
  { key: 'type', label: 'Tipo', required: true, matches: (n) => n === 'tipo' },
  {
    key: 'date',
    label: 'Data Emissão',
    required: true,
    // 'dataemiss' also catches a name whose 'ã' became '?' on the way.
    matches: (n) => n.startsWith('dataemiss') || n.startsWith('datadeemiss'),
  },
  { key: 'total', label: 'Total', required: true, matches: (n) => n === 'total' },
  { key: 'vat', label: 'IVA', required: true, matches: (n) => n === 'iva' },
  { key: 'status', label: 'Situação', required: false, matches: (n) => n.startsWith('situa') },
];

/** Columns that only the portal's other list (invoices issued, "emitidas") has. */
const SELLER_COLUMNS = new Set(['nifadquirente', 'adquirente']);

const SEPARATORS = [';', ',', '\t'] as const;
/** The header is looked for in the first lines only; a preamble longer than that is not ours. */
const HEADER_SEARCH_LINES = 5;

/** A header name folded for comparison: 'Nº Fatura / ATCUD' → 'nofaturaatcud'. */
export function foldColumnName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

export type ColumnMap = Record<ColumnKey, number | null>;

export type HeaderFound = {
  kind: 'found';
  separator: string;
  /** Index of the header among the file's records with that separator. */
  headerIndex: number;
  columnCount: number;
  columns: ColumnMap;
};

export type HeaderResult =
  | HeaderFound
  | { kind: 'missing-columns'; labels: string[] }
  | { kind: 'seller-list' }
  | { kind: 'not-efatura' };

function mapColumns(names: readonly string[]): { columns: ColumnMap; found: number } {
  const folded = names.map(foldColumnName);
  const columns = {} as ColumnMap;
  let found = 0;
  for (const column of COLUMNS) {
    const index = folded.findIndex((name) => column.matches(name));
    columns[column.key] = index === -1 ? null : index;
    if (index !== -1) found += 1;
  }
  return { columns, found };
}

const missingLabels = (columns: ColumnMap) =>
  COLUMNS.filter((c) => c.required && columns[c.key] === null).map((c) => c.label);

/** The header line, its separator and where each column is; or why the file is not ours. */
export function findHeader(text: string): HeaderResult {
  const firstLines = text.split(/\r\n|\n|\r/, 20).filter((line) => line.trim() !== '');
  let best: { columns: ColumnMap; found: number } | null = null;
  for (const [lineIndex, line] of firstLines.slice(0, HEADER_SEARCH_LINES).entries()) {
    for (const separator of SEPARATORS) {
      const read = readCsvRecords(line, separator);
      const names = read.ok ? (read.records[0]?.fields ?? []) : [];
      if (names.some((name) => SELLER_COLUMNS.has(foldColumnName(name)))) {
        return { kind: 'seller-list' };
      }
      const mapped = mapColumns(names);
      if (missingLabels(mapped.columns).length === 0) {
        return {
          kind: 'found',
          separator,
          headerIndex: lineIndex,
          columnCount: names.length,
          columns: mapped.columns,
        };
      }
      if (!best || mapped.found > best.found) best = mapped;
    }
  }
  // Most of the portal's columns and not all: its file, cut or edited; otherwise another file.
  if (best && best.found >= 3)
    return { kind: 'missing-columns', labels: missingLabels(best.columns) };
  return { kind: 'not-efatura' };
}
