import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { invoices, suppliers } from '#server/db/schema/index.ts';
import { signUpVerified } from '#server/features/auth/test-helpers.ts';
import { addDays, todayInLisbon } from '#shared/dates.ts';
import { INVOICE_MESSAGES } from '#shared/schemas/invoice.ts';
import { insertInvoices } from '#tests/factories/invoices.ts';
import { insertSupplier } from '#tests/factories/suppliers.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import {
  accountIdOf,
  errorOf,
  invoiceApi,
  invoiceBody,
  type InvoiceApi,
} from './invoice-test-helpers.ts';

let t: TestApp;
let api: InvoiceApi;
let accountId: string;

beforeAll(async () => {
  t = await createTestApp();
  const cookie = await signUpVerified(t, 'faturas@exemplo.pt');
  api = invoiceApi(t, cookie);
  accountId = await accountIdOf(t, cookie);
});

afterAll(async () => {
  await t.close();
});

async function newUser(email: string) {
  const cookie = await signUpVerified(t, email);
  return { api: invoiceApi(t, cookie), accountId: await accountIdOf(t, cookie) };
}

test('the invoice API needs a session', async () => {
  for (const path of ['/api/invoices', '/api/invoices/counter', '/api/invoices/stats']) {
    const res = await t.app.request(path);
    expect(res.status).toBe(401);
  }
});

test('creating an invoice returns it and creates its supplier with category Outros', async () => {
  const body = invoiceBody({ supplierName: '  Talho Moderno  ', notes: 'Entrega de sábado' });
  const res = await api.send('POST', '/api/invoices', body);
  expect(res.status).toBe(201);
  expect(await res.json()).toEqual({
    id: expect.any(String),
    number: body.number,
    supplierName: 'Talho Moderno',
    supplierNif: body.supplierNif,
    buyerNif: null,
    buyerName: null,
    issueDate: body.issueDate,
    dueDate: body.dueDate,
    totalCents: 12_300,
    vatCents: 2_300,
    atcud: body.atcud,
    documentType: 'FT',
    paymentStatus: 'Pendente',
    isPaid: false,
    paymentMethod: null,
    notes: 'Entrega de sábado',
    imagePaths: [],
    originalInvoiceRef: null,
    source: 'manual',
    createdAt: expect.any(String),
    // The account holder acted (no team): recorded by name as creator and last editor.
    createdByName: expect.any(String),
    updatedByName: expect.any(String),
    updatedAt: expect.any(String),
    isHighlighted: false,
    isUrgent: false,
    // The supplier the same request created, as the list would show it.
    supplier: {
      id: expect.any(String),
      name: 'Talho Moderno',
      category: 'Outros',
      tags: [],
      spending: null,
    },
  });
  const created = await t.db.db
    .select()
    .from(suppliers)
    .where(and(eq(suppliers.accountId, accountId), eq(suppliers.nif, body.supplierNif)));
  expect(created).toEqual([expect.objectContaining({ name: 'Talho Moderno', category: 'Outros' })]);
});

test('an existing supplier with that NIF is reused, not renamed or duplicated', async () => {
  const supplier = await insertSupplier(t.db.db, accountId, {
    name: 'Nome Original',
    category: 'Saúde e Bem-estar',
  });
  const res = await api.send(
    'POST',
    '/api/invoices',
    invoiceBody({ supplierNif: supplier.nif, supplierName: 'Outro Nome' }),
  );
  expect(res.status).toBe(201);
  const rows = await t.db.db
    .select()
    .from(suppliers)
    .where(and(eq(suppliers.accountId, accountId), eq(suppliers.nif, supplier.nif)));
  expect(rows).toEqual([
    expect.objectContaining({
      id: supplier.id,
      name: 'Nome Original',
      category: 'Saúde e Bem-estar',
    }),
  ]);
});

test('a paid invoice is stored paid today with its method; a credit note keeps its reference', async () => {
  const paid = await api.send(
    'POST',
    '/api/invoices',
    invoiceBody({ paymentStatus: 'Paga', paymentMethod: 'Cartão' }),
  );
  expect(paid.status).toBe(201);
  const dto = await paid.json();
  expect([dto.paymentStatus, dto.isPaid, dto.paymentMethod]).toEqual(['Paga', true, 'Cartão']);
  const [row] = await t.db.db.select().from(invoices).where(eq(invoices.id, dto.id));
  expect(row?.paidAt).toBe(todayInLisbon());

  const credit = await api.send(
    'POST',
    '/api/invoices',
    invoiceBody({
      documentType: 'NC',
      originalInvoiceRef: 'FT 2026/1',
      totalCents: 500,
      vatCents: 0,
    }),
  );
  expect(credit.status).toBe(201);
  expect(await credit.json()).toMatchObject({
    documentType: 'NC',
    originalInvoiceRef: 'FT 2026/1',
    totalCents: 500,
  });
});

test('every validation message of the schema comes back as a 400 with the pt-PT text', async () => {
  const today = todayInLisbon();
  const countBefore = await t.db.db.$count(invoices, eq(invoices.accountId, accountId));
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ supplierNif: '12345' }, INVOICE_MESSAGES.nifLength],
    [{ supplierName: '   ' }, INVOICE_MESSAGES.nameRequired],
    [{ supplierName: 'x'.repeat(201) }, INVOICE_MESSAGES.nameTooLong],
    [{ number: '' }, INVOICE_MESSAGES.numberRequired],
    [{ number: 'x'.repeat(61) }, INVOICE_MESSAGES.numberTooLong],
    [{ documentType: 'NC' }, INVOICE_MESSAGES.originalRefRequired],
    [{ issueDate: '' }, INVOICE_MESSAGES.issueDateRequired],
    [{ issueDate: '1899-12-31' }, INVOICE_MESSAGES.issueDateInvalid],
    [{ issueDate: addDays(today, 2) }, INVOICE_MESSAGES.issueDateFuture],
    [{ dueDate: '' }, INVOICE_MESSAGES.dueDateRequired],
    [{ dueDate: '2026-13-01' }, INVOICE_MESSAGES.dueDateInvalid],
    [{ totalCents: -1 }, INVOICE_MESSAGES.total],
    [{ totalCents: 10.5 }, INVOICE_MESSAGES.total],
    [{ vatCents: 99_999 }, INVOICE_MESSAGES.vat],
    [{ atcud: 'A'.repeat(71) }, INVOICE_MESSAGES.atcudTooLong],
    [{ paymentStatus: 'Paga' }, INVOICE_MESSAGES.methodRequired],
    [{ notes: 'x'.repeat(2001) }, INVOICE_MESSAGES.notesTooLong],
    [{ originalInvoiceRef: 'x'.repeat(61), documentType: 'NC' }, INVOICE_MESSAGES.textTooLong],
  ];
  for (const [overrides, message] of cases) {
    const res = await api.send('POST', '/api/invoices', { ...invoiceBody(), ...overrides });
    expect({ overrides, status: res.status }).toEqual({ overrides, status: 400 });
    expect(await errorOf(res)).toMatchObject({ code: 'VALIDATION', message });
  }
  expect(await t.db.db.$count(invoices, eq(invoices.accountId, accountId))).toBe(countBefore);
});

test('the same supplier NIF and ATCUD is a duplicate (409 with the existing id)', async () => {
  const first = invoiceBody();
  const created = await (await api.send('POST', '/api/invoices', first)).json();
  const res = await api.send(
    'POST',
    '/api/invoices',
    invoiceBody({ supplierNif: first.supplierNif, atcud: first.atcud }),
  );
  expect(res.status).toBe(409);
  expect(await errorOf(res)).toEqual({
    code: 'DUPLICATE_INVOICE',
    message: 'Esta fatura já está registada.',
    details: { existingId: created.id },
  });
});

test('the same supplier NIF and number is a duplicate', async () => {
  const first = invoiceBody();
  const created = await (await api.send('POST', '/api/invoices', first)).json();
  const res = await api.send(
    'POST',
    '/api/invoices',
    invoiceBody({ supplierNif: first.supplierNif, number: first.number }),
  );
  expect(res.status).toBe(409);
  expect((await errorOf(res)).details).toEqual({ existingId: created.id });
});

test('the same number, issue date, supplier and total is a duplicate under another NIF', async () => {
  const first = invoiceBody({ issueDate: '2025-06-01', totalCents: 4_560, vatCents: 0 });
  const created = await (await api.send('POST', '/api/invoices', first)).json();
  const res = await api.send(
    'POST',
    '/api/invoices',
    invoiceBody({
      number: first.number,
      issueDate: '2025-06-01',
      supplierName: first.supplierName.toUpperCase(),
      totalCents: 4_560,
      vatCents: 0,
    }),
  );
  expect(res.status).toBe(409);
  expect((await errorOf(res)).details).toEqual({ existingId: created.id });
});

test('look-alikes are not duplicates: ATCUD 0 repeated, another total or another supplier', async () => {
  const first = invoiceBody({
    atcud: '0',
    issueDate: '2025-06-02',
    totalCents: 1_000,
    vatCents: 0,
  });
  expect((await api.send('POST', '/api/invoices', first)).status).toBe(201);
  const lookAlikes = [
    // Same NIF and the placeholder ATCUD '0', but another number.
    invoiceBody({ supplierNif: first.supplierNif, atcud: '0' }),
    // Same number, date and supplier name under another NIF, another total.
    invoiceBody({
      number: first.number,
      issueDate: '2025-06-02',
      supplierName: first.supplierName,
      totalCents: 1_001,
      vatCents: 0,
    }),
    // Same number, date and total under another NIF and supplier name.
    invoiceBody({
      number: first.number,
      issueDate: '2025-06-02',
      supplierName: 'Outra Loja',
      totalCents: 1_000,
      vatCents: 0,
    }),
  ];
  for (const body of lookAlikes) {
    expect((await api.send('POST', '/api/invoices', body)).status).toBe(201);
  }
});

test('another account may register the same invoice', async () => {
  const body = invoiceBody();
  expect((await api.send('POST', '/api/invoices', body)).status).toBe(201);
  const other = await newUser('outra-conta@exemplo.pt');
  expect((await other.api.send('POST', '/api/invoices', body)).status).toBe(201);
});

test('the 15th invoice of the month is accepted and the 16th refused with the limit message', async () => {
  const user = await newUser('limite@exemplo.pt');
  // Invoices created last month do not count.
  await insertInvoices(t.db.db, user.accountId, [
    { createdAt: new Date(Date.now() - 40 * 24 * 3600 * 1000) },
  ]);
  for (let i = 1; i <= 14; i++) {
    expect((await user.api.send('POST', '/api/invoices', invoiceBody())).status).toBe(201);
  }
  expect(await (await user.api.get('/api/invoices/counter')).json()).toEqual({
    current_count: 14,
    monthly_limit: 15,
    percentage_used: 93,
    is_at_limit: false,
  });
  expect((await user.api.send('POST', '/api/invoices', invoiceBody())).status).toBe(201);
  const refused = await user.api.send('POST', '/api/invoices', invoiceBody());
  expect(refused.status).toBe(403);
  expect(await errorOf(refused)).toEqual({
    code: 'MONTHLY_LIMIT_REACHED',
    message: 'Atingiu o limite de 15 faturas deste mês. Mude de plano para registar mais.',
    details: { requiredPlan: 'professional', upgradeUrl: '/subscription?autostart=professional' },
  });
  expect(await (await user.api.get('/api/invoices/counter')).json()).toEqual({
    current_count: 15,
    monthly_limit: 15,
    percentage_used: 100,
    is_at_limit: true,
  });
});

test('the counter caps the percentage at 100 when the count is above the limit', async () => {
  // A plan that lapsed leaves more invoices this month than Gratuito's 15 allow.
  const user = await newUser('acima@exemplo.pt');
  await insertInvoices(
    t.db.db,
    user.accountId,
    Array.from({ length: 17 }, () => ({})),
  );
  expect(await (await user.api.get('/api/invoices/counter')).json()).toEqual({
    current_count: 17,
    monthly_limit: 15,
    percentage_used: 100,
    is_at_limit: true,
  });
  const refused = await user.api.send('POST', '/api/invoices', invoiceBody());
  expect(await errorOf(refused)).toMatchObject({
    message: 'Atingiu o limite de 15 faturas deste mês. Mude de plano para registar mais.',
    details: { requiredPlan: 'professional', upgradeUrl: '/subscription?autostart=professional' },
  });
});
