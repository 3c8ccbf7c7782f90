import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { PAYMENT_STATUSES, type PaymentStatus } from './domain.ts';
import {
  foldForSearch,
  matchesSearch,
  matchesStatuses,
  monthsMatchingSearch,
  sortInvoices,
} from './invoice-search.ts';
import { isFromPreviousMonth } from './invoice-status.ts';

const march = {
  supplierName: 'Pingo Doce — Conceição',
  number: 'FT A/123',
  issueDate: '2026-03-05',
};

describe('invoice search', () => {
  test('foldForSearch lowercases, folds accents and collapses whitespace', () => {
    expect(foldForSearch('  Março  ÇÃO\tÉ ')).toBe('marco cao e');
    expect(foldForSearch('Conceic\u0327a\u0303o')).toBe('conceicao');
  });

  test('an empty or blank query matches every invoice', () => {
    expect(matchesSearch(march, '')).toBe(true);
    expect(matchesSearch(march, '   ')).toBe(true);
  });

  test('the supplier name matches case- and accent-insensitively, anywhere inside', () => {
    for (const query of ['pingo', 'PINGO DOCE', 'conceição', 'conceicao', 'CONCEIÇAO', 'doce']) {
      expect(matchesSearch(march, query)).toBe(true);
    }
    expect(matchesSearch(march, 'continente')).toBe(false);
  });

  test('the invoice number matches case-insensitively, anywhere inside', () => {
    expect(matchesSearch(march, 'ft a/123')).toBe(true);
    expect(matchesSearch(march, '123')).toBe(true);
    expect(matchesSearch(march, 'A/12')).toBe(true);
    expect(matchesSearch(march, 'A/124')).toBe(false);
  });

  test('the month of the issue date matches in full or abbreviated, with or without accents', () => {
    for (const query of ['março', 'marco', 'MARÇO', 'Mar', 'mar', 'març']) {
      expect(matchesSearch(march, query)).toBe(true);
    }
    for (const query of ['abril', 'fev', 'maio', 'marcos']) {
      expect(matchesSearch(march, query)).toBe(false);
    }
  });

  test('the months a folded search text names', () => {
    expect(monthsMatchingSearch('janeiro')).toEqual([1]);
    expect(monthsMatchingSearch('jan')).toEqual([1]);
    expect(monthsMatchingSearch('marc')).toEqual([3]);
    expect(monthsMatchingSearch('ma')).toEqual([3, 5]);
    expect(monthsMatchingSearch('bro')).toEqual([9, 10, 11, 12]);
    expect(monthsMatchingSearch('continente')).toEqual([]);
    expect(monthsMatchingSearch('')).toEqual([]);
  });

  test('every month is found by its full and its abbreviated name, and no other month is', () => {
    const full = [
      'janeiro',
      'fevereiro',
      'março',
      'abril',
      'maio',
      'junho',
      'julho',
      'agosto',
      'setembro',
      'outubro',
      'novembro',
      'dezembro',
    ];
    const short = [
      'jan',
      'fev',
      'mar',
      'abr',
      'mai',
      'jun',
      'jul',
      'ago',
      'set',
      'out',
      'nov',
      'dez',
    ];
    full.forEach((name, index) => {
      const invoice = {
        supplierName: 'X',
        number: '1',
        issueDate: `2026-${String(index + 1).padStart(2, '0')}-10`,
      };
      expect(matchesSearch(invoice, name)).toBe(true);
      expect(matchesSearch(invoice, short[index] ?? '')).toBe(true);
      full.forEach((other, j) => {
        if (j !== index) expect(matchesSearch(invoice, other)).toBe(false);
      });
    });
  });

  test('a missing supplier name does not break the search', () => {
    expect(matchesSearch({ ...march, supplierName: null }, 'pingo')).toBe(false);
    expect(matchesSearch({ ...march, supplierName: null }, 'mar')).toBe(true);
  });

  test('status filters combine, and none selected shows every status', () => {
    for (const status of PAYMENT_STATUSES) {
      expect(matchesStatuses({ paymentStatus: status }, [])).toBe(true);
      expect(matchesStatuses({ paymentStatus: status }, [status])).toBe(true);
    }
    expect(matchesStatuses({ paymentStatus: 'Paga' }, ['Pendente', 'Vencida'])).toBe(false);
    expect(matchesStatuses({ paymentStatus: 'Vencida' }, ['Pendente', 'Vencida'])).toBe(true);
    expect(matchesStatuses({ paymentStatus: 'Pendente' }, ['Paga'])).toBe(false);
  });

  const today = '2026-03-15';
  const row = (
    id: string,
    createdAt: string | Date,
    issueDate = '2026-03-10',
    paymentStatus: PaymentStatus = 'Paga',
  ) => ({
    id,
    createdAt,
    issueDate,
    paymentStatus,
  });

  test('sortInvoices puts highlighted invoices first, then the newest created', () => {
    const list = [
      row('a', '2026-03-10T10:00:00.000Z'),
      row('b', '2026-03-12T10:00:00.000Z'),
      row('c', '2026-02-01T10:00:00.000Z', '2026-02-01', 'Pendente'),
      row('d', '2026-01-05T10:00:00.000Z', '2026-01-05', 'Vencida'),
      row('e', '2026-02-20T10:00:00.000Z', '2026-02-20', 'Paga'),
    ];
    expect(sortInvoices(list, today).map((i) => i.id)).toEqual(['c', 'd', 'b', 'a', 'e']);
  });

  test('sortInvoices breaks ties of created time by id, descending, and does not touch its input', () => {
    const list = [
      row('a', '2026-03-10T10:00:00Z'),
      row('c', '2026-03-10T10:00:00Z'),
      row('b', '2026-03-10T10:00:00Z'),
    ];
    expect(sortInvoices(list, today).map((i) => i.id)).toEqual(['c', 'b', 'a']);
    expect(list.map((i) => i.id)).toEqual(['a', 'c', 'b']);
  });

  test('sortInvoices compares instants, not strings, and accepts Dates', () => {
    const list = [
      row('utc', '2026-03-10T10:00:00Z'),
      row('lisbon', '2026-03-10T11:30:00+01:00'), // 10:30Z, newer
      row('date', new Date('2026-03-10T10:15:00Z')),
      row('broken', 'not a date'),
    ];
    expect(sortInvoices(list, today).map((i) => i.id)).toEqual(['lisbon', 'date', 'utc', 'broken']);
  });

  test('sortInvoices returns a permutation with every highlighted invoice before the rest', () => {
    const status = fc.constantFrom(...PAYMENT_STATUSES);
    const day = fc
      .integer({ min: 0, max: 120 })
      .map((n) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10));
    const instant = fc
      .integer({ min: 0, max: 1000 })
      .map((n) => new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString());
    const invoice = fc.record({
      id: fc.string({ maxLength: 3 }),
      createdAt: instant,
      issueDate: day,
      paymentStatus: status,
    });
    fc.assert(
      fc.property(fc.array(invoice, { maxLength: 40 }), (list) => {
        const sorted = sortInvoices(list, today);
        expect([...sorted].sort(byJson)).toEqual([...list].sort(byJson));
        const flags = sorted.map((i) => isFromPreviousMonth(i, today));
        expect(flags).toEqual([...flags].sort((a, b) => Number(b) - Number(a)));
        for (let k = 1; k < sorted.length; k++) {
          const [prev, next] = [sorted[k - 1]!, sorted[k]!];
          if (flags[k - 1] === flags[k]) expect(prev.createdAt >= next.createdAt).toBe(true);
        }
        expect(sortInvoices(sorted, today)).toEqual(sorted);
      }),
    );
  });
});

function byJson(a: unknown, b: unknown): number {
  const [x, y] = [JSON.stringify(a), JSON.stringify(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}
