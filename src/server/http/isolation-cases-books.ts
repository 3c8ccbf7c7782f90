// The isolation cases of the books (isolation.test.ts): invoices and their photos, the overdue
// run, the scanner, suppliers, categories, the summary, sales (CMV), savings, the exports and the
// e-Fatura import — B aimed at A's rows, B's lists and aggregates without A's, and B's creates
// with A's keys (the NIF, number and ATCUD of A's invoice, A's supplier NIF, category name and
// sale day) accepted for B, never refused as taken.
import { expect } from 'vitest';
import { addDays, todayInLisbon } from '#shared/dates.ts';
import {
  answers,
  read,
  sentValues,
  type Case,
  type Checks,
  type SignedInCase,
} from './isolation-checks.ts';
import {
  goalBody,
  NIFS,
  photoForm,
  SALES_MONTH,
  scanForm,
  type Browser,
} from './isolation-test-kit.ts';

const today = todayInLisbon();

/** An e-Fatura buyer CSV with one document: A's invoice at the bank both accounts use. */
function efaturaFile(): FormData {
  const header =
    '"Setor";"Emitente";"Nº Fatura / ATCUD";"Tipo";"Data Emissão";"Total";"IVA";"Base Tributável";"Situação";"Comunicação  Emitente";"Comunicação  Adquirente"';
  const line = `"Outros";"${NIFS.shared} - Banco Importado SA";"FT MARCA/2 / AAAA1111-2";"Fatura";"${today}";"4.321,02 €";"230,00 €";"4.091,02 €";"Registado";"X";""`;
  const form = new FormData();
  const file = new TextEncoder().encode(`${header}\n${line}\n`);
  form.set('file', new File([file], 'faturas.csv', { type: 'text/csv' }));
  return form;
}
type ImportAnswer = { rows: { status: string; invoiceId: string | null }[] };
/** What B sent in the file, which may come back in the rows. */
const FILE_VALUES = ['FT MARCA/2', 'AAAA1111-2'];

export function bookCases(c: Checks): Record<string, Case> {
  const { world, untouched, expectNoMarkers, reads, readsText, readsOf, checkAnswer, changeOfA } =
    c;
  const A = () => world().a;
  const B = () => world().b.browser;

  /** B creates its own row with A's key (`body`), must not be refused, then deletes it. */
  function createsWithAsKey(path: string, body: () => Record<string, unknown>): SignedInCase {
    return {
      check: async () => {
        const sent = body();
        await untouched(
          async () => {
            const reply = await B().call('POST', path, sent);
            expect(reply.status, reply.text).toBe(201);
            expectNoMarkers(reply.text, `new row of ${path}`, sentValues(sent));
            const { id } = JSON.parse(reply.text) as { id: string };
            await B().json('DELETE', `${path}/${id}`, undefined, 204);
          },
          { reread: true },
        );
      },
    };
  }

  return {
    // ——— Invoices ———
    'GET /api/invoices': readsText(
      read(() => '/api/invoices?period=all&limit=100', { change: changeOfA('invoice') }),
      read(() => `/api/invoices?period=all&supplierNif=${NIFS.shared}`, {
        change: changeOfA('bankDeposit'),
      }),
      read(() => '/api/invoices?search=Marcador'),
    ),
    'GET /api/invoices/stats': readsText(
      read(() => '/api/invoices/stats', { change: changeOfA('invoice') }),
    ),
    'GET /api/invoices/counter': readsText(
      read(() => '/api/invoices/counter', { change: changeOfA('invoice') }),
    ),
    'GET /api/invoices/duplicate': {
      check: async () => {
        const query = `supplierNif=${NIFS.shared}&number=FT%20MARCA%2F2&atcud=AAAA1111-2`;
        const url = `/api/invoices/duplicate?${query}`;
        expect(await A().browser.json('GET', url)).toEqual({ existingId: expect.any(String) });
        expect(await untouched(() => B().json('GET', url))).toEqual({ existingId: null });
      },
    },
    'GET /api/invoices/:id': answers(404, 'INVOICE_NOT_FOUND'),
    'POST /api/invoices': {
      check: async () => {
        // A's invoice at the shared bank — its number and ATCUD — with A's kept scan as its photo.
        const body = {
          supplierNif: NIFS.shared,
          supplierName: 'Banco de B',
          number: 'FT MARCA/2',
          atcud: 'AAAA1111-2',
          issueDate: today,
          dueDate: addDays(today, 30),
          totalCents: 432_102,
          vatCents: 23_000,
        };
        await untouched(
          async () => {
            const reply = await B().call('POST', '/api/invoices', { ...body, scanId: A().scanId });
            expect(reply.status, reply.text).toBe(201);
            const invoice = JSON.parse(reply.text) as { id: string; imagePaths: string[] };
            expect(invoice.imagePaths).toEqual([]);
            expectNoMarkers(reply.text, 'new invoice', sentValues(body));
            await B().json('DELETE', `/api/invoices/${invoice.id}`, undefined, 204);
          },
          { reread: true },
        );
      },
    },
    'PATCH /api/invoices/:id': answers(404, 'INVOICE_NOT_FOUND', () => ({
      notes: 'Alterada por B',
      paymentStatus: 'Paga',
      paymentMethod: 'Dinheiro',
    })),
    'POST /api/invoices/:id/payment': answers(404, 'INVOICE_NOT_FOUND', () => ({
      paid: true,
      method: 'Cartão',
    })),
    'DELETE /api/invoices/:id': answers(404, 'INVOICE_NOT_FOUND'),
    'POST /api/invoices/:id/photos': {
      check: async () => {
        const form = await photoForm('#f00');
        await checkAnswer(
          'POST /api/invoices/:id/photos',
          answers(404, 'INVOICE_NOT_FOUND', () => form).answers,
        );
      },
    },
    'DELETE /api/invoices/:id/photos': {
      check: async () => {
        const route = 'DELETE /api/invoices/:id/photos';
        const query = () => `?path=${encodeURIComponent(A().photoPath)}`;
        await checkAnswer(route, answers(404, 'INVOICE_NOT_FOUND', undefined, query).answers);
        // B's own invoice, naming A's photo.
        const own = `/api/invoices/${world().b.invoiceId}/photos`;
        await checkAnswer(route, answers(404, 'PHOTO_NOT_FOUND', undefined, query).answers, own);
      },
    },
    'GET /api/invoice-expiry': {
      check: async () => {
        const own = await A().browser.json('GET', '/api/invoice-expiry');
        expect(own).toMatchObject({ lastUpdatedCount: 1 });
        const reply = await untouched(() => B().json('GET', '/api/invoice-expiry'));
        expect(reply).toEqual({ ...own, lastUpdatedCount: 0 });
      },
    },
    'POST /api/invoice-expiry': {
      check: async () => {
        const expire = (browser: Browser) => browser.json('POST', '/api/invoice-expiry');
        const reply = await untouched(() => expire(B()), { reread: true });
        expect(reply).toEqual({ success: true, updated_count: 0 });
        // A's overdue invoice was there to expire: A's own request does.
        expect(await expire(A().browser)).toEqual({ success: true, updated_count: 1 });
      },
    },
    'POST /api/scan': {
      check: async () => {
        const form = await scanForm();
        const reply = await untouched(() => B().call('POST', '/api/scan', form), { reread: true });
        expect(reply.status).toBe(200);
        expectNoMarkers(reply.text, 'scan');
      },
    },

    // ——— Suppliers and categories ———
    'GET /api/suppliers': readsText(
      read(() => '/api/suppliers'),
      read(() => '/api/suppliers?search=Marcador'),
      // The bank's invoice count and spending in B's list are B's alone.
      read(() => '/api/suppliers', { change: changeOfA('bankDeposit') }),
    ),
    'GET /api/suppliers/lookup': readsText(
      read(() => `/api/suppliers/lookup?nif=${NIFS.aOnly}`),
      read(() => `/api/suppliers/lookup?nif=${NIFS.shared}`),
    ),
    'GET /api/suppliers/by-nif/:nif': readsText(
      read(() => `/api/suppliers/by-nif/${NIFS.aOnly}`),
      read(() => `/api/suppliers/by-nif/${NIFS.shared}`, { change: changeOfA('bankDeposit') }),
    ),
    'GET /api/suppliers/:id': answers(404, 'SUPPLIER_NOT_FOUND'),
    'POST /api/suppliers': createsWithAsKey('/api/suppliers', () => ({
      name: 'Outro de B',
      nif: NIFS.aOnly,
    })),
    'PATCH /api/suppliers/:id': answers(404, 'SUPPLIER_NOT_FOUND', () => ({
      name: 'Renomeado por B',
      nif: NIFS.aOnly,
    })),
    'DELETE /api/suppliers/:id': answers(404, 'SUPPLIER_NOT_FOUND'),
    'GET /api/categories': readsOf('text', () => '/api/categories'),
    'POST /api/categories': createsWithAsKey('/api/categories', () => ({
      name: 'Marcador-A-Categoria',
      icon: 'tag',
      color: 'slate',
    })),
    'PATCH /api/categories/:id': answers(404, 'CATEGORY_NOT_FOUND', () => ({
      name: 'De B',
      icon: 'tag',
      color: 'pink',
    })),
    'DELETE /api/categories/:id': answers(404, 'CATEGORY_NOT_FOUND'),

    // ——— Summary, sales (CMV), savings ———
    'GET /api/summary': readsText(
      read(() => '/api/summary', { change: changeOfA('invoice') }),
      read(
        () => `/api/summary?year=${SALES_MONTH.slice(0, 4)}&month=${Number(SALES_MONTH.slice(5))}`,
      ),
    ),
    'GET /api/sales': readsOf('text', () => `/api/sales?month=${SALES_MONTH}`),
    'POST /api/sales': createsWithAsKey('/api/sales', () => ({
      date: A().saleDate,
      salesValueCents: 1_000,
      vatCollectedCents: 0,
    })),
    'PATCH /api/sales/:id': answers(404, 'SALE_NOT_FOUND', () => ({
      date: A().saleDate,
      salesValueCents: 1,
      vatCollectedCents: 0,
    })),
    'DELETE /api/sales/:id': answers(404, 'SALE_NOT_FOUND'),
    'POST /api/sales/import': {
      check: async () => {
        // The day A has a record of: a new record of B's, never an update of A's.
        const csv = `${A().saleDate};1.000,00;100,00`;
        await untouched(
          async () => {
            const reply = await B().json('POST', '/api/sales/import', { csv });
            expect(reply).toMatchObject({ imported: 1, created: 1, updated: 0 });
            const month = `/api/sales?month=${SALES_MONTH}`;
            const { sales } = await B().json<{ sales: { id: string; date: string }[] }>(
              'GET',
              month,
            );
            const imported = sales.find((sale) => sale.date === A().saleDate);
            await B().json('DELETE', `/api/sales/${imported?.id}`, undefined, 204);
          },
          { reread: true },
        );
      },
    },
    'GET /api/sales/report': readsText(
      read(() => `/api/sales/report?month=${SALES_MONTH}`, { change: changeOfA('sale') }),
    ),
    'GET /api/sales/resale-categories': readsOf('text', () => '/api/sales/resale-categories'),
    'PUT /api/sales/resale-categories': answers(404, 'CATEGORY_NOT_FOUND', () => ({
      builtIn: [],
      customIds: [A().categoryId],
    })),
    'GET /api/savings': readsText(read(() => '/api/savings', { change: changeOfA('bankDeposit') })),
    // A's own savings supplier is not one of B's.
    'POST /api/savings/goals': answers(422, 'NOT_SAVINGS_SUPPLIER', () => ({
      ...goalBody(),
      supplierNif: NIFS.aSavings,
    })),
    'PATCH /api/savings/goals/:id': answers(404, 'SAVINGS_GOAL_NOT_FOUND', goalBody),
    'DELETE /api/savings/goals/:id': answers(404, 'SAVINGS_GOAL_NOT_FOUND'),

    // ——— Exports, the e-Fatura import, the feed's secret ———
    'GET /api/exports/invoices.csv': readsText(
      read(() => '/api/exports/invoices.csv?period=all', { change: changeOfA('invoice') }),
      read(() => '/api/exports/invoices.csv?period=all&search=Marcador'),
    ),
    'GET /api/exports/invoices.xlsx': reads(
      'xlsx',
      read(() => '/api/exports/invoices.xlsx?period=all', { change: changeOfA('invoice') }),
    ),
    'GET /api/exports/suppliers/:nif/invoices.csv': readsText(
      read(() => `/api/exports/suppliers/${NIFS.aOnly}/invoices.csv`, { sent: [NIFS.aOnly] }),
      read(() => `/api/exports/suppliers/${NIFS.shared}/invoices.csv`, {
        change: changeOfA('bankDeposit'),
      }),
    ),
    'GET /api/exports/suppliers/:nif/invoices.xlsx': reads(
      'xlsx',
      read(() => `/api/exports/suppliers/${NIFS.aOnly}/invoices.xlsx`, { sent: [NIFS.aOnly] }),
      read(() => `/api/exports/suppliers/${NIFS.shared}/invoices.xlsx`, {
        change: changeOfA('bankDeposit'),
      }),
    ),
    'POST /api/efatura-import/preview': {
      check: async () => {
        // The file holds A's invoice: for A a duplicate to skip, for B a new invoice.
        const path = '/api/efatura-import/preview';
        const own = await A().browser.json<ImportAnswer>('POST', path, efaturaFile());
        expect(own.rows).toMatchObject([{ status: 'skip', invoiceId: expect.any(String) }]);
        const reply = await untouched(() => B().call('POST', path, efaturaFile()));
        expect(reply.status, reply.text).toBe(200);
        const { rows } = JSON.parse(reply.text) as ImportAnswer;
        expect(rows).toMatchObject([{ status: 'create', invoiceId: null }]);
        expectNoMarkers(reply.text, 'import preview', FILE_VALUES);
      },
    },
    'POST /api/efatura-import/commit': {
      check: async () => {
        await untouched(
          async () => {
            const reply = await B().call('POST', '/api/efatura-import/commit', efaturaFile());
            expect(reply.status, reply.text).toBe(200);
            const [row] = (JSON.parse(reply.text) as ImportAnswer).rows;
            expect(row?.status).toBe('create');
            expectNoMarkers(reply.text, 'import', FILE_VALUES);
            await B().json('DELETE', `/api/invoices/${row?.invoiceId}`, undefined, 204);
          },
          { reread: true },
        );
      },
    },
  };
}
