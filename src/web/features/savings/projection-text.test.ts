import { expect, test } from 'vitest';
import { projectionText } from './projection-text.ts';

const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/gu, ' ');
const of = (projection: Parameters<typeof projectionText>[0], paceCents = 35_000) =>
  nbsp(projectionText(projection, { paceCents, targetDate: '2026-06-30' }).text);

test('each projection reads as a sentence with its month and amounts', () => {
  expect(of({ kind: 'reached' })).toBe('Objetivo atingido. Parabéns!');
  expect(
    of({ kind: 'on-track', remainingCents: 1, projectedMonth: '2026-03', requiredMonthlyCents: 1 }),
  ).toBe('Ao ritmo atual (350,00 € por mês), atinge o objetivo em março de 2026, dentro do prazo.');
  expect(
    of(
      { kind: 'late', remainingCents: 1, projectedMonth: '2027-01', requiredMonthlyCents: 42_000 },
      15_000,
    ),
  ).toBe(
    'Ao ritmo atual (150,00 € por mês), só atinge o objetivo em janeiro de 2027, depois do prazo (30/06/2026). Para chegar a tempo, poupe 420,00 € por mês.',
  );
  expect(of({ kind: 'no-pace', remainingCents: 1, requiredMonthlyCents: 10_000 })).toBe(
    'Sem poupanças nos últimos 3 meses, ainda não é possível prever quando atinge o objetivo. Para o atingir até 30/06/2026, poupe 100,00 € por mês.',
  );
  expect(of({ kind: 'expired', remainingCents: 80_000 })).toBe(
    'A data do objetivo (30/06/2026) já passou; faltam 800,00 €.',
  );
});
