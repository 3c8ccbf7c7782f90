// /api/suppliers (issue 6 contract "Suppliers API"): the /fornecedores list with invoice counts
// and spending, one supplier, a supplier and its totals by NIF, create / edit / delete, and the
// look-up by NIF that names the supplier of a scanned invoice. Session required; only the
// account's own suppliers; canAccessFornecedores to read, canCreate/Edit/DeleteFornecedores to
// change. Spending limits need a plan with spendingLimits (spec §6). Every change is heard by
// the account's other tabs (suppliers.changed).
import { Hono } from 'hono';
import { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import type { Supplier } from '#server/db/schema/index.ts';
import type { Auth } from '#server/features/auth/auth.ts';
import { requireAccount, type AccountEnv } from '#server/features/auth/require-account.ts';
import { requirePermission } from '#server/features/auth/require-permission.ts';
import { getAccountPlanFeatures } from '#server/features/plans/plan-access.queries.ts';
import { AppError } from '#server/http/errors.ts';
import { validate } from '#server/http/validate.ts';
import { publishInBackground, type EventBus } from '#server/services/events/event-bus.ts';
import { isNifFormat, normalizeNif } from '#shared/nif.ts';
import {
  setsSpendingLimit,
  supplierInputSchema,
  type SupplierData,
} from '#shared/schemas/supplier.ts';
import { toSupplierDto } from './supplier-dto.ts';
import {
  createSupplier,
  deleteSupplier,
  getSupplierRow,
  updateSupplier,
} from './supplier-write.queries.ts';
import { SUPPLIER_API_MESSAGES } from './suppliers.messages.ts';
import {
  findSupplierByNif,
  getSupplierItem,
  getSupplierTotals,
  listSuppliers,
} from './suppliers.queries.ts';

export type SupplierDeps = { db: Database; auth: Auth; events: EventBus };

const lookupQuerySchema = z.object({ nif: z.string().max(20) });
const listQuerySchema = z.object({ search: z.string().max(200).optional() });

const notFound = () => new AppError(404, 'SUPPLIER_NOT_FOUND', SUPPLIER_API_MESSAGES.notFound);
const exists = () => new AppError(409, 'SUPPLIER_EXISTS', SUPPLIER_API_MESSAGES.exists);
const planRequired = () => new AppError(403, 'PLAN_REQUIRED', SUPPLIER_API_MESSAGES.planRequired);

/** A malformed id cannot name a supplier: answered as an unknown one, not with a DB error. */
function supplierId(raw: string): string {
  const parsed = z.uuid().safeParse(raw);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

/** The stored limit, as the body writes it. */
function storedLimit(row: Supplier): SupplierData['limit'] {
  return {
    amountCents: row.spendingLimitCents,
    active: row.spendingLimitActive,
    period: row.spendingLimitPeriod,
    start: row.spendingLimitStart,
    end: row.spendingLimitEnd,
    autoRenew: row.spendingLimitAutoRenew,
    resetDay: row.spendingLimitResetDay,
    timezone: row.spendingLimitTimezone,
  };
}

function isSameLimit(a: SupplierData['limit'], b: SupplierData['limit']): boolean {
  return (Object.keys(a) as Array<keyof SupplierData['limit']>).every((key) => a[key] === b[key]);
}

/** Every route, behind a middleware that set the account and the actor (requireAccount). */
export function supplierHandlers({ db, events }: Omit<SupplierDeps, 'auth'>) {
  function announce(accountId: string, id: string) {
    publishInBackground(events, accountId, { type: 'suppliers.changed', ids: [id] });
  }

  /**
   * A spending limit needs a paid plan. An edit that keeps the limit the supplier already has
   * (set before a downgrade) is not refused, so its other fields stay editable.
   */
  async function assertLimitAllowed(accountId: string, data: SupplierData, current?: Supplier) {
    if (!setsSpendingLimit(data.limit)) return;
    if (current && isSameLimit(data.limit, storedLimit(current))) return;
    if (!(await getAccountPlanFeatures(db, accountId)).spendingLimits) throw planRequired();
  }

  return (
    new Hono<AccountEnv>()
      // A look-up that finds nothing is an answer, not an error: { supplier: null }. It reads
      // a supplier like its siblings, so it needs the same permission.
      .get(
        '/lookup',
        requirePermission('canAccessFornecedores'),
        validate('query', lookupQuerySchema),
        async (c) => {
          const nif = normalizeNif(c.req.valid('query').nif);
          const supplier = isNifFormat(nif)
            ? await findSupplierByNif(db, { accountId: c.var.accountId, nif })
            : null;
          return c.json({ supplier }, 200);
        },
      )
      .get(
        '/',
        requirePermission('canAccessFornecedores'),
        validate('query', listQuerySchema),
        async (c) => {
          const items = await listSuppliers(db, {
            accountId: c.var.accountId,
            search: c.req.valid('query').search,
          });
          return c.json({ items }, 200);
        },
      )
      .get('/by-nif/:nif', requirePermission('canAccessFornecedores'), async (c) => {
        const nif = normalizeNif(c.req.param('nif'));
        if (!isNifFormat(nif)) {
          const message = SUPPLIER_API_MESSAGES.nifInvalid;
          throw new AppError(400, 'VALIDATION', message, [{ path: 'nif', message }]);
        }
        const accountId = c.var.accountId;
        const [supplier, totals] = await Promise.all([
          getSupplierItem(db, { accountId, nif }),
          getSupplierTotals(db, { accountId, nif }),
        ]);
        return c.json({ supplier, totals }, 200);
      })
      .get('/:id', requirePermission('canAccessFornecedores'), async (c) => {
        const item = await getSupplierItem(db, {
          accountId: c.var.accountId,
          id: supplierId(c.req.param('id')),
        });
        if (!item) throw notFound();
        return c.json(item, 200);
      })
      .post(
        '/',
        requirePermission('canAccessFornecedores'),
        requirePermission('canCreateFornecedores'),
        validate('json', supplierInputSchema),
        async (c) => {
          const accountId = c.var.accountId;
          const data = c.req.valid('json');
          await assertLimitAllowed(accountId, data);
          const supplier = await createSupplier(db, { accountId, data });
          if (supplier === 'exists') throw exists();
          announce(accountId, supplier.id);
          return c.json(toSupplierDto(supplier), 201);
        },
      )
      .patch(
        '/:id',
        requirePermission('canAccessFornecedores'),
        requirePermission('canEditFornecedores'),
        validate('json', supplierInputSchema),
        async (c) => {
          const accountId = c.var.accountId;
          const id = supplierId(c.req.param('id'));
          const data = c.req.valid('json');
          const current = await getSupplierRow(db, { accountId, id });
          if (!current) throw notFound();
          await assertLimitAllowed(accountId, data, current);
          const supplier = await updateSupplier(db, { accountId, id, data });
          if (supplier === 'exists') throw exists();
          if (!supplier) throw notFound();
          announce(accountId, supplier.id);
          return c.json(toSupplierDto(supplier), 200);
        },
      )
      .delete(
        '/:id',
        requirePermission('canAccessFornecedores'),
        requirePermission('canDeleteFornecedores'),
        async (c) => {
          const accountId = c.var.accountId;
          const id = supplierId(c.req.param('id'));
          if (!(await deleteSupplier(db, { accountId, id }))) throw notFound();
          announce(accountId, id);
          return c.body(null, 204);
        },
      )
  );
}

export function supplierRoutes({ db, auth, events }: SupplierDeps) {
  return new Hono<AccountEnv>()
    .use(requireAccount(auth))
    .route('/', supplierHandlers({ db, events }));
}
