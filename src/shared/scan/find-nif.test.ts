// The issuer's NIF in the shapes receipts and invoices without a QR print it (issue 14):
// a 'PT' prefix, spaces, dots, the labels Portuguese tills use, the buyer's NIF beside it,
// and OCR look-alikes that only count when the repaired digits pass the check digit.
import { describe, expect, test } from 'vitest';
import { computeNifCheckDigit } from '../nif.ts';
import { findNifs } from './find-nif.ts';
import { CONFIDENCE_THRESHOLD } from './found.ts';
import { toLines } from './text-lines.ts';

const nif = (firstEight: string) => `${firstEight}${computeNifCheckDigit(firstEight)}`;
const SELLER = nif('50987654'); // 509876544
const PERSON = nif('24567891'); // 245678913
const COMPANY = nif('51234567'); // 512345678
const find = (text: string) => findNifs(toLines(text));

describe('issuer NIF shapes', () => {
  test.each([
    'NIF: PT 509 876 544',
    'NIF: PT509876544',
    'Contribuinte: PT 509876544',
    'NIF 509 876 544',
    'NIF 509.876.544',
    'NIF: 509-876-544',
    'Contribuinte n.º 509876544',
    'NIPC 509876544',
    'N.I.P.C.: 509 876 544',
    'N.º Contrib. 509876544',
    'Contrib. n.º 509.876.544',
    'Contrib: 509876544',
    'Nº Contribuinte: 509876544',
    'N.I.F. 509876544',
    'NIF/NIPC: 509876544',
    'N.º de contribuinte\n509 876 544',
  ])('%j is read, labelled, with high confidence', (line) => {
    const { issuerNif } = find(`Padaria Lusitana, Lda.\n${line}\nFatura Simplificada`);
    expect(issuerNif?.value).toBe(SELLER);
    expect(issuerNif?.confidence).toBeGreaterThanOrEqual(CONFIDENCE_THRESHOLD);
  });

  test('a bare PT-prefixed number is taken as a tax number, with less confidence than a labelled one', () => {
    const bare = find(`Padaria Lusitana\nPT 509 876 544`).issuerNif;
    const labelled = find(`Padaria Lusitana\nNIF: PT 509 876 544`).issuerNif;
    expect(bare?.value).toBe(SELLER);
    expect(bare!.confidence).toBeLessThan(labelled!.confidence);
  });

  test('a bare nine-digit number is a guess, below the review threshold', () => {
    const { issuerNif } = find(`Padaria Lusitana\n${SELLER}`);
    expect(issuerNif?.value).toBe(SELLER);
    expect(issuerNif?.confidence).toBeLessThan(CONFIDENCE_THRESHOLD);
  });
});

describe('the issuer, not the buyer', () => {
  test.each([
    [`NIF: ${SELLER}\nCliente: Maria Sousa\nNIF: ${PERSON}`],
    [`NIF: ${SELLER}\nNIF do adquirente: ${PERSON}`],
    [`NIF: ${SELLER}\nAdquirente: ${PERSON}`],
    [`NIF: ${SELLER}\nNIF Cliente: ${PERSON}`],
    [`NIF: ${SELLER}\nV/ Contribuinte: ${PERSON}`],
    [`NIF: ${SELLER}\nVosso NIF: ${PERSON}`],
    [`NIF: ${SELLER}\nNIF Consumidor: ${PERSON}`],
    [`Cliente: Maria Sousa\nNIF: ${PERSON}\n\nPadaria Lusitana, Lda.\nNIF: ${SELLER}`],
    [`Exmo.(s) Sr.(s)\nMaria Sousa\nNIF ${PERSON}\nPadaria Lusitana, Lda.\nNIPC ${SELLER}`],
  ])('%j', (text) => {
    const { issuerNif, buyerNif } = find(`Padaria Lusitana, Lda.\n${text}`);
    expect(issuerNif?.value).toBe(SELLER);
    expect(buyerNif?.value).toBe(PERSON);
    expect(issuerNif?.confidence).toBeGreaterThanOrEqual(CONFIDENCE_THRESHOLD);
  });

  test('"Consumidor final" and 999999990 are no issuer', () => {
    const named = find(`Padaria Lusitana\nNIF ${SELLER}\nContribuinte: Consumidor final`);
    expect(named.issuerNif?.value).toBe(SELLER);
    expect(named.buyerNif).toBeUndefined();
    const coded = find(`Padaria Lusitana\nContribuinte: 999999990\nNIF ${SELLER}`);
    expect(coded.issuerNif?.value).toBe(SELLER);
    expect(coded.buyerNif?.value).toBe('999999990');
  });

  test("of two labelled NIFs, the first, a company's, is the issuer", () => {
    const { issuerNif } = find(`Padaria Lusitana\nNIF: ${SELLER}\nContribuinte: ${PERSON}`);
    expect(issuerNif?.value).toBe(SELLER);
    expect(issuerNif?.confidence).toBeGreaterThanOrEqual(CONFIDENCE_THRESHOLD);
  });

  test.each([
    ['two companies', SELLER, COMPANY],
    ['a person before a company', PERSON, SELLER],
  ])('two labelled NIFs with nothing saying whose is whose, %s, are ambiguous', (_, a, b) => {
    const { issuerNif } = find(`Padaria Lusitana\nNIF: ${a}\nContribuinte: ${b}`);
    expect(issuerNif?.value).toBe(a);
    expect(issuerNif?.confidence).toBeLessThan(CONFIDENCE_THRESHOLD);
  });
});

describe('OCR look-alikes in a NIF', () => {
  test.each([
    ['O for 0', 'NIF: 5O9876544', SELLER],
    ['S for 5', 'NIF: 509876S44', SELLER],
    ['B for 8', 'NIF: 509 B76 544', SELLER],
    ['l for 1', 'NIF: 5l2345678', '512345678'],
    ['I for 1', 'Contribuinte 5I2 345 678', '512345678'],
    ['several, after PT', 'NIF: PT5O9 B76 S44', SELLER],
  ])('%s is repaired when the check digit then passes', (_, line, expected) => {
    expect(find(`Padaria Lusitana\n${line}`).issuerNif?.value).toBe(expected);
  });

  test('a repair that fails the check digit gives no NIF', () => {
    // 509876S43: S→5 gives 509876543, whose check digit is 4.
    expect(find('Padaria Lusitana\nNIF: 5O9876S43').issuerNif).toBeUndefined();
  });

  test('a repaired NIF is less certain than one read cleanly', () => {
    const clean = find(`Padaria Lusitana\nNIF: ${SELLER}`).issuerNif!;
    const repaired = find('Padaria Lusitana\nNIF: 5O9876544').issuerNif!;
    expect(repaired.value).toBe(clean.value);
    expect(repaired.confidence).toBeLessThan(clean.confidence);
  });

  test('words are not read as digits', () => {
    expect(find('SOL BOLOS Lda\nTel 213 456 789').issuerNif).toBeUndefined();
  });
});
