import { expect, test } from 'vitest';
import { addDays, todayInLisbon } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import { newInvoiceResolver } from './new-invoice-resolver.ts';
import {
  defaultStatusFor,
  displayAmount,
  newInvoiceDefaults,
  toCreateInvoiceInput,
  type NewInvoiceFormValues,
} from './new-invoice-values.ts';

const today = todayInLisbon();

function filled(overrides: Partial<NewInvoiceFormValues> = {}): NewInvoiceFormValues {
  return {
    ...newInvoiceDefaults(today),
    supplierNif: '509 442 013',
    supplierName: ' Padaria Central, Lda ',
    number: 'FT 2026/15',
    total: '1.234,56',
    vat: '230,85',
    ...overrides,
  };
}

async function validate(values: NewInvoiceFormValues) {
  return newInvoiceResolver(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
}

function messages(errors: Record<string, { message?: unknown } | undefined>) {
  return Object.fromEntries(Object.entries(errors).map(([key, error]) => [key, error?.message]));
}

test('receipts and simplified invoices default to Paga, the other types to Pendente', () => {
  expect(defaultStatusFor('FR')).toBe('Paga');
  expect(defaultStatusFor('FS')).toBe('Paga');
  expect(defaultStatusFor('FT')).toBe('Pendente');
  expect(defaultStatusFor('NC')).toBe('Pendente');
  expect(defaultStatusFor('ND')).toBe('Pendente');
});

test('a fresh form is an invoice issued and due today, pending', () => {
  const values = newInvoiceDefaults('2026-03-05');
  expect(values).toMatchObject({
    documentType: 'FT',
    issueDate: '2026-03-05',
    dueDate: '2026-03-05',
    paymentStatus: 'Pendente',
    paymentMethod: '',
  });
});

test('amounts typed the Portuguese way become cents and the NIF loses its spaces', () => {
  const input = toCreateInvoiceInput(filled());
  expect(input).toMatchObject({ supplierNif: '509442013', totalCents: 123456, vatCents: 23085 });
});

test('a blank VAT is left to the schema default, a blank or wrong total is not an amount', () => {
  expect(toCreateInvoiceInput(filled({ vat: '' })).vatCents).toBeUndefined();
  expect(toCreateInvoiceInput(filled({ total: '' })).totalCents).toBeNaN();
  expect(toCreateInvoiceInput(filled({ total: '12,345' })).totalCents).toBeNaN();
});

test('the method is sent only for a paid invoice and the original only for a credit note', () => {
  const pending = toCreateInvoiceInput(
    filled({ paymentMethod: 'Cartão', originalInvoiceRef: 'FT 1' }),
  );
  expect(pending).toMatchObject({ paymentMethod: null, originalInvoiceRef: null });
  const paidNote = toCreateInvoiceInput(
    filled({
      paymentStatus: 'Paga',
      paymentMethod: 'Cartão',
      documentType: 'NC',
      originalInvoiceRef: 'FT 1',
    }),
  );
  expect(paidNote).toMatchObject({ paymentMethod: 'Cartão', originalInvoiceRef: 'FT 1' });
});

test('an amount is shown formatted after blur, and left as typed when it is not one', () => {
  expect(displayAmount('1.234,56')).toBe(formatCents(123456));
  expect(displayAmount(formatCents(123456))).toBe(formatCents(123456));
  expect(displayAmount('doze')).toBe('doze');
  expect(displayAmount('')).toBe('');
});

test('valid values resolve to the API body', async () => {
  const result = await validate(filled());
  expect(result.errors).toEqual({});
  expect(result.values).toMatchObject({
    supplierNif: '509442013',
    supplierName: 'Padaria Central, Lda',
    totalCents: 123456,
    vatCents: 23085,
    atcud: null,
    notes: null,
    paymentMethod: null,
  });
});

test('field errors carry the pt-PT messages and land on the form fields', async () => {
  const result = await validate(
    filled({ supplierNif: '1234', supplierName: '  ', number: '', total: 'abc', issueDate: '' }),
  );
  expect(messages(result.errors)).toEqual({
    supplierNif: 'NIF deve ter 9 caracteres',
    supplierName: 'Nome é obrigatório',
    number: 'Número da fatura é obrigatório',
    total: 'Total deve ser um valor válido',
    issueDate: 'Data de emissão é obrigatória',
  });
});

test('a paid invoice needs a method, a credit note its original, and VAT cannot exceed the total', async () => {
  const paid = await validate(filled({ paymentStatus: 'Paga' }));
  expect(messages(paid.errors)).toEqual({ paymentMethod: 'Escolha o método de pagamento' });
  const note = await validate(filled({ documentType: 'NC' }));
  expect(messages(note.errors)).toEqual({
    originalInvoiceRef: 'Indique a fatura original da nota de crédito',
  });
  const vat = await validate(filled({ vat: '2.000,00' }));
  expect(messages(vat.errors)).toEqual({ vat: 'IVA deve ser um valor válido' });
});

test('an issue date after tomorrow is refused', async () => {
  const result = await validate(filled({ issueDate: addDays(today, 2) }));
  expect(messages(result.errors)).toEqual({ issueDate: 'Data de emissão não pode ser futura' });
});

test('the cross-field rules show together with the other field errors', async () => {
  const result = await validate(
    filled({ total: '', documentType: 'NC', paymentStatus: 'Paga', paymentMethod: '' }),
  );
  expect(messages(result.errors)).toEqual({
    total: 'Total deve ser um valor válido',
    originalInvoiceRef: 'Indique a fatura original da nota de crédito',
    paymentMethod: 'Escolha o método de pagamento',
  });
});
