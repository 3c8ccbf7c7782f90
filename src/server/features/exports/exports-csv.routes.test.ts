import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { InvoiceDto } from '#server/features/invoices/invoice-dto.ts';
import { addDays, monthName, startOfMonth, todayInLisbon } from '#shared/dates.ts';
import { insertInvoices, type InvoiceOverrides } from '#tests/factories/invoices.ts';
import { nextNif } from '#tests/factories/nif.ts';
import { insertSupplier } from '#tests/factories/suppliers.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { bytesOf, exportAccount, parseCsv, type ExportAccount } from './export-test-helpers.ts';

let t: TestApp;
let owner: ExportAccount;
const today = todayInLisbon();
const monthStart = startOfMonth(today);
const earlier = addDays(monthStart, -40);
const padariaNif = nextNif();

const NUMBER = 3;

beforeAll(async () => {
  t = await createTestApp();
  owner = await exportAccount(t);
  await insertSupplier(t.db.db, owner.accountId, {
    nif: padariaNif,
    name: 'Padaria Central',
    category: 'Alimentação e Supermercados',
  });
  const rows: InvoiceOverrides[] = [
    {
      number: 'FT 1',
      supplierName: 'Café "O Zé"; Lda',
      issueDate: monthStart,
      dueDate: addDays(monthStart, 9),
      totalCents: 123_456,
      vatCents: 23_085,
      notes: 'linha um\r\nlinha dois',
    },
    {
      number: 'NC 1',
      documentType: 'NC',
      supplierName: 'Padaria Central',
      supplierNif: padariaNif,
      issueDate: today,
      dueDate: today,
      totalCents: 1_050,
      vatCents: 0,
      paymentStatus: 'Paga',
      isPaid: true,
    },
    {
      number: '=HYPERLINK("x")',
      supplierName: '+351 Lda',
      supplierNif: padariaNif,
      issueDate: earlier,
      dueDate: addDays(earlier, 1),
      totalCents: 7,
      vatCents: 0,
    },
    // Urgent: Pendente, due within three days.
    { number: 'URG 1', issueDate: today, dueDate: addDays(today, 2), totalCents: 100 },
    // Paid, earlier: out of "Este mês", in every other period.
    {
      number: 'OLD PAGA',
      issueDate: earlier,
      dueDate: earlier,
      paymentStatus: 'Paga',
      isPaid: true,
    },
  ];
  await insertInvoices(t.db.db, owner.accountId, rows);
});

afterAll(() => t.close());

const csvOf = async (query: string, path = '/api/exports/invoices.csv') => {
  const res = await owner.api.get(`${path}${query}`);
  expect(res.status).toBe(200);
  return { res, bytes: await bytesOf(res) };
};

test('the CSV opens in Portuguese Excel: BOM, `;`, decimal commas, dd/mm/yyyy, CRLF, quoted fields', async () => {
  const { res, bytes } = await csvOf('?period=all');
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(res.headers.get('content-disposition')).toContain(`filename="faturas-${today}.csv"`);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString('utf8').slice(1);
  expect(text.split('\r\n')[0]).toBe(
    'Data de emissão;Data de vencimento;Tipo;Número;ATCUD;Fornecedor;NIF do fornecedor;Categoria;Estado;Método de pagamento;Base (€);IVA (€);Total (€);Observações',
  );
  expect(text.endsWith('\r\n')).toBe(true);
  expect(text.replaceAll('\r\n', '')).not.toContain('\n');

  const ft = text.split('\r\n').find((line) => line.includes(';FT 1;'));
  const [y, m, d] = monthStart.split('-');
  expect(ft).toMatch(new RegExp(`^${d}/${m}/${y};`));
  expect(ft).toContain(';"Café ""O Zé""; Lda";');
  expect(text).toContain(';1003,71;230,85;1234,56;"linha um\r\nlinha dois"\r\n');

  const rows = parseCsv(text);
  expect(rows).toHaveLength(6);
  const nc = rows.find((row) => row[NUMBER] === 'NC 1');
  expect(nc?.slice(2)).toEqual([
    'Nota de Crédito',
    'NC 1',
    expect.any(String),
    'Padaria Central',
    padariaNif,
    'Alimentação e Supermercados',
    'Paga',
    '',
    '-10,50',
    '0,00',
    '-10,50',
    '',
  ]);
});

test('a text that a spreadsheet would run as a formula is exported as text', async () => {
  const { bytes } = await csvOf('?period=all');
  const rows = parseCsv(bytes.toString('utf8').slice(1));
  const injected = rows.find((row) => row[NUMBER]?.includes('HYPERLINK'));
  expect(injected?.[NUMBER]).toBe(`'=HYPERLINK("x")`);
  expect(injected?.[5]).toBe(`'+351 Lda`);
  expect(injected?.at(-2)).toBe('0,07');
});

/** The list's numbers for a query, every page, in its order. */
async function listed(query: string): Promise<string[]> {
  const numbers: string[] = [];
  let cursor: string | null = null;
  do {
    const separator = query === '' ? '?' : '&';
    const suffix: string = cursor ? `${separator}cursor=${cursor}` : '';
    const res = await owner.api.get(`/api/invoices${query}${suffix}`);
    expect(res.status).toBe(200);
    const page: { items: InvoiceDto[]; nextCursor: string | null } = await res.json();
    numbers.push(...page.items.map((item) => item.number));
    cursor = page.nextCursor;
  } while (cursor);
  return numbers;
}

test('every filter of the list is honoured: the export holds the rows the dashboard lists, in its order', async () => {
  const month = encodeURIComponent(monthName(Number(earlier.slice(5, 7)) - 1));
  const queries = [
    '',
    '?period=thisMonth',
    '?period=last30days',
    '?period=previousMonths',
    '?period=all&status=Paga',
    '?period=all&status=Pendente,Vencida',
    '?period=thisMonth&status=Vencida',
    '?period=all&urgent=true',
    '?period=all&search=padaria',
    '?period=all&search=caf%C3%A9',
    `?period=all&search=${month}`,
    `?period=all&supplierNif=${padariaNif}`,
    `?period=thisMonth&supplierNif=${padariaNif}&search=nc`,
  ];
  for (const query of queries) {
    const { res, bytes } = await csvOf(query);
    const numbers = parseCsv(bytes.toString('utf8').slice(1))
      .slice(1)
      .map((row) => row[NUMBER]?.replace(/^'/, ''));
    expect(numbers, query).toEqual(await listed(query));
    expect(res.headers.get('x-export-count'), query).toBe(String(numbers.length));
  }
  const { bytes } = await csvOf(
    '?period=last30days',
    `/api/exports/suppliers/${padariaNif}/invoices.csv`,
  );
  const numbers = parseCsv(bytes.toString('utf8').slice(1))
    .slice(1)
    .map((row) => row[NUMBER]);
  expect(numbers).toEqual(['NC 1']);
});

test('an export of several pages holds every invoice once, in the list order', async () => {
  const account = await exportAccount(t);
  // 2 500 rows: three of the export's pages of 1 000, half of them sharing one created_at, and
  // unpaid ones from before this month first (the list's highlighted segment).
  await t.db.db.execute(sql`
    insert into invoices (account_id, number, supplier_name, issue_date, due_date, total_cents,
      payment_status, is_paid, created_at)
    select ${account.accountId}, 'N' || g, 'Fornecedor', ${earlier}::date, ${earlier}::date, g,
      case when g % 3 = 0 then 'Pendente' else 'Paga' end, g % 3 <> 0,
      case when g % 2 = 0 then now() else now() - make_interval(secs => g) end
    from generate_series(1, 2500) g`);
  const res = await account.api.get('/api/exports/invoices.csv?period=thisMonth');
  const rows = parseCsv((await bytesOf(res)).toString('utf8').slice(1)).slice(1);
  const numbers = rows.map((row) => row[NUMBER]);
  expect(res.headers.get('x-export-count')).toBe(String(rows.length));
  expect(rows).toHaveLength(833);
  expect(new Set(numbers).size).toBe(833);

  const all = await account.api.get('/api/exports/invoices.csv?period=all');
  const allNumbers = parseCsv((await bytesOf(all)).toString('utf8').slice(1))
    .slice(1)
    .map((row) => row[NUMBER]);
  expect(all.headers.get('x-export-count')).toBe('2500');
  expect(new Set(allNumbers).size).toBe(2500);
  // The highlighted (unpaid, earlier) ones first, as the dashboard lists them.
  expect(allNumbers.slice(0, 833).every((n) => Number(n?.slice(1)) % 3 === 0)).toBe(true);
});
