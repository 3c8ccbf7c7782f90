import { expect, test } from 'vitest';
import { FIELD_CODES } from './fields.ts';
import { makeIssue, severityOf } from './issues.ts';
import { AT_QR_FIELD_LABELS, AT_QR_MESSAGES, formatEurosForMessage } from './messages.ts';
import type { AtQrIssueCode } from './types.ts';

const isIssueCode = (key: string): key is AtQrIssueCode => key in AT_QR_MESSAGES;
const allCodes = Object.keys(AT_QR_MESSAGES).filter(isIssueCode);

test('every field code has its official pt-PT label', () => {
  for (const code of FIELD_CODES) expect(AT_QR_FIELD_LABELS[code]).toBeTruthy();
  expect(AT_QR_FIELD_LABELS.J3).toBe('Base tributável de IVA à taxa reduzida');
  expect(AT_QR_FIELD_LABELS.K8).toBe('Total de IVA à taxa normal');
});

test('every issue code has a message with no unfilled placeholder once parameters are given', () => {
  for (const code of allCodes) {
    const message = AT_QR_MESSAGES[code]({ field: 'I7', value: 'x', expected: '1', found: '2' });
    expect(message.length).toBeGreaterThan(10);
    expect(message).not.toMatch(/undefined|null|\?\)|\(\?|: \?/);
    expect(message).toMatch(/[.]$/);
  }
});

test('errors are exactly the unrecoverable problems; everything tolerated is a warning', () => {
  const errors = allCodes.filter((code) => severityOf(code) === 'error');
  expect(errors.sort()).toEqual(
    [
      'BAD_FORMAT',
      'DUPLICATE_FIELD',
      'EMPTY_FIELD',
      'FISCAL_SPACE_WITHOUT_REGION',
      'MALFORMED_FIELD',
      'MISSING_FIELD',
      'NO_FISCAL_SPACE',
      'NOT_AT_QR',
      'OUT_OF_ORDER',
      'TOO_LONG',
      'UNKNOWN_FIELD',
    ].sort(),
  );
  for (const code of [
    'DECIMAL_COMMA',
    'LEADING_SPACE',
    'ISLAND_ONLY_FISCAL_SPACE',
    'ISSUER_NIF_CHECK_DIGIT',
  ] as const) {
    expect(severityOf(code)).toBe('warning');
  }
});

test('makeIssue names the field only when there is one', () => {
  expect(makeIssue('EMPTY_SEGMENT')).toEqual({
    code: 'EMPTY_SEGMENT',
    severity: 'warning',
    message: 'O código QR tem um separador «*» a mais, que foi ignorado.',
  });
  expect(makeIssue('MISSING_FIELD', { field: 'H' })).toEqual({
    code: 'MISSING_FIELD',
    severity: 'error',
    field: 'H',
    message: 'Falta o campo obrigatório H (ATCUD).',
  });
});

test('long values are shortened in messages', () => {
  const message = AT_QR_MESSAGES.BAD_FORMAT({ field: 'A', value: '9'.repeat(200) });
  expect(message).toContain(`«${'9'.repeat(30)}…»`);
  expect(message.length).toBeLessThan(140);
});

test('amounts in messages are euros with a decimal comma', () => {
  expect(formatEurosForMessage(6400002)).toBe('64000,02 €');
  expect(formatEurosForMessage(5)).toBe('0,05 €');
  expect(formatEurosForMessage(-150)).toBe('-1,50 €');
});
