import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { addDays, diffInDays } from './dates.ts';
import type { DocumentType, PaymentStatus } from './domain.ts';
import {
  currentLimitPeriod,
  LIMIT_EXCEEDED_THRESHOLD,
  LIMIT_PERCENTAGE_CAP,
  LIMIT_WARNING_THRESHOLD,
  limitPercentage,
  limitPeriodRange,
  limitPeriodStart,
  limitState,
  limitToday,
  shouldShowLimitPanel,
  spentInPeriod,
} from './spending-limit.ts';

const doc = (
  issueDate: string,
  totalCents: number,
  paymentStatus: PaymentStatus = 'Paga',
  documentType: DocumentType = 'FT',
) => ({ issueDate, totalCents, paymentStatus, documentType });

describe('spending limit', () => {
  test('the thresholds are 70 and 85 and the cap is 100', () => {
    expect([LIMIT_WARNING_THRESHOLD, LIMIT_EXCEEDED_THRESHOLD, LIMIT_PERCENTAGE_CAP]).toEqual([
      70, 85, 100,
    ]);
  });

  test('a monthly limit covers the calendar month of today', () => {
    expect(limitPeriodRange({ period: 'mensal' }, '2026-03-15')).toEqual({
      start: '2026-03-01',
      end: '2026-03-31',
    });
    expect(limitPeriodRange({ period: 'mensal' }, '2026-03-01')).toEqual({
      start: '2026-03-01',
      end: '2026-03-31',
    });
    expect(limitPeriodRange({ period: 'mensal' }, '2024-02-29')).toEqual({
      start: '2024-02-01',
      end: '2024-02-29',
    });
    expect(limitPeriodRange({ period: 'mensal' }, '2026-02-10')).toEqual({
      start: '2026-02-01',
      end: '2026-02-28',
    });
    expect(limitPeriodRange({ period: 'mensal' }, '2026-12-31')).toEqual({
      start: '2026-12-01',
      end: '2026-12-31',
    });
  });

  test('a missing or unknown period counts as monthly', () => {
    for (const period of [null, undefined, '', 'anual']) {
      expect(limitPeriodRange({ period }, '2026-03-15')).toEqual({
        start: '2026-03-01',
        end: '2026-03-31',
      });
      expect(limitPeriodStart({ period }, '2026-03-15')).toBe('2026-03-01');
    }
  });

  test('a weekly limit covers Monday through Sunday of today, on its edges too', () => {
    const week = { start: '2026-03-02', end: '2026-03-08' };
    expect(limitPeriodRange({ period: 'semanal' }, '2026-03-02')).toEqual(week); // Monday
    expect(limitPeriodRange({ period: 'semanal' }, '2026-03-05')).toEqual(week);
    expect(limitPeriodRange({ period: 'semanal' }, '2026-03-08')).toEqual(week); // Sunday
    expect(limitPeriodRange({ period: 'semanal' }, '2026-03-09')).toEqual({
      start: '2026-03-09',
      end: '2026-03-15',
    });
    expect(limitPeriodRange({ period: 'semanal' }, '2026-01-01')).toEqual({
      start: '2025-12-29',
      end: '2026-01-04',
    });
    expect(limitPeriodStart({ period: 'semanal' }, '2026-03-29')).toBe('2026-03-23'); // DST Sunday
  });

  test('a custom limit covers the given dates, open-ended without an end', () => {
    const custom = { period: 'personalizado', customStart: '2026-01-10', customEnd: '2026-04-09' };
    expect(limitPeriodRange(custom, '2026-03-15')).toEqual({
      start: '2026-01-10',
      end: '2026-04-09',
    });
    expect(limitPeriodStart(custom, '2026-03-15')).toBe('2026-01-10');
    expect(limitPeriodRange({ ...custom, customEnd: null }, '2026-03-15')).toEqual({
      start: '2026-01-10',
      end: null,
    });
    expect(limitPeriodRange({ ...custom, customEnd: '2026-01-10' }, '2026-03-15')).toEqual({
      start: '2026-01-10',
      end: '2026-01-10',
    });
  });

  test('a custom limit without a usable start, or ending before it starts, falls back to monthly', () => {
    const monthly = { start: '2026-03-01', end: '2026-03-31' };
    expect(limitPeriodRange({ period: 'personalizado' }, '2026-03-15')).toEqual(monthly);
    expect(
      limitPeriodRange({ period: 'personalizado', customStart: '2026-02-30' }, '2026-03-15'),
    ).toEqual(monthly);
    expect(
      limitPeriodRange(
        { period: 'personalizado', customStart: '2026-03-10', customEnd: '2026-03-09' },
        '2026-03-15',
      ),
    ).toEqual(monthly);
  });

  test.each([
    // [reset day, today, start, end]
    [null, '2026-03-15', '2026-03-01', '2026-03-31'],
    [1, '2026-03-15', '2026-03-01', '2026-03-31'],
    [15, '2026-03-15', '2026-03-15', '2026-04-14'],
    [15, '2026-03-14', '2026-02-15', '2026-03-14'],
    [15, '2026-01-05', '2025-12-15', '2026-01-14'],
    [15, '2026-12-20', '2026-12-15', '2027-01-14'],
    [31, '2026-03-31', '2026-03-31', '2026-04-29'],
    [31, '2026-04-30', '2026-04-30', '2026-05-30'],
    [31, '2026-04-29', '2026-03-31', '2026-04-29'],
    [31, '2026-02-28', '2026-02-28', '2026-03-30'],
    [31, '2026-02-27', '2026-01-31', '2026-02-27'],
    [30, '2024-02-29', '2024-02-29', '2024-03-29'],
    [29, '2026-03-01', '2026-02-28', '2026-03-28'],
  ])(
    'a monthly limit resetting on day %s covers, on %s, %s to %s',
    (resetDay, today, start, end) => {
      expect(limitPeriodRange({ period: 'mensal', resetDay }, today)).toEqual({ start, end });
    },
  );

  test('monthly periods with a reset day follow each other without gaps or overlaps', () => {
    for (const resetDay of [2, 15, 28, 29, 30, 31]) {
      let range = limitPeriodRange({ period: 'mensal', resetDay }, '2025-12-31');
      for (let i = 0; i < 30; i++) {
        const end = range.end ?? '';
        const next = limitPeriodRange({ period: 'mensal', resetDay }, addDays(end, 1));
        expect(next.start).toBe(addDays(end, 1));
        expect(limitPeriodRange({ period: 'mensal', resetDay }, end)).toEqual(range);
        range = next;
      }
    }
  });

  test('the reset day does not move a weekly or a custom period', () => {
    expect(limitPeriodRange({ period: 'semanal', resetDay: 15 }, '2026-03-05')).toEqual({
      start: '2026-03-02',
      end: '2026-03-08',
    });
    expect(
      limitPeriodRange(
        {
          period: 'personalizado',
          customStart: '2026-03-03',
          customEnd: '2026-03-20',
          resetDay: 15,
        },
        '2026-03-05',
      ),
    ).toEqual({ start: '2026-03-03', end: '2026-03-20' });
  });

  test.each([
    // [autoRenew, today, start, end] for a 10-day period 2026-03-01..2026-03-10
    [true, '2026-02-20', '2026-03-01', '2026-03-10'], // not started yet
    [true, '2026-03-10', '2026-03-01', '2026-03-10'],
    [true, '2026-03-11', '2026-03-11', '2026-03-20'],
    [true, '2026-03-20', '2026-03-11', '2026-03-20'],
    [true, '2026-03-21', '2026-03-21', '2026-03-30'],
    [true, '2026-12-31', '2026-12-26', '2027-01-04'],
    [false, '2026-03-11', '2026-03-01', '2026-03-10'],
    [false, '2026-12-31', '2026-03-01', '2026-03-10'],
    [null, '2026-12-31', '2026-03-01', '2026-03-10'],
  ])(
    'a custom period with autoRenew %s covers, on %s, %s to %s',
    (autoRenew, today, start, end) => {
      const settings = {
        period: 'personalizado',
        customStart: '2026-03-01',
        customEnd: '2026-03-10',
        autoRenew,
      };
      expect(limitPeriodRange(settings, today)).toEqual({ start, end });
    },
  );

  test('a renewed custom period always holds today and keeps its length', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 2000 }),
        (lengthMinusOne, daysAfterStart) => {
          const customStart = '2025-06-01';
          const customEnd = addDays(customStart, lengthMinusOne);
          const today = addDays(customStart, daysAfterStart);
          const range = limitPeriodRange(
            { period: 'personalizado', customStart, customEnd, autoRenew: true },
            today,
          );
          const end = range.end ?? '';
          expect(range.start <= today && today <= end).toBe(true);
          expect(diffInDays(end, range.start)).toBe(lengthMinusOne);
          expect(diffInDays(range.start, customStart) % (lengthMinusOne + 1)).toBe(0);
        },
      ),
    );
  });

  test('an open-ended custom period never renews', () => {
    expect(
      limitPeriodRange(
        { period: 'personalizado', customStart: '2026-01-10', autoRenew: true },
        '2027-05-01',
      ),
    ).toEqual({ start: '2026-01-10', end: null });
  });

  test("today is taken in the supplier's time zone, Lisbon when it has none or an unknown one", () => {
    // 23:30 UTC on 31 March: 1 April in Lisbon (summer time), still 31 March in the Azores.
    const now = new Date('2026-03-31T23:30:00Z');
    expect(limitToday('Europe/Lisbon', now)).toBe('2026-04-01');
    expect(limitToday('Atlantic/Azores', now)).toBe('2026-03-31');
    expect(limitToday(null, now)).toBe('2026-04-01');
    expect(limitToday('Europe/Atlantis', now)).toBe('2026-04-01');
    expect(currentLimitPeriod({ period: 'mensal', timeZone: 'Europe/Lisbon' }, now)).toEqual({
      start: '2026-04-01',
      end: '2026-04-30',
    });
    expect(currentLimitPeriod({ period: 'mensal', timeZone: 'Atlantic/Azores' }, now)).toEqual({
      start: '2026-03-01',
      end: '2026-03-31',
    });
  });

  test('spending counts only paid invoices inside the period, ends included', () => {
    const range = { start: '2026-03-01', end: '2026-03-31' };
    const invoices = [
      doc('2026-02-28', 1000),
      doc('2026-03-01', 2000),
      doc('2026-03-31', 3000),
      doc('2026-04-01', 4000),
      doc('2026-03-10', 5000, 'Pendente'),
      doc('2026-03-10', 6000, 'Vencida'),
    ];
    expect(spentInPeriod(invoices, range)).toBe(5000);
  });

  test('credit notes subtract from the spending, and may take it below zero', () => {
    const range = { start: '2026-03-01', end: '2026-03-31' };
    expect(
      spentInPeriod([doc('2026-03-02', 10000), doc('2026-03-03', 2500, 'Paga', 'NC')], range),
    ).toBe(7500);
    expect(spentInPeriod([doc('2026-03-03', 2500, 'Paga', 'NC')], range)).toBe(-2500);
    expect(spentInPeriod([doc('2026-03-03', 2500, 'Pendente', 'NC')], range)).toBe(0);
  });

  test('an open-ended period counts everything from its start', () => {
    expect(
      spentInPeriod([doc('2026-01-09', 100), doc('2026-01-10', 200), doc('2030-01-01', 400)], {
        start: '2026-01-10',
        end: null,
      }),
    ).toBe(600);
    expect(spentInPeriod([], { start: '2026-01-10', end: null })).toBe(0);
  });

  test.each([
    [0, 10000, 0],
    [5000, 10000, 50],
    [7001, 10000, 70.01],
    [10000, 10000, 100],
    [25000, 10000, 100],
    [-2500, 10000, 0],
    [5000, 0, 0],
    [5000, -100, 0],
  ])('limitPercentage(%d spent, %d limit) is %d', (spent, limit, expected) => {
    expect(limitPercentage(spent, limit)).toBeCloseTo(expected, 10);
  });

  test('limitPercentage stays between 0 and 100 for any amounts', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e9, max: 1e9 }),
        fc.integer({ min: -1e9, max: 1e9 }),
        (spent, limit) => {
          const percentage = limitPercentage(spent, limit);
          expect(percentage).toBeGreaterThanOrEqual(0);
          expect(percentage).toBeLessThanOrEqual(100);
        },
      ),
    );
  });

  test.each([
    [0, 'Dentro do limite', 'green'],
    [50, 'Dentro do limite', 'green'],
    [70, 'Dentro do limite', 'green'],
    [70.01, 'Atenção ao limite', 'amber'],
    [80, 'Atenção ao limite', 'amber'],
    [85, 'Atenção ao limite', 'amber'],
    [85.01, 'Limite excedido', 'red'],
    [100, 'Limite excedido', 'red'],
    [150, 'Limite excedido', 'red'],
  ])('at %d%% the state is %s (%s)', (percentage, label, color) => {
    const state = limitState(percentage);
    expect(state.label).toBe(label);
    expect(state.color).toBe(color);
    expect(state.warning).toBe(color === 'red' ? 'Limite de despesa excedido' : null);
  });

  test('limit states go green, amber, red as the spending grows', () => {
    const limit = 10000;
    const colours = [7000, 7001, 8500, 8501, 10000, 20000].map(
      (spent) => limitState(limitPercentage(spent, limit)).color,
    );
    expect(colours).toEqual(['green', 'amber', 'amber', 'red', 'red', 'red']);
  });

  test('the panel shows only for an active limit with a positive amount', () => {
    expect(shouldShowLimitPanel({ active: true, amountCents: 10000 })).toBe(true);
    expect(shouldShowLimitPanel({ active: true, amountCents: 1 })).toBe(true);
    expect(shouldShowLimitPanel({ active: true, amountCents: 0 })).toBe(false);
    expect(shouldShowLimitPanel({ active: true, amountCents: null })).toBe(false);
    expect(shouldShowLimitPanel({ active: false, amountCents: 10000 })).toBe(false);
    expect(shouldShowLimitPanel({ active: null, amountCents: 10000 })).toBe(false);
  });
});
