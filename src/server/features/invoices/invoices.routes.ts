// The invoice API (issue 4 contract), mounted at /api/invoices. Every route needs a session
// and every query is scoped by the session's account; an id of another account is a 404.
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import { requireAccount, type AccountEnv } from '#server/features/auth/require-account.ts';
import { requirePermission } from '#server/features/auth/require-permission.ts';
import { discardScan } from '#server/features/scan/kept-scans.ts';
import { getSuppliersByNif } from '#server/features/suppliers/suppliers.queries.ts';
import type { Auth } from '#server/features/auth/auth.ts';
import { AppError } from '#server/http/errors.ts';
import { validate } from '#server/http/validate.ts';
import { publishInBackground, type EventBus } from '#server/services/events/event-bus.ts';
import type { Mailer } from '#server/services/mail/mailer.ts';
import type { Storage } from '#server/services/storage/storage.ts';
import { todayInLisbon, type CalendarDate } from '#shared/dates.ts';
import { PAYMENT_STATUSES } from '#shared/domain.ts';
import { INVOICE_PERIODS } from '#shared/invoice-period.ts';
import { paymentOff, paymentOn, savedPayment } from '#shared/invoice-status.ts';
import {
  createInvoiceSchema,
  duplicateCheckSchema,
  paymentChangeSchema,
  supplierNifSchema,
  updateInvoiceSchema,
} from '#shared/schemas/invoice.ts';
import { toInvoiceDto } from './invoice-dto.ts';
import { createInvoice, findDuplicateId, getMonthlyUsage } from './invoice-create.queries.ts';
import { deleteInvoice, getInvoice, updateInvoice } from './invoice-item.queries.ts';
import { getInvoiceStats } from './invoice-stats.queries.ts';
import { deleteInvoicePhotoFiles } from './invoice-photo-files.ts';
import { copyScanToInvoicePhoto } from './invoice-scan-photo.ts';
import { INVOICE_API_MESSAGES, monthlyLimitMessage } from './invoices.messages.ts';
import { notifyPayment } from './payment-notification.ts';
import {
  InvalidListCursorError,
  listInvoices,
  MAX_LIST_LIMIT,
  type InvoiceRow,
} from './invoices.queries.ts';

export type InvoiceDeps = {
  db: Database;
  auth: Auth;
  events: EventBus;
  /** Holds scanned documents until an invoice keeps them as its first photo. */
  storage: Storage;
  /** Sends the supplier's payment notification. */
  mailer: Mailer;
};

const periodSchema = z.enum(INVOICE_PERIODS).default('all');

const listQuerySchema = z.object({
  period: periodSchema,
  // Status chips, comma-separated: ?status=Pendente,Vencida
  status: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',').filter((s) => s !== '') : []))
    .pipe(z.array(z.enum(PAYMENT_STATUSES))),
  search: z.string().max(200).optional(),
  // One supplier's invoices (/faturas/:nif); combines with period, status and search.
  supplierNif: supplierNifSchema.optional(),
  // The 'Urgentes' chip: only Pendente invoices due today through today + 3 (spec §4 "Urgent").
  urgent: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_LIST_LIMIT).optional(),
});

const notFound = () => new AppError(404, 'INVOICE_NOT_FOUND', INVOICE_API_MESSAGES.notFound);

/** A malformed id cannot name an invoice: answer as for an unknown one, not with a DB error. */
function invoiceId(raw: string): string {
  const parsed = z.uuid().safeParse(raw);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

export function invoiceRoutes({ db, auth, events, storage, mailer }: InvoiceDeps) {
  /** Tells the account's other tabs and devices (GET /api/events) that an invoice changed. */
  function announce(accountId: string, action: 'created' | 'updated' | 'deleted', id: string) {
    publishInBackground(events, accountId, { type: 'invoices.changed', action, ids: [id] });
  }

  async function loadInvoice(accountId: string, rawId: string) {
    const invoice = await getInvoice(db, { accountId, id: invoiceId(rawId) });
    if (!invoice) throw notFound();
    return invoice;
  }

  /** One invoice as every single-invoice answer sends it: with its supplier, as the list does. */
  async function invoiceWithSupplier(accountId: string, row: InvoiceRow, today: CalendarDate) {
    const suppliersByNif = await getSuppliersByNif(db, { accountId, nifs: [row.supplierNif] });
    const supplier = (row.supplierNif && suppliersByNif.get(row.supplierNif)) || null;
    return toInvoiceDto(row, today, supplier);
  }

  return (
    new Hono<AccountEnv>()
      .use(requireAccount(auth))
      .use(requirePermission('canAccessFacturas'))
      .get('/', validate('query', listQuerySchema), async (c) => {
        const query = c.req.valid('query');
        const today = todayInLisbon();
        try {
          const result = await listInvoices(db, {
            accountId: c.var.accountId,
            period: query.period,
            statuses: query.status,
            search: query.search,
            supplierNif: query.supplierNif,
            isUrgent: query.urgent,
            cursor: query.cursor,
            limit: query.limit,
            today,
          });
          const suppliersByNif = await getSuppliersByNif(db, {
            accountId: c.var.accountId,
            nifs: result.items.map((row) => row.supplierNif),
          });
          const supplierOf = (nif: string | null) => (nif && suppliersByNif.get(nif)) || null;
          return c.json(
            {
              items: result.items.map((row) =>
                toInvoiceDto(row, today, supplierOf(row.supplierNif)),
              ),
              nextCursor: result.nextCursor,
            },
            200,
          );
        } catch (err) {
          if (err instanceof InvalidListCursorError) {
            throw new AppError(400, 'INVALID_CURSOR', INVOICE_API_MESSAGES.invalidCursor);
          }
          throw err;
        }
      })
      .get('/stats', validate('query', z.object({ period: periodSchema })), async (c) => {
        const stats = await getInvoiceStats(db, {
          accountId: c.var.accountId,
          period: c.req.valid('query').period,
          today: todayInLisbon(),
        });
        return c.json(stats, 200);
      })
      .get('/counter', async (c) => {
        const usage = await getMonthlyUsage(db, {
          accountId: c.var.accountId,
          today: todayInLisbon(),
        });
        return c.json(
          {
            current_count: usage.currentCount,
            monthly_limit: usage.monthlyLimit,
            percentage_used: usage.percentageUsed,
            is_at_limit: usage.isAtLimit,
          },
          200,
        );
      })
      .post(
        '/',
        requirePermission('canCreateFacturas'),
        validate('json', createInvoiceSchema),
        async (c) => {
          const accountId = c.var.accountId;
          const data = c.req.valid('json');
          const today = todayInLisbon();
          const id = randomUUID();
          // A scan that is gone (used already, another account's) leaves the invoice without a
          // photo rather than refusing what the user typed and checked.
          const photo = data.scanId
            ? await copyScanToInvoicePhoto(storage, {
                accountId,
                invoiceId: id,
                scanId: data.scanId,
              })
            : null;
          const result = await createInvoice(db, {
            accountId,
            id,
            data,
            today,
            imagePaths: photo ? [photo] : [],
          });
          if (result.kind !== 'created' && photo) {
            await deleteInvoicePhotoFiles(storage, { accountId, paths: [photo] });
          }
          switch (result.kind) {
            case 'limitReached':
              throw new AppError(
                403,
                'MONTHLY_LIMIT_REACHED',
                monthlyLimitMessage(result.monthlyLimit),
              );
            case 'duplicate':
              throw new AppError(
                409,
                'DUPLICATE_INVOICE',
                INVOICE_API_MESSAGES.duplicate,
                undefined,
                {
                  existingId: result.existingId,
                },
              );
            case 'created':
              if (data.scanId) await discardScan(db, storage, { accountId, scanId: data.scanId });
              announce(accountId, 'created', result.invoice.id);
              return c.json(await invoiceWithSupplier(accountId, result.invoice, today), 201);
          }
        },
      )
      // The scanner's warning before saving; the create applies the same rules again.
      .get('/duplicate', validate('query', duplicateCheckSchema), async (c) => {
        const existingId = await findDuplicateId(db, {
          accountId: c.var.accountId,
          data: c.req.valid('query'),
        });
        return c.json({ existingId }, 200);
      })
      .get('/:id', async (c) => {
        const accountId = c.var.accountId;
        const invoice = await loadInvoice(accountId, c.req.param('id'));
        return c.json(await invoiceWithSupplier(accountId, invoice, todayInLisbon()), 200);
      })
      .patch(
        '/:id',
        requirePermission('canEditFacturas'),
        validate('json', updateInvoiceSchema),
        async (c) => {
          const accountId = c.var.accountId;
          const current = await loadInvoice(accountId, c.req.param('id'));
          const body = c.req.valid('json');
          const today = todayInLisbon();
          // Spec §4 edit mode: the status is free; paid and the method follow from it. A
          // Pendente with a due date already passed is stored Vencida (issue 13 point 6).
          const payment = savedPayment(
            body.paymentStatus ?? current.paymentStatus,
            body.paymentMethod !== undefined ? body.paymentMethod : current.paymentMethod,
            body.dueDate ?? current.dueDate,
            today,
          );
          const updated = await updateInvoice(db, {
            accountId,
            id: current.id,
            changes: {
              ...(body.dueDate !== undefined ? { dueDate: body.dueDate } : {}),
              ...(body.notes !== undefined ? { notes: body.notes } : {}),
              ...payment,
              paidAt: payment.isPaid ? (current.paidAt ?? today) : null,
            },
          });
          if (!updated) throw notFound();
          announce(accountId, 'updated', updated.id);
          return c.json(await invoiceWithSupplier(accountId, updated, today), 200);
        },
      )
      .post(
        '/:id/payment',
        requirePermission('canEditFacturas'),
        validate('json', paymentChangeSchema),
        async (c) => {
          const accountId = c.var.accountId;
          const current = await loadInvoice(accountId, c.req.param('id'));
          const body = c.req.valid('json');
          const today = todayInLisbon();
          // Spec §4 view mode: on needs a method (the schema requires it); off recomputes the status.
          const payment =
            body.paid && body.method ? paymentOn(body.method) : paymentOff(current, today);
          const updated = await updateInvoice(db, {
            accountId,
            id: current.id,
            changes: { ...payment, paidAt: payment.isPaid ? (current.paidAt ?? today) : null },
          });
          if (!updated) throw notFound();
          announce(accountId, 'updated', updated.id);
          // Spec §4: marking it paid tells the supplier, when the invoice names one by NIF.
          const { supplierNif } = updated;
          const notification =
            updated.isPaid && !current.isPaid && supplierNif
              ? await notifyPayment(db, mailer, {
                  accountId,
                  invoice: { ...updated, supplierNif },
                  paidOn: updated.paidAt ?? today,
                })
              : null;
          const invoice = await invoiceWithSupplier(accountId, updated, today);
          return c.json({ invoice, notification }, 200);
        },
      )
      .delete('/:id', requirePermission('canDeleteFacturas'), async (c) => {
        const id = invoiceId(c.req.param('id'));
        const deleted = await deleteInvoice(db, { accountId: c.var.accountId, id });
        if (!deleted) throw notFound();
        // Its photos and thumbnails go with it. The row is gone either way: a file left behind
        // is waste no URL can reach, not a failed delete.
        await deleteInvoicePhotoFiles(storage, {
          accountId: c.var.accountId,
          paths: deleted.imagePaths,
        }).catch(() => undefined);
        announce(c.var.accountId, 'deleted', id);
        return c.body(null, 204);
      })
  );
}
