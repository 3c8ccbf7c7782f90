import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  computeNifCheckDigit,
  formatNif,
  hasValidNifCheckDigit,
  isNifFormat,
  isPersonNif,
  isValidNif,
  normalizeNif,
} from './nif.ts';

describe('nif', () => {
  test.each(['123456789', '999999990', '500000000', '501964843'])('%s is a valid NIF', (nif) => {
    expect(isNifFormat(nif)).toBe(true);
    expect(hasValidNifCheckDigit(nif)).toBe(true);
    expect(isValidNif(nif)).toBe(true);
  });

  test.each(['501964842', '999999999', '123456788'])(
    '%s has the NIF format but a wrong check digit',
    (nif) => {
      expect(isNifFormat(nif)).toBe(true);
      expect(hasValidNifCheckDigit(nif)).toBe(false);
      expect(isValidNif(nif)).toBe(false);
    },
  );

  test('000000000 has the format and a matching check digit but is not a valid NIF', () => {
    expect(isNifFormat('000000000')).toBe(true);
    expect(hasValidNifCheckDigit('000000000')).toBe(true);
    expect(isValidNif('000000000')).toBe(false);
  });

  test.each([
    '',
    '12345678',
    '1234567890',
    '12345678a',
    ' 123456789',
    '123 456 789',
    '１２３４５６７８９',
  ])('%j does not have the NIF format', (value) => {
    expect(isNifFormat(value)).toBe(false);
    expect(hasValidNifCheckDigit(value)).toBe(false);
    expect(isValidNif(value)).toBe(false);
  });

  test('the check digit is 0 when the weighted sum leaves a remainder of 0 or 1', () => {
    expect(computeNifCheckDigit('99999999')).toBe(0); // 396 % 11 = 0
    expect(computeNifCheckDigit('50000000')).toBe(0); // 45 % 11 = 1
    expect(computeNifCheckDigit('12345678')).toBe(9); // 156 % 11 = 2
    expect(computeNifCheckDigit('50196484')).toBe(3); // 184 % 11 = 8
  });

  test('exactly one check digit makes eight digits a NIF with a valid check digit', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{8}$/), (firstEight) => {
        const valid = [...'0123456789'].filter((d) => hasValidNifCheckDigit(firstEight + d));
        expect(valid).toEqual([String(computeNifCheckDigit(firstEight))]);
      }),
    );
  });

  test('normalizeNif strips spaces, dots, hyphens and a PT prefix in any case', () => {
    expect(normalizeNif('123 456 789')).toBe('123456789');
    expect(normalizeNif('123.456.789')).toBe('123456789');
    expect(normalizeNif('123-456-789')).toBe('123456789');
    expect(normalizeNif(' PT123456789 ')).toBe('123456789');
    expect(normalizeNif('pt 501 964 843')).toBe('501964843');
    expect(normalizeNif('PT-501.964.843')).toBe('501964843');
    expect(normalizeNif('123\u00a0456\u202f789')).toBe('123456789');
  });

  test('normalizeNif keeps other characters so the format check can still refuse them', () => {
    expect(normalizeNif('ES12345678A')).toBe('ES12345678A');
    expect(normalizeNif('123456789PT')).toBe('123456789PT');
    expect(normalizeNif('')).toBe('');
  });

  test('formatNif groups a nine-digit value 3-3-3, whatever its check digit', () => {
    expect(formatNif('123456789')).toBe('123 456 789');
    expect(formatNif('501964842')).toBe('501 964 842');
    expect(formatNif('000000000', 'listing')).toBe('000 000 000');
  });

  test('formatNif groups a value that normalises to nine digits', () => {
    expect(formatNif('PT 123.456.789')).toBe('123 456 789');
    expect(formatNif(' 123 456 789 ')).toBe('123 456 789');
  });

  test('formatNif shows an empty value as Não identificado in detail and Sem NIF in listings', () => {
    for (const empty of [null, undefined, '', '   ']) {
      expect(formatNif(empty, 'detail')).toBe('Não identificado');
      expect(formatNif(empty, 'listing')).toBe('Sem NIF');
    }
    expect(formatNif(null)).toBe('Não identificado');
  });

  test('formatNif cuts a long non-NIF value to 20 characters plus the encrypted marker', () => {
    const encrypted = 'U2FsdGVkX1+abcdefghijklmnopqrstuvwxyz==';
    expect(formatNif(encrypted)).toBe('U2FsdGVkX1+abcdefghi… (encriptado)');
    expect(formatNif(encrypted, 'listing')).toBe('U2FsdGVkX1+abcdefghi… (encriptado)');
  });

  test('formatNif cuts at 21 characters but not at 20', () => {
    expect(formatNif('a'.repeat(20))).toBe('a'.repeat(20));
    expect(formatNif('a'.repeat(21))).toBe(`${'a'.repeat(20)}… (encriptado)`);
  });

  test('formatNif counts characters, not UTF-16 units, when cutting', () => {
    const value = '😀'.repeat(25);
    expect(formatNif(value)).toBe(`${'😀'.repeat(20)}… (encriptado)`);
  });

  test('formatNif shows a short value that is not a NIF as typed, trimmed', () => {
    expect(formatNif('12345678')).toBe('12345678');
    expect(formatNif(' ES12345678A ')).toBe('ES12345678A');
  });

  test('formatNif output of a nine-digit value normalises back to the value', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{9}$/), (nif) => {
        const shown = formatNif(nif);
        expect(shown).toMatch(/^\d{3} \d{3} \d{3}$/);
        expect(normalizeNif(shown)).toBe(nif);
      }),
    );
  });
});

describe('isPersonNif', () => {
  test.each(['123456789', '234567899', '300000010', '450000006'])('%s is a person', (nif) => {
    expect(isPersonNif(nif)).toBe(true);
  });
  test.each(['501964843', '999999990', '600000001', '700000002', '980000005', '12345678', ''])(
    '%j is not a person',
    (nif) => {
      expect(isPersonNif(nif)).toBe(false);
    },
  );
});
