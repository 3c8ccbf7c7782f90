import { expect, test } from 'vitest';
import { INVOICE_MESSAGES } from '#shared/schemas/invoice.ts';
import {
  badgeCount,
  hasEditChanges,
  invoiceEditSchema,
  overdueDays,
  overdueText,
  pastDueText,
  toEditValues,
} from './sheet-values.ts';

const today = '2026-03-10';

test('overdue texts say dia for one day and dias otherwise', () => {
  expect(overdueText(1)).toBe('Vencida há 1 dia');
  expect(overdueText(12)).toBe('Vencida há 12 dias');
  expect(pastDueText(1)).toBe('Venceu há 1 dia');
  expect(pastDueText(3)).toBe('Venceu há 3 dias');
});

test('an unpaid invoice due before today is overdue by whole days', () => {
  expect(overdueDays({ dueDate: '2026-03-09', paymentStatus: 'Pendente' }, today)).toBe(1);
  expect(overdueDays({ dueDate: '2026-02-08', paymentStatus: 'Vencida' }, today)).toBe(30);
});

test('due today, due later, paid, or a half-typed date is not overdue', () => {
  expect(overdueDays({ dueDate: today, paymentStatus: 'Pendente' }, today)).toBeNull();
  expect(overdueDays({ dueDate: '2026-04-01', paymentStatus: 'Vencida' }, today)).toBeNull();
  expect(overdueDays({ dueDate: '2026-01-01', paymentStatus: 'Paga' }, today)).toBeNull();
  expect(overdueDays({ dueDate: '', paymentStatus: 'Pendente' }, today)).toBeNull();
  expect(overdueDays({ dueDate: '2026-02-30', paymentStatus: 'Pendente' }, today)).toBeNull();
});

test('the images badge caps at 99+', () => {
  expect(badgeCount(0)).toBe('0');
  expect(badgeCount(99)).toBe('99');
  expect(badgeCount(100)).toBe('99+');
});

const invoice = {
  dueDate: '2026-03-31',
  paymentStatus: 'Paga',
  paymentMethod: 'Cartão',
  notes: null,
} as const;

test('the form starts from the invoice, with empty notes as an empty text', () => {
  expect(toEditValues(invoice)).toEqual({
    dueDate: '2026-03-31',
    paymentStatus: 'Paga',
    paymentMethod: 'Cartão',
    notes: '',
  });
});

test('the due date is required, with the spec message', () => {
  const result = invoiceEditSchema.safeParse({ ...toEditValues(invoice), dueDate: '' });
  expect(result.error?.issues.map((i) => [i.path, i.message])).toEqual([
    [['dueDate'], INVOICE_MESSAGES.dueDateRequired],
  ]);
});

test('a due date before 1900-01-01 is refused', () => {
  const result = invoiceEditSchema.safeParse({ ...toEditValues(invoice), dueDate: '1899-12-31' });
  expect(result.error?.issues.map((i) => i.message)).toEqual([INVOICE_MESSAGES.dueDateInvalid]);
});

test('the saved body drops the method unless Paga and turns blank notes into null', () => {
  const values = { ...toEditValues(invoice), paymentStatus: 'Pendente' as const, notes: '  ' };
  expect(invoiceEditSchema.parse(values)).toEqual({
    dueDate: '2026-03-31',
    paymentStatus: 'Pendente',
    paymentMethod: null,
    notes: null,
  });
  expect(invoiceEditSchema.parse(toEditValues(invoice)).paymentMethod).toBe('Cartão');
});

test('the form has changes only when a value differs from where it started', () => {
  const initial = toEditValues(invoice);
  expect(hasEditChanges({ ...initial }, initial)).toBe(false);
  expect(hasEditChanges({ ...initial, notes: 'Pagar amanhã' }, initial)).toBe(true);
  expect(hasEditChanges({ ...initial, dueDate: '2026-04-01' }, initial)).toBe(true);
  expect(hasEditChanges({ ...initial, paymentStatus: 'Vencida' }, initial)).toBe(true);
  expect(hasEditChanges({ ...initial, paymentMethod: null }, initial)).toBe(true);
  // Typed and erased again is no change.
  expect(hasEditChanges({ ...initial, notes: '' }, { ...initial, notes: null })).toBe(false);
});
