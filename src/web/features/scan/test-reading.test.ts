import { describe, expect, test } from 'vitest';
import { AT_QR_EXAMPLES } from '#shared/at-qr/examples.ts';
import { browserReading, failedServerReading, serverReading } from './test-reading.ts';

describe('browserReading', () => {
  test('the AT code among several is shown with its parsed fields and timings', () => {
    const reading = browserReading(['https://exemplo.pt', AT_QR_EXAMPLES.real2025], 42.26);
    expect(reading.raw).toBe(AT_QR_EXAMPLES.real2025);
    expect(reading.codeCount).toBe(2);
    expect(reading.fields).toMatchObject({ issuerNif: '508136695', total: 17550 });
    expect(reading.errors).toEqual([]);
    expect(reading.timings.map((t) => t.label)).toEqual([
      'Leitura do código',
      'Validação',
      'Total',
    ]);
    expect(reading.timings[0]?.ms).toBe(42.3);
  });

  test('warnings of a tolerated payload are listed', () => {
    const reading = browserReading([AT_QR_EXAMPLES.notaDebitoRetificacao], 10);
    expect(reading.warnings.length).toBeGreaterThan(0);
    expect(reading.errors).toEqual([]);
  });

  test('a broken AT payload shows its errors and no fields', () => {
    const reading = browserReading(['https://exemplo.pt', 'A:123456789*B:1'], 5);
    expect(reading.raw).toBe('A:123456789*B:1');
    expect(reading.fields).toBeNull();
    expect(reading.errors.length).toBeGreaterThan(0);
  });

  test('no code found says so', () => {
    const reading = browserReading([], 12);
    expect(reading).toMatchObject({
      raw: null,
      codeCount: 0,
      errors: ['Nenhum código QR encontrado.'],
    });
  });
});

describe('serverReading', () => {
  test('keeps the server answer whole, with its own time and the round trip', () => {
    const answer = { fields: { issuerNif: '509442013' }, warnings: ['aviso'], ms: 120 };
    const reading = serverReading(answer, 180.04);
    expect(reading).toMatchObject({
      where: 'server',
      raw: null,
      fields: answer,
      warnings: ['aviso'],
      timings: [
        { label: 'No servidor', ms: 120 },
        { label: 'Total', ms: 180 },
      ],
    });
  });

  test('a refusal keeps the server message', () => {
    expect(failedServerReading('O ficheiro está vazio.', 30).errors).toEqual([
      'O ficheiro está vazio.',
    ]);
  });
});
