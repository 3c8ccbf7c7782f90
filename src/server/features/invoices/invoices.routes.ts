// The invoice API (issue 4 contract), mounted at /api/invoices behind the request scope (app.ts).
// Every query is scoped by the session's account; an id of another account is a 404. Each route
// declares its capability; the monthly limit is the request scope's plan.
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import type { RequestScope, ScopeEnv } from '#server/features/auth/request-scope.ts';
import { requireCapability, upgradeDetails } from '#server/features/auth/require-capability.ts';
import { discardScan } from '#server/features/scan/kept-scans.ts';
import { getSuppliersByNif } from '#server/features/suppliers/suppliers.queries.ts';
import { AppError } from '#server/http/errors.ts';
import { validate } from '#server/http/validate.ts';
import { publishInBackground, type EventBus } from '#server/services/events/event-bus.ts';
import type { FieldCipher } from '#server/services/crypto/field-encryption.ts';
import type { Mailer } from '#server/services/mail/mailer.ts';
import type { Storage } from '#server/services/storage/storage.ts';
import { todayInLisbon, type CalendarDate } from '#shared/dates.ts';
import { PAYMENT_STATUSES } from '#shared/domain.ts';
import { INVOICE_PERIODS } from '#shared/invoice-period.ts';
import { paymentOff, paymentOn, savedPayment } from '#shared/invoice-status.ts';
import { isAllowed } from '#shared/capabilities.ts';
import { cheapestPlanWithMoreInvoices, getPlanFeatures, type PlanAccess } from '#shared/plans.ts';
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
  events: EventBus;
  /** Holds scanned documents until an invoice keeps them as its first photo. */
  storage: Storage;
  /** Sends the supplier's payment notification. */
  mailer: Mailer;
  /** A person's buyer NIF and the supplier's email are stored encrypted (ADR 028). */
  cipher: FieldCipher;
};

const periodSchema = z.enum(INVOICE_PERIODS).default('all');

/** The list's filters; the exports (features/exports) take the same ones, without the page. */
export const listQuerySchema = z.object({
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

/**
 * The invoices the actor may see: all of the account's, or — a Utilizador without "view all"
 * (issue 18.4) — only those it created. Another profile's invoice is then answered as absent.
 */
export function createdByFilter(scope: RequestScope): { createdBy?: string } {
  return isAllowed(scope, 'invoices.viewAll') ? {} : { createdBy: scope.actorKey ?? '' };
}

/** Who wrote a change, recorded on the invoice (the sheet shows it). */
export function updatedBy(scope: RequestScope) {
  return { updatedBy: scope.actorKey, updatedByName: scope.actorName };
}

/** A malformed id cannot name an invoice: answer as for an unknown one, not with a DB error. */
function invoiceId(raw: string): string {
  const parsed = z.uuid().safeParse(raw);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

/** 403 MONTHLY_LIMIT_REACHED, pointing to the cheapest plan with more invoices, if any. */
function monthlyLimitReached(plan: PlanAccess, monthlyLimit: number): AppError {
  const upgrade = cheapestPlanWithMoreInvoices(plan);
  return new AppError(
    403,
    'MONTHLY_LIMIT_REACHED',
    monthlyLimitMessage(monthlyLimit),
    undefined,
    upgrade ? upgradeDetails(upgrade) : undefined,
  );
}

export function invoiceRoutes({ db, events, storage, mailer, cipher }: InvoiceDeps) {
  /** Tells the account's other tabs and devices (GET /api/events) that an invoice changed. */
  function announce(accountId: string, action: 'created' | 'updated' | 'deleted', id: string) {
    publishInBackground(events, accountId, { type: 'invoices.changed', action, ids: [id] });
  }

  async function loadInvoice(scope: RequestScope, rawId: string) {
    const invoice = await getInvoice(db, {
      accountId: scope.accountId,
      id: invoiceId(rawId),
      ...createdByFilter(scope),
    });
    if (!invoice) throw notFound();
    return invoice;
  }

  /** One invoice as every single-invoice answer sends it: with its supplier, as the list does. */
  async function invoiceWithSupplier(scope: RequestScope, row: InvoiceRow, today: CalendarDate) {
    const suppliersByNif = await getSuppliersByNif(db, {
      accountId: scope.accountId,
      nifs: [row.supplierNif],
      hasSpendingLimits: getPlanFeatures(scope.plan).spendingLimits,
    });
    const supplier = (row.supplierNif && suppliersByNif.get(row.supplierNif)) || null;
    return toInvoiceDto(row, today, supplier, cipher);
  }

  return (
    new Hono<ScopeEnv>()
      .get(
        '/',
        requireCapability('invoices.view'),
        validate('query', listQuerySchema),
        async (c) => {
          const query = c.req.valid('query');
          const { scope } = c.var;
          const today = todayInLisbon();
          try {
            const result = await listInvoices(db, {
              accountId: scope.accountId,
              period: query.period,
              statuses: query.status,
              search: query.search,
              supplierNif: query.supplierNif,
              isUrgent: query.urgent,
              ...createdByFilter(scope),
              cursor: query.cursor,
              limit: query.limit,
              today,
            });
            const suppliersByNif = await getSuppliersByNif(db, {
              accountId: scope.accountId,
              nifs: result.items.map((row) => row.supplierNif),
              hasSpendingLimits: getPlanFeatures(scope.plan).spendingLimits,
            });
            const supplierOf = (nif: string | null) => (nif && suppliersByNif.get(nif)) || null;
            return c.json(
              {
                items: result.items.map((row) =>
                  toInvoiceDto(row, today, supplierOf(row.supplierNif), cipher),
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
        },
      )
      .get(
        '/stats',
        requireCapability('invoices.view'),
        validate('query', z.object({ period: periodSchema })),
        async (c) => {
          const { scope } = c.var;
          const stats = await getInvoiceStats(db, {
            accountId: scope.accountId,
            period: c.req.valid('query').period,
            today: todayInLisbon(),
            ...createdByFilter(scope),
          });
          return c.json(stats, 200);
        },
      )
      .get('/counter', requireCapability('invoices.view'), async (c) => {
        const { scope } = c.var;
        const usage = await getMonthlyUsage(db, {
          accountId: scope.accountId,
          today: todayInLisbon(),
          monthlyInvoiceLimit: scope.plan.monthlyInvoiceLimit,
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
        requireCapability('invoices.view', 'invoices.create'),
        validate('json', createInvoiceSchema),
        async (c) => {
          const { scope } = c.var;
          const accountId = scope.accountId;
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
            monthlyInvoiceLimit: scope.plan.monthlyInvoiceLimit,
            imagePaths: photo ? [photo] : [],
            author: { key: scope.actorKey, name: scope.actorName },
            cipher,
          });
          if (result.kind !== 'created' && photo) {
            await deleteInvoicePhotoFiles(storage, { accountId, paths: [photo] });
          }
          switch (result.kind) {
            case 'limitReached':
              throw monthlyLimitReached(scope.plan, result.monthlyLimit);
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
              return c.json(await invoiceWithSupplier(scope, result.invoice, today), 201);
          }
        },
      )
      // The scanner's warning before saving; the create applies the same rules again.
      .get(
        '/duplicate',
        requireCapability('invoices.view'),
        validate('query', duplicateCheckSchema),
        async (c) => {
          const existingId = await findDuplicateId(db, {
            accountId: c.var.scope.accountId,
            data: c.req.valid('query'),
          });
          return c.json({ existingId }, 200);
        },
      )
      .get('/:id', requireCapability('invoices.view'), async (c) => {
        const { scope } = c.var;
        const invoice = await loadInvoice(scope, c.req.param('id'));
        return c.json(await invoiceWithSupplier(scope, invoice, todayInLisbon()), 200);
      })
      .patch(
        '/:id',
        requireCapability('invoices.view', 'invoices.edit'),
        validate('json', updateInvoiceSchema),
        async (c) => {
          const { scope } = c.var;
          const accountId = scope.accountId;
          const current = await loadInvoice(scope, c.req.param('id'));
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
              ...updatedBy(scope),
            },
          });
          if (!updated) throw notFound();
          announce(accountId, 'updated', updated.id);
          return c.json(await invoiceWithSupplier(scope, updated, today), 200);
        },
      )
      .post(
        '/:id/payment',
        requireCapability('invoices.view', 'invoices.edit'),
        validate('json', paymentChangeSchema),
        async (c) => {
          const { scope } = c.var;
          const accountId = scope.accountId;
          const current = await loadInvoice(scope, c.req.param('id'));
          const body = c.req.valid('json');
          const today = todayInLisbon();
          // Spec §4 view mode: on needs a method (the schema requires it); off recomputes the status.
          const payment =
            body.paid && body.method ? paymentOn(body.method) : paymentOff(current, today);
          const updated = await updateInvoice(db, {
            accountId,
            id: current.id,
            changes: {
              ...payment,
              paidAt: payment.isPaid ? (current.paidAt ?? today) : null,
              ...updatedBy(scope),
            },
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
                  cipher,
                })
              : null;
          const invoice = await invoiceWithSupplier(scope, updated, today);
          return c.json({ invoice, notification }, 200);
        },
      )
      .delete('/:id', requireCapability('invoices.view', 'invoices.delete'), async (c) => {
        const { scope } = c.var;
        const { accountId } = scope;
        const id = invoiceId(c.req.param('id'));
        const deleted = await deleteInvoice(db, { accountId, id, ...createdByFilter(scope) });
        if (!deleted) throw notFound();
        // Its photos and thumbnails go with it. The row is gone either way: a file left behind
        // is waste no URL can reach, not a failed delete.
        await deleteInvoicePhotoFiles(storage, { accountId, paths: deleted.imagePaths }).catch(
          () => undefined,
        );
        announce(accountId, 'deleted', id);
        return c.body(null, 204);
      })
  );
}
