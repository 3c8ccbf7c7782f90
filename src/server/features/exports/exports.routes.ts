// The exports (issue 17 point 1), mounted at /api/exports behind the request scope (app.ts):
//   GET /invoices.xlsx · /invoices.csv                     the dashboard's list, same filters
//   GET /suppliers/:nif/invoices.xlsx · …/invoices.csv     one supplier's invoices (its page)
// Query: the list's filters (period, status, search, urgent; supplierNif on the first two),
// validated by the list's own schema. The answer streams as it is read; `X-Export-Count` says
// how many invoices it holds, so the page can show its progress (HEAD: the headers alone).
// Needs the role's canExportData and the plan's `exports` feature ('exports.create').
import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import type { ScopeEnv } from '#server/features/auth/request-scope.ts';
import { requireCapability } from '#server/features/auth/require-capability.ts';
import { listQuerySchema } from '#server/features/invoices/invoices.routes.ts';
import type { Logger } from '#server/logger.ts';
import { validate } from '#server/http/validate.ts';
import { todayInLisbon } from '#shared/dates.ts';
import { supplierNifSchema } from '#shared/schemas/invoice.ts';
import { attachmentHeader, exportFileName } from './export-file-name.ts';
import { streamExport } from './export-stream.ts';
import { CONTENT_TYPES, type ExportFormat } from './export-writer.ts';
import { countExportInvoices, getSupplierInfo, type ExportFilters } from './exports.queries.ts';

export type ExportDeps = { db: Database; logger: Logger };

/** Header with the number of invoices in the file (read by the web's progress bar). */
export const EXPORT_COUNT_HEADER = 'X-Export-Count';

const exportQuerySchema = listQuerySchema.omit({ cursor: true, limit: true });
const supplierQuerySchema = exportQuerySchema.omit({ supplierNif: true });
const supplierParamSchema = z.object({ nif: supplierNifSchema });

type ExportQuery = z.output<typeof supplierQuerySchema> & { supplierNif?: string };

export function exportRoutes({ db, logger }: ExportDeps) {
  const gate = requireCapability('invoices.view', 'exports.create');

  async function respond(
    c: Context<ScopeEnv>,
    format: ExportFormat,
    query: ExportQuery,
    supplier?: string,
  ) {
    const today = todayInLisbon();
    const filters: ExportFilters = {
      accountId: c.var.scope.accountId,
      period: query.period,
      statuses: query.status,
      search: query.search,
      supplierNif: query.supplierNif,
      isUrgent: query.urgent,
      today,
    };
    const count = await countExportInvoices(db, filters);
    const fileName = exportFileName({
      format,
      period: query.period,
      today,
      isUrgent: query.urgent,
      supplier,
    });
    const headers = {
      'Content-Type': CONTENT_TYPES[format],
      'Content-Disposition': attachmentHeader(fileName),
      [EXPORT_COUNT_HEADER]: String(count),
    };
    // HEAD asks for the count and the name only: nothing is read or written.
    if (c.req.method === 'HEAD') return c.body(null, 200, headers);
    return c.body(streamExport({ db, logger, format, filters }), 200, headers);
  }

  /** One supplier's export: named after the saved supplier, else its NIF. */
  async function respondForSupplier(
    c: Context<ScopeEnv>,
    format: ExportFormat,
    nif: string,
    query: z.output<typeof supplierQuerySchema>,
  ) {
    const saved = await getSupplierInfo(db, { accountId: c.var.scope.accountId, nifs: [nif] });
    const name = saved.get(nif)?.name ?? nif;
    return respond(c, format, { ...query, supplierNif: nif }, name);
  }

  return new Hono<ScopeEnv>()
    .get('/invoices.xlsx', gate, validate('query', exportQuerySchema), (c) =>
      respond(c, 'xlsx', c.req.valid('query')),
    )
    .get('/invoices.csv', gate, validate('query', exportQuerySchema), (c) =>
      respond(c, 'csv', c.req.valid('query')),
    )
    .get(
      '/suppliers/:nif/invoices.xlsx',
      gate,
      validate('param', supplierParamSchema),
      validate('query', supplierQuerySchema),
      (c) => respondForSupplier(c, 'xlsx', c.req.valid('param').nif, c.req.valid('query')),
    )
    .get(
      '/suppliers/:nif/invoices.csv',
      gate,
      validate('param', supplierParamSchema),
      validate('query', supplierQuerySchema),
      (c) => respondForSupplier(c, 'csv', c.req.valid('param').nif, c.req.valid('query')),
    );
}
