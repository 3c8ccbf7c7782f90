// GET /api/summary?year=&month= (issue 16): the month at a glance for /resumo — totals, own
// spending, deductible and collected VAT, the payment-status split, spending by day, supplier
// and category, cash flow and the VAT by region × rate of the month and its quarter. Signed
// in, scoped to the session's account, and only for actors who may open the summary
// (canAccessResumo: the main user, administrators and managers).
import { Hono } from 'hono';
import { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import type { ScopeEnv } from '#server/features/auth/request-scope.ts';
import { requireCapability } from '#server/features/auth/require-capability.ts';
import { validate } from '#server/http/validate.ts';
import { todayInLisbon } from '#shared/dates.ts';
import { currentSummaryMonth, monthRange, quarterRange } from '#shared/summary.ts';
import { toSummaryDto } from './summary-dto.ts';
import { SUMMARY_API_MESSAGES } from './summary.messages.ts';
import { getSummaryAggregates } from './summary.queries.ts';

export type SummaryDeps = { db: Database };

/** A whole number in a query string ('2026'), as typed: no '2026.5', no '0x7EA'. */
const wholeNumber = (message: string, min: number, max: number) =>
  z
    .string({ error: message })
    .regex(/^\d{1,4}$/, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message));

// The years invoices may carry (#shared/schemas/invoice.ts MIN/MAX_INVOICE_DATE).
const summaryQuerySchema = z.object({
  year: wholeNumber(SUMMARY_API_MESSAGES.yearInvalid, 2000, 2100).optional(),
  month: wholeNumber(SUMMARY_API_MESSAGES.monthInvalid, 1, 12).optional(),
});

/** Mounted behind the request scope (app.ts `signedIn`): the account, actor and plan. */
export function summaryRoutes({ db }: SummaryDeps) {
  return new Hono<ScopeEnv>().get(
    '/',
    requireCapability('resumo.view'),
    validate('query', summaryQuerySchema),
    async (c) => {
      const query = c.req.valid('query');
      const today = todayInLisbon();
      // Without a month: the current one in Europe/Lisbon (the screen's default).
      const current = currentSummaryMonth(today);
      const month = { year: query.year ?? current.year, month: query.month ?? current.month };
      const range = monthRange(month);
      const quarter = quarterRange(month);
      const aggregates = await getSummaryAggregates(db, {
        accountId: c.var.scope.accountId,
        month: range,
        quarter,
        today,
      });
      return c.json(toSummaryDto(aggregates, { month, range, quarter }), 200);
    },
  );
}
