import { afterAll, beforeAll, expect, test } from 'vitest';
import { cmvSales } from '#server/db/schema/index.ts';
import {
  errorOf,
  invoiceApi,
  type InvoiceApi,
} from '#server/features/invoices/invoice-test-helpers.ts';
import { eq } from 'drizzle-orm';
import { createTestApp, type SignedInTestApp } from '#tests/setup/test-app.ts';
import type { SaleDto, SalesImportDto, SalesOfMonthDto } from './sale-dto.ts';

let t: SignedInTestApp;
let api: InvoiceApi;
let other: SignedInTestApp;
let otherApi: InvoiceApi;

beforeAll(async () => {
  t = await createTestApp({ plan: 'enterprise_500' });
  api = invoiceApi(t, t.cookie);
  // A second account in the same database: its records are never the first one's.
  other = await createTestApp({
    plan: 'enterprise_1000',
    db: t.db,
    auth: t.auth,
    events: t.events,
  });
  otherApi = invoiceApi(other, other.cookie);
});

afterAll(() => t.close());

async function month(m: string, client = api): Promise<SaleDto[]> {
  const res = await client.get(`/api/sales?month=${m}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as SalesOfMonthDto).sales;
}

async function importCsv(csv: string, client = api) {
  return client.send('POST', '/api/sales/import', { csv });
}

test("a day's sales are recorded, listed in their month only, edited and deleted", async () => {
  const created = await api.send('POST', '/api/sales', {
    date: '2024-03-05',
    salesValueCents: 123_456,
    vatCollectedCents: 14_000,
  });
  expect(created.status).toBe(201);
  const sale = (await created.json()) as SaleDto;
  expect(sale).toMatchObject({
    date: '2024-03-05',
    salesValueCents: 123_456,
    vatCollectedCents: 14_000,
  });
  await api.send('POST', '/api/sales', { date: '2024-04-01', salesValueCents: 100 });

  expect((await month('2024-03')).map((s) => s.date)).toEqual(['2024-03-05']);
  expect((await month('2024-04')).map((s) => [s.date, s.vatCollectedCents])).toEqual([
    ['2024-04-01', 0],
  ]);

  const edited = await api.send('PATCH', `/api/sales/${sale.id}`, {
    date: '2024-03-06',
    salesValueCents: 99_00,
    vatCollectedCents: 11_00,
  });
  expect(edited.status).toBe(200);
  expect(await month('2024-03')).toMatchObject([
    { id: sale.id, date: '2024-03-06', salesValueCents: 9_900, vatCollectedCents: 1_100 },
  ]);

  expect((await api.send('DELETE', `/api/sales/${sale.id}`)).status).toBe(204);
  expect(await month('2024-03')).toEqual([]);
  expect((await api.send('DELETE', `/api/sales/${sale.id}`)).status).toBe(404);
});

test('one record per day: a second one, or an edit onto a recorded day, is refused', async () => {
  const first = await api.send('POST', '/api/sales', { date: '2024-05-10', salesValueCents: 500 });
  const second = await api.send('POST', '/api/sales', { date: '2024-05-11', salesValueCents: 700 });
  const again = await api.send('POST', '/api/sales', { date: '2024-05-10', salesValueCents: 1 });
  expect(again.status).toBe(409);
  expect(await errorOf(again)).toEqual({
    code: 'SALE_EXISTS',
    message: 'Já existe um registo de vendas para este dia',
  });
  const moved = await api.send('PATCH', `/api/sales/${((await second.json()) as SaleDto).id}`, {
    date: '2024-05-10',
    salesValueCents: 700,
  });
  expect(moved.status).toBe(409);
  expect(first.status).toBe(201);
  expect((await month('2024-05')).map((s) => s.salesValueCents)).toEqual([500, 700]);
});

test('bad amounts, VAT above the sales, a future day and a bad month are refused in Portuguese', async () => {
  const cases: Array<[unknown, string]> = [
    [{ date: '2024-06-01', salesValueCents: -1 }, 'Valor das vendas deve ser um valor válido'],
    [{ date: '2024-06-01', salesValueCents: 1.5 }, 'Valor das vendas deve ser um valor válido'],
    [
      { date: '2024-06-01', salesValueCents: 100, vatCollectedCents: 101 },
      'O IVA cobrado não pode ser maior do que o valor das vendas',
    ],
    [{ date: '2099-01-01', salesValueCents: 100 }, 'A data não pode ser futura'],
    [{ date: '2024-02-30', salesValueCents: 100 }, 'Data inválida'],
    [{ salesValueCents: 100 }, 'Data é obrigatória'],
  ];
  for (const [body, message] of cases) {
    const res = await api.send('POST', '/api/sales', body);
    expect(res.status, JSON.stringify(body)).toBe(400);
    expect((await errorOf(res)).message).toBe(message);
  }
  const badMonth = await api.get('/api/sales?month=2024-13');
  expect(badMonth.status).toBe(400);
  expect((await errorOf(badMonth)).message).toBe('Mês inválido');
});

test("another account's records are neither listed nor changed", async () => {
  const res = await otherApi.send('POST', '/api/sales', {
    date: '2024-07-02',
    salesValueCents: 4200,
  });
  const foreign = (await res.json()) as SaleDto;
  expect(await month('2024-07')).toEqual([]);
  const body = { date: '2024-07-02', salesValueCents: 1 };
  expect((await api.send('PATCH', `/api/sales/${foreign.id}`, body)).status).toBe(404);
  expect((await api.send('DELETE', `/api/sales/${foreign.id}`)).status).toBe(404);
  expect((await api.send('DELETE', '/api/sales/not-a-uuid')).status).toBe(404);
  expect(await month('2024-07', otherApi)).toMatchObject([{ salesValueCents: 4200 }]);
});

test('a CSV of a month is imported: header, BOM, Windows lines, pt-PT decimals and both date forms', async () => {
  const csv =
    '\uFEFFData;Valor;IVA\r\n' +
    '01/08/2024;1.234,56;142,30\r\n' +
    '2024-08-02;"987,65";113,50;;\r\n' +
    '3/8/2024;1 500;0\r\n' +
    ';;\r\n' +
    '2024-08-05;250.5;\r\n';
  const res = await importCsv(csv);
  expect(res.status).toBe(200);
  expect((await res.json()) as SalesImportDto).toEqual({
    imported: 4,
    created: 4,
    updated: 0,
    months: ['2024-08'],
  });
  expect(
    (await month('2024-08')).map((s) => [s.date, s.salesValueCents, s.vatCollectedCents]),
  ).toEqual([
    ['2024-08-01', 123_456, 14_230],
    ['2024-08-02', 98_765, 11_350],
    ['2024-08-03', 150_000, 0],
    ['2024-08-05', 25_050, 0],
  ]);

  // A second import of the month replaces the days it names and adds the new ones.
  const again = await importCsv('02/08/2024;1.000,00;100,00\n06/08/2024;10,00;1,00\n');
  expect((await again.json()) as SalesImportDto).toEqual({
    imported: 2,
    created: 1,
    updated: 1,
    months: ['2024-08'],
  });
  expect((await month('2024-08')).map((s) => s.salesValueCents)).toEqual([
    123_456, 100_000, 150_000, 25_050, 1_000,
  ]);
});

test('a CSV with one bad line is refused whole, naming each bad line, and nothing is stored', async () => {
  const csv = [
    'data;valor;iva',
    '01/09/2024;100,00;10,00',
    '02/09/2024;12,3,4;1,00',
    '31/09/2024;100,00;1,00',
    '04/09/2024;100,00;200,00',
    '01/09/2024;5,00;0',
    '05/09/2024',
  ].join('\n');
  const res = await importCsv(csv);
  expect(res.status).toBe(422);
  const error = await errorOf(res);
  expect(error.code).toBe('SALES_CSV_INVALID');
  expect(error.message).toBe(
    'O ficheiro não foi importado. Linha 3: valor inválido «12,3,4». Use o formato 1.234,56. (e mais 4 erros)',
  );
  expect(error.issues).toEqual([
    { path: 'linha 3', message: 'Linha 3: valor inválido «12,3,4». Use o formato 1.234,56.' },
    {
      path: 'linha 4',
      message: 'Linha 4: data inválida «31/09/2024». Use dd/mm/aaaa ou aaaa-mm-dd.',
    },
    { path: 'linha 5', message: 'Linha 5: o IVA não pode ser maior do que o valor das vendas.' },
    { path: 'linha 6', message: 'Linha 6: o dia 01/09/2024 já aparece na linha 2.' },
    {
      path: 'linha 7',
      message: 'Linha 7: são esperadas as colunas data;valor;IVA separadas por «;».',
    },
  ]);
  const stored = await t.db.db.select().from(cmvSales).where(eq(cmvSales.accountId, t.accountId));
  expect(stored.filter((s) => s.date.startsWith('2024-09'))).toEqual([]);
});

test('an empty CSV, a future day and a file beyond the size limit are refused', async () => {
  const empty = await importCsv('Data;Valor;IVA\n\n');
  expect(empty.status).toBe(422);
  expect((await errorOf(empty)).message).toBe(
    'O ficheiro não foi importado. O ficheiro não tem vendas: escreva uma linha por dia, data;valor;IVA.',
  );
  const future = await importCsv('01/01/2099;10,00;1,00');
  expect((await errorOf(future)).message).toBe(
    'O ficheiro não foi importado. Linha 1: a data 01/01/2099 é futura.',
  );
  const huge = await importCsv('x'.repeat(100_001));
  expect(huge.status).toBe(400);
  expect((await errorOf(huge)).message).toBe('O ficheiro é demasiado grande (máximo 100 KB).');
  const notText = await api.send('POST', '/api/sales/import', { csv: 42 });
  expect(notText.status).toBe(400);
});
