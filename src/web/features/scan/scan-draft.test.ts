import { describe, expect, test } from 'vitest';
import { buildAtQr } from '#shared/at-qr/build-at-qr.ts';
import { AT_QR_EXAMPLES } from '#shared/at-qr/examples.ts';
import {
  draftFromReading,
  judgeQrText,
  judgeQrTexts,
  manualDraft,
  type ScanReading,
} from './scan-draft.ts';

const reading = (overrides: Partial<ScanReading> = {}): ScanReading => ({
  source: 'ocr',
  scanId: '0b9f9b5e-3c1f-4d8a-9b8e-1f2a3b4c5d6e',
  warnings: [],
  fields: {
    issuerNif: '509442013',
    documentType: 'FR',
    issueDate: '2026-01-15',
    documentNumber: ' FR 2026/15 ',
    atcud: 'JJ3RTHNB-15',
    total: 1234.56,
    vat: 230.85,
    supplierName: 'Padaria Central, Lda',
  },
  ...overrides,
});

describe('judgeQrText', () => {
  test('an official example becomes a draft in cents with its fields', () => {
    const verdict = judgeQrText(AT_QR_EXAMPLES.faturaSimplificada);
    expect(verdict).toEqual({
      kind: 'draft',
      draft: {
        source: 'qr',
        scanId: null,
        supplierNif: '123456789',
        supplierName: '',
        number: 'FS CDVF/12345',
        documentType: 'FS',
        issueDate: '2019-08-12',
        totalCents: 80,
        vatCents: 15,
        atcud: 'CDF7T5HD-12345',
        buyerNif: '999999990',
        warnings: [],
        uncertainFields: [],
        qr: AT_QR_EXAMPLES.faturaSimplificada,
        vatBreakdown: [{ region: 'PT', rateBand: 'normal', baseCents: 65, vatCents: 15 }],
      },
    });
  });

  test('the validator warnings travel with the draft, and ATCUD 0 is left blank', () => {
    const verdict = judgeQrText(AT_QR_EXAMPLES.real2025SemAtcud);
    if (verdict.kind !== 'draft') throw new Error(`expected a draft, got ${verdict.kind}`);
    expect(verdict.draft.atcud).toBe('');
    expect(verdict.draft.warnings.length).toBeGreaterThan(0);
    expect(verdict.draft.warnings.join(' ')).toMatch(/dígito de controlo/u);
  });

  test('a document that is not an invoice type defaults to FT with a notice', () => {
    const verdict = judgeQrText(AT_QR_EXAMPLES.documentoTransporte);
    if (verdict.kind !== 'draft') throw new Error(`expected a draft, got ${verdict.kind}`);
    expect(verdict.draft.documentType).toBe('FT');
    expect(verdict.draft.warnings).toContain(
      'O documento lido é do tipo «GT». Escolha o tipo de documento correto.',
    );
  });

  test('a web address is not an AT code', () => {
    expect(judgeQrText('https://exemplo.pt/fatura')).toEqual({ kind: 'not-at' });
  });

  test('a broken AT payload lists its errors in pt-PT', () => {
    const verdict = judgeQrText('A:123456789*B:999999990*C:PT');
    expect(verdict.kind).toBe('invalid');
    if (verdict.kind === 'invalid') expect(verdict.errors.length).toBeGreaterThan(0);
  });
});

describe('judgeQrTexts', () => {
  const payload = buildAtQr({
    issuerNif: '509442013',
    buyerNif: '999999990',
    buyerCountry: 'PT',
    documentType: 'FT',
    documentStatus: 'N',
    issueDate: '2026-01-15',
    documentNumber: 'FT 2026/7',
    atcud: 'JJ3RTHNB-7',
    taxRegions: [
      {
        region: 'PT',
        exempt: null,
        reduced: { base: null, vat: null },
        intermediate: { base: null, vat: null },
        normal: { base: 10000, vat: 2300 },
      },
    ],
    notSubject: null,
    stampDuty: null,
    totalTaxes: 2300,
    grossTotal: 12300,
    withholding: null,
    hash: 'aB1/',
    certificate: '1234',
    otherInfo: null,
  });

  test('the AT code wins over another code on the same page', () => {
    const verdict = judgeQrTexts(['https://exemplo.pt', payload]);
    expect(verdict?.kind).toBe('draft');
    if (verdict?.kind === 'draft') expect(verdict.draft.totalCents).toBe(12300);
  });

  test('a broken AT code is reported rather than an unrelated one', () => {
    expect(judgeQrTexts(['https://exemplo.pt', 'A:1*B:2'])?.kind).toBe('invalid');
  });

  test('no code at all is no verdict', () => {
    expect(judgeQrTexts([])).toBeNull();
  });
});

describe('draftFromReading', () => {
  test('euros become cents and the scan id is kept', () => {
    const draft = draftFromReading(reading());
    expect(draft).toMatchObject({
      source: 'ocr',
      scanId: '0b9f9b5e-3c1f-4d8a-9b8e-1f2a3b4c5d6e',
      supplierNif: '509442013',
      supplierName: 'Padaria Central, Lda',
      number: 'FR 2026/15',
      documentType: 'FR',
      totalCents: 123456,
      vatCents: 23085,
      atcud: 'JJ3RTHNB-15',
      qr: null,
    });
  });

  test('a QR read by the server keeps its VAT by region and rate, in cents', () => {
    const draft = draftFromReading(
      reading({
        source: 'qr',
        fields: {
          vat: 18.49,
          taxRegions: [
            { region: 'PT', normal: { base: 80, vat: 18.4 } },
            { region: 'PT-AC', exempt: 5, reduced: { base: 1.5, vat: 0.09 } },
          ],
        },
      }),
    );
    expect(draft.vatBreakdown).toEqual([
      { region: 'PT', rateBand: 'normal', baseCents: 8_000, vatCents: 1_840 },
      { region: 'PT-AC', rateBand: 'exempt', baseCents: 500, vatCents: 0 },
      { region: 'PT-AC', rateBand: 'reduced', baseCents: 150, vatCents: 9 },
    ]);
    expect(draftFromReading(reading()).vatBreakdown).toBeNull();
  });

  test('fields read with little confidence are named for checking', () => {
    const draft = draftFromReading(
      reading({ confidence: { issuerNif: 0.95, total: 0.42, issueDate: 0.79 } }),
    );
    expect(draft.uncertainFields).toEqual(['issueDate', 'total']);
  });

  test('what was not read stays blank', () => {
    const draft = draftFromReading(reading({ fields: {}, scanId: undefined }));
    expect(draft).toMatchObject({
      scanId: null,
      supplierNif: '',
      number: '',
      documentType: 'FT',
      issueDate: '',
      totalCents: null,
      vatCents: null,
      atcud: '',
    });
  });
});

describe('manualDraft', () => {
  test('nothing read: a blank invoice typed by hand that keeps the stored document', () => {
    expect(manualDraft('0b9f9b5e-3c1f-4d8a-9b8e-1f2a3b4c5d6e')).toMatchObject({
      source: 'manual',
      scanId: '0b9f9b5e-3c1f-4d8a-9b8e-1f2a3b4c5d6e',
      supplierNif: '',
      number: '',
      totalCents: null,
      warnings: [],
    });
  });
});
