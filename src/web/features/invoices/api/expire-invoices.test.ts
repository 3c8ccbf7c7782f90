import { expect, test } from 'vitest';
import { expiredMessage } from '../messages.ts';

test('the toast after expiring says how many invoices became overdue, in pt-PT', () => {
  expect(expiredMessage(0)).toBe('Nenhuma fatura por expirar');
  expect(expiredMessage(1)).toBe('1 fatura passou a vencida');
  expect(expiredMessage(2)).toBe('2 faturas passaram a vencidas');
  expect(expiredMessage(37)).toBe('37 faturas passaram a vencidas');
});
