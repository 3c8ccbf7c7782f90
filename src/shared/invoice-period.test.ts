import { describe, expect, test } from 'vitest';
import type { PaymentStatus } from './domain.ts';
import {
  INVOICE_PERIODS,
  INVOICE_PERIOD_LABELS,
  isInRange,
  isInvoicePeriod,
  matchesPeriod,
  periodRange,
} from './invoice-period.ts';

const today = '2026-03-15';
const inv = (issueDate: string, paymentStatus: PaymentStatus = 'Paga') => ({
  issueDate,
  paymentStatus,
});

describe('invoice period', () => {
  test('the periods and their labels are the spec ones, in order', () => {
    expect(INVOICE_PERIODS).toEqual(['all', 'last30days', 'thisMonth', 'previousMonths']);
    expect(INVOICE_PERIODS.map((p) => INVOICE_PERIOD_LABELS[p])).toEqual([
      'Todas as Faturas',
      'Últimos 30 dias',
      'Este mês',
      'Meses anteriores',
    ]);
  });

  test('periodRange gives issue-date bounds, from inclusive and to exclusive', () => {
    expect(periodRange('all', today)).toEqual({});
    expect(periodRange('last30days', today)).toEqual({ from: '2026-02-13', to: '2026-03-16' });
    expect(periodRange('thisMonth', today)).toEqual({ from: '2026-03-01', to: '2026-04-01' });
    expect(periodRange('previousMonths', today)).toEqual({ to: '2026-03-01' });
  });

  test('periodRange crosses year ends and leap days', () => {
    expect(periodRange('thisMonth', '2026-12-31')).toEqual({
      from: '2026-12-01',
      to: '2027-01-01',
    });
    expect(periodRange('previousMonths', '2026-01-01')).toEqual({ to: '2026-01-01' });
    expect(periodRange('last30days', '2024-03-01')).toEqual({
      from: '2024-01-31',
      to: '2024-03-02',
    });
    expect(periodRange('last30days', '2026-01-10')).toEqual({
      from: '2025-12-11',
      to: '2026-01-11',
    });
  });

  test('isInRange treats from as inclusive, to as exclusive and missing bounds as open', () => {
    const range = { from: '2026-03-01', to: '2026-04-01' };
    expect(isInRange('2026-02-28', range)).toBe(false);
    expect(isInRange('2026-03-01', range)).toBe(true);
    expect(isInRange('2026-03-31', range)).toBe(true);
    expect(isInRange('2026-04-01', range)).toBe(false);
    expect(isInRange('1900-01-01', {})).toBe(true);
    expect(isInRange('1900-01-01', { to: '2026-03-01' })).toBe(true);
    expect(isInRange('2999-01-01', { from: '2026-03-01' })).toBe(true);
  });

  test('all matches every invoice', () => {
    for (const date of ['1999-01-01', '2026-03-15', '2027-06-01']) {
      expect(matchesPeriod(inv(date), 'all', today)).toBe(true);
    }
  });

  test('last30days matches invoices issued from 30 days ago through today', () => {
    expect(matchesPeriod(inv('2026-02-12'), 'last30days', today)).toBe(false);
    expect(matchesPeriod(inv('2026-02-13'), 'last30days', today)).toBe(true);
    expect(matchesPeriod(inv('2026-03-15'), 'last30days', today)).toBe(true);
    expect(matchesPeriod(inv('2026-03-16'), 'last30days', today)).toBe(false);
  });

  test('last30days does not add earlier open invoices', () => {
    expect(matchesPeriod(inv('2026-01-01', 'Pendente'), 'last30days', today)).toBe(false);
  });

  test('thisMonth matches invoices issued this month', () => {
    expect(matchesPeriod(inv('2026-03-01'), 'thisMonth', today)).toBe(true);
    expect(matchesPeriod(inv('2026-03-31'), 'thisMonth', today)).toBe(true);
    expect(matchesPeriod(inv('2026-02-28'), 'thisMonth', today)).toBe(false);
    expect(matchesPeriod(inv('2026-04-01'), 'thisMonth', today)).toBe(false);
  });

  test('thisMonth also matches earlier invoices that are still Pendente or Vencida', () => {
    expect(matchesPeriod(inv('2026-02-28', 'Pendente'), 'thisMonth', today)).toBe(true);
    expect(matchesPeriod(inv('2025-06-01', 'Vencida'), 'thisMonth', today)).toBe(true);
    expect(matchesPeriod(inv('2026-02-28', 'Paga'), 'thisMonth', today)).toBe(false);
    expect(matchesPeriod(inv('2026-04-01', 'Pendente'), 'thisMonth', today)).toBe(false);
  });

  test('previousMonths matches invoices issued before this month, whatever their status', () => {
    expect(matchesPeriod(inv('2026-02-28'), 'previousMonths', today)).toBe(true);
    expect(matchesPeriod(inv('2026-02-28', 'Pendente'), 'previousMonths', today)).toBe(true);
    expect(matchesPeriod(inv('2026-03-01'), 'previousMonths', today)).toBe(false);
    expect(matchesPeriod(inv('2025-12-31'), 'previousMonths', '2026-01-01')).toBe(true);
  });

  test('isInvoicePeriod accepts only the four periods', () => {
    expect(INVOICE_PERIODS.every(isInvoicePeriod)).toBe(true);
    for (const other of ['', 'month', 'ALL', null, undefined, 3])
      expect(isInvoicePeriod(other)).toBe(false);
  });
});
