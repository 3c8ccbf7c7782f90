// /api/sales (issue 16 point 4, spec invoice-work §7 "Sales"): the CMV screen of a company —
// a month's daily sales records with create, edit and delete, the CSV import of a month, the
// categories marked as goods for resale, and the 12-month CMV report. Behind the request scope
// (app.ts); every route needs cmv.view (canAccessCMV on a plan with the enterprise rights, spec
// accounts §6): 403 FORBIDDEN for the role, 403 PLAN_REQUIRED for the plan. Every change is
// heard by the account's other tabs (sales.changed).
import { Hono } from 'hono';
import { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import type { ScopeEnv } from '#server/features/auth/request-scope.ts';
import { requireCapability } from '#server/features/auth/require-capability.ts';
import { AppError } from '#server/http/errors.ts';
import { validate } from '#server/http/validate.ts';
import { publishInBackground, type EventBus } from '#server/services/events/event-bus.ts';
import { todayInLisbon } from '#shared/dates.ts';
import { parseSalesCsv, salesCsvRefusal } from '#shared/sales-csv.ts';
import {
  monthQuerySchema,
  resaleCategoriesSchema,
  saleInputSchema,
  salesImportSchema,
} from '#shared/schemas/sales.ts';
import { countResaleCategories, getCmvReport } from './cmv-report.queries.ts';
import { listResaleCategories, setResaleCategories } from './resale-categories.queries.ts';
import {
  toSaleDto,
  type CmvReportDto,
  type ResaleCategoriesDto,
  type SalesImportDto,
  type SalesOfMonthDto,
} from './sale-dto.ts';
import { SALES_API_MESSAGES } from './sales.messages.ts';
import {
  createSale,
  deleteSale,
  importSales,
  listSalesOfMonth,
  updateSale,
} from './sales.queries.ts';

export type SalesDeps = { db: Database; events: EventBus };

const notFound = () => new AppError(404, 'SALE_NOT_FOUND', SALES_API_MESSAGES.notFound);
const exists = () => new AppError(409, 'SALE_EXISTS', SALES_API_MESSAGES.exists);

/** A malformed id cannot name a record: answered as an unknown one, not with a DB error. */
function saleId(raw: string): string {
  const parsed = z.uuid().safeParse(raw);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

export function salesRoutes({ db, events }: SalesDeps) {
  const announce = (accountId: string) =>
    publishInBackground(events, accountId, { type: 'sales.changed' });

  return new Hono<ScopeEnv>()
    .use(requireCapability('cmv.view'))
    .get('/', validate('query', monthQuerySchema), async (c) => {
      const { month } = c.req.valid('query');
      const rows = await listSalesOfMonth(db, { accountId: c.var.scope.accountId, month });
      return c.json({ month, sales: rows.map(toSaleDto) } satisfies SalesOfMonthDto, 200);
    })
    .post('/', validate('json', saleInputSchema), async (c) => {
      const accountId = c.var.scope.accountId;
      const sale = await createSale(db, { accountId, sale: c.req.valid('json') });
      if (sale === 'exists') throw exists();
      announce(accountId);
      return c.json(toSaleDto(sale), 201);
    })
    .patch('/:id', validate('json', saleInputSchema), async (c) => {
      const accountId = c.var.scope.accountId;
      const id = saleId(c.req.param('id'));
      const sale = await updateSale(db, { accountId, id, sale: c.req.valid('json') });
      if (sale === null) throw notFound();
      if (sale === 'exists') throw exists();
      announce(accountId);
      return c.json(toSaleDto(sale), 200);
    })
    .delete('/:id', async (c) => {
      const accountId = c.var.scope.accountId;
      if (!(await deleteSale(db, { accountId, id: saleId(c.req.param('id')) }))) throw notFound();
      announce(accountId);
      return c.body(null, 204);
    })
    .post('/import', validate('json', salesImportSchema), async (c) => {
      const accountId = c.var.scope.accountId;
      const parsed = parseSalesCsv(c.req.valid('json').csv, { today: todayInLisbon() });
      if (!parsed.ok) {
        const issues = parsed.errors.map(({ line, message }) => ({
          path: line > 0 ? `linha ${line}` : 'csv',
          message,
        }));
        // The web lists the lines from `details` (the first 20), the message names the first.
        const lines = parsed.errors
          .slice(0, 20)
          .map((e) => e.message)
          .join('\n');
        throw new AppError(422, 'SALES_CSV_INVALID', salesCsvRefusal(parsed.errors), issues, {
          lines,
        });
      }
      const result = await importSales(db, { accountId, rows: parsed.rows });
      announce(accountId);
      return c.json({ imported: parsed.rows.length, ...result } satisfies SalesImportDto, 200);
    })
    .get('/report', validate('query', monthQuerySchema), async (c) => {
      const { month } = c.req.valid('query');
      const accountId = c.var.scope.accountId;
      const [months, resaleCategoryCount] = await Promise.all([
        getCmvReport(db, { accountId, month }),
        countResaleCategories(db, { accountId }),
      ]);
      const current = months.at(-1);
      if (!current) throw new Error('the CMV report has no months');
      return c.json({ month, current, months, resaleCategoryCount } satisfies CmvReportDto, 200);
    })
    .get('/resale-categories', async (c) => {
      const categories = await listResaleCategories(db, { accountId: c.var.scope.accountId });
      return c.json({ categories } satisfies ResaleCategoriesDto, 200);
    })
    .put('/resale-categories', validate('json', resaleCategoriesSchema), async (c) => {
      const accountId = c.var.scope.accountId;
      const { builtIn, customIds } = c.req.valid('json');
      const result = await setResaleCategories(db, { accountId, builtIn, customIds });
      if (result === 'unknown') {
        throw new AppError(404, 'CATEGORY_NOT_FOUND', SALES_API_MESSAGES.categoryNotFound);
      }
      announce(accountId);
      const categories = await listResaleCategories(db, { accountId });
      return c.json({ categories } satisfies ResaleCategoriesDto, 200);
    });
}
