// The overdue lifecycle's API (spec invoice-work §7 RPC manual_expire_invoices and
// check_cron_status), mounted at /api/invoice-expiry: beside /api/invoices rather than under
// it, so the invoice routes' session middleware does not run a second time.
import { Hono } from 'hono';
import type { Database } from '#server/db/client.ts';
import { requirePermission } from '#server/features/auth/require-permission.ts';
import { requireAccount, type AccountEnv } from '#server/features/auth/require-account.ts';
import type { Auth } from '#server/features/auth/auth.ts';
import { publishInBackground, type EventBus } from '#server/services/events/event-bus.ts';
import { nextRunAt } from '#server/services/scheduler/job-slots.ts';
import { todayInLisbon } from '#shared/dates.ts';
import { INVOICE_EXPIRY_SCHEDULE } from './invoice-expiry.job.ts';
import { expireOverdueInvoices, getExpiryStatus } from './invoice-expiry.queries.ts';

export type InvoiceExpiryDeps = { db: Database; auth: Auth; events: EventBus };

export function invoiceExpiryRoutes({ db, auth, events }: InvoiceExpiryDeps) {
  return new Hono<AccountEnv>()
    .use(requireAccount(auth))
    .get('/', async (c) => {
      // The daily run as this account sees it; the web polls it every 60 s (spec §9).
      const status = await getExpiryStatus(db, { accountId: c.var.accountId });
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
    .post('/', requirePermission('canEditFacturas'), async (c) => {
      // 'expirar faturas': this account's overdue Pendente invoices, now.
      const accountId = c.var.accountId;
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
