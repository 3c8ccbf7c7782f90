// The overdue lifecycle's API (spec invoice-work §7 RPC manual_expire_invoices and
// check_cron_status), mounted at /api/invoice-expiry: beside /api/invoices rather than under
// it. Behind the request scope (app.ts).
import { Hono } from 'hono';
import type { Database } from '#server/db/client.ts';
import type { ScopeEnv } from '#server/features/auth/request-scope.ts';
import { requireCapability } from '#server/features/auth/require-capability.ts';
import { publishInBackground, type EventBus } from '#server/services/events/event-bus.ts';
import { nextRunAt } from '#server/services/scheduler/job-slots.ts';
import { todayInLisbon } from '#shared/dates.ts';
import { INVOICE_EXPIRY_SCHEDULE } from './invoice-expiry.job.ts';
import { expireOverdueInvoices, getExpiryStatus } from './invoice-expiry.queries.ts';

export type InvoiceExpiryDeps = { db: Database; events: EventBus };

export function invoiceExpiryRoutes({ db, events }: InvoiceExpiryDeps) {
  return new Hono<ScopeEnv>()
    .get('/', requireCapability('invoices.view'), async (c) => {
      // The daily run as this account sees it; the web polls it every 60 s (spec §9).
      const status = await getExpiryStatus(db, { accountId: c.var.scope.accountId });
      return c.json(
        {
          lastRunAt: status.lastRunAt?.toISOString() ?? null,
          nextRunAt: nextRunAt(INVOICE_EXPIRY_SCHEDULE).toISOString(),
          lastStatus: status.lastStatus,
          lastUpdatedCount: status.lastUpdatedCount,
        },
        200,
      );
    })
    .post('/', requireCapability('invoices.view', 'invoices.edit'), async (c) => {
      // 'expirar faturas': this account's overdue Pendente invoices, now.
      const accountId = c.var.scope.accountId;
      const expired = await expireOverdueInvoices(db, { accountId, today: todayInLisbon() });
      if (expired.length > 0) {
        publishInBackground(events, accountId, {
          type: 'invoices.changed',
          action: 'expired',
          ids: expired.map((invoice) => invoice.id),
        });
      }
      return c.json({ success: true as const, updated_count: expired.length }, 200);
    });
}
