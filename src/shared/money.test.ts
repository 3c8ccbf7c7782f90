import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  addCents,
  centsToEuros,
  eurosToCents,
  formatCents,
  isCreditNote,
  maskedAmount,
  parseEuros,
  percentOf,
  signedAmountCents,
  sumCents,
} from './money.ts';

// ICU writes NBSP (Node 20) or NARROW NBSP (some browsers) for the group and
// currency spaces; the tests read them as plain spaces, explicitly.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/gu, ' ');
const safeCents = fc.maxSafeInteger();

describe('money', () => {
  test.each([
    [0, '0,00 €'],
    [1, '0,01 €'],
    [5, '0,05 €'],
    [100, '1,00 €'],
    [1250, '12,50 €'],
    [99999, '999,99 €'],
    [123456, '1234,56 €'],
    [1234567, '12 345,67 €'],
    [123456789, '1 234 567,89 €'],
    [51360058, '513 600,58 €'],
    [-250, '-2,50 €'],
    [-123456, '-1234,56 €'],
    [Number.MAX_SAFE_INTEGER, '90 071 992 547 409,91 €'],
    [-Number.MAX_SAFE_INTEGER, '-90 071 992 547 409,91 €'],
  ])('formatCents(%d) is %s', (cents, expected) => {
    expect(plain(formatCents(cents))).toBe(expected);
  });

  test('formatCents separates the currency and the groups with a no-break space', () => {
    expect(formatCents(1234567)).toMatch(/^12[\u00a0\u202f]345,67[\u00a0\u202f]€$/u);
  });

  test('formatCents shows minus zero as zero', () => {
    expect(plain(formatCents(-0))).toBe('0,00 €');
  });

  test.each([1.5, 0.1, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1])(
    'formatCents refuses %d, which is not a safe integer of cents',
    (cents) => {
      expect(() => formatCents(cents)).toThrow(RangeError);
    },
  );

  test('maskedAmount is six dots with no digit of the amount', () => {
    expect(maskedAmount).toBe('••••••');
    expect(maskedAmount).not.toMatch(/\d/u);
  });

  test.each([
    ['1.234,56 €', 123456],
    ['1234,56', 123456],
    ['1 234,56', 123456],
    ['1\u00a0234,56\u00a0€', 123456],
    ['1\u202f234,56\u202f€', 123456],
    ['12,5', 1250],
    ['12,50', 1250],
    ['€ 3,00', 300],
    ['€3', 300],
    ['3,00€', 300],
    ['3 EUR', 300],
    ['3,5 euros', 350],
    ['-2,50', -250],
    ['- 2,50 €', -250],
    ['-€3,00', -300],
    ['€ -3,00', -300],
    ['\u22122,50', -250],
    ['+2,50', 250],
    ['  7  ', 700],
    ['0', 0],
    ['0,01', 1],
    ['12.34', 1234],
    ['1.23', 123],
    ['12.5', 1250],
    ['1.234', 123400],
    ['12.345', 1234500],
    ['1.234.567', 123456700],
    ['1.234.567,89', 123456789],
    ['1 234 567,89', 123456789],
    ['1,234.56', 123456],
    ['1,234,567', 123456700],
    ['1 234.56', 123456],
    ['513 600,58 €', 51360058],
    ['007', 700],
  ])('parseEuros(%j) is %d cents', (input, cents) => {
    expect(parseEuros(input)).toBe(cents);
  });

  test('parseEuros reads minus zero as zero', () => {
    expect(Object.is(parseEuros('-0,00'), 0)).toBe(true);
  });

  test.each([
    '',
    '   ',
    '€',
    '-',
    'abc',
    '12,',
    ',50',
    '.5',
    '12,345',
    '1,234',
    '0.125',
    '1234.567',
    '12,3,4',
    '12 34,5',
    '1.23.456',
    '1.234 567,00',
    '12.345,678',
    '--2',
    '2-',
    '12a',
    '1e3',
    '9999999999999999999,00',
  ])('parseEuros(%j) is null', (input) => {
    expect(parseEuros(input)).toBeNull();
  });

  test('parseEuros reads back whatever formatCents writes', () => {
    fc.assert(
      fc.property(safeCents, (cents) => {
        expect(parseEuros(formatCents(cents))).toBe(cents);
      }),
    );
  });

  test('parseEuros reads amounts written with any pt-PT or dot-decimal grouping', () => {
    const styles = [
      { group: '.', decimal: ',' },
      { group: ' ', decimal: ',' },
      { group: '\u00a0', decimal: ',' },
      { group: '', decimal: ',' },
      { group: ',', decimal: '.' },
      { group: '', decimal: '.' },
    ];
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e13 }), fc.constantFrom(...styles), (cents, s) => {
        const whole = String(Math.trunc(cents / 100)).replace(/\B(?=(\d{3})+$)/gu, s.group);
        const text = `${whole}${s.decimal}${String(cents % 100).padStart(2, '0')}`;
        expect(parseEuros(text)).toBe(cents);
        expect(parseEuros(`-${text} €`)).toBe(cents === 0 ? 0 : -cents);
      }),
    );
  });

  test('parseEuros reads whole euros grouped with dots as thousands', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), (euros) => {
        const text = String(euros).replace(/\B(?=(\d{3})+$)/gu, '.');
        expect(parseEuros(text)).toBe(euros * 100);
      }),
    );
  });

  test.each([
    [0.1 + 0.2, 30],
    [513600.58, 51360058],
    [1.005, 101],
    [-1.005, -101],
    [2.675, 268],
    [0.005, 1],
    [-0.005, -1],
    [0.0049, 0],
    [19.99, 1999],
    [1.1 * 3, 330],
    [1e-7, 0],
    [123, 12300],
    [-2.5, -250],
    [45035996273704.96, 2 ** 52],
  ])('eurosToCents(%d) is %d', (euros, cents) => {
    expect(eurosToCents(euros)).toBe(cents);
  });

  test('eurosToCents rounds tiny negatives to plain zero, not minus zero', () => {
    expect(Object.is(eurosToCents(-0.004), 0)).toBe(true);
    expect(Object.is(eurosToCents(-0), 0)).toBe(true);
  });

  test.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1e21, 9.1e13])(
    'eurosToCents refuses %d',
    (euros) => {
      expect(() => eurosToCents(euros)).toThrow(RangeError);
    },
  );

  test('centsToEuros gives a number with at most two decimals', () => {
    expect(centsToEuros(51360058)).toBe(513600.58);
    expect(centsToEuros(-250)).toBe(-2.5);
    expect(centsToEuros(1)).toBe(0.01);
    expect(Object.is(centsToEuros(-0), 0)).toBe(true);
    expect(() => centsToEuros(0.5)).toThrow(RangeError);
  });

  test('centsToEuros refuses amounts too large to write exactly in euros', () => {
    expect(centsToEuros(2 ** 52)).toBe(45035996273704.96);
    expect(() => centsToEuros(2 ** 52 + 1)).toThrow(RangeError);
    expect(() => centsToEuros(-(2 ** 52) - 1)).toThrow(RangeError);
  });

  test('centsToEuros and eurosToCents are inverse for every amount up to 2^52 cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 52), max: 2 ** 52 }), (cents) => {
        const euros = centsToEuros(cents);
        expect(JSON.stringify(euros)).toMatch(/^-?\d+(\.\d{1,2})?$/u);
        expect(eurosToCents(euros)).toBe(cents);
      }),
    );
  });

  test('addCents and sumCents add integers exactly and refuse overflow or fractions', () => {
    expect(addCents(10, 20)).toBe(30);
    expect(addCents(-250, 100)).toBe(-150);
    expect(sumCents([])).toBe(0);
    expect(sumCents([10, 20, -5])).toBe(25);
    expect(sumCents(new Set([1, 2, 3]))).toBe(6);
    expect(() => addCents(Number.MAX_SAFE_INTEGER, 1)).toThrow(RangeError);
    expect(() => sumCents([1, 0.5])).toThrow(RangeError);
  });

  test('sumCents of many ten-cent amounts has no float drift', () => {
    expect(sumCents(Array.from({ length: 1000 }, () => 10))).toBe(10000);
    expect(centsToEuros(sumCents([10, 20]))).toBe(0.3);
  });

  test('percentOf is the unrounded share and 0 for an empty whole', () => {
    expect(percentOf(25, 200)).toBe(12.5);
    expect(percentOf(1, 3)).toBeCloseTo(33.333333, 5);
    expect(percentOf(300, 200)).toBe(150);
    expect(percentOf(-50, 200)).toBe(-25);
    expect(percentOf(50, 0)).toBe(0);
    expect(Object.is(percentOf(0, -10), 0)).toBe(true);
  });

  test('signedAmountCents makes a credit note negative, whatever sign it was stored with', () => {
    expect(signedAmountCents(1000, 'NC')).toBe(-1000);
    expect(signedAmountCents(-1000, 'NC')).toBe(-1000);
    expect(signedAmountCents(230, 'NC')).toBe(-230);
    expect(Object.is(signedAmountCents(0, 'NC'), 0)).toBe(true);
  });

  test('signedAmountCents keeps every other document as stored', () => {
    for (const type of ['FT', 'FS', 'FR', 'ND', null, undefined, 'nc']) {
      expect(signedAmountCents(1000, type)).toBe(1000);
    }
    expect(signedAmountCents(-1000, 'FT')).toBe(-1000);
  });

  test('signedAmountCents refuses a fractional amount', () => {
    expect(() => signedAmountCents(10.5, 'FT')).toThrow(RangeError);
  });

  test('a total with a credit note subtracts it', () => {
    const docs = [
      { totalCents: 10000, vatCents: 2300, type: 'FT' },
      { totalCents: 2500, vatCents: 575, type: 'NC' },
    ];
    expect(sumCents(docs.map((d) => signedAmountCents(d.totalCents, d.type)))).toBe(7500);
    expect(sumCents(docs.map((d) => signedAmountCents(d.vatCents, d.type)))).toBe(1725);
  });

  test('isCreditNote is true only for NC', () => {
    expect(isCreditNote('NC')).toBe(true);
    expect(isCreditNote('FT')).toBe(false);
    expect(isCreditNote(null)).toBe(false);
  });
});
