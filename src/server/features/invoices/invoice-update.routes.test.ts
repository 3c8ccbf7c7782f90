import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { invoices, type Invoice } from '#server/db/schema/index.ts';
import { signUpVerified } from '#server/features/auth/test-helpers.ts';
import { addDays, todayInLisbon } from '#shared/dates.ts';
import { INVOICE_MESSAGES } from '#shared/schemas/invoice.ts';
import { insertInvoice, type InvoiceOverrides } from '#tests/factories/invoices.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { accountIdOf, errorOf, invoiceApi, type InvoiceApi } from './invoice-test-helpers.ts';

let t: TestApp;
let api: InvoiceApi;
let accountId: string;
let otherApi: InvoiceApi;

const today = todayInLisbon();

beforeAll(async () => {
  t = await createTestApp();
  const cookie = await signUpVerified(t, 'editar@exemplo.pt');
  api = invoiceApi(t, cookie);
  accountId = await accountIdOf(t, cookie);
  otherApi = invoiceApi(t, await signUpVerified(t, 'intruso@exemplo.pt'));
});

afterAll(async () => {
  await t.close();
});

const seed = (overrides: InvoiceOverrides = {}) =>
  insertInvoice(t.db.db, accountId, { issueDate: today, ...overrides });

async function stored(id: string): Promise<Invoice | undefined> {
  const [row] = await t.db.db.select().from(invoices).where(eq(invoices.id, id));
  return row;
}

test('GET /api/invoices/:id returns the invoice; unknown or malformed ids are 404', async () => {
  const invoice = await seed({ number: 'FT X/1' });
  const res = await api.get(`/api/invoices/${invoice.id}`);
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({
    id: invoice.id,
    number: 'FT X/1',
    isHighlighted: false,
  });
  for (const id of ['00000000-0000-4000-8000-000000000000', 'nao-e-um-id']) {
    const missing = await api.get(`/api/invoices/${id}`);
    expect(missing.status).toBe(404);
    expect(await errorOf(missing)).toEqual({
      code: 'INVOICE_NOT_FOUND',
      message: 'Fatura não encontrada',
    });
  }
});

test("another account's invoice is a 404 for read, edit, payment and delete, and stays unchanged", async () => {
  const invoice = await seed({ notes: 'minha' });
  const path = `/api/invoices/${invoice.id}`;
  expect((await otherApi.get(path)).status).toBe(404);
  expect((await otherApi.send('PATCH', path, { notes: 'roubada' })).status).toBe(404);
  expect(
    (await otherApi.send('POST', `${path}/payment`, { paid: true, method: 'Outro' })).status,
  ).toBe(404);
  expect((await otherApi.send('DELETE', path)).status).toBe(404);
  expect(await stored(invoice.id)).toMatchObject({ notes: 'minha', paymentStatus: 'Pendente' });
});

test('switching payment on saves Paga, paid and the method', async () => {
  const invoice = await seed();
  const res = await api.send('POST', `/api/invoices/${invoice.id}/payment`, {
    paid: true,
    method: 'Cartão',
  });
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({
    invoice: { paymentStatus: 'Paga', isPaid: true, paymentMethod: 'Cartão' },
  });
  expect((await stored(invoice.id))?.paidAt).toBe(today);
});

test('switching payment on without a method is refused', async () => {
  const invoice = await seed();
  const res = await api.send('POST', `/api/invoices/${invoice.id}/payment`, { paid: true });
  expect(res.status).toBe(400);
  expect((await errorOf(res)).message).toBe(INVOICE_MESSAGES.methodRequired);
});

test('switching payment off with a past due date gives Vencida and clears the method', async () => {
  const invoice = await seed({
    dueDate: addDays(today, -1),
    paymentStatus: 'Paga',
    isPaid: true,
    paymentMethod: 'Dinheiro',
    paidAt: today,
  });
  const res = await api.send('POST', `/api/invoices/${invoice.id}/payment`, { paid: false });
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({
    invoice: expect.objectContaining({
      paymentStatus: 'Vencida',
      isPaid: false,
      paymentMethod: null,
    }),
    notification: null,
  });
  expect((await stored(invoice.id))?.paidAt).toBeNull();
});

test('switching payment off with a due date today or later gives Pendente', async () => {
  for (const dueDate of [today, addDays(today, 10)]) {
    const invoice = await seed({
      dueDate,
      paymentStatus: 'Paga',
      isPaid: true,
      paymentMethod: 'Outro',
    });
    const res = await api.send('POST', `/api/invoices/${invoice.id}/payment`, { paid: false });
    expect(await res.json()).toMatchObject({
      invoice: { paymentStatus: 'Pendente', isPaid: false, paymentMethod: null },
    });
  }
});

test('editing to Paga keeps the method and marks it paid', async () => {
  const invoice = await seed();
  const res = await api.send('PATCH', `/api/invoices/${invoice.id}`, {
    paymentStatus: 'Paga',
    paymentMethod: 'Dinheiro',
    dueDate: '2030-01-31',
    notes: '  pago ao balcão ',
  });
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({
    paymentStatus: 'Paga',
    isPaid: true,
    paymentMethod: 'Dinheiro',
    dueDate: '2030-01-31',
    notes: 'pago ao balcão',
  });
});

test('editing to a status other than Paga drops the method and the paid flag', async () => {
  const invoice = await seed({ paymentStatus: 'Paga', isPaid: true, paymentMethod: 'Cartão' });
  const res = await api.send('PATCH', `/api/invoices/${invoice.id}`, {
    paymentStatus: 'Vencida',
    paymentMethod: 'Cartão',
  });
  expect(await res.json()).toMatchObject({
    paymentStatus: 'Vencida',
    isPaid: false,
    paymentMethod: null,
  });
});

test('a partial edit changes only what it sends; an empty due date is refused', async () => {
  const invoice = await seed({ dueDate: '2030-05-01', notes: 'antes' });
  const res = await api.send('PATCH', `/api/invoices/${invoice.id}`, { notes: '' });
  expect(await res.json()).toMatchObject({
    notes: null,
    dueDate: '2030-05-01',
    paymentStatus: 'Pendente',
  });
  const refused = await api.send('PATCH', `/api/invoices/${invoice.id}`, { dueDate: '' });
  expect(refused.status).toBe(400);
  expect((await errorOf(refused)).message).toBe('Data de vencimento é obrigatória');
});

test('DELETE removes the invoice; a second delete is a 404', async () => {
  const invoice = await seed();
  const res = await api.send('DELETE', `/api/invoices/${invoice.id}`);
  expect(res.status).toBe(204);
  expect(await stored(invoice.id)).toBeUndefined();
  expect((await api.send('DELETE', `/api/invoices/${invoice.id}`)).status).toBe(404);
});
