import { expect, test } from 'vitest';
import { addDays, todayInLisbon } from '#shared/dates.ts';
import {
  INVOICE_MESSAGES,
  MAX_INVOICE_CENTS,
  MAX_INVOICE_DATE,
  MIN_INVOICE_DATE,
  createInvoiceSchema,
  paymentChangeSchema,
  updateInvoiceSchema,
  type CreateInvoiceInput,
} from './invoice.ts';
import { TEXT_MESSAGES } from './text.ts';
import { AUTH_MESSAGES } from './auth.ts';
import { VAT_BREAKDOWN_MESSAGES } from './vat-breakdown.ts';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((i) => i.message) ?? []);

const valid = {
  supplierNif: '501964843',
  supplierName: '  Padaria Central  ',
  number: 'FT 2026/1',
  issueDate: '2026-01-10',
  dueDate: '2026-02-10',
  totalCents: 12300,
  vatCents: 2300,
} satisfies CreateInvoiceInput;

test('a minimal invoice gets the defaults and trimmed text', () => {
  expect(createInvoiceSchema.parse(valid)).toEqual({
    ...valid,
    supplierName: 'Padaria Central',
    documentType: 'FT',
    originalInvoiceRef: null,
    atcud: null,
    paymentStatus: 'Pendente',
    paymentMethod: null,
    notes: null,
    buyerNif: null,
    source: 'manual',
    vatBreakdown: null,
  });
});

test('a QR invoice keeps its VAT by region and rate when it adds up to the VAT, within a cent', () => {
  const vatBreakdown = [
    { region: 'PT', rateBand: 'normal', baseCents: 8_000, vatCents: 1_840 },
    { region: 'PT-MA', rateBand: 'reduced', baseCents: 1_000, vatCents: 40 },
  ] as const;
  const qr = { ...valid, totalCents: 10_880, vatCents: 1_880, source: 'qr' } as const;
  expect(createInvoiceSchema.parse({ ...qr, vatBreakdown }).vatBreakdown).toEqual(vatBreakdown);
  expect(createInvoiceSchema.safeParse({ ...qr, vatCents: 1_881, vatBreakdown }).success).toBe(
    true,
  );
  expect(messages(createInvoiceSchema.safeParse({ ...qr, vatCents: 1_882, vatBreakdown }))).toEqual(
    [VAT_BREAKDOWN_MESSAGES.sumMismatch],
  );
  expect(
    messages(createInvoiceSchema.safeParse({ ...qr, source: 'manual', vatBreakdown })),
  ).toEqual([VAT_BREAKDOWN_MESSAGES.notFromQr]);
});

test('a scanned invoice names its source and the scan it keeps as a photo', () => {
  const scanId = '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e';
  expect(createInvoiceSchema.parse({ ...valid, source: 'qr', scanId })).toMatchObject({
    source: 'qr',
    scanId,
  });
  expect(createInvoiceSchema.safeParse({ ...valid, source: 'fax' }).success).toBe(false);
  expect(createInvoiceSchema.safeParse({ ...valid, scanId: '../x' }).success).toBe(false);
});

test('the supplier NIF needs nine digits and a right check digit (issue 13 point 6)', () => {
  expect(createInvoiceSchema.parse({ ...valid, supplierNif: '123 456 789' }).supplierNif).toBe(
    '123456789',
  );
  expect(messages(createInvoiceSchema.safeParse({ ...valid, supplierNif: '123456780' }))).toEqual([
    AUTH_MESSAGES.nifInvalid,
  ]);
  for (const supplierNif of ['12345678', '1234567890', 'abcdefghi', '']) {
    expect(messages(createInvoiceSchema.safeParse({ ...valid, supplierNif }))).toEqual([
      INVOICE_MESSAGES.nifLength,
    ]);
  }
});

test('name, number and dates are required with their own messages', () => {
  expect(
    messages(
      createInvoiceSchema.safeParse({
        ...valid,
        supplierName: '   ',
        number: '',
        issueDate: '',
        dueDate: '',
      }),
    ),
  ).toEqual([
    INVOICE_MESSAGES.nameRequired,
    INVOICE_MESSAGES.numberRequired,
    INVOICE_MESSAGES.issueDateRequired,
    INVOICE_MESSAGES.dueDateRequired,
  ]);
  const { supplierName: _n, number: _x, issueDate: _i, dueDate: _d, ...rest } = valid;
  expect(messages(createInvoiceSchema.safeParse(rest))).toEqual([
    INVOICE_MESSAGES.nameRequired,
    INVOICE_MESSAGES.numberRequired,
    INVOICE_MESSAGES.issueDateRequired,
    INVOICE_MESSAGES.dueDateRequired,
  ]);
});

test('dates outside 2000–2100, impossible days and issue dates after tomorrow are refused', () => {
  const tomorrow = addDays(todayInLisbon(), 1);
  expect(createInvoiceSchema.safeParse({ ...valid, issueDate: tomorrow }).success).toBe(true);
  expect(
    messages(createInvoiceSchema.safeParse({ ...valid, issueDate: addDays(tomorrow, 1) })),
  ).toEqual([INVOICE_MESSAGES.issueDateFuture]);
  expect(messages(createInvoiceSchema.safeParse({ ...valid, issueDate: '1899-12-31' }))).toEqual([
    INVOICE_MESSAGES.issueDateInvalid,
  ]);
  expect(messages(createInvoiceSchema.safeParse({ ...valid, dueDate: '2026-02-30' }))).toEqual([
    INVOICE_MESSAGES.dueDateInvalid,
  ]);
  for (const dueDate of ['1999-12-31', '2101-01-01', '20260-01-01']) {
    expect(messages(createInvoiceSchema.safeParse({ ...valid, dueDate }))).toEqual([
      INVOICE_MESSAGES.dueDateInvalid,
    ]);
  }
  for (const dueDate of [MIN_INVOICE_DATE, MAX_INVOICE_DATE]) {
    expect(createInvoiceSchema.safeParse({ ...valid, dueDate }).success).toBe(true);
  }
  expect(messages(updateInvoiceSchema.safeParse({ dueDate: '2101-01-01' }))).toEqual([
    INVOICE_MESSAGES.dueDateInvalid,
  ]);
});

test('a single invoice is at most 99 999 999,99 €', () => {
  expect(
    createInvoiceSchema.safeParse({ ...valid, totalCents: MAX_INVOICE_CENTS, vatCents: 0 }).success,
  ).toBe(true);
  for (const totalCents of [MAX_INVOICE_CENTS + 1, 1e20, Number.MAX_SAFE_INTEGER + 2]) {
    expect(messages(createInvoiceSchema.safeParse({ ...valid, totalCents, vatCents: 0 }))).toEqual([
      INVOICE_MESSAGES.total,
    ]);
  }
});

test('a body that is not an object is refused, not read', () => {
  for (const body of [null, [], 'x', 42]) {
    expect(createInvoiceSchema.safeParse(body).success).toBe(false);
  }
});

test('text with control or bidi characters is refused; kept text is NFC', () => {
  expect(messages(createInvoiceSchema.safeParse({ ...valid, number: 'FT\u00001' }))).toEqual([
    TEXT_MESSAGES.invalidCharacters,
  ]);
  expect(
    messages(createInvoiceSchema.safeParse({ ...valid, supplierName: 'Padaria \u202ELCA' })),
  ).toEqual([TEXT_MESSAGES.invalidCharacters]);
  expect(messages(createInvoiceSchema.safeParse({ ...valid, atcud: 'A\nB' }))).toEqual([
    TEXT_MESSAGES.invalidCharacters,
  ]);
  const data = createInvoiceSchema.parse({
    ...valid,
    supplierName: 'Cafe\u0301',
    notes: 'linha 1\r\n\tlinha 2',
  });
  expect([data.supplierName, data.notes]).toEqual(['Caf\u00e9', 'linha 1\n\tlinha 2']);
});

test('amounts are whole non-negative cents and VAT is at most the total', () => {
  for (const totalCents of [-1, 1.5, Number.NaN]) {
    expect(messages(createInvoiceSchema.safeParse({ ...valid, totalCents, vatCents: 0 }))).toEqual([
      INVOICE_MESSAGES.total,
    ]);
  }
  expect(messages(createInvoiceSchema.safeParse({ ...valid, vatCents: -5 }))).toEqual([
    INVOICE_MESSAGES.vat,
  ]);
  expect(messages(createInvoiceSchema.safeParse({ ...valid, vatCents: 12301 }))).toEqual([
    INVOICE_MESSAGES.vat,
  ]);
});

test('a credit note needs its original invoice; other types drop the reference', () => {
  expect(messages(createInvoiceSchema.safeParse({ ...valid, documentType: 'NC' }))).toEqual([
    INVOICE_MESSAGES.originalRefRequired,
  ]);
  expect(
    createInvoiceSchema.parse({ ...valid, documentType: 'NC', originalInvoiceRef: ' FT 1 ' })
      .originalInvoiceRef,
  ).toBe('FT 1');
  expect(
    createInvoiceSchema.parse({ ...valid, originalInvoiceRef: 'FT 1' }).originalInvoiceRef,
  ).toBeNull();
});

test('a paid invoice needs a payment method', () => {
  expect(messages(createInvoiceSchema.safeParse({ ...valid, paymentStatus: 'Paga' }))).toEqual([
    INVOICE_MESSAGES.methodRequired,
  ]);
  expect(
    createInvoiceSchema.parse({ ...valid, paymentStatus: 'Paga', paymentMethod: 'Cartão' })
      .paymentMethod,
  ).toBe('Cartão');
});

test('ATCUD, notes and buyer NIF are optional, trimmed and bounded', () => {
  const data = createInvoiceSchema.parse({
    ...valid,
    atcud: ' ABCD1234-5 ',
    notes: ' ',
    buyerNif: '123 456 789',
  });
  expect([data.atcud, data.notes, data.buyerNif]).toEqual(['ABCD1234-5', null, '123456789']);
  expect(messages(createInvoiceSchema.safeParse({ ...valid, atcud: 'x'.repeat(71) }))).toEqual([
    INVOICE_MESSAGES.atcudTooLong,
  ]);
  expect(messages(createInvoiceSchema.safeParse({ ...valid, notes: 'x'.repeat(2001) }))).toEqual([
    INVOICE_MESSAGES.notesTooLong,
  ]);
});

test('the edit form accepts a partial change but never an empty due date', () => {
  expect(updateInvoiceSchema.parse({ notes: 'ok' })).toEqual({ notes: 'ok' });
  expect(messages(updateInvoiceSchema.safeParse({ dueDate: '' }))).toEqual([
    INVOICE_MESSAGES.dueDateRequired,
  ]);
  expect(messages(updateInvoiceSchema.safeParse({ dueDate: '1899-01-01' }))).toEqual([
    INVOICE_MESSAGES.dueDateInvalid,
  ]);
});

test('switching payment on needs a method; off does not', () => {
  expect(messages(paymentChangeSchema.safeParse({ paid: true }))).toEqual([
    INVOICE_MESSAGES.methodRequired,
  ]);
  expect(paymentChangeSchema.parse({ paid: true, method: 'Dinheiro' })).toEqual({
    paid: true,
    method: 'Dinheiro',
  });
  expect(paymentChangeSchema.parse({ paid: false })).toEqual({ paid: false });
});

test('cross-field rules still report when another field is wrong, so a form shows every problem at once', () => {
  const result = createInvoiceSchema.safeParse({
    ...valid,
    totalCents: 'abc',
    documentType: 'NC',
    originalInvoiceRef: '',
    paymentStatus: 'Paga',
    paymentMethod: null,
  });
  expect(messages(result)).toEqual(
    expect.arrayContaining([
      INVOICE_MESSAGES.total,
      INVOICE_MESSAGES.originalRefRequired,
      INVOICE_MESSAGES.methodRequired,
    ]),
  );
});
