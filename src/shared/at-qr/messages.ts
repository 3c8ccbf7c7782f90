// Every user-facing pt-PT string of the AT QR parser, in one place. Field
// labels are the official names of the AT specification's field table.
import type { AtQrIssueCode } from './types.ts';

const BAND_LABELS: Record<string, string> = {
  '1': 'Espaço fiscal',
  '2': 'Base tributável isenta de IVA',
  '3': 'Base tributável de IVA à taxa reduzida',
  '4': 'Total de IVA à taxa reduzida',
  '5': 'Base tributável de IVA à taxa intermédia',
  '6': 'Total de IVA à taxa intermédia',
  '7': 'Base tributável de IVA à taxa normal',
  '8': 'Total de IVA à taxa normal',
};

export const AT_QR_FIELD_LABELS: Record<string, string> = {
  A: 'NIF do emitente',
  B: 'NIF do adquirente',
  C: 'País do adquirente',
  D: 'Tipo de documento',
  E: 'Estado do documento',
  F: 'Data do documento',
  G: 'Identificação única do documento',
  H: 'ATCUD',
  ...Object.fromEntries(
    ['I', 'J', 'K'].flatMap((block) =>
      Object.entries(BAND_LABELS).map(([slot, label]) => [`${block}${slot}`, label]),
    ),
  ),
  L: 'Não sujeito / não tributável em IVA',
  M: 'Imposto do Selo',
  N: 'Total de impostos',
  O: 'Total do documento com impostos',
  P: 'Retenções na fonte',
  Q: '4 carateres do Hash',
  R: 'Nº do certificado',
  S: 'Outras informações',
};

/** What a field should look like, completing the BAD_FORMAT message. */
const FORMAT_HINTS: Record<string, string> = {
  A: 'nove algarismos',
  C: 'um código de país com duas letras maiúsculas (ex.: PT) ou «Desconhecido»',
  D: 'duas letras maiúsculas (ex.: FT)',
  E: 'uma letra maiúscula (ex.: N)',
  F: 'uma data válida no formato AAAAMMDD',
  I1: 'um código de espaço fiscal (ex.: PT, PT-AC, PT-MA) ou 0',
  J1: 'um código de espaço fiscal (ex.: PT, PT-AC, PT-MA)',
  K1: 'um código de espaço fiscal (ex.: PT, PT-AC, PT-MA)',
};
const AMOUNT_HINT = 'um valor não negativo com ponto decimal (ex.: 1234.56)';

export type AtQrMessageParams = {
  field?: string;
  value?: string;
  /** A number or amount the payload should have had. */
  expected?: string;
  /** The number or amount the payload has. */
  found?: string;
};

const MAX_SHOWN = 30;

function shown(value: string | undefined): string {
  const text = value ?? '';
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;
}

function named(field: string | undefined): string {
  const code = field ?? '?';
  const label = AT_QR_FIELD_LABELS[code];
  return label ? `${code} (${label})` : code;
}

/** Cents as pt-PT euros for messages, e.g. 6400002 → "64000,02 €". */
export function formatEurosForMessage(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)},${String(abs % 100).padStart(2, '0')} €`;
}

type Message = (p: AtQrMessageParams) => string;

export const AT_QR_MESSAGES = {
  NOT_AT_QR: () => 'Este código QR não é o código QR de uma fatura da Autoridade Tributária.',
  MALFORMED_FIELD: (p) => `O segmento «${shown(p.value)}» não tem o formato código:valor.`,
  UNKNOWN_FIELD: (p) => `O campo «${shown(p.field)}» não existe na especificação da AT.`,
  DUPLICATE_FIELD: (p) => `O campo ${named(p.field)} aparece mais do que uma vez.`,
  OUT_OF_ORDER: (p) => `O campo ${named(p.field)} está fora da ordem definida pela AT.`,
  MISSING_FIELD: (p) => `Falta o campo obrigatório ${named(p.field)}.`,
  EMPTY_FIELD: (p) => `O campo obrigatório ${named(p.field)} está vazio.`,
  TOO_LONG: (p) =>
    `O campo ${named(p.field)} excede o comprimento máximo de ${p.expected ?? '?'} carateres.`,
  BAD_FORMAT: (p) =>
    `O campo ${named(p.field)} tem um valor inválido («${shown(p.value)}»): ` +
    `esperava-se ${FORMAT_HINTS[p.field ?? ''] ?? AMOUNT_HINT}.`,
  NO_FISCAL_SPACE: () => 'O código QR não indica nenhum espaço fiscal (campo I1, J1 ou K1).',
  FISCAL_SPACE_WITHOUT_REGION: (p) =>
    `O campo ${named(p.field)} pertence a um espaço fiscal que não foi indicado ` +
    `(falta o campo ${(p.field ?? '?').charAt(0)}1).`,
  URL_ENCODED: () =>
    'O conteúdo do código QR estava codificado como endereço web e foi descodificado.',
  EMPTY_SEGMENT: () => 'O código QR tem um separador «*» a mais, que foi ignorado.',
  EMPTY_OPTIONAL_FIELD: (p) => `O campo ${named(p.field)} está vazio e foi ignorado.`,
  LEADING_SPACE: (p) =>
    `O valor do campo ${named(p.field)} começa por espaços, que foram ignorados.`,
  TRAILING_SPACE: (p) =>
    `O valor do campo ${named(p.field)} termina com espaços, que foram ignorados.`,
  DECIMAL_COMMA: (p) =>
    `O valor do campo ${named(p.field)} usa vírgula decimal em vez de ponto; foi lido como ${p.found ?? '?'}.`,
  AMOUNT_DECIMALS: (p) =>
    `O valor do campo ${named(p.field)} («${shown(p.value)}») não tem exatamente duas casas decimais; ` +
    `foi lido como ${p.found ?? '?'}.`,
  ISSUER_NIF_CHECK_DIGIT: (p) =>
    `O NIF do emitente (${shown(p.value)}) tem o dígito de controlo errado. Confirme-o na fatura.`,
  ISSUER_NIF_PREFIX: (p) =>
    `O NIF do emitente (${shown(p.value)}) começa por 0, o que nenhum NIF atribuído faz.`,
  BUYER_NIF_CHECK_DIGIT: (p) =>
    `O NIF do adquirente (${shown(p.value)}) tem o dígito de controlo errado. Confirme-o na fatura.`,
  BUYER_NIF_PREFIX: (p) =>
    `O NIF do adquirente (${shown(p.value)}) começa por 0, o que nenhum NIF atribuído faz.`,
  BUYER_NIF_FORMAT: (p) =>
    `O NIF do adquirente português («${shown(p.value)}») não tem nove algarismos.`,
  UNKNOWN_COUNTRY: (p) => `O país do adquirente «${shown(p.value)}» não é um código ISO conhecido.`,
  UNKNOWN_DOCUMENT_TYPE: (p) =>
    `O tipo de documento «${shown(p.value)}» não é um dos tipos do SAF-T (PT).`,
  UNKNOWN_DOCUMENT_STATUS: (p) =>
    `O estado do documento «${shown(p.value)}» não é um dos estados do SAF-T (PT).`,
  UNKNOWN_REGION: (p) =>
    `O espaço fiscal «${shown(p.value)}» (campo ${p.field ?? '?'}) não é um código conhecido.`,
  DOCUMENT_NUMBER_FORMAT: (p) =>
    `A identificação do documento «${shown(p.value)}» não segue o formato do SAF-T ` +
    '(tipo, espaço, série, barra e número, ex.: FT AB2019/0035).',
  ATCUD_FORMAT: (p) =>
    `O ATCUD «${shown(p.value)}» não tem o formato código de validação-número sequencial ` +
    '(ex.: CSDF7T5H-0035) nem é 0.',
  HASH_FORMAT: (p) =>
    `O campo Q («${shown(p.value)}») não tem os 4 carateres da assinatura do documento nem é 0.`,
  CERTIFICATE_FORMAT: (p) =>
    `O número de certificado do programa («${shown(p.value)}») não tem de 1 a 4 algarismos.`,
  ISLAND_ONLY_FISCAL_SPACE: (p) =>
    `O código QR não tem o campo I1: o primeiro espaço fiscal vem no campo ${p.field ?? '?'}.`,
  FISCAL_SPACE_GAP: () => 'O código QR indica o espaço fiscal K1 sem indicar o J1.',
  NO_VAT_REGION_WITH_AMOUNTS: () =>
    'O documento indica I1:0 (sem IVA) mas tem valores de IVA ou outros espaços fiscais.',
  TOTAL_TAX_MISMATCH: (p) =>
    `O total de impostos (campo N: ${p.found ?? '?'}) não é igual à soma do IVA ` +
    `e do Imposto do Selo (${p.expected ?? '?'}).`,
  GROSS_TOTAL_MISMATCH: (p) =>
    `O total do documento (campo O: ${p.found ?? '?'}) não é igual à soma das bases tributáveis, ` +
    `do valor não sujeito a IVA e dos impostos (${p.expected ?? '?'}).`,
  ATCUD_NUMBER_MISMATCH: (p) =>
    `O número sequencial do ATCUD (${p.found ?? '?'}) não corresponde ao número do documento ` +
    `(${p.expected ?? '?'}).`,
} satisfies Record<AtQrIssueCode, Message>;
