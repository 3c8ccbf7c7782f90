import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from './domain.ts';
import {
  PREVIOUS_MONTH_BADGE,
  daysOverdue,
  editSave,
  isFromPreviousMonth,
  isOverdue,
  isPaymentMethodEnabled,
  isUrgent,
  paymentOff,
  paymentOn,
  savedPayment,
  shownStatus,
  statusAfterExpiry,
} from './invoice-status.ts';
import { addDays, diffInDays } from './dates.ts';

const today = '2026-03-15';

describe('invoice status', () => {
  test('an unpaid invoice is overdue only from the day after its due date', () => {
    expect(isOverdue({ dueDate: '2026-03-14', paymentStatus: 'Pendente' }, today)).toBe(true);
    expect(isOverdue({ dueDate: '2026-03-15', paymentStatus: 'Pendente' }, today)).toBe(false);
    expect(isOverdue({ dueDate: '2026-03-16', paymentStatus: 'Pendente' }, today)).toBe(false);
    expect(isOverdue({ dueDate: '2025-12-31', paymentStatus: 'Vencida' }, today)).toBe(true);
  });

  test('a paid invoice is never overdue, nor one without a due date', () => {
    expect(isOverdue({ dueDate: '2026-01-01', paymentStatus: 'Paga' }, today)).toBe(false);
    expect(isOverdue({ dueDate: null, paymentStatus: 'Pendente' }, today)).toBe(false);
  });

  test('daysOverdue counts whole days since the due date, 0 when not past it', () => {
    expect(daysOverdue('2026-03-14', today)).toBe(1);
    expect(daysOverdue('2026-03-15', today)).toBe(0);
    expect(daysOverdue('2026-03-20', today)).toBe(0);
    expect(daysOverdue('2026-02-15', today)).toBe(28);
    expect(daysOverdue('2025-03-15', today)).toBe(365);
    expect(daysOverdue('2024-02-28', '2024-03-01')).toBe(2); // leap day in between
    expect(daysOverdue('2025-12-31', '2026-01-01')).toBe(1);
    expect(daysOverdue(null, today)).toBe(0);
  });

  test('daysOverdue is positive exactly when the due date is before today', () => {
    const date = fc.integer({ min: 0, max: 3000 }).map((n) => {
      const d = new Date(Date.UTC(2020, 0, 1 + n));
      return d.toISOString().slice(0, 10);
    });
    fc.assert(
      fc.property(date, date, (due, day) => {
        expect(daysOverdue(due, day) > 0).toBe(
          isOverdue({ dueDate: due, paymentStatus: 'Pendente' }, day),
        );
      }),
    );
  });

  test('a Pendente invoice is urgent when due from today through today + 3 days', () => {
    const pending = (dueDate: string) => ({ dueDate, paymentStatus: 'Pendente' as const });
    expect(isUrgent(pending('2026-03-14'), today)).toBe(false); // overdue, not urgent
    expect(isUrgent(pending('2026-03-15'), today)).toBe(true);
    expect(isUrgent(pending('2026-03-18'), today)).toBe(true);
    expect(isUrgent(pending('2026-03-19'), today)).toBe(false);
    expect(isUrgent(pending('2026-04-01'), '2026-03-29')).toBe(true); // across a month end
    expect(isUrgent(pending('2027-01-02'), '2026-12-30')).toBe(true); // across a year end
  });

  test('only a Pendente invoice with a due date can be urgent', () => {
    expect(isUrgent({ dueDate: '2026-03-16', paymentStatus: 'Paga' }, today)).toBe(false);
    expect(isUrgent({ dueDate: '2026-03-16', paymentStatus: 'Vencida' }, today)).toBe(false);
    expect(isUrgent({ dueDate: null, paymentStatus: 'Pendente' }, today)).toBe(false);
  });

  test('an open invoice issued before the current month is from the previous month', () => {
    expect(isFromPreviousMonth({ issueDate: '2026-02-28', paymentStatus: 'Pendente' }, today)).toBe(
      true,
    );
    expect(isFromPreviousMonth({ issueDate: '2025-11-02', paymentStatus: 'Vencida' }, today)).toBe(
      true,
    );
    expect(isFromPreviousMonth({ issueDate: '2026-03-01', paymentStatus: 'Pendente' }, today)).toBe(
      false,
    );
    expect(isFromPreviousMonth({ issueDate: '2026-02-28', paymentStatus: 'Paga' }, today)).toBe(
      false,
    );
    expect(
      isFromPreviousMonth({ issueDate: '2025-12-31', paymentStatus: 'Pendente' }, '2026-01-01'),
    ).toBe(true);
    expect(
      isFromPreviousMonth({ issueDate: '2026-01-01', paymentStatus: 'Pendente' }, '2026-01-31'),
    ).toBe(false);
  });

  test('the previous-month badge text is the spec text', () => {
    expect(PREVIOUS_MONTH_BADGE).toBe('Pendente do mês anterior');
  });

  test('paymentOn marks the invoice Paga with the picked method', () => {
    for (const method of PAYMENT_METHODS) {
      expect(paymentOn(method)).toEqual({
        isPaid: true,
        paymentStatus: 'Paga',
        paymentMethod: method,
      });
    }
  });

  test('paymentOff makes the invoice Vencida when its due date has passed, else Pendente', () => {
    const off = (status: 'Vencida' | 'Pendente') => ({
      isPaid: false,
      paymentStatus: status,
      paymentMethod: null,
    });
    expect(paymentOff({ dueDate: '2026-03-14' }, today)).toEqual(off('Vencida'));
    expect(paymentOff({ dueDate: '2026-03-15' }, today)).toEqual(off('Pendente'));
    expect(paymentOff({ dueDate: '2026-03-16' }, today)).toEqual(off('Pendente'));
    expect(paymentOff({ dueDate: null }, today)).toEqual(off('Pendente'));
  });

  test('editSave pays and keeps the method only for Paga', () => {
    expect(editSave('Paga', 'Cartão')).toEqual({
      isPaid: true,
      paymentStatus: 'Paga',
      paymentMethod: 'Cartão',
    });
    expect(editSave('Paga', null)).toEqual({
      isPaid: true,
      paymentStatus: 'Paga',
      paymentMethod: null,
    });
    expect(editSave('Pendente', 'Dinheiro')).toEqual({
      isPaid: false,
      paymentStatus: 'Pendente',
      paymentMethod: null,
    });
    expect(editSave('Vencida', 'Outro')).toEqual({
      isPaid: false,
      paymentStatus: 'Vencida',
      paymentMethod: null,
    });
  });

  test('editSave keeps the chosen status and ties isPaid to Paga for every combination', () => {
    for (const status of PAYMENT_STATUSES) {
      for (const method of [...PAYMENT_METHODS, null]) {
        const saved = editSave(status, method);
        expect(saved.paymentStatus).toBe(status);
        expect(saved.isPaid).toBe(status === 'Paga');
        expect(saved.paymentMethod === null || saved.isPaid).toBe(true);
      }
    }
  });

  test('the payment method select is enabled only for Paga', () => {
    expect(PAYMENT_STATUSES.filter(isPaymentMethodEnabled)).toEqual(['Paga']);
  });

  test('the expiry job turns an unpaid Pendente past its due date into Vencida', () => {
    expect(statusAfterExpiry({ dueDate: '2026-03-14', paymentStatus: 'Pendente' }, today)).toBe(
      'Vencida',
    );
    expect(
      statusAfterExpiry({ dueDate: '2026-03-14', paymentStatus: 'Pendente', isPaid: false }, today),
    ).toBe('Vencida');
  });

  test('the expiry job leaves everything else as it is', () => {
    expect(statusAfterExpiry({ dueDate: '2026-03-15', paymentStatus: 'Pendente' }, today)).toBe(
      'Pendente',
    );
    expect(statusAfterExpiry({ dueDate: '2026-03-14', paymentStatus: 'Paga' }, today)).toBe('Paga');
    expect(statusAfterExpiry({ dueDate: '2026-03-14', paymentStatus: 'Vencida' }, today)).toBe(
      'Vencida',
    );
    expect(
      statusAfterExpiry({ dueDate: '2026-03-14', paymentStatus: 'Pendente', isPaid: true }, today),
    ).toBe('Pendente');
    expect(statusAfterExpiry({ dueDate: null, paymentStatus: 'Pendente' }, today)).toBe('Pendente');
  });

  test('urgent exactly when Pendente and 0 to 3 days before the due date (property)', () => {
    const day = fc.integer({ min: 0, max: 3000 }).map((n) => addDays('2020-01-01', n));
    const offset = fc.integer({ min: -10, max: 10 });
    const status = fc.constantFrom(...PAYMENT_STATUSES);
    fc.assert(
      fc.property(day, offset, status, (today, days, paymentStatus) => {
        const dueDate = addDays(today, days);
        const expected = paymentStatus === 'Pendente' && days >= 0 && days <= 3;
        expect(isUrgent({ dueDate, paymentStatus }, today)).toBe(expected);
        // Never urgent and overdue at once.
        expect(
          isUrgent({ dueDate, paymentStatus }, today) &&
            isOverdue({ dueDate, paymentStatus }, today),
        ).toBe(false);
      }),
    );
  });

  test('shownStatus reads an unpaid Pendente past its due date as Vencida, nothing else changes', () => {
    expect(shownStatus({ dueDate: '2026-03-14', paymentStatus: 'Pendente' }, today)).toBe(
      'Vencida',
    );
    expect(shownStatus({ dueDate: '2026-03-15', paymentStatus: 'Pendente' }, today)).toBe(
      'Pendente',
    );
    expect(shownStatus({ dueDate: '2026-03-01', paymentStatus: 'Paga' }, today)).toBe('Paga');
    expect(shownStatus({ dueDate: '2026-04-01', paymentStatus: 'Vencida' }, today)).toBe('Vencida');
  });

  test('savedPayment stores a Pendente with a passed due date as Vencida, paid stays paid', () => {
    expect(savedPayment('Pendente', null, '2026-03-01', today)).toEqual({
      isPaid: false,
      paymentStatus: 'Vencida',
      paymentMethod: null,
    });
    expect(savedPayment('Pendente', 'Cartão', '2026-03-15', today).paymentStatus).toBe('Pendente');
    expect(savedPayment('Paga', 'Cartão', '2026-03-01', today)).toEqual({
      isPaid: true,
      paymentStatus: 'Paga',
      paymentMethod: 'Cartão',
    });
    expect(savedPayment('Vencida', null, '2026-04-01', today).paymentStatus).toBe('Vencida');
  });

  test('savedPayment never leaves a Pendente before its due date has passed (property)', () => {
    const day = fc.integer({ min: 0, max: 3000 }).map((n) => addDays('2020-01-01', n));
    fc.assert(
      fc.property(day, day, fc.constantFrom(...PAYMENT_STATUSES), (due, on, status) => {
        const saved = savedPayment(status, null, due, on);
        if (saved.paymentStatus === 'Pendente') expect(diffInDays(due, on) >= 0).toBe(true);
        if (status === 'Paga') expect(saved.paymentStatus).toBe('Paga');
      }),
    );
  });
});
