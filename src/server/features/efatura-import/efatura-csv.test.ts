import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { INVOICE_MESSAGES } from '#shared/schemas/invoice.ts';
import { parseEfaturaCsv, type EfaturaDocument, type EfaturaLine } from './efatura-csv.ts';
import { EFATURA_FILE_MESSAGES, EFATURA_ROW_MESSAGES } from './efatura-import.messages.ts';

const TODAY = '2026-11-26';
const fixture = (name: string) =>
  new Uint8Array(
    readFileSync(new URL(`../../../../tests/fixtures/efatura/${name}`, import.meta.url)),
  );
const utf8 = (text: string) => new TextEncoder().encode(text);

const HEADER =
  '"Setor";"Emitente";"Nº Fatura / ATCUD";"Tipo";"Data Emissão";"Total";"IVA";"Base Tributável";"Situação";"Comunicação  Emitente";"Comunicação  Adquirente"';

function parsed(bytes: Uint8Array) {
  const result = parseEfaturaCsv(bytes, { today: TODAY });
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result;
}

function documents(lines: EfaturaLine[]): EfaturaDocument[] {
  return lines.flatMap((line) => (line.kind === 'document' ? [line.document] : []));
}

/** The five documents every variant of the sample file holds, in its order. */
const SAMPLE: EfaturaDocument[] = [
  {
    supplierNif: '502236469',
    supplierName: 'Nepeli Materiais Construcao Lda',
    number: 'FR 2026ACM1/163',
    atcud: 'JF2JS32H-163',
    documentType: 'FR',
    issueDate: '2026-10-03',
    totalCents: 52_739,
    vatCents: 9_862,
  },
  {
    supplierNif: '502236469',
    supplierName: 'Nepeli Materiais Construcao Lda',
    number: 'NC 72/19847',
    atcud: 'JFBD7ABC-19847',
    documentType: 'NC',
    issueDate: '2026-10-10',
    totalCents: 27_524,
    vatCents: 5_147,
  },
  {
    supplierNif: '501293710',
    supplierName: 'Jocel Lda',
    number: 'FT FA.2026/462',
    atcud: 'J6NTT56K-462',
    documentType: 'FT',
    issueDate: '2026-10-22',
    totalCents: 116_968,
    vatCents: 21_872,
  },
  {
    supplierNif: '500100144',
    supplierName: 'Farmácia Central; Lda',
    number: 'FS FS26/013760',
    atcud: null,
    documentType: 'FS',
    issueDate: '2026-11-02',
    totalCents: 1_230,
    vatCents: 70,
  },
  {
    supplierNif: '509442013',
    supplierName: 'Padaria Pão Quente, Lda',
    number: 'ND 2026/7',
    atcud: 'KXTP8ZQ2-7',
    documentType: 'ND',
    issueDate: '2026-11-05',
    totalCents: 1_234_567,
    vatCents: 230_867,
  },
];

test('the portal’s UTF-8 file gives its documents, and refuses the annulled and the wrong-NIF lines with their reasons', () => {
  const result = parsed(fixture('faturas-recebidas.csv'));
  expect(result.encoding).toBe('utf-8');
  expect(result.separator).toBe(';');
  expect(documents(result.lines)).toEqual(SAMPLE);
  const refused = result.lines.filter((line) => line.kind === 'refused');
  expect(refused).toEqual([
    {
      line: 7,
      kind: 'refused',
      reason: EFATURA_ROW_MESSAGES.annulled,
      issuer: '503504564 - Oficina Auto Sul',
      reference: 'FT 2026B/41 / J6TBYMGN-41',
      supplierNif: '503504564',
      number: 'FT 2026B/41',
      atcud: 'J6TBYMGN-41',
      issueDate: '2026-11-06',
    },
    {
      line: 8,
      kind: 'refused',
      reason: EFATURA_ROW_MESSAGES.nif('123456780 - NIF Errado Lda'),
      issuer: '123456780 - NIF Errado Lda',
      reference: 'FT 2026/9 / CSDF7T5H-9',
      supplierNif: null,
      number: null,
      atcud: null,
      issueDate: null,
    },
  ]);
});

test('a UTF-8 file with a byte-order mark and Windows line breaks reads the same', () => {
  const result = parsed(fixture('faturas-recebidas-bom.csv'));
  expect(result.encoding).toBe('utf-8');
  expect(documents(result.lines)).toEqual(SAMPLE);
});

test('a Latin-1 (windows-1252) file is not valid UTF-8 and is read as windows-1252, accents and € included', () => {
  const bytes = fixture('faturas-recebidas-latin1.csv');
  expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();
  const result = parsed(bytes);
  expect(result.encoding).toBe('windows-1252');
  expect(documents(result.lines)).toEqual(SAMPLE);
});

test('a comma-separated file with quoted fields holding commas and semicolons reads the same', () => {
  const result = parsed(fixture('faturas-recebidas-virgulas.csv'));
  expect(result.separator).toBe(',');
  expect(documents(result.lines)).toEqual(SAMPLE);
});

test('amounts with thousands separators, with or without the euro sign, and NBSP groups', () => {
  const row = (total: string, vat: string) =>
    `${HEADER}\n"Outros";"501293710 - Jocel Lda";"FT A/1 / J6NTT56K-1";"Fatura";"2026-10-22";"${total}";"${vat}";"";"Registado";"X";""`;
  const cases: Array<[string, string, number, number]> = [
    ['1.234,56 €', '230,86 €', 123_456, 23_086],
    ['1.234.567,89', '0,00', 123_456_789, 0],
    ['1\u00a0234,56 €', '1,00 €', 123_456, 100],
    ['12 €', '2,3 €', 1_200, 230],
  ];
  for (const [total, vat, totalCents, vatCents] of cases) {
    const [document] = documents(parsed(utf8(row(total, vat))).lines);
    expect(document, total).toMatchObject({ totalCents, vatCents });
  }
});

test('a credit note is stored positive with type NC (so it counts negative), also when the file writes it negative', () => {
  const text = `${HEADER}\n"Outros";"502236469 - Nepeli Lda";"NC 72/19847 / JFBD7ABC-19847";"Nota de crédito";"2026-03-10";"-275,24 €";"-51,47 €";"-223,77 €";"Registado";"X";""`;
  expect(documents(parsed(utf8(text)).lines)).toEqual([
    expect.objectContaining({ documentType: 'NC', totalCents: 27_524, vatCents: 5_147 }),
  ]);
  // Any other document written negative is refused, not turned into a credit.
  const invoice = text.replace('"Nota de crédito"', '"Fatura"').replace('NC 72', 'FT 72');
  const [line] = parsed(utf8(invoice)).lines;
  expect(line).toMatchObject({ kind: 'refused', reason: EFATURA_ROW_MESSAGES.total('-275,24 €') });
});

test('dates dd/mm/yyyy and with a time are read; impossible and future dates are refused', () => {
  const row = (date: string) =>
    `${HEADER}\n"Outros";"501293710 - Jocel Lda";"FT A/1";"Fatura";"${date}";"1,00 €";"0,00 €";"";"";"";""`;
  expect(documents(parsed(utf8(row('22/10/2026'))).lines)[0]?.issueDate).toBe('2026-10-22');
  expect(documents(parsed(utf8(row('2026-10-22 00:00:00'))).lines)[0]?.issueDate).toBe(
    '2026-10-22',
  );
  expect(parsed(utf8(row('2026-02-30'))).lines[0]).toMatchObject({
    reason: EFATURA_ROW_MESSAGES.date('2026-02-30'),
  });
  expect(parsed(utf8(row('2026-12-25'))).lines[0]).toMatchObject({
    reason: INVOICE_MESSAGES.issueDateFuture,
  });
});

test('the document type comes from the label, else from the number’s prefix; others are refused', () => {
  const row = (type: string, number: string) =>
    `${HEADER}\n"Outros";"501293710 - Jocel Lda";"${number}";"${type}";"2026-10-22";"1,00 €";"0,00 €";"";"";"";""`;
  const typeOf = (type: string, number: string) => parsed(utf8(row(type, number))).lines[0];
  expect(typeOf('Fatura-Recibo', 'X 1')).toMatchObject({ document: { documentType: 'FR' } });
  expect(typeOf('NOTA DE DÉBITO', 'X 1')).toMatchObject({ document: { documentType: 'ND' } });
  expect(typeOf('Outro', 'FS A/1')).toMatchObject({ document: { documentType: 'FS' } });
  expect(typeOf('Recibo', 'RG A/1')).toMatchObject({
    kind: 'refused',
    reason: EFATURA_ROW_MESSAGES.documentType('Recibo'),
  });
});

test('the ATCUD is split from the number only when it looks like one; "0" means none', () => {
  const row = (reference: string) =>
    `${HEADER}\n"Outros";"501293710 - Jocel Lda";"${reference}";"Fatura";"2026-10-22";"1,00 €";"0,00 €";"";"";"";""`;
  const read = (reference: string) => documents(parsed(utf8(row(reference))).lines)[0];
  expect(read('FT A/1 / 0')).toMatchObject({ number: 'FT A/1', atcud: null });
  expect(read('FT  A/1   /  ABCD1234-1')).toMatchObject({ number: 'FT A/1', atcud: 'ABCD1234-1' });
  expect(read('FT A / 12')).toMatchObject({ number: 'FT A / 12', atcud: null });
  expect(read('FT FT26/013760')).toMatchObject({ number: 'FT FT26/013760', atcud: null });
});

test('a line with columns missing, or with extra ones, is refused alone; a trailing separator is fine', () => {
  const good = `"Outros";"501293710 - Jocel Lda";"FT A/1";"Fatura";"2026-10-22";"1,00 €";"0,00 €";"";"";"";""`;
  const text = [
    HEADER,
    `${good};`,
    '"Outros";"501293710 - Jocel Lda";"FT A/2"',
    `${good};"x"`,
  ].join('\n');
  const lines = parsed(utf8(text)).lines;
  expect(lines.map((line) => line.kind)).toEqual(['document', 'refused', 'refused']);
  expect(lines[1]).toMatchObject({ line: 3, reason: EFATURA_ROW_MESSAGES.columns(11, 3) });
});

test('a quoted field may hold quotes and line breaks; a control character in a name refuses the line', () => {
  const text = `${HEADER}\n"Outros";"501293710 - Casa ""Nova""";"FT A/1";"Fatura";"2026-10-22";"1,00 €";"0,00 €";"";"";"";""\n"Outros";"501293710 - Casa\nVelha";"FT A/2";"Fatura";"2026-10-22";"1,00 €";"0,00 €";"";"";"";""\n`;
  const lines = parsed(utf8(text)).lines;
  expect(lines[0]).toMatchObject({ document: { supplierName: 'Casa "Nova"' } });
  expect(lines[1]).toMatchObject({ line: 3, kind: 'refused' });
});

test('files that are not the buyer CSV are refused whole with a pt-PT message', () => {
  const refusal = (bytes: Uint8Array) => {
    const result = parseEfaturaCsv(bytes, { today: TODAY });
    return result.ok ? null : result.message;
  };
  expect(refusal(fixture('colunas-em-falta.csv'))).toBe(
    'O ficheiro não tem a coluna «IVA» da lista do e-Fatura.',
  );
  expect(refusal(fixture('faturas-emitidas.csv'))).toBe(EFATURA_FILE_MESSAGES.sellerList);
  expect(refusal(fixture('extrato-bancario.csv'))).toBe(EFATURA_FILE_MESSAGES.notEfatura);
  expect(refusal(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0x01]))).toBe(
    EFATURA_FILE_MESSAGES.notEfatura,
  );
  expect(refusal(utf8(' \r\n\n'))).toBe(EFATURA_FILE_MESSAGES.empty);
  expect(refusal(utf8(`${HEADER}\n`))).toBe(EFATURA_FILE_MESSAGES.noRows);
  expect(refusal(utf8(`${HEADER}\n"Outros";"501293710 - Jocel`))).toBe(
    EFATURA_FILE_MESSAGES.unclosedQuote(2),
  );
});
