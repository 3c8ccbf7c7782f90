// The e-Fatura import's pt-PT messages (issue 17 point 3): why a file is refused whole, why
// one line of it is refused, and why one is skipped. The limit's message is the invoice API's
// own (invoices.messages.ts monthlyLimitMessage), so the import says what a single create says.
import { MAX_EFATURA_ROWS } from '#shared/schemas/efatura-import.ts';

const MAX_SHOWN = 40;

/** A cell quoted in a message, cut when long. */
export function shown(raw: string): string {
  return raw.length > MAX_SHOWN ? `${raw.slice(0, MAX_SHOWN)}…` : raw;
}

export const EFATURA_FILE_MESSAGES = {
  empty: 'O ficheiro está vazio.',
  notEfatura:
    'Este ficheiro não é a lista de faturas do e-Fatura. No Portal das Finanças, abra e-Fatura › Consultar faturas (adquirente) e exporte a lista em CSV.',
  sellerList:
    'Este ficheiro é a lista de faturas emitidas. Importe a lista de faturas recebidas (como adquirente).',
  missingColumns: (columns: readonly string[]) =>
    `O ficheiro não tem ${columns.length === 1 ? 'a coluna' : 'as colunas'} ${columns.map((c) => `«${c}»`).join(', ')} da lista do e-Fatura.`,
  unclosedQuote: (line: number) =>
    `O ficheiro está mal formado: as aspas abertas na linha ${line} não fecham.`,
  noRows: 'O ficheiro não tem faturas.',
  tooManyRows: `O ficheiro tem demasiadas faturas (máximo ${MAX_EFATURA_ROWS.toLocaleString('pt-PT')} de cada vez). Exporte um período mais curto.`,
} as const;

export const EFATURA_ROW_MESSAGES = {
  columns: (expected: number, found: number) =>
    `A linha tem ${found} ${found === 1 ? 'coluna' : 'colunas'}; eram esperadas ${expected}.`,
  nif: (raw: string) => `NIF do emitente inválido «${shown(raw)}».`,
  numberMissing: 'Falta o número do documento.',
  documentType: (raw: string) => `Tipo de documento não suportado «${shown(raw)}».`,
  date: (raw: string) => `Data de emissão inválida «${shown(raw)}».`,
  total: (raw: string) => `Total inválido «${shown(raw)}».`,
  vat: (raw: string) => `IVA inválido «${shown(raw)}».`,
  vatAboveTotal: 'O IVA é maior do que o total.',
  annulled: 'Documento anulado no e-Fatura.',
} as const;

export const EFATURA_SKIP_MESSAGES = {
  alreadyInPapelada: 'Já está registada no Papelada.',
  repeatedInFile: (line: number) => `Repetida no ficheiro (linha ${line}).`,
} as const;
