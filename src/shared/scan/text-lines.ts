// Invoice text as lines the field finders can work on: the PDF text layer (columns
// separated by three spaces) or OCR output (stray blank lines, letters where digits
// belong). Pure and isomorphic, like the rest of src/shared/scan.

export type TextLine = {
  /** Position among the non-empty lines, 0-based. */
  index: number;
  /** Trimmed, NFC, with every kind of space made a plain space. */
  text: string;
  /** Lowercase without accents, for matching labels ('Emissão' → 'emissao'). */
  folded: string;
  /** Column pieces: the line split where it has a wide gap (3+ spaces or a tab). */
  segments: string[];
  /** Per segment: inside the buyer's block ('Cliente', 'Exmo.(s) Sr.(s)', 'Adquirente'…). */
  buyerSegments: boolean[];
  /** Some segment of the line belongs to the buyer. */
  buyer: boolean;
};

const SPACES = /[\s\u00a0\u2000-\u200b\u202f\u205f\u3000]/gu;

/** Lowercase, accents removed, º/° as 'o': for label matching only, never for output. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').replace(/[º°ª]/gu, 'o').toLowerCase();
}

// What OCR reads instead of a digit, in a token that is mostly digits.
const DIGIT_LOOKALIKES: Readonly<Record<string, string>> = {
  O: '0',
  o: '0',
  D: '0',
  Q: '0',
  I: '1',
  l: '1',
  i: '1',
  '|': '1',
  '!': '1',
  L: '1',
  S: '5',
  s: '5',
  B: '8',
  Z: '2',
  z: '2',
};
const LOOKALIKE_CLASS = 'OoDQIli|!LSsBZz';
const NUMBERISH = new RegExp(`^[0-9${LOOKALIKE_CLASS.replace('|', '\\|')}.,\\-]+$`, 'u');

function fixToken(token: string): string {
  if (!NUMBERISH.test(token)) return token;
  const alnum = token.replace(/[^0-9A-Za-z|!]/gu, '');
  const digits = alnum.replace(/\D/gu, '').length;
  if (digits === 0 || digits * 2 < alnum.length) return token;
  return token.replace(/[OoDQIli|!LSsBZz]/gu, (char) => DIGIT_LOOKALIKES[char] ?? char);
}

/**
 * Replaces OCR look-alikes (O→0, l→1, S→5, B→8…) inside tokens that are mostly digits
 * ('S1,2O' → '51,20', '5O9' → '509'); words are left alone ('SOL', 'Lda'). A VAT number's
 * 'PT' stays and the digits after it are repaired ('PT5O9' → 'PT509'). Same length out as
 * in, so positions found in the result hold in the printed text.
 */
export function fixDigits(text: string): string {
  return text.replace(/[^\s:/€]+/gu, (token) =>
    token.startsWith('PT') && token.length > 2 ? `PT${fixToken(token.slice(2))}` : fixToken(token),
  );
}

// A heading that opens the buyer's block, or a label that names the buyer on its line.
const BUYER_LABEL =
  /^(?:dados do |nome do |nif do |contribuinte do |n\.?o (?:de )?)?(?:cliente|adquirente|comprador|destinatario)\b|^faturar a\b|^exm[oa]s?\b|^exm[oa]\(s\)|\b(?:cliente|adquirente)\s*:|consumidor\s+final/u;
const CONSUMIDOR_FINAL = /consumidor\s+final/u;
/** A company form at the end of a name: Lda., S.A., Unipessoal, SGPS, CRL… (folded text). */
export const COMPANY_FORM =
  /(?:^|[\s,])(?:lda|ld\.?a|limitada|s\.\s?a|sa|unipessoal|sgps|s\.g\.p\.s|crl|c\.r\.l|eirl|e\.i\.r\.l|ace)\.?\s*$/u;
const NINE_DIGITS = /(?<!\d)\d{3}[ .]?\d{3}[ .]?\d{3}(?!\d)/u;
/** How many lines after a buyer heading still belong to the buyer's block. */
const BUYER_BLOCK_LINES = 5;
// What starts another part of the invoice and so ends the buyer's block early.
const BLOCK_END =
  /^(descricao|designacao|artigo|referencia|ref\.|qtd|quantidade|data\b|total|fatura|nota de|documento|n\.?o\s|original|duplicado)/u;

/** Splits, normalises and marks the lines; blank lines are dropped. */
export function toLines(text: string): TextLine[] {
  const raw = text
    .normalize('NFC')
    .replace(/\r\n?/gu, '\n')
    .split('\n')
    .map((line) => line.replace(/\t/gu, '   ').replace(SPACES, ' ').trimEnd());
  const lines: TextLine[] = [];
  for (const line of raw) {
    const segments = line
      .split(/ {3,}/u)
      .map((segment) => segment.replace(/ {2}/gu, ' ').trim())
      .filter((segment) => segment !== '');
    if (segments.length === 0) continue;
    const joined = segments.join('   ');
    const folded = foldText(joined);
    const buyerSegments = segments.map(() => false);
    lines.push({
      index: lines.length,
      text: joined,
      folded,
      segments,
      buyerSegments,
      buyer: false,
    });
  }
  markBuyerBlocks(lines);
  return lines;
}

function markBuyerBlocks(lines: TextLine[]): void {
  // The block follows the heading's column: with two columns side by side (seller on the
  // left, buyer on the right) only the buyer's segments are marked. It ends at the
  // buyer's NIF, at a second company name (the seller's), or after a few lines.
  let remaining = 0;
  let column = 0;
  let lastColumn = false;
  let hasName = false;
  for (const line of lines) {
    const labelled = line.segments.map((segment) => BUYER_LABEL.test(foldText(segment)));
    const at = labelled.indexOf(true);
    if (at !== -1) {
      line.buyerSegments = labelled;
      const segment = foldText(line.segments[at] ?? '');
      const resolved = CONSUMIDOR_FINAL.test(segment) || NINE_DIGITS.test(segment);
      remaining = resolved ? 0 : BUYER_BLOCK_LINES;
      column = at;
      lastColumn = at === line.segments.length - 1 && line.segments.length > 1;
      hasName = /:\s*\S{3,}/u.test(segment);
      continue;
    }
    if (remaining === 0) continue;
    const count = line.segments.length;
    const target = count === 1 ? 0 : lastColumn ? count - 1 : Math.min(column, count - 1);
    const segment = foldText(line.segments[target] ?? '');
    if (BLOCK_END.test(segment) || (hasName && COMPANY_FORM.test(segment))) {
      remaining = 0;
      continue;
    }
    hasName ||= COMPANY_FORM.test(segment);
    remaining = NINE_DIGITS.test(segment) ? 0 : remaining - 1;
    line.buyerSegments = line.segments.map((_, i) => i === target);
  }
  for (const line of lines) line.buyer = line.buyerSegments.some(Boolean);
}
