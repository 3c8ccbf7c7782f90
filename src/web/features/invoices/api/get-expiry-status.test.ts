import { expect, test } from 'vitest';
import { expiryStatusText, formatCheckTime } from './get-expiry-status.ts';

const NEXT = '2026-03-11T00:05:00.000Z';

test('check times are shown in Lisbon, winter and summer, whatever the device zone', () => {
  expect(formatCheckTime('2026-03-10T00:05:00.000Z')).toBe('10/03/2026 às 00:05');
  // 23:05 UTC in summer is 00:05 of the next day in Lisbon.
  expect(formatCheckTime('2026-07-10T23:05:00.000Z')).toBe('11/07/2026 às 00:05');
});

test('before any run the line says so and still names the next one', () => {
  const text = expiryStatusText({
    lastRunAt: null,
    nextRunAt: NEXT,
    lastStatus: null,
    lastUpdatedCount: 0,
  });
  expect(text).toEqual({
    last: 'Última verificação: ainda não houve',
    next: 'Próxima: 11/03/2026 às 00:05',
  });
});

test("the last run shows this account's count, or that it failed", () => {
  const lastRun = { lastRunAt: '2026-03-10T00:05:00.000Z', nextRunAt: NEXT };
  const last = (lastStatus: 'ok' | 'failed', lastUpdatedCount: number) =>
    expiryStatusText({ ...lastRun, lastStatus, lastUpdatedCount }).last;
  expect(last('ok', 0)).toBe(
    'Última verificação: 10/03/2026 às 00:05 (nenhuma fatura passou a vencida)',
  );
  expect(last('ok', 1)).toBe('Última verificação: 10/03/2026 às 00:05 (1 fatura passou a vencida)');
  expect(last('ok', 3)).toBe(
    'Última verificação: 10/03/2026 às 00:05 (3 faturas passaram a vencidas)',
  );
  expect(last('failed', 0)).toBe('Última verificação: 10/03/2026 às 00:05 (falhou)');
});
